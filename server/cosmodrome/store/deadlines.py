"""Fires due deadlines. Every replica runs one loop; the runner's compare-and-set makes
each deadline fire exactly once whichever replica gets there first."""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from cosmodrome.core.runner import OtherRules, Runner

log = structlog.get_logger("cosmodrome.deadlines")


class DeadlineLoop:
    def __init__(self, runner: Runner, interval_s: float = 0.1) -> None:
        self.runner = runner
        self.interval_s = interval_s
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def tick(self) -> int:
        """Fire what is due now; returns how many deadlines this replica fired."""
        store = self.runner.store
        fired = 0
        for match_id, due in await store.due_deadlines(self.runner.clock()):
            try:
                applied = await self.runner.fire_deadline(match_id)
            except OtherRules:
                continue  # a replica of the match's release fires it
            if applied:
                fired += 1
            else:
                await store.release_deadline(match_id, due)
        return fired

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("deadline tick failed")
            await asyncio.sleep(self.interval_s)
