"""Stored bytes per finished match, per game: what recording full moves costs (issue 25) and
what the kept idempotency results weigh (issue 27).

Every seat is a person (a seat token) submitting a random legal option with an idempotency
key, as clients do, through the runner on a private valkey. Reported per game: Redis MEMORY
USAGE of the match's keys by kind (record with its compressed log, idempotency results...),
and the compressed log with and without the recorded moves.

    .venv/bin/python -m bench.replay [--matches N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import zlib
from pathlib import Path

from bench.server_load import stored_bytes
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import admin_pb2, games_pb2, match_pb2

MAX_MOVES = 20_000
GAMES = {  # label: (game, players, options)
    "tictactoe": ("tictactoe", 2, games_pb2.GameOptions()),
    "highcard": ("highcard", 3, games_pb2.GameOptions()),
    "mlem": ("mlem", 3, games_pb2.GameOptions()),
    "cosmic-classic": ("cosmic", 4, games_pb2.GameOptions(cosmic=cosmic_pb2.Options(
        ruleset=cosmic_pb2.RULESET_CLASSIC))),
    "cosmic-000": ("cosmic", 4, games_pb2.GameOptions(cosmic=cosmic_pb2.Options(
        ruleset=cosmic_pb2.RULESET_COSMIC))),
    "crafting": ("crafting", 3, games_pb2.GameOptions()),
}


async def play(runner: Runner, game: str, players: int, options, seed: int) -> str:
    """A match of people choosing at random, each move sent with an idempotency key."""
    rng = random.Random(seed)
    match, _ = await runner.create(game, options, players, seed)
    tokens = [(await runner.join(match.match_id, s, f"p{s}"))[2] for s in range(players)]
    for n in range(MAX_MOVES):
        view = await runner.view(match.match_id, None)
        if view.match.status == match_pb2.MATCH_STATUS_FINISHED:
            return match.match_id
        seat = rng.choice(sorted({d.seat for d in view.decisions}))
        mine = await runner.view(match.match_id, tokens[seat])
        options_ = [o for d in mine.decisions if d.seat == seat for o in d.options]
        await runner.submit(match.match_id, tokens[seat], mine.match.version, f"move-{n}",
                            rng.choice(options_))
    raise RuntimeError(f"{game} did not finish in {MAX_MOVES} moves")


def log_bytes(entries, with_moves: bool) -> int:
    """The compacted log's size (zlib of the MatchExport log, as the store keeps it)."""
    log = admin_pb2.MatchExport(log=entries)
    if not with_moves:
        for entry in log.log:
            entry.ClearField("move")
    return len(zlib.compress(log.SerializeToString()))


async def run(matches: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="cosmodrome-bench-replay-"))
    embedded = EmbeddedRedis(work / "redis", appendonly=False)
    url = embedded.start()
    store = RedisStore.from_url(url)
    runner = Runner(store, records())
    try:
        print("stored bytes per finished match (people with idempotency keys; mean of "
              f"{matches}):")
        for label, (game, players, options) in GAMES.items():
            ids = [await play(runner, game, players, options, seed) for seed in range(matches)]
            sizes = await stored_bytes(url, ids)
            logs = [(await store.export(i))[1] for i in ids]
            with_moves = sum(log_bytes(e, True) for e in logs) / matches
            without = sum(log_bytes(e, False) for e in logs) / matches
            versions = sum(len(e) for e in logs) / matches
            parts = "  ".join(f"{k} {v:,.0f}" for k, v in sorted(sizes.items()))
            print(f"  {label:15s} {sum(sizes.values()):9,.0f} B  ({parts}); {versions:,.0f} "
                  f"versions; compressed log {with_moves:,.0f} B with moves, "
                  f"{without:,.0f} B without")
    finally:
        await store.close()
        embedded.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    asyncio.run(run(parser.parse_args().matches))


if __name__ == "__main__":
    main()
