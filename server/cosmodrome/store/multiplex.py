"""One Redis connection shared by every request on the hot path, pipelined automatically.

A move costs one or two short Redis commands. Through a connection pool each command takes a
connection, writes, waits and gives it back, and most of the server's time per move went to
that bookkeeping. Here concurrent requests share one connection: the commands issued during
one turn of the event loop go out in one write, and replies come back in order (Redis answers
a connection's commands first in, first out), each to the future that asked for it.

Only for commands that answer at once: a blocking one (XREAD BLOCK) would hold up every
command behind it, so those stay on the pool. No command is retried here: a move whose
connection broke may or may not have been written, and the caller (with its idempotency key)
is the one who can safely retry it.
"""

from __future__ import annotations

import asyncio
import hashlib
import ssl
from collections import deque

import hiredis
from redis.exceptions import (
    AuthenticationError,
    ConnectionError,
    NoScriptError,
    ResponseError,
)

CONNECT_TIMEOUT_S = 5.0


class _Connection(asyncio.Protocol):
    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.reader = hiredis.Reader()
        self.waiting: deque[asyncio.Future] = deque()
        self.outgoing: list[bytes] = []
        self.lost: str | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def send(self, command: bytes) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        if self.lost:
            future.set_exception(ConnectionError(self.lost))
            return future
        if not self.outgoing:
            asyncio.get_running_loop().call_soon(self._flush)
        self.outgoing.append(command)
        self.waiting.append(future)
        return future

    def _flush(self) -> None:
        if self.transport is not None and not self.lost:
            self.transport.write(b"".join(self.outgoing))
        self.outgoing.clear()

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
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


def _error(message: str) -> ResponseError:
    return NoScriptError(message) if message.startswith("NOSCRIPT") else ResponseError(message)


class Multiplexer:
    """Commands to Redis over one shared connection, opened on first use and after a loss.

    `connection_kwargs` are redis-py's, as parsed from the store's URL (host, port or path,
    username, password, db, TLS), so both clients reach the same server the same way.
    """

    def __init__(self, connection_kwargs: dict, tls: bool = False) -> None:
        self.kwargs = connection_kwargs
        self.tls = tls
        self._connection: _Connection | None = None
        self._opening: asyncio.Task | None = None

    async def execute(self, *args) -> object:
        return (await self.execute_many(args))[0]

    async def execute_many(self, *commands: tuple) -> list:
        """Several commands in one write; their replies in order (not a transaction)."""
        connection = self._connection
        if connection is None or connection.lost:
            connection = await self._connect()
        futures = [connection.send(hiredis.pack_command(args)) for args in commands]
        return await asyncio.gather(*futures)

    async def evalsha(self, script: Script, keys: list, args: list) -> object:
        try:
            return await self.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        except NoScriptError:  # Redis restarted or flushed its scripts: send the source
            return await self.execute("EVAL", script.source, len(keys), *keys, *args)

    async def close(self) -> None:
        if self._connection is not None and self._connection.transport is not None:
            self._connection.transport.close()
        self._connection = None

    async def _connect(self) -> _Connection:
        # Concurrent callers share one attempt instead of each opening a connection.
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._open())
        try:
            return await asyncio.shield(self._opening)
        finally:
            if self._opening is not None and self._opening.done():
                self._opening = None

    async def _open(self) -> _Connection:
        loop = asyncio.get_running_loop()
        kw = self.kwargs
        try:
            if kw.get("path"):
                _, connection = await asyncio.wait_for(loop.create_unix_connection(
                    _Connection, kw["path"]), CONNECT_TIMEOUT_S)
            else:
                _, connection = await asyncio.wait_for(loop.create_connection(
                    _Connection, kw.get("host", "localhost"), kw.get("port", 6379),
                    ssl=ssl.create_default_context() if self.tls else None),
                    CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach Redis: {exc}") from exc
        try:
            if kw.get("password"):
                auth = [kw["password"]]
                if kw.get("username"):
                    auth.insert(0, kw["username"])
                await connection.send(hiredis.pack_command(("AUTH", *auth)))
            if kw.get("db"):
                await connection.send(hiredis.pack_command(("SELECT", kw["db"])))
        except ResponseError as exc:
            connection.transport.close()
            raise AuthenticationError(f"Redis refused the connection: {exc}") from exc
        self._connection = connection
        return connection


class Script:
    """A Lua script known by its SHA1, as EVALSHA wants it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()
