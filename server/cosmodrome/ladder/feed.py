"""What feeds the ratings: the runner's commits that finish a match (on the replica that
committed them), and a sweep for the finishes no replica rated (it was killed between its
commit and the rating).

The sweep reads `ladder:unrated`, where every rated match is put when it is made (score:
when to look at it next). A match still there when its time comes is loaded: finished, it
is rated (the rate script's marker makes a second rating a no-op); still playing, it is
looked at again later; gone (deleted, expired), or still waiting for its players long after
it was made (its maker died before seating anyone), it is forgotten.
"""

from __future__ import annotations

import asyncio
import time

import structlog

from cosmodrome.core import redact
from cosmodrome.core.errors import NotFound
from cosmodrome.core.periodic import Periodic
from cosmodrome.core.runner import FINISHED, WAITING, Runner
from cosmodrome.ladder.ratings import UNRATED, Ratings
from cosmodrome.v1 import match_pb2, records_pb2

log = structlog.get_logger("cosmodrome.ladder")
SWEEP_BATCH = 64
# A rated match still waiting for its players this long was made by a replica killed
# before it bound the match to its group (the group's next seat made another): forgotten.
ABANDONED_MS = 600_000


class RatingFeed:
    def __init__(self, runner: Runner, ratings: Ratings, sweep_s: float = 5.0,
                 recheck_s: float = 30.0) -> None:
        self.runner = runner
        self.ratings = ratings
        self.recheck_ms = int(recheck_s * 1000)
        self._tasks: set[asyncio.Task] = set()
        self._sweeps = Periodic(self.sweep, sweep_s, log, "rating sweep failed")

    def listen(self) -> None:
        """Hear the runner's commits after whoever hears them already."""
        before = self.runner.on_commit

        def committed(entry: records_pb2.StoredEntry, snapshot: redact.Snapshot) -> None:
            before(entry, snapshot)
            self.committed(entry, snapshot)
        self.runner.on_commit = committed

    def committed(self, entry: records_pb2.StoredEntry, snapshot: redact.Snapshot) -> None:
        match = snapshot.record.match
        if match.status != FINISHED or not any(p.subject for p in snapshot.record.seat_players):
            return  # only the matchmaker's matches are rated, and their seats are players'
        result = match_pb2.Result()
        result.CopyFrom(match.result)
        task = asyncio.get_running_loop().create_task(self._rate(match.match_id, result))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate(self, match_id: str, result: match_pb2.Result) -> None:
        try:
            await self.ratings.rate(match_id, result)
        except Exception:  # the sweep rates it later
            log.exception("rating failed", match=match_id)

    def start(self) -> None:
        self._sweeps.start()

    async def stop(self) -> None:
        await self._sweeps.stop()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def sweep(self, now_ms: int | None = None) -> int:
        """Rate the due matches that finished unrated; the number rated."""
        now_ms = now_ms if now_ms is not None else time.time_ns() // 1_000_000
        due = await self.ratings.redis.zrangebyscore(UNRATED, "-inf", now_ms, 0, SWEEP_BATCH)
        rated = 0
        for raw in due:
            match_id = raw.decode()
            try:
                record, _ = await self.runner.store.load(match_id)
            except NotFound:
                await self.ratings.redis.zrem(UNRATED, match_id)
                continue
            match = record.match
            if match.status == FINISHED:
                rated += await self.ratings.rate(match_id, match.result, by="sweep")
            elif match.status == WAITING and \
                    now_ms - match.create_time.ToMilliseconds() > ABANDONED_MS:
                await self.ratings.redis.zrem(UNRATED, match_id)
            else:
                await self.ratings.redis.zadd(UNRATED, {match_id: now_ms + self.recheck_ms},
                                              xx=True)
        return rated
