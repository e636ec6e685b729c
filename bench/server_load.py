"""gRPC load on a real server: K tic-tac-toe matches in flight, random legal SubmitMoves.

Matches are created and both seats joined before the clock starts, so the figure is moves
(SubmitMove calls through auth, load, engine, compare-and-set and stream append). Each of K
workers plays one match at a time with random legal moves (read from the mover's last view:
tic-tac-toe hides nothing) and takes the next prepared match when it ends.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from bench.load import Figures
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome.v1 import games_pb2, play_pb2
from cosmodrome_client import Client, RandomBot, Seat, play

MOVES = [games_pb2.GameMove(tictactoe=ttt.Move(cell=c)) for c in range(9)]


@dataclass
class Table:
    seats: list[Seat]
    version: int
    cells: list[int] = field(default_factory=lambda: [0] * 9)
    to_move: int = 0
    finished: bool = False


async def prepare(client: Client, count: int, in_flight: int = 32) -> list[Table]:
    """`count` tic-tac-toe matches with both seats taken, ready for their first move."""
    slots = asyncio.Semaphore(in_flight)

    async def one() -> Table:
        async with slots:
            match = await client.create_match("tictactoe")
            x = await client.join(match.match_id)
            o = await client.join(match.match_id)
            view = await x.view()
            return Table([x, o], view.match.version)

    return list(await asyncio.gather(*(one() for _ in range(count))))


async def measure(client: Client, tables: list[Table], in_flight: int, seconds: float,
                  seed: int = 0, quiet: bool = False) -> tuple[Figures, list[str]]:
    """Runs `in_flight` workers for `seconds`; returns SubmitMove figures and the ids of
    the matches that finished."""
    pending = list(reversed(tables))
    finished: list[str] = []
    latencies: list[float] = []
    pick = random.Random(seed).choice
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds

    submit = client.play.SubmitMove

    async def worker() -> None:
        table: Table | None = None
        while clock() < deadline:
            if table is None or table.finished:
                if not pending:
                    return
                table = pending.pop()
            seat = table.seats[table.to_move]
            cell = pick([c for c, mark in enumerate(table.cells) if not mark])
            # The bare stub, as the echo yardstick uses: the figure is the server's, not the
            # client library's (whose retry and bookkeeping would share this machine's CPU).
            request = play_pb2.SubmitMoveRequest(
                match_id=seat.match_id, expected_version=table.version,
                idempotency_key=f"{table.version}", move=MOVES[cell])
            t0 = clock()
            response = await submit(request, metadata=(("authorization",
                                                         f"Bearer {seat.token}"),))
            latencies.append(clock() - t0)
            board = response.view.game.tictactoe
            table.version = response.version
            table.cells, table.to_move, table.finished = list(board.cells), board.to_move, \
                board.finished
            if board.finished:
                finished.append(seat.match_id)

    await asyncio.gather(*(worker() for _ in range(in_flight)))
    elapsed = clock() - start
    if not pending and not quiet:
        print(f"  (note: ran out of prepared matches after {elapsed:.1f}s)")
    return Figures(len(latencies), elapsed, latencies), finished


async def play_one_match(client: Client, game: str, players: int = 0) -> str:
    """A whole match of `game` played by RandomBots through the server; returns its id."""
    match = await client.create_match(game, players=players, seed=1)
    seats = [await client.join(match.match_id) for _ in range(match.players)]
    await asyncio.gather(*(play(s, RandomBot(s.seat)) for s in seats))
    return match.match_id


async def stored_bytes(redis_url: str, match_ids: list[str]) -> dict[str, float]:
    """Mean Redis MEMORY USAGE per match, by key kind (m:{id}, m:{id}:log, m:{id}:idem...)."""
    import redis.asyncio as redis

    r = redis.Redis.from_url(redis_url)
    totals: dict[str, int] = {}
    try:
        for match_id in match_ids:
            async for key in r.scan_iter(match=f"m:{{{match_id}}}*", count=100):
                name = key.decode()
                kind = name[len(match_id) + 4:] or "record"  # "m:{id}" + ":log" ...
                kind = kind.lstrip(":")
                totals[kind] = totals.get(kind, 0) + (await r.memory_usage(key, samples=0) or 0)
    finally:
        await r.aclose()
    return {kind: total / len(match_ids) for kind, total in totals.items()} if match_ids else {}


async def bot_rate(client: Client, game: str, matches: int, seconds: float) -> tuple[int, float]:
    """(moves, seconds) of `matches` matches of `game` with RandomBots on every seat, each
    bot following its watch stream and submitting, as a real bot does. Runs until all
    matches end or `seconds` pass; moves are counted from the match versions."""
    seats = []
    for n in range(matches):
        match = await client.create_match(game, seed=n)
        seats += [await client.join(match.match_id) for _ in range(match.players)]
    ids = sorted({s.match_id for s in seats})
    before = {m: (await client.get_match(m)).version for m in ids}
    start = time.perf_counter()
    tasks = [asyncio.create_task(play(s, RandomBot(i))) for i, s in enumerate(seats)]
    _, pending = await asyncio.wait(tasks, timeout=seconds)
    elapsed = time.perf_counter() - start
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    after = {m: (await client.get_match(m)).version for m in ids}
    return sum(after[m] - before[m] for m in ids), elapsed
