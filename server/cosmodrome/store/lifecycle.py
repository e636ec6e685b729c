"""The store's housekeeping loop: indexes of old moved once, then due matches swept.

Each replica runs one; the sweep claims what it takes (lua/claim.lua), so replicas share the
work without doing it twice.
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from cosmodrome.store.redis_store import RedisStore

log = structlog.get_logger("cosmodrome.lifecycle")


class LifecycleLoop:
    def __init__(self, store: RedisStore, interval_s: float = 1.0) -> None:
        self.store = store
        self.interval_s = interval_s
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        try:
            moved = await self.store.backfill()
            if moved:
                log.info("indexes of old moved to the listing indexes", matches=moved)
        except Exception:  # the store may be down: the next start tries again
            log.exception("backfill of the listing indexes failed")
        while True:
            try:
                while await self.store.sweep() and self._task is not None:
                    pass  # a full batch: more may be due
            except Exception:  # the loop must outlive anything a sweep meets
                log.exception("lifecycle sweep failed")
            await asyncio.sleep(self.interval_s)
