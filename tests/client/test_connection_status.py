"""`on_connection` across a replica killed and started again (real server, real Redis, the
Envoy edge in front as in production): a watch and a Play session say "live", then
"reconnecting" attempts 1, 2... while the edge finds no replica, then "live" again, and the
next update comes."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import AsyncIterator

import grpc
import pytest

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome.store.embedded import free_port
from cosmodrome_client import Client, ConnectionStatus, CosmodromeError, Seat
from cosmodrome_client.channels import Reconnects
from tests.support import ServerProcess


@pytest.fixture
async def restartable(redis_url) -> AsyncIterator[tuple[ServerProcess, str]]:
    """One replica behind the edge: the replica, and the edge's plain gRPC address."""
    from tests.edge.conftest import start_edge

    replica = ServerProcess(redis_url=redis_url).start()
    edge = start_edge([replica.address], grpc_port=free_port())
    try:
        yield replica, f"127.0.0.1:{edge.config.grpc_port}"
    finally:
        edge.stop()
        replica.stop()


class Events:
    """What a stream said, in order: its statuses and the versions of its updates."""

    def __init__(self) -> None:
        self.said: list[ConnectionStatus | int] = []
        self.changed = asyncio.Event()

    def status(self, status: ConnectionStatus) -> None:
        self.said.append(status)
        self.changed.set()

    def update(self, version: int) -> None:
        self.said.append(version)
        self.changed.set()

    @contextlib.asynccontextmanager
    async def following(self, updates: AsyncIterator) -> AsyncIterator[None]:
        """The versions of `updates` noted, in a task of their own, while in the block."""
        async def follow() -> None:
            async for update in updates:
                self.update(update.entry.version)

        follower = asyncio.create_task(follow())
        try:
            yield
        finally:
            follower.cancel()

    async def until(self, seen) -> None:
        async with asyncio.timeout(120):  # a guard against a hang, not a timed assertion
            while not seen(self.said):
                self.changed.clear()
                await self.changed.wait()


def reconnecting_twice(said: list) -> bool:
    return sum(isinstance(s, ConnectionStatus) and s.state == "reconnecting"
               for s in said) >= 2


def assert_told_across_the_restart(said: list, before: list[int], after: int) -> None:
    """live, the updates before, reconnecting 1, 2... (each with its wait), live, the next."""
    statuses = [s for s in said if isinstance(s, ConnectionStatus)]
    assert statuses[0].state == "live" and statuses[-1].state == "live", statuses
    dropped = statuses[1:-1]
    assert [s.state for s in dropped] == ["reconnecting"] * len(dropped), statuses
    assert [s.attempt for s in dropped] == list(range(1, len(dropped) + 1)), statuses
    assert len(dropped) >= 2
    assert all(0 <= s.retry_in_ms <= min(2000, 50 * 2 ** s.attempt) for s in dropped)
    assert dropped[0].error is not None, "the killed replica broke the stream"
    assert said == [statuses[0], *before, *dropped, statuses[-1], after]


async def restarted_between_two_moves(replica: ServerProcess, events: Events, first_move,
                                      o: Seat, start: int) -> None:
    """X moves (through `first_move`) and the update comes; the replica is killed, and
    started again once the stream said two reconnects; O moves and its update comes."""
    await first_move(ttt.Move(cell=4))
    await events.until(lambda said: start + 1 in said)
    await asyncio.to_thread(replica.stop, signal.SIGKILL)
    await events.until(reconnecting_twice)
    await asyncio.to_thread(replica.start)  # the same port: the edge finds it again
    await o.submit(ttt.Move(cell=0))
    await events.until(lambda said: start + 2 in said)


async def seated(client: Client) -> tuple[Seat, Seat, int]:
    """A tic-tac-toe match's two seats, and its version once both are taken."""
    match = await client.create_match("tictactoe", seed=1)
    x, o = await client.join(match.match_id), await client.join(match.match_id)
    return x, o, (await x.view()).match.version


async def test_a_watch_tells_live_reconnecting_then_live_across_a_replica_restart(
        restartable):
    replica, address = restartable
    async with Client.connect(address) as client:
        x, o, start = await seated(client)
        events = Events()
        watch = client.spectate(x.match_id).watch(from_version=start,
                                                  on_connection=events.status)
        async with events.following(watch):
            await events.until(lambda said: said)  # live at the headers: the watch waits
            await restarted_between_two_moves(replica, events, x.submit, o, start)
        assert_told_across_the_restart(events.said, [start + 1], start + 2)


async def test_a_session_tells_live_reconnecting_then_live_across_a_replica_restart(
        restartable):
    replica, address = restartable
    async with Client.connect(address) as client:
        x, o, start = await seated(client)
        events = Events()
        async with x.session(from_version=start, on_connection=events.status) as session, \
                events.following(session.updates()):
            # (live at the first move's answer, then its update)
            await restarted_between_two_moves(replica, events, session.submit, o, start)
        assert_told_across_the_restart(events.said, [start + 1], start + 2)


async def test_attempts_count_from_1_again_after_live_and_max_retries_bounds_them():
    told: list[ConnectionStatus] = []
    reconnects = Reconnects("watch of m", max_retries=2, on_connection=told.append)
    reconnects.live()
    reconnects.live()  # said once
    await reconnects.wait(CosmodromeError(grpc.StatusCode.UNAVAILABLE, "dropped"))
    reconnects.live()  # a stream answered, but brought nothing: no progress
    await reconnects.wait()
    assert [(s.state, s.attempt) for s in told] == [
        ("live", 0), ("reconnecting", 1), ("live", 0), ("reconnecting", 1)]
    assert told[1].error.code == grpc.StatusCode.UNAVAILABLE and told[3].error is None
    with pytest.raises(CosmodromeError, match="watch of m lost after 2 reconnects at 7"):
        await reconnects.wait(where=" at 7")
    reconnects.progressed()
    await reconnects.wait()  # progress made: reconnects in a row count from 1 again
