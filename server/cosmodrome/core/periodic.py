"""A round of background work run every so often, in a task of its own, until stopped.

Each replica runs several: the deadline ticks, the lifecycle sweep, the store probe, the
identity keys' refresh, the matchmaker's ticket poll and the ratings' sweep. They differ
only in what a round does and how often; this is the loop they share."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable


class Periodic:
    """`work()` every `interval_s` seconds (`wait_first`: the first one after a wait, else
    at once). A round that raises is logged with `failed` on `log` and the next one comes:
    the loop outlives anything a round meets."""

    def __init__(self, work: Callable[[], Awaitable[object]], interval_s: float,
                 log, failed: str, wait_first: bool = True) -> None:
        self.work = work
        self.interval_s = interval_s
        self.log = log
        self.failed = failed
        self.wait_first = wait_first
        self._task: asyncio.Task | None = None

    def start(self, before: Callable[[], Awaitable[object]] | None = None) -> None:
        """Start the rounds (after `before()`, once, in the same task, when given)."""
        self._task = asyncio.get_running_loop().create_task(self._run(before))

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self, before: Callable[[], Awaitable[object]] | None) -> None:
        if before is not None:
            await before()
        if self.wait_first:
            await asyncio.sleep(self.interval_s)
        while True:
            try:
                await self.work()
            except Exception:
                self.log.exception(self.failed)
            await asyncio.sleep(self.interval_s)
