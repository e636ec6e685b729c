"""Two lean Redis connections per replica: one shared by every request, one for live updates.

A move costs one or two short Redis commands. Through redis-py's pool each command also
takes a connection, goes through retry, timeout and metrics wrappers and gives it back:
about 90 microseconds of CPU, more than the rules of a tic-tac-toe move. Here concurrent
requests share one connection (`Multiplexer`): each writes its commands at once, and
replies come back in order (Redis answers a connection's commands first in, first out),
each to the future that asked for it.

Only commands that answer at once go there: a blocking one would hold up every command
behind it. Live updates come through a `Subscriber` instead: a connection subscribed to
the channels of the matches this replica's watchers follow. No command is retried here: a
move whose connection broke may or may not have been written, and the caller, with its
idempotency key, is the one who can safely resend it."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ssl
from collections import deque
from collections.abc import Callable

import hiredis
import structlog
from redis.exceptions import (
    AuthenticationError,
    ConnectionError,
    NoScriptError,
    ResponseError,
)

log = structlog.get_logger("cosmodrome.store")

CONNECT_TIMEOUT_S = 5.0
STALL_S = 10.0  # replies owed and none came for this long: the connection is dropped


class _Connection(asyncio.Protocol):
    """Replies go to the futures of the commands that asked, in order; a reply nobody waits
    for (a subscribed connection's publications) goes to `on_push`."""

    def __init__(self, on_push: Callable[[list], None] | None = None,
                 stall_s: float = STALL_S) -> None:
        self.transport: asyncio.Transport | None = None
        self.reader = hiredis.Reader()
        self.waiting: deque[asyncio.Future] = deque()
        self.lost: str | None = None
        self.closed = asyncio.get_running_loop().create_future()
        self.on_push = on_push
        self.replies = 0  # replies received so far, for the stall watchdog
        self.stall_s = stall_s
        self.watching = False
        self.sent = 0  # commands written so far
        self.replicated = 0  # of those, how many a replica is known to hold (WAIT)
        self.waiting_replicas: asyncio.Task | None = None
        self.outbox: list[bytes] = []  # commands written in this turn of the loop

    def connection_made(self, transport) -> None:
        self.transport = transport

    def send(self, *commands: bytes) -> list[asyncio.Future]:
        """Write `commands` at once; a future per reply, in order."""
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in commands]
        if self.lost:
            for future in futures:
                future.set_exception(ConnectionError(self.lost))
            return futures
        if not self.watching:
            self.watching = True
            loop.call_later(self.stall_s, self._watch, self.replies)
        self.push(b"".join(commands))
        self.sent += len(commands)
        self.waiting.extend(futures)
        return futures

    def _watch(self, replies_then: int) -> None:
        """A Redis that stops answering (but keeps the socket open) would hold its callers
        forever: once replies are owed and none came for `stall_s`, drop the connection, so
        they fail (UNAVAILABLE) and the next command reconnects."""
        if self.lost:
            return
        if self.waiting and self.replies == replies_then:
            log.warning("Redis stopped answering: connection dropped", owed=len(self.waiting))
            self.transport.abort()
        elif self.waiting or self.replies != replies_then:  # busy lately: keep watching
            asyncio.get_running_loop().call_later(self.stall_s, self._watch, self.replies)
        else:
            self.watching = False

    def push(self, command: bytes) -> None:
        """Send without waiting for a reply (SUBSCRIBE: its answers come as pushes).

        Commands sent in one turn of the event loop go out in one write at its end: with
        moves of several matches under way, one system call carries all their commands."""
        if self.lost:
            return
        if not self.outbox:
            asyncio.get_running_loop().call_soon(self._flush)
        self.outbox.append(command)

    def _flush(self) -> None:
        commands, self.outbox = self.outbox, []
        if not self.lost:
            self.transport.write(commands[0] if len(commands) == 1 else b"".join(commands))

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            self.replies += 1
            if not self.waiting:
                if self.on_push is not None:
                    self.on_push(reply)
                continue
            future = self.waiting.popleft()
            if future.done():  # its caller gave up (cancelled): the reply is dropped
                continue
            if isinstance(reply, hiredis.ReplyError):
                future.set_exception(_error(str(reply)))
            else:
                future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = f"connection to Redis lost: {exc or 'closed by the server'}"
        for future in self.waiting:
            if not future.done():
                future.set_exception(ConnectionError(self.lost))
        self.waiting.clear()
        if not self.closed.done():
            self.closed.set_result(None)


def _error(message: str) -> ResponseError:
    return NoScriptError(message) if message.startswith("NOSCRIPT") else ResponseError(message)


