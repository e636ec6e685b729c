"""Closed-loop load: N workers each repeating one call, timing every call."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass
class Figures:
    calls: int
    seconds: float
    latencies: list[float] = field(repr=False, default_factory=list)  # seconds, per call

    @property
    def per_s(self) -> float:
        return self.calls / self.seconds if self.seconds else 0.0

    def percentile_ms(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def drive(call: Callable[[], Awaitable[object]], in_flight: int,
                seconds: float) -> Figures:
    """Runs `in_flight` loops of `call` for `seconds`; counts and times completed calls."""
    latencies: list[float] = []
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds

    async def worker() -> None:
        while clock() < deadline:
            t0 = clock()
            await call()
            latencies.append(clock() - t0)

    await asyncio.gather(*(worker() for _ in range(in_flight)))
    return Figures(len(latencies), clock() - start, latencies)
