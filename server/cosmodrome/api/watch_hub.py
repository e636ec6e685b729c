"""Live updates: each replica follows the matches its watchers need and fans out locally.

Every commit publishes a `records.Notice` (the new entry and the record at its version) on
its match's channel. A replica subscribes, over one connection, to the channels of the
matches its watchers follow; one `_Tail` per watched match hands each notice to every local
`Watch` of that match, the record parsed once and each viewer's view rendered once
(`redact.Snapshot`). No Redis read per notice. The replica that commits a version hands it
to its own watchers at once (`committed`), the record in hand: its notice, when it comes
back, is recognised by its entry alone and its record left unparsed.

A `Watch` waits for its tail's subscription, then catches up from the match's stream (a
chunk of `catch_up` entries at a time, each read once the previous one is written), then
takes the notices, skipping versions already sent and refilling any gap from the stream: it
never misses nor repeats a version. Its own position is its own: a watcher asking for a far
future version holds back nobody else.

When notices may have been lost (the subscription was down, or a version was skipped), the
tail reads the match's version and tells its watchers, who refill from the stream; it also
does so every `poll_s` seconds, as a last resort.

A watch that asked for the chat also gets the match's chat lines (a `records.StoredChat`
each): the lines kept after its chat position first, then the live ones, which come as
notices on the same channel. They have their own sequence and are neither missed nor
repeated in the same way (a gap is refilled from the store).

A reader too slow for its match (more than `buffer` updates waiting for it) is dropped with
RESOURCE_EXHAUSTED rather than buffered without end; the client watches again from the last
version it received.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import structlog

from cosmodrome import metrics
from cosmodrome.core.errors import NotFound, ResourceExhausted
from cosmodrome.core.redact import Snapshot
from cosmodrome.store.redis_store import RedisStore, match_channel
from cosmodrome.v1 import records_pb2

log = structlog.get_logger("cosmodrome.watch")

Entries = list[records_pb2.StoredEntry]
Batch = tuple[Entries, Snapshot | None]  # the record at the last entry's version or later
CLOSED = object()
CHAT_BEHIND = object()  # chat lines were said that this watch may not have had: refill


@dataclass(frozen=True)
class WatchLimits:
    """What one replica allows its watch streams. (Streams per client connection are
    HTTP/2's own limit: `grpc.max_concurrent_streams`, set in serve.py.)"""

    per_match: int = 10_000     # streams of one match open at once on this replica (0: any)
    catch_up: int = 100         # log entries read and sent at a time when catching up
    buffer: int = 64            # updates waiting for a slow reader before it is dropped


@dataclass(frozen=True)
class Following:
    """What a watch stream, or a Play session, follows of a match, and as whom."""

    match_id: str
    from_version: int
    with_chat: bool
    chat_from_sequence: int
    digest: str | None  # of the seat token it acts for; None: a spectator


class WatchHub:
    def __init__(self, store: RedisStore, limits: WatchLimits = WatchLimits(),
                 poll_s: float = 30.0) -> None:
        self.store = store
        self.limits = limits
        self.poll_s = poll_s
        self._tails: dict[str, _Tail] = {}
        self._closing = False
        self.notices = store.subscriber(self._noticed, self._resumed)

    def watch(self, match_id: str, after_version: int,
              known: records_pb2.StoredMatch | None = None, chat_after: int | None = None,
              before_waiting: Callable[[], Awaitable[None]] | None = None) -> Watch:
        """A new stream's place among the watchers (ResourceExhausted past the limit).
        Iterate it for the batches after `after_version`; close it when done. `known`: a
        record of the match the caller holds (spares a read if the catch-up ends there).
        `chat_after`: also the chat lines after this sequence (None: no chat).
        `before_waiting` runs once, the first time the watch has nothing to hand out and
        waits (unless cleared before: `watch.before_waiting = None`)."""
        limits = self.limits
        tail = self._tails.get(match_id)
        if tail is None:
            tail = self._tails[match_id] = _Tail(self, match_id)
        elif limits.per_match and len(tail.watches) >= limits.per_match:
            raise ResourceExhausted(f"this match already has {limits.per_match} watch "
                                    "streams on this server, the most it allows")
        return Watch(self, tail, after_version, known, chat_after, before_waiting)

    def committed(self, entry: records_pb2.StoredEntry, snapshot: Snapshot) -> None:
        """A version this replica committed (the runner's `on_commit`)."""
        tail = self._tails.get(snapshot.record.match.match_id)
        if tail is not None:
            tail.moved(entry, snapshot)

    def _noticed(self, match_id: str, payload: bytes) -> None:
        tail = self._tails.get(match_id)
        if tail is None:
            return
        version = entry_version(payload)
        if version is not None and version <= tail.position:
            return  # committed here (or heard already): nothing to parse
        head = records_pb2.NoticeHead.FromString(payload)
        if head.HasField("chat"):
            tail.chat_said(head.chat)
        elif not head.HasField("entry"):
            tail.wake.set()  # an import: look at the match
        elif head.entry.version > tail.position:  # not committed here, nor heard yet
            tail.moved(head.entry, Snapshot(records_pb2.Notice.FromString(payload).record))

    def _resumed(self) -> None:
        for tail in self._tails.values():
            tail.wake.set()

    def _forget(self, tail: _Tail) -> None:
        if self._tails.get(tail.match_id) is tail:
            del self._tails[tail.match_id]

    async def close(self) -> None:
        """End every watch stream cleanly (graceful shutdown)."""
        self._closing = True
        tails = list(self._tails.values())
        for tail in tails:
            for watch in tail.watches:
                watch.queue.put_nowait(CLOSED)
            tail.task.cancel()
        for tail in tails:
            with contextlib.suppress(asyncio.CancelledError):
                await tail.task
        await self.notices.close()


class Watch:
    """One watch stream: its position, and the batches waiting for it."""

    def __init__(self, hub: WatchHub, tail: _Tail, after_version: int,
                 known: records_pb2.StoredMatch | None, chat_after: int | None = None,
                 before_waiting: Callable[[], Awaitable[None]] | None = None) -> None:
        self.hub = hub
        self.chat_last = chat_after  # the newest chat line handed out (None: no chat)
        self.known = known
        self.before_waiting = before_waiting
        self.tail = tail
        self.last = after_version  # the newest version handed out
        self.queue: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.current_task()
        self.dropped = False
        self.closed = False
        tail.watches.add(self)

    def offer(self, batch: Batch | records_pb2.StoredChat | object) -> None:
        """From the tail: a new batch. A reader this far behind is dropped instead."""
        if self.queue.qsize() < self.hub.limits.buffer:
            self.queue.put_nowait(batch)
            return
        self.dropped = True
        metrics.watch_dropped.labels("slow").inc()
        self.close()
        self.task.cancel()  # ends its pending write; the servicer answers RESOURCE_EXHAUSTED

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.tail.leave(self)

    async def __aiter__(self) -> AsyncIterator[Batch | records_pb2.StoredChat]:
        await self.tail.ready  # subscribed: whatever follows the catch-up comes as notices
        if self.chat_last is not None:
            async for line in self._chat_catch_up():
                yield line
        async for batch in self._catch_up():
            yield batch
        while not self.hub._closing:
            if self.dropped:  # its cancel may have been swallowed by a write completing
                raise asyncio.CancelledError
            if self.before_waiting is not None and self.queue.empty():
                before_waiting, self.before_waiting = self.before_waiting, None
                await before_waiting()
            item = await self.queue.get()
            if item is CLOSED:
                return
            if isinstance(item, records_pb2.StoredChat) or item is CHAT_BEHIND:
                async for line in self._chat(item):
                    yield line
                continue
            entries, snapshot = item
            if snapshot is not None and snapshot.version <= self.last:
                continue
            entries = [e for e in entries if e.version > self.last]
            if not entries or entries[0].version != self.last + 1:  # missed some
                async for batch in self._catch_up():
                    yield batch
                continue
            self.last = entries[-1].version
            yield entries, snapshot

    async def _chat(self, line) -> AsyncIterator[records_pb2.StoredChat]:
        """A live chat line: the next one, or one after a gap (refilled from the store, as
        after CHAT_BEHIND)."""
        if line is CHAT_BEHIND:
            async for missed in self._chat_catch_up():
                yield missed
        elif line.sequence == self.chat_last + 1:
            self.chat_last = line.sequence
            yield line
        elif line.sequence > self.chat_last:
            async for missed in self._chat_catch_up():
                yield missed

    async def _chat_catch_up(self) -> AsyncIterator[records_pb2.StoredChat]:
        """The chat lines kept after `chat_last`, `catch_up` at a time."""
        count = self.hub.limits.catch_up
        while True:
            lines = await self.hub.store.chat(self.tail.match_id, self.chat_last, count)
            for line in lines:
                self.chat_last = line.sequence
                yield line
            if len(lines) < count:
                return

    async def _catch_up(self) -> AsyncIterator[Batch]:
        """The stream's entries after `last`, `catch_up` at a time (a chunk is read once the
        previous one is sent), each with the match's record read after it (at the chunk's
        last version for the last chunk)."""
        store, match_id = self.hub.store, self.tail.match_id
        while True:
            entries = await store.entries(match_id, self.last, self.hub.limits.catch_up)
            if not entries:
                return
            record, self.known = self.known, None
            if record is None or record.match.version != entries[-1].version:
                try:
                    record, _ = await store.load(match_id)
                except NotFound:  # deleted meanwhile
                    record = None
            self.last = entries[-1].version
            yield entries, Snapshot(record) if record is not None else None
            if record is not None and record.match.version == self.last:
                return


class _Tail:
    """One watched match on this replica: its subscription and its watches."""

    def __init__(self, hub: WatchHub, match_id: str) -> None:
        self.hub = hub
        self.match_id = match_id
        self.position = 0  # the newest version announced to the watches (0: none yet)
        self.watches: set[Watch] = set()
        self.ready = asyncio.get_running_loop().create_future()
        self.wake = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._run())

    def chat_said(self, line: records_pb2.StoredChat) -> None:
        """A chat line: no new version."""
        for watch in list(self.watches):
            if watch.chat_last is not None:
                watch.offer(line)

    def moved(self, entry: records_pb2.StoredEntry, snapshot: Snapshot) -> None:
        """A new version, committed here or noticed."""
        version = entry.version
        if self.position and version > self.position + 1:
            self.wake.set()  # notices were lost: look at the match
        elif version > self.position:
            self.position = version
            self._offer(([entry], snapshot))

    def leave(self, watch: Watch) -> None:
        self.watches.discard(watch)
        if not self.watches:
            self.wake.set()  # so it ends now

    def _offer(self, batch: Batch) -> None:
        for watch in list(self.watches):
            watch.offer(batch)

    async def _run(self) -> None:
        channel = match_channel(self.match_id)
        try:
            await self.hub.notices.subscribe(channel)
            self.ready.set_result(None)
            while self.watches:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), self.hub.poll_s)
                self.wake.clear()
                if self.watches:
                    await self._look()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("watch tail failed", match=self.match_id)
            for watch in self.watches:
                watch.queue.put_nowait(CLOSED)
        finally:
            if not self.ready.done():
                self.ready.set_result(None)
            # No await from the loop's end to here: a watcher arriving now finds no tail
            # and starts a new one, whose SUBSCRIBE goes out after this UNSUBSCRIBE.
            self.hub.notices.unsubscribe(channel)
            self.hub._forget(self)

    async def _look(self) -> None:
        """After lost notices: the match's version (and chat), for watches behind to refill."""
        try:
            record, _ = await self.hub.store.load(self.match_id)
            chatting = [w for w in self.watches if w.chat_last is not None]
            said = await self.hub.store.chat_said(self.match_id) if chatting else 0
        except NotFound:  # deleted
            return
        for watch in chatting:
            if watch.chat_last < said:
                watch.offer(CHAT_BEHIND)
        if record.match.version > self.position:
            self.position = record.match.version
            self._offer(([], Snapshot(record)))


def entry_version(notice: bytes) -> int | None:
    """The version of a serialized Notice's entry, read off its first bytes as commit.lua
    writes them (entry first, its version first), without parsing the record behind it;
    None for anything else (a chat line, an import)."""
    if notice[:1] != b"\x0a":  # Notice.entry
        return None
    at = 1
    while at < len(notice) and notice[at] & 0x80:  # the entry's length: skipped
        at += 1
    at += 1
    if notice[at:at + 1] != b"\x08":  # StoredEntry.version
        return None
    version, shift = 0, 0
    for byte in notice[at + 1:at + 11]:
        version |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return version
        shift += 7
    return None