class Multiplexer:
    """Commands to Redis over one shared connection, opened on first use and after a loss.

    `connection_kwargs` are redis-py's, as parsed from the store's URL (host, port or path,
    username, password, db), and `tls` the SSL context redis-py builds from it (rediss://),
    so both clients reach the same server the same way.
    """

    def __init__(self, connection_kwargs: dict, tls: ssl.SSLContext | None = None,
                 stall_s: float = STALL_S) -> None:
        self.kwargs = connection_kwargs
        self.tls = tls
        self.stall_s = stall_s
        self._connection: _Connection | None = None
        self._opening: asyncio.Task | None = None

    async def execute(self, *args) -> object:
        connection = await self._connected()
        (reply,) = connection.send(hiredis.pack_command(args))
        return await reply

    async def execute_many(self, *commands: tuple) -> list:
        """Several commands in one write; their replies in order (not a transaction)."""
        connection = await self._connected()
        futures = connection.send(*(hiredis.pack_command(args) for args in commands))
        return await asyncio.gather(*futures)

    async def evalsha(self, script: Script, keys: list, args: list) -> object:
        try:
            return await self.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        except NoScriptError:  # Redis restarted or flushed its scripts: send the source
            return await self.execute("EVAL", script.source, len(keys), *keys, *args)

    async def replicated(self, key: str, replicas: int, timeout_ms: int) -> None:
        """Returns once `replicas` replicas hold every write sent so far on the connection
        (WAIT); raises ConnectionError if they do not within `timeout_ms`. Concurrent
        callers share WAITs (group commit): one in flight, the next covers those it missed.
        A WAIT holds up the connection's later commands until it returns."""
        # The caller resumes right after its write's reply: the connection is the one that
        # carried it, as a replacement could not have been opened in between.
        connection = self._connection
        if connection is None or connection.lost:
            raise ConnectionError("the connection that wrote is lost: not known replicated")
        mark = connection.sent
        while connection.replicated < mark:
            if connection.waiting_replicas is None:
                connection.waiting_replicas = asyncio.ensure_future(
                    _wait(connection, replicas, timeout_ms))
            await asyncio.shield(connection.waiting_replicas)

    async def close(self) -> None:
        if self._connection is not None and self._connection.transport is not None:
            self._connection.transport.close()
        self._connection = None

    async def _connected(self) -> _Connection:
        connection = self._connection
        if connection is not None and not connection.lost:
            return connection
        # Concurrent callers share one attempt instead of each opening a connection.
        if self._opening is None:
            self._opening = asyncio.ensure_future(open_connection(self.kwargs, self.tls,
                                                                  stall_s=self.stall_s))
        try:
            self._connection = await asyncio.shield(self._opening)
            return self._connection
        finally:
            if self._opening is not None and self._opening.done():
                self._opening = None


async def _wait(connection: _Connection, replicas: int, timeout_ms: int) -> None:
    mark = connection.sent
    try:
        (reply,) = connection.send(hiredis.pack_command(("WAIT", replicas, timeout_ms)))
        acknowledged = await reply
        if acknowledged < replicas:
            raise ConnectionError(f"written, but {acknowledged} of {replicas} replicas hold "
                                  f"it after {timeout_ms} ms: not acknowledged")
        connection.replicated = mark
    finally:
        connection.waiting_replicas = None


async def open_connection(kwargs: dict, tls: ssl.SSLContext | None = None,
                          on_push: Callable[[list], None] | None = None,
                          stall_s: float = STALL_S) -> _Connection:
    """A connection to the server redis-py's `kwargs` describe, authenticated, on its db."""
    loop = asyncio.get_running_loop()
    try:
        if kwargs.get("path"):
            _, connection = await asyncio.wait_for(loop.create_unix_connection(
                lambda: _Connection(on_push, stall_s), kwargs["path"]), CONNECT_TIMEOUT_S)
        else:
            _, connection = await asyncio.wait_for(loop.create_connection(
                lambda: _Connection(on_push, stall_s), kwargs.get("host", "localhost"),
                kwargs.get("port", 6379), ssl=tls),
                CONNECT_TIMEOUT_S)
    except (OSError, TimeoutError) as exc:
        raise ConnectionError(f"cannot reach Redis: {exc}") from exc
    try:
        if kwargs.get("password"):
            auth = [kwargs["password"]]
            if kwargs.get("username"):
                auth.insert(0, kwargs["username"])
            await connection.send(hiredis.pack_command(("AUTH", *auth)))[0]
        if kwargs.get("db"):
            await connection.send(hiredis.pack_command(("SELECT", kwargs["db"])))[0]
    except ResponseError as exc:
        connection.transport.close()
        raise AuthenticationError(f"Redis refused the connection: {exc}") from exc
    return connection


