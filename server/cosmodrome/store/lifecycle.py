"""The store's housekeeping loop: indexes of old moved once, then due matches swept.

Each replica runs one; the sweep claims what it takes (lua/claim.lua), so replicas share the
work without doing it twice.
"""

from __future__ import annotations

import structlog

from cosmodrome.core.periodic import Periodic
from cosmodrome.store.redis_store import RedisStore

log = structlog.get_logger("cosmodrome.lifecycle")


class LifecycleLoop:
    def __init__(self, store: RedisStore, interval_s: float = 1.0) -> None:
        self.store = store
        self._rounds = Periodic(self._sweep, interval_s, log, "lifecycle sweep failed",
                                wait_first=False)

    def start(self) -> None:
        self._rounds.start(before=self._backfill)

    async def stop(self) -> None:
        await self._rounds.stop()

    async def _backfill(self) -> None:
        try:
            moved = await self.store.backfill()
            if moved:
                log.info("indexes of old moved to the listing indexes", matches=moved)
        except Exception:  # the store may be down: the next start tries again
            log.exception("backfill of the listing indexes failed")

    async def _sweep(self) -> None:
        while await self.store.sweep():
            pass  # a full batch: more may be due
