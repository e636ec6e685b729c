"""Connections for many streams, and how long to wait before a reconnect.

A server accepts so many streams on one HTTP/2 connection (cosmodrome-server: 1000 by
default, `--max-streams-per-connection`); past that, a new stream waits for one to end. And
grpc shares one connection among every channel of a process that has the same target and
options. `ChannelPool` therefore opens a channel of its own connection
(`grpc.use_local_subchannel_pool`) each time the open ones carry `streams_per_channel`
streams, and hands a new stream the least loaded.

`backoff` is the wait before the n-th reconnect in a row: exponential, capped, and drawn at
random below that ("full jitter"), so the clients a restarted replica dropped all at once do
not all come back at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc

STREAMS_PER_CHANNEL = 500  # half the server's default limit: room for unary calls beside


def backoff(failures: int, base_s: float = 0.05, cap_s: float = 2.0) -> float:
    """Seconds to wait before reconnect number `failures` (1, 2, ...) in a row."""
    return random.uniform(0, min(cap_s, base_s * 2 ** min(failures, 16)))


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