class Script:
    """A Lua script known by its SHA1, as EVALSHA wants it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()


class Subscriber:
    """Publications on a set of channels, over one connection of their own.

    `on_message(channel, payload)` runs for each publication. What is published while the connection
    is down is lost: once it is back and every channel subscribed again, `on_resume()` runs
    so the caller can catch up from its own positions. `sharded`: by SSUBSCRIBE (the
    channels of one Cluster node's slots); `on_lost()` runs when the connection drops, which
    it also does when the node gives a wanted channel up or refuses one (its slot moved).
    """

    RETRY_S = 0.5

    def __init__(self, connection_kwargs: dict, tls: ssl.SSLContext | None,
                 on_message: Callable[[str, bytes], None], on_resume: Callable[[], None],
                 sharded: bool = False, on_lost: Callable[[], None] | None = None) -> None:
        self.kwargs = connection_kwargs
        self.tls = tls
        self.on_message = on_message
        self.on_resume = on_resume
        self.on_lost = on_lost or (lambda: None)
        self.sharded = sharded
        self.verbs = (b"SSUBSCRIBE", b"SUNSUBSCRIBE") if sharded else (b"SUBSCRIBE",
                                                                      b"UNSUBSCRIBE")
        self.kinds = (b"smessage", b"ssubscribe", b"sunsubscribe") if sharded else (
            b"message", b"subscribe", b"unsubscribe")
        self.channels: set[bytes] = set()
        self._confirmations: dict[bytes, list[asyncio.Future]] = {}
        self._connection: _Connection | None = None
        self._ready = self._was_ready = False  # subscribed (on this connection, ever)
        self._task: asyncio.Task | None = None

    @property
    def connected(self) -> bool:
        return self._connection is not None and not self._connection.lost

    async def subscribe(self, channel: str) -> None:
        """Returns once Redis delivers `channel`'s publications to this subscriber."""
        name = channel.encode()
        self.channels.add(name)
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmations.setdefault(name, []).append(confirmed)
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())
        elif self.connected:
            self._connection.push(hiredis.pack_command((self.verbs[0], name)))
        await confirmed  # else at the next (re)connection, which subscribes every channel

    def unsubscribe(self, channel: str) -> None:
        name = channel.encode()
        self.channels.discard(name)
        for waiting in self._confirmations.pop(name, ()):  # moved elsewhere: stop waiting
            if not waiting.done():
                waiting.set_result(None)
        if self.connected:
            self._connection.push(hiredis.pack_command((self.verbs[1], name)))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._connection is not None and self._connection.transport is not None:
            self._connection.transport.close()

    async def _run(self) -> None:
        while True:
            try:
                connection = await open_connection(self.kwargs, self.tls, self._pushed)
            except ConnectionError as exc:
                log.warning("subscriber cannot reach Redis", error=str(exc))
                self.on_lost()
                await asyncio.sleep(self.RETRY_S)
                continue
            self._connection, self._ready = connection, False
            if self.channels and self.sharded:  # SSUBSCRIBE takes channels of one slot only
                connection.push(b"".join(hiredis.pack_command((self.verbs[0], name))
                                         for name in self.channels))
            elif self.channels:
                connection.push(hiredis.pack_command((self.verbs[0], *self.channels)))
            # The PING's answer comes after every SUBSCRIBE's: from then on nothing is missed.
            connection.push(hiredis.pack_command(("PING",)))
            await connection.closed
            log.warning("subscriber lost its Redis connection", error=connection.lost)
            self.on_lost()
            if not self._ready:  # refused at once (e.g. too many clients): do not spin
                await asyncio.sleep(self.RETRY_S)

    def _pushed(self, reply) -> None:
        kind = reply[0] if isinstance(reply, list) else reply
        message, subscribed, unsubscribed = self.kinds
        if kind == message:
            self.on_message(reply[1].decode(), reply[2])
        elif kind == subscribed:
            for confirmed in self._confirmations.pop(reply[1], ()):
                if not confirmed.done():
                    confirmed.set_result(None)
        elif kind == unsubscribed:
            if reply[1] in self.channels:  # not asked for: the node gave the slot up
                self._start_over("the node gave up a channel's slot")
        elif kind in (b"pong", b"PONG"):
            self._ready = True
            if self._was_ready:  # a reconnection: publications may have been missed
                self.on_resume()
            self._was_ready = True
        elif isinstance(reply, hiredis.ReplyError):  # e.g. MOVED: not this node's slot now
            self._start_over(f"subscriber refused by Redis: {reply}")

    def _start_over(self, why: str) -> None:
        """A channel is not subscribed although wanted: drop the connection, so every
        channel is subscribed again (after `on_lost`, which may move it to another node)."""
        log.warning("subscriber starts over", reason=why)
        if self._connection is not None and self._connection.transport is not None:
            self._connection.transport.abort()
