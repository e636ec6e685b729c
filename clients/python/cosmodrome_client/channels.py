"""Connections for many streams, and how long to wait before a reconnect.

A server accepts so many streams on one HTTP/2 connection (cosmodrome-server: 1000 by
default, `--max-streams-per-connection`); past that, a new stream waits for one to end. And
grpc shares one connection among every channel of a process that has the same target and
options. `ChannelPool` therefore opens a channel of its own connection
(`grpc.use_local_subchannel_pool`) each time the open ones carry `streams_per_channel`
streams, and hands a new stream the least loaded.

`backoff` is the wait before the n-th reconnect in a row: exponential, capped, and drawn at
random below that ("full jitter"), so the clients a restarted replica dropped all at once do
not all come back at once. `Reconnects` is the policy every reopened stream follows (a watch,
a Play session, a ticket's watch): that wait, the bound on reconnects in a row, and what its
`on_connection` callback is told (`ConnectionStatus`).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import grpc

from cosmodrome_client.errors import CosmodromeError

STREAMS_PER_CHANNEL = 500  # half the server's default limit: room for unary calls beside


def backoff(failures: int, base_s: float = 0.05, cap_s: float = 2.0) -> float:
    """Seconds to wait before reconnect number `failures` (1, 2, ...) in a row."""
    return random.uniform(0, min(cap_s, base_s * 2 ** min(failures, 16)))


@dataclass(frozen=True)
class ConnectionStatus:
    """How a reopened stream stands, told to its `on_connection`: "reconnecting" before each
    wait to reopen it (`attempt` 1, 2... since it was last live, the next try `retry_in_ms`
    away, `error` why it dropped, None when it just ended), "live" once a stream answers
    (the first one, then the first after reconnects: said again only after a
    "reconnecting"). TypeScript's `ConnectionStatus`, field by field."""

    state: Literal["reconnecting", "live"]
    attempt: int = 0
    retry_in_ms: int = 0
    error: CosmodromeError | None = None


OnConnection = Callable[[ConnectionStatus], None]


class Reconnects:
    """One stream's reconnect policy, from its first opening to its end.

    `progressed()` when the stream brings something: the bound `max_retries` (None: no
    bound) counts reconnects in a row since then. `live()` when a stream answers.
    `wait(error, where)` when it dropped: past the bound it raises UNAVAILABLE ("{what} lost
    after n reconnects{where}"), else tells `on_connection` and sleeps `backoff`."""

    def __init__(self, what: str, max_retries: int | None = None,
                 on_connection: OnConnection | None = None) -> None:
        self.what = what
        self.max_retries = max_retries
        self.on_connection = on_connection
        self.failures = 0  # reconnects in a row without progress, this one included
        self.attempt = 0   # reconnects since the stream was last live
        self.is_live = False

    def progressed(self) -> None:
        self.failures = 0

    def live(self) -> None:
        if self.is_live:
            return
        self.is_live, self.attempt = True, 0
        self._tell(ConnectionStatus("live"))

    async def wait(self, error: CosmodromeError | None = None, where: str = "") -> None:
        self.failures += 1
        if self.max_retries is not None and self.failures > self.max_retries:
            raise CosmodromeError(grpc.StatusCode.UNAVAILABLE, f"{self.what} lost after "
                                  f"{self.failures - 1} reconnects{where}")
        delay = backoff(self.failures)
        self.is_live = False
        self.attempt += 1
        self._tell(ConnectionStatus("reconnecting", self.attempt, round(delay * 1000), error))
        await asyncio.sleep(delay)

    def _tell(self, status: ConnectionStatus) -> None:
        if self.on_connection is not None:
            self.on_connection(status)


async def answered(call: grpc.aio.Call) -> bool:
    """Whether a stream call answered with its headers: grpc.aio resolves a trailers-only
    answer (how a call refused before any message ends) with empty headers on a call
    already done, and real headers while the call still runs."""
    await call.initial_metadata()
    return not call.done()


@dataclass
class Lease:
    """A stream's place on a channel of the pool."""

    pool: ChannelPool
    index: int
    stub: Any
    released: bool = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.pool.streams[self.index] -= 1


class ChannelPool:
    """Channels to one server (or set of replicas), opened as streams need them.

    `open_channel(extra_options)` opens one; the first is the client's channel for calls,
    and streams go to the least loaded channel, a new one once each carries
    `streams_per_channel`."""

    def __init__(self, open_channel: Callable[[tuple], grpc.aio.Channel],
                 first: grpc.aio.Channel | None = None,
                 streams_per_channel: int = STREAMS_PER_CHANNEL) -> None:
        self._open = open_channel
        self.streams_per_channel = streams_per_channel
        self.channels = [first or open_channel(())]
        self.streams = [0]
        self._stubs: dict[tuple[int, type], object] = {}
        self.fixed = first is not None  # a channel given by the caller: not ours to multiply

    @property
    def first(self) -> grpc.aio.Channel:
        return self.channels[0]

    def lease(self, stub_class: type) -> Lease:
        """A stub on the channel a new stream should take; `release()` it when the stream
        ends, so the channel's count stays true."""
        index = min(range(len(self.channels)), key=self.streams.__getitem__)
        if self.streams[index] >= self.streams_per_channel and not self.fixed:
            index = self._grow()
        self.streams[index] += 1
        key = (index, stub_class)
        if key not in self._stubs:
            self._stubs[key] = stub_class(self.channels[index])
        return Lease(self, index, self._stubs[key])

    def _grow(self) -> int:
        # a connection of its own: without this option grpc reuses the first one's
        self.channels.append(self._open((("grpc.use_local_subchannel_pool", 1),)))
        self.streams.append(0)
        return len(self.channels) - 1

    async def close(self) -> None:
        for channel in self.channels:
            await channel.close()
