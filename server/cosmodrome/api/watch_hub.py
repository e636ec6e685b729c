"""Live updates: each replica tails the match streams its watchers need and fans out locally.

Every commit publishes the new version on its match's channel. A replica subscribes, over
one connection, to the channels of the matches its watchers follow. One `_Tail` per watched
match wakes on a notice, reads the new entries from the stream and loads the record once per
batch; every local watcher of that match gets the batch through its queue. Notices lost
while the subscription was down are made up for when it is back (every tail reads again),
and each tail also reads every `poll_s` seconds, as a last resort.

A watcher registers its queue *before* catching up from the stream, then skips versions it
has already sent and refills any gap from the stream, so it never misses nor repeats one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import structlog

from cosmodrome.core.errors import NotFound
from cosmodrome.store.redis_store import RedisStore, match_channel
from cosmodrome.v1 import records_pb2

log = structlog.get_logger("cosmodrome.watch")

Entries = list[records_pb2.StoredEntry]
Batch = tuple[Entries, records_pb2.StoredMatch | None]
CLOSED = object()


class WatchHub:
    def __init__(self, store: RedisStore, poll_s: float = 30.0) -> None:
        self.store = store
        self.poll_s = poll_s
        self._tails: dict[str, _Tail] = {}
        self._closing = False
        self.notices = store.subscriber(self._moved, self._resumed)

    def _moved(self, match_id: str) -> None:
        tail = self._tails.get(match_id)
        if tail is not None:
            tail.wake.set()

    def _resumed(self) -> None:
        for tail in self._tails.values():
            tail.wake.set()

    async def batches(self, match_id: str, after_version: int) -> AsyncIterator[Batch]:
        """Every entry after `after_version`, in order, in batches, until the hub closes.

        A batch carries the match record when the record is at the batch's last version
        (so a view can be rendered at exactly that version), else None.
        """
        queue: asyncio.Queue = asyncio.Queue()
        tail = self._tails.get(match_id)
        if tail is None:
            tail = self._tails[match_id] = _Tail(self, match_id, after_version)
        tail.queues.add(queue)
        try:
            last = after_version
            entries, record = await self._read(match_id, last)
            if entries:
                yield entries, record
                last = entries[-1].version
            while not self._closing:
                item = await queue.get()
                if item is CLOSED:
                    return
                entries, record = item
                entries = [e for e in entries if e.version > last]
                if not entries:
                    continue
                if entries[0].version != last + 1:  # missed some: refill from the stream
                    entries, record = await self._read(match_id, last)
                    if not entries:
                        continue
                if record is not None and record.match.version != entries[-1].version:
                    record = None
                yield entries, record
                last = entries[-1].version
        finally:
            tail.queues.discard(queue)
            if not tail.queues:
                tail.wake.set()  # so it ends now

    async def _read(self, match_id: str, after_version: int) -> Batch:
        entries = await self.store.entries(match_id, after_version)
        if not entries:
            return [], None
        record, _ = await self.store.load(match_id)
        if record.match.version > entries[-1].version:
            entries += await self.store.entries(match_id, entries[-1].version)
        return entries, record if record.match.version == entries[-1].version else None

    def _forget(self, tail: _Tail) -> None:
        if self._tails.get(tail.match_id) is tail:
            del self._tails[tail.match_id]

    async def close(self) -> None:
        """End every watch stream cleanly (graceful shutdown)."""
        self._closing = True
        tails = list(self._tails.values())
        for tail in tails:
            for queue in tail.queues:
                queue.put_nowait(CLOSED)
            tail.task.cancel()
        for tail in tails:
            with contextlib.suppress(asyncio.CancelledError):
                await tail.task
        await self.notices.close()


class _Tail:
    def __init__(self, hub: WatchHub, match_id: str, from_version: int) -> None:
        self.hub = hub
        self.match_id = match_id
        self.position = from_version
        self.queues: set[asyncio.Queue] = set()
        self.wake = asyncio.Event()
        self.wake.set()  # the first read is at once, once subscribed
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        channel = match_channel(self.match_id)
        try:
            await self.hub.notices.subscribe(channel)
            while self.queues:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), self.hub.poll_s)
                self.wake.clear()
                if self.queues:
                    await self._read()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("watch tail failed", match=self.match_id)
            for queue in self.queues:
                queue.put_nowait(CLOSED)
        finally:
            # No await from the loop's end to here: a watcher arriving now finds no tail
            # and starts a new one, whose SUBSCRIBE goes out after this UNSUBSCRIBE.
            self.hub.notices.unsubscribe(channel)
            self.hub._forget(self)

    async def _read(self) -> None:
        entries = await self.hub.store.entries(self.match_id, self.position)
        if not entries:
            return
        self.position = entries[-1].version
        try:
            record, _ = await self.hub.store.load(self.match_id)
        except NotFound:  # deleted
            record = None
        for queue in self.queues:
            queue.put_nowait((entries, record))
