"""Scale-out on a real Valkey Cluster (3 primaries, 3 replicas, on loopback) with 3 server
replicas, under load, while one server replica and one primary are SIGKILLed."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections import Counter

import grpc
import pytest

from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, CosmodromeError
from tests.integration.local_cluster import NODE_TIMEOUT_MS, LocalCluster
from tests.support import Api, ServerProcess

pytestmark = pytest.mark.slow

GAMES_FOR_S = 14.0  # new games start until then; every one started must finish
KILL_REPLICA_AT_S = 3.0
KILL_PRIMARY_AT_S = 6.0
RESTART_PRIMARY_AFTER_S = 3.0  # back as a replica of the primary that replaced it
PLAYERS = 12  # concurrent games


@pytest.fixture
def cluster(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster").start()
    yield cluster
    cluster.stop()


async def retried(call, *args, give_up_s: float = 20.0):
    """What any client does with UNAVAILABLE on a read: try again a little later."""
    deadline = time.monotonic() + give_up_s
    while True:
        try:
            return await call(*args)
        except CosmodromeError as error:
            if error.code != grpc.StatusCode.UNAVAILABLE or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


class Ledger:
    """Moves the server acknowledged, counted on the client side: match -> [(version, seat)]."""

    def __init__(self) -> None:
        self.acked: dict[str, list[tuple[int, int]]] = {}
        self.watched: dict[str, list[int]] = {}


async def play_one_game(client: Client, ledger: Ledger) -> None:
    match = await retried(client.create_match, "tictactoe")
    seats = [await client.join(match.match_id), await client.join(match.match_id)]
    acked = ledger.acked[match.match_id] = []
    watcher = asyncio.ensure_future(watch(client, match.match_id, ledger))
    while True:
        view = await retried(seats[0].view)
        if view.match.status == match_pb2.MATCH_STATUS_FINISHED:
            break
        seat = seats[view.decisions[0].seat]
        mine = seat.decisions(await retried(seat.view))
        if not mine:
            continue
        move = random.choice(mine[0].options)
        response = await seat.submit(move, expected_version=seat.version, retries=12)
        acked.append((response.version, seat.seat))
    await asyncio.wait_for(watcher, 30)


async def watch(client: Client, match_id: str, ledger: Ledger) -> None:
    """A spectator following the match live to its end, across failovers."""
    seen = ledger.watched[match_id] = []
    async for update in client.spectate(match_id).watch():
        seen.append(update.entry.version)


async def player(client: Client, ledger: Ledger, until: float) -> int:
    games = 0
    while time.monotonic() < until:
        await play_one_game(client, ledger)
        games += 1
    return games


async def faults(cluster: LocalCluster, doomed: ServerProcess, start: float) -> dict:
    await asyncio.sleep(start + KILL_REPLICA_AT_S - time.monotonic())
    doomed.stop(signal.SIGKILL)
    await asyncio.sleep(start + KILL_PRIMARY_AT_S - time.monotonic())
    victim = cluster.primary_ports()[0]
    cluster.kill(victim)
    await asyncio.sleep(RESTART_PRIMARY_AFTER_S)
    await asyncio.to_thread(cluster.start_node, victim)
    return {"killed_primary": victim}


def test_failover_under_load_loses_and_doubles_nothing(cluster):
    wait = ["--store-wait-replicas", "1", "--store-wait-ms", str(NODE_TIMEOUT_MS)]
    servers = [ServerProcess(redis_url=cluster.url, extra=wait).start() for _ in range(3)]
    try:
        ledger, played = asyncio.run(_load(cluster, servers))
        cluster.wait_healthy()
        _check(servers[1], ledger, played)
    finally:
        for server in servers:
            server.stop()


async def _load(cluster: LocalCluster, servers: list[ServerProcess]) -> tuple[Ledger, int]:
    # The Python client spreads its calls over the three replicas (gRPC round robin) and
    # moves on from a dead one by itself.
    target = "ipv4:" + ",".join(s.address for s in servers)
    channel = grpc.aio.insecure_channel(target, options=[
        ("grpc.lb_policy_name", "round_robin"), ("grpc.initial_reconnect_backoff_ms", 100),
        ("grpc.max_reconnect_backoff_ms", 1000)])
    ledger = Ledger()
    async with Client(target, channel=channel, timeout=10) as client:
        start = time.monotonic()
        chaos = asyncio.ensure_future(faults(cluster, servers[0], start))
        games = await asyncio.gather(*(player(client, ledger, start + GAMES_FOR_S)
                                       for _ in range(PLAYERS)))
        await chaos
    return ledger, sum(games)


def _check(survivor: ServerProcess, ledger: Ledger, played: int) -> None:
    api = Api(survivor.address)
    moves = doubled = lost = 0
    for match_id, acked in ledger.acked.items():
        export = api.export(match_id)
        log = [(e.version, e.seat) for e in export.log]
        assert [v for v, _ in log] == list(range(1, export.record.match.version + 1))
        played_moves = [(v, s) for v, s in log if s >= 0 and v > 3]  # after create, 2 joins
        assert export.record.match.status == match_pb2.MATCH_STATUS_FINISHED
        lost += len(set(acked) - set(played_moves))
        doubled += len(played_moves) - len(set(acked))
        moves += len(acked)
        cells = export.record.state.tictactoe.cells
        assert sum(1 for c in cells if c) == len(played_moves)  # one mark per move applied
        assert ledger.watched[match_id] == list(range(1, export.record.match.version + 1))
    api.close()
    counts = Counter(v for acked in ledger.acked.values() for v, _ in acked)
    print(f"cluster failover: {played} games, {moves} acknowledged moves, {lost} lost, "
          f"{doubled} doubled; versions by count: {dict(sorted(counts.items()))}")
    assert played >= PLAYERS
    assert (lost, doubled) == (0, 0)
