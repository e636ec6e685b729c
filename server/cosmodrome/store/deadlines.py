"""Fires due deadlines. Every replica runs one loop; the runner's compare-and-set makes
each deadline fire exactly once whichever replica gets there first.

A move writes its match's deadline atomically, in its slot's deadlines set, then hints the
slot as due (store/redis_store.py). Each tick fires the due slots' due matches, and sweeps
a few slots to restore hints lost with a replica killed between a move and its hint: every
slot is swept once per SWEEP_S."""

from __future__ import annotations

import structlog

from cosmodrome.core.periodic import Periodic
from cosmodrome.core.runner import OtherRules, Runner
from cosmodrome.store.redis_store import SLOTS

log = structlog.get_logger("cosmodrome.deadlines")


class DeadlineLoop:
    SWEEP_S = 60.0

    def __init__(self, runner: Runner, interval_s: float = 0.1,
                 sweep_slots: int | None = None) -> None:
        self.runner = runner
        self.sweep_slots = sweep_slots or max(1, int(SLOTS * interval_s / self.SWEEP_S))
        self._next_slot = 0
        self._rounds = Periodic(self.tick, interval_s, log, "deadline tick failed",
                                wait_first=False)

    def start(self) -> None:
        self._rounds.start(before=self._migrate)

    async def stop(self) -> None:
        await self._rounds.stop()

    async def tick(self) -> int:
        """Fire what is due now; returns how many deadlines this replica fired."""
        store = self.runner.store
        await self.sweep()
        fired = 0
        for slot, hinted in await store.due_slots(self.runner.clock()):
            for match_id, due in await store.due_deadlines(slot, self.runner.clock()):
                try:
                    applied = await self.runner.fire_deadline(match_id)
                except OtherRules:
                    continue  # a replica of the match's release fires it
                if applied:
                    fired += 1
                else:
                    await store.release_deadline(match_id, due)
            await store.rehint(slot, hinted)
        return fired

    async def sweep(self) -> None:
        """Restore the hints of the next `sweep_slots` slots."""
        first = self._next_slot
        self._next_slot = (first + self.sweep_slots) % SLOTS
        await self.runner.store.repair_hints(
            (first + n) % SLOTS for n in range(min(self.sweep_slots, SLOTS)))

    async def _migrate(self) -> None:
        try:
            if moved := await self.runner.store.migrate_legacy_deadlines():
                log.info("deadlines moved to per-slot sets", matches=moved)
        except Exception:
            log.exception("moving the legacy deadlines failed")
