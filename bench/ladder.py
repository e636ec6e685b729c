"""The matchmaker under 200 concurrent tickets (`make bench` runs it against its server;
`python -m bench.ladder` starts a valkey-server and two replicas of its own).

Each round, 200 fresh players (guests of PlayerService.CreateGuest, made before the clock
starts) each create a ticket at once (tic-tac-toe for 2, high card
for 2, 3 and 4, as tests/ladder/test_replicas.py mixes them) and watch it until MATCHED
with a seat token. Reported: tickets matched per second (200 over the time from the first
CreateTicket to the last seat token) and the p50/p99 time from a ticket's CreateTicket to
its seat token on its stream. The matches are left unplayed.
    python -m bench.ladder [--rounds 3] [--replicas 2]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import grpc

from cosmodrome.store.embedded import EmbeddedRedis, free_port
from cosmodrome.v1 import ladder_pb2, ladder_pb2_grpc, player_pb2, player_pb2_grpc

TICKETS = 200
QUEUES = [("tictactoe", 2, 60), ("highcard", 2, 40), ("highcard", 3, 48), ("highcard", 4, 52)]
MATCHED = ladder_pb2.TICKET_STATUS_MATCHED


async def guests(channel: grpc.aio.Channel, count: int) -> list[str]:
    stub = player_pb2_grpc.PlayerServiceStub(channel)
    replies = await asyncio.gather(*(stub.CreateGuest(player_pb2.CreateGuestRequest())
                                     for _ in range(count)))
    return [r.guest_token for r in replies]


async def one(stub: ladder_pb2_grpc.MatchmakerServiceStub, token: str, game: str, seats: int
              ) -> float:
    """Seconds from CreateTicket to the seat token on the ticket's stream."""
    metadata = (("authorization", f"Bearer {token}"),)
    start = time.perf_counter()
    made = await stub.CreateTicket(ladder_pb2.CreateTicketRequest(
        game=game, players=seats, display_name="bench"), metadata=metadata)
    async for ticket in stub.WatchTicket(ladder_pb2.WatchTicketRequest(
            ticket_id=made.ticket_id), metadata=metadata):
        if ticket.status == MATCHED:
            assert ticket.seat_token
            return time.perf_counter() - start
    raise RuntimeError(f"ticket {made.ticket_id} ended unmatched")


async def round_of(addresses: list[str]) -> tuple[float, list[float]]:
    channels = [grpc.aio.insecure_channel(a) for a in addresses]
    stubs = [ladder_pb2_grpc.MatchmakerServiceStub(c) for c in channels]
    wanted = [(g, s) for g, s, count in QUEUES for _ in range(count)]
    tokens = await guests(channels[0], len(wanted))
    start = time.perf_counter()
    waits = await asyncio.gather(*(one(stubs[n % len(stubs)], tokens[n], g, s)
                                   for n, (g, s) in enumerate(wanted)))
    elapsed = time.perf_counter() - start
    for channel in channels:
        await channel.close()
    return elapsed, sorted(waits)


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


async def run(addresses: list[str], rounds: int = 3) -> None:
    print(f"\n== matchmaker: {TICKETS} concurrent tickets, mixed games and sizes, "
          f"{len(addresses)} replica(s)", flush=True)
    for n in range(1, rounds + 1):
        elapsed, waits = await round_of(addresses)
        p50, p99 = (percentile(waits, p) * 1000 for p in (50, 99))
        print(f"round {n}: {TICKETS / elapsed:6.0f} tickets matched/s   time to match "
              f"p50 {p50:6.0f} ms  p99 {p99:6.0f} ms", flush=True)


def main() -> None:
    from bench.run import server_command, start, stop, wait_serving
    parser = argparse.ArgumentParser(prog="bench.ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = EmbeddedRedis(Path(folder) / "redis", appendonly=False)
        url = store.start()
        ports = [free_port() for _ in range(args.replicas)]
        servers = [start(server_command(p, url), Path(folder) / f"server-{p}.log")
                   for p in ports]
        try:
            addresses = [f"127.0.0.1:{p}" for p in ports]

            async def go() -> None:
                for address in addresses:
                    await wait_serving(address)
                await run(addresses, args.rounds)
            asyncio.run(go())
        finally:
            for server in servers:
                stop(server)
            store.stop()


if __name__ == "__main__":
    main()
