"""The replica's side of the notices: queue what its commits owe, drain every outbox.

`committed` (the runner's `on_commit`, beside the watch hub) only hands the version to a
background task, which builds its notices and queues them: a move never waits for them,
for the store's enqueue, still less for a webhook. The commit itself marked, atomically,
that the version may owe notices (outbox.py): the enqueue takes the marker out. A replica
killed in between leaves the marker; once its lease runs out, a drainer claims it and
builds the version's notices from the store (`_rebuild`), so none is lost.

Every replica drains: each tick (or at once after its own enqueue) it reads the slots
hinted due, leases what is due there, at most `concurrency` notices in flight, and POSTs
each. A failed attempt is retried after an exponential backoff with jitter, up to
`attempts` attempts (then dropped, counted); a replica killed mid-delivery leaves its
leased notices to whichever replica finds their lease run out.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import deque
from dataclasses import dataclass

import structlog

from cosmodrome import metrics
from cosmodrome.core import redact
from cosmodrome.core.errors import NotFound
from cosmodrome.core.runner import Runner
from cosmodrome.notices.delivery import DeliveryError, Webhook
from cosmodrome.notices.due import commit_notices, players
from cosmodrome.notices.outbox import Claimed, Commit, Outbox, marked_version, outbox_key
from cosmodrome.store.redis_store import NO_MARKER, SLOTS, match_slot
from cosmodrome.v1 import match_pb2, records_pb2

log = structlog.get_logger("cosmodrome.notices")

BATCH = 256  # commits queued in one round trip


@dataclass(frozen=True)
class Policy:
    concurrency: int = 16        # POSTs in flight at once on this replica
    attempts: int = 15           # then dropped: 1+2+...+256+5*300 s, ~35 min
    backoff_s: float = 1.0       # the wait after a first failure, doubled after each
    backoff_max_s: float = 300.0
    tick_s: float = 0.2          # how often the outboxes are looked at (and at each enqueue)
    lease_margin_s: float = 5.0  # a lease is the POST's timeout and this
    backlog: int = 10_000        # commits waiting for their enqueue (the store down)
    sweep_s: float = 60.0        # every slot's hint is repaired once in this time
    wait_s: float = 0.0          # a "your turn" is due this long after it began, if still owed

    def backoff_ms(self, attempt: int) -> int:
        """The wait after failed attempt `attempt` (1, 2, ...): exponential, capped, with
        jitter (half of it random) so the retries of a burst of failures spread out."""
        ceiling = min(self.backoff_max_s, self.backoff_s * 2 ** (attempt - 1))
        return int(ceiling * random.uniform(0.5, 1.0) * 1000)


class Notices:
    def __init__(self, runner: Runner, webhook: Webhook, policy: Policy = Policy()) -> None:
        self.runner = runner
        self.webhook = webhook
        self.policy = policy
        self.outbox = Outbox(runner.store, int(policy.wait_s * 1000))
        self.lease_ms = int((webhook.timeout_s + policy.lease_margin_s) * 1000)
        self._backlog: deque[tuple[records_pb2.StoredEntry, redact.Snapshot]] = deque()
        self._queued = asyncio.Event()   # the backlog has commits
        self._wake = asyncio.Event()     # something may be due: drain now
        self._in_flight: set[asyncio.Task] = set()
        self._tasks: list[asyncio.Task] = []
        self._enqueuing = 0  # commits taken from the backlog, their enqueue not answered yet
        self._next_slot = 0
        self._swept_at = 0.0
        self._sweep_slots = max(1, int(SLOTS * policy.tick_s / policy.sweep_s))

    # -- from the runner: never blocks, never raises -----------------------------------

    def committed(self, entry: records_pb2.StoredEntry, snapshot: redact.Snapshot) -> None:
        """Keep the version for the enqueue task, which builds its notices: a committed
        record is never changed again (the watch hub renders its snapshots later too)."""
        if len(self._backlog) >= self.policy.backlog:
            metrics.notices_dropped.labels("backlog").inc()
            return
        self._backlog.append((entry, snapshot))
        self._queued.set()

    def _notices(self, entry: records_pb2.StoredEntry, snapshot: redact.Snapshot
                 ) -> Commit | None:
        try:
            return commit_notices(self.runner.game(snapshot.record.match.game), entry,
                                  snapshot)
        except Exception:
            log.exception("notices of a commit could not be built")
            return None

    # -- lifecycle -----------------------------------------------------------------------

    def start(self) -> None:
        self.runner.store.notice_marker = self.marker
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._enqueue_loop()), loop.create_task(self._drain())]

    def marker(self, match: match_pb2.Match) -> tuple[tuple, tuple]:
        """What a commit of `match` adds to mark its version (store/lua/commit.lua): the
        outbox of its slot and this replica's lease; nothing if no person plays it."""
        if not players(match):
            return NO_MARKER
        return (outbox_key(match_slot(match.match_id)),), (self.lease_ms,)

    async def stop(self, grace_s: float = 2.0) -> None:
        """Queue what is in the backlog and let deliveries end (for at most `grace_s`),
        then stop; a delivery cut short stays leased in the store, for another replica
        once the lease runs out."""
        self._tasks[1].cancel()  # the drainer starts nothing more
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(grace_s):
                while self._backlog or self._enqueuing or self._in_flight:
                    await asyncio.sleep(0.01)
        for task in [*self._tasks, *self._in_flight]:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._in_flight, return_exceptions=True)

    # -- enqueue: commits to the store ---------------------------------------------------

    async def _enqueue_loop(self) -> None:
        unqueued: list[Commit] = []  # built, refused by a store that was away: again
        while True:
            if not unqueued:
                await self._queued.wait()
            self._queued.clear()
            taken = [self._backlog.popleft()
                     for _ in range(min(len(self._backlog), BATCH - len(unqueued)))]
            batch = unqueued + [c for c in (self._notices(*t) for t in taken) if c]
            self._enqueuing = len(batch)
            unqueued = await self._enqueue(batch)
            self._enqueuing = len(unqueued)
            if unqueued:
                await asyncio.sleep(0.5)
            if self._backlog:
                self._queued.set()

    async def _enqueue(self, batch: list[Commit]) -> list[Commit]:
        """Queue each commit's notices (one pipelined round trip for the batch); returns
        the commits the store did not take."""
        results = await asyncio.gather(*(self.outbox.enqueue(c) for c in batch),
                                       return_exceptions=True)
        failed = [c for c, r in zip(batch, results, strict=True) if isinstance(r, Exception)]
        done = [r for r in results if not isinstance(r, BaseException)]
        queued, withdrawn = sum(q for q, _ in done), sum(w for _, w in done)
        if queued:
            metrics.notices_queued.inc(queued)
            self._wake.set()
        if withdrawn:
            metrics.notices_withdrawn.inc(withdrawn)
        if failed:
            log.warning("notices not queued yet: the store failed", commits=len(failed),
                        error=str(next(r for r in results if isinstance(r, Exception)))[:200])
        return failed

    # -- drain: every outbox, by any replica ---------------------------------------------

    async def _drain(self) -> None:
        with contextlib.suppress(Exception):  # else the sweep comes to each slot in turn
            await self.outbox.repair_hints(range(SLOTS))  # what killed replicas left
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.policy.tick_s):
                    await self._wake.wait()
            self._wake.clear()
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notices tick failed")

    async def tick(self) -> int:
        """Lease and start delivering what is due (up to the free concurrency); returns
        how many deliveries were started."""
        await self._sweep()
        started = 0
        for slot, hinted in await self.outbox.due_slots():
            free = self.policy.concurrency - len(self._in_flight)
            if free <= 0:
                break  # the hint stays due: a delivery ending wakes the drainer
            claimed = await self.outbox.claim(slot, self.lease_ms, free)
            for notice in claimed:
                task = asyncio.get_running_loop().create_task(self._deliver(notice))
                self._in_flight.add(task)
                task.add_done_callback(self._delivered)
            started += len(claimed)
            if len(claimed) < free:  # the slot has nothing more due now
                await self.outbox.rehint(slot, hinted)
        metrics.notices_in_flight.set(len(self._in_flight))
        return started

    def _delivered(self, task: asyncio.Task) -> None:
        self._in_flight.discard(task)
        metrics.notices_in_flight.set(len(self._in_flight))
        self._wake.set()  # room for one more

    async def _deliver(self, notice: Claimed) -> None:
        try:
            await (self._rebuild(notice) if notice.marker else self._attempt(notice))
        except Exception:  # the store failed to settle it: its lease runs out, it comes back
            log.exception("a notice's delivery could not be settled", notice=notice.id)

    async def _rebuild(self, marker: Claimed) -> None:
        """A commit's marker whose lease ran out: its replica never queued the version's
        notices. Build them from the store, as it would have, and queue them (which takes
        the marker out); a version superseded or gone owes nothing more (outbox.py)."""
        try:
            commit = await self._stored_commit(*marked_version(marker.id))
        except Exception:
            log.exception("notices of a marked commit could not be built", marker=marker.id)
            await self._later(marker)
            return
        if commit is None:
            await self.outbox.settle(marker, None)
        elif await self._enqueue([commit]):
            await self._later(marker)  # the store failed: logged by _enqueue
        else:
            metrics.notices_rebuilt.inc()

    async def _stored_commit(self, match_id: str, version: int) -> Commit | None:
        """The notices `version` of the match owes, from its stored record and log entry;
        None if it is not the match's latest version (or the match is gone)."""
        store = self.runner.store
        try:
            record, _ = await store.load(match_id)
        except NotFound:
            return None
        if record.match.version != version:
            return None
        entry = await store.entries(match_id, version - 1, 1)
        return commit_notices(self.runner.game(record.match.game), entry[0],
                              redact.Snapshot(record))

    async def _attempt(self, notice: Claimed) -> None:
        kind = notice.id.rsplit(":", 1)[1]
        try:
            status = await self.webhook.post(notice.id, notice.body)
            reason = "" if 200 <= status < 300 else f"http_{status // 100}xx"
        except DeliveryError as exc:
            reason = exc.reason
        if not reason:
            metrics.notices_delivered.labels(kind).inc()
            await self.outbox.settle(notice, None)
            return
        metrics.notices_failed.labels(reason).inc()
        if await self._later(notice, reason):
            metrics.notices_retried.inc()

    async def _later(self, notice: Claimed, reason: str = "") -> bool:
        """After failed attempt `notice.attempt`: due again after its backoff (True), or
        dropped if it was the last one."""
        if notice.attempt >= self.policy.attempts:
            metrics.notices_dropped.labels("attempts").inc()
            log.warning("notice dropped after its last attempt", notice=notice.id,
                        attempts=notice.attempt, reason=reason)
            await self.outbox.settle(notice, None)
            return False
        await self.outbox.settle(notice, self.policy.backoff_ms(notice.attempt))
        return True

    async def _sweep(self) -> None:
        """Repair the hints of the next few slots, once a tick at most (the drainer also
        wakes each time a delivery ends)."""
        if time.monotonic() - self._swept_at < self.policy.tick_s:
            return
        self._swept_at = time.monotonic()
        first = self._next_slot
        self._next_slot = (first + self._sweep_slots) % SLOTS
        await self.outbox.repair_hints((first + n) % SLOTS
                                       for n in range(min(self._sweep_slots, SLOTS)))

