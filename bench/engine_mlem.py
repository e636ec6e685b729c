"""In-process MLEM engine speed: random legal play, no server.

    python -m bench.engine_mlem [seconds]

`run()` returns moves/s (one decisions() + apply() per move, as a server does) and full
games/s, over games of 2-5 players in turn, moves per CPU second of this process (steadier
when the machine is busy), plus moves/s of the same loop with a view built per move.
"""

from __future__ import annotations

import random
import sys
import time

from cosmodrome.games.mlem import Mlem
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb


def _play(seconds: float, with_view: bool) -> tuple[int, int, float, float]:
    game = Mlem()
    rnd = random.Random(1)
    moves = games = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        players = 2 + games % 4
        state = game.setup(pb.Options(), players, rnd.getrandbits(64))
        while True:
            decisions = game.decisions(state)
            if not decisions:
                break
            d = rnd.choice(decisions)
            game.apply(state, d.seat, rnd.choice(d.options))
            if with_view:
                game.view(state, d.seat)
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start, time.process_time() - cpu_start


def run(seconds: float = 2.0) -> dict:
    """Measure random-play throughput for about `seconds` (twice: without and with views)."""
    moves, games, elapsed, cpu = _play(seconds, with_view=False)
    vmoves, _, velapsed, vcpu = _play(seconds, with_view=True)
    return {
        "game": "mlem",
        "moves_per_s": moves / elapsed,
        "games_per_s": games / elapsed,
        "moves_per_game": moves / max(games, 1),
        "moves_per_cpu_s": moves / cpu,  # steadier than wall time on a busy machine
        "moves_per_s_with_view": vmoves / velapsed,
        "moves_per_cpu_s_with_view": vmoves / vcpu,
        "seconds": elapsed + velapsed,
    }


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    r = run(seconds)
    print(f"mlem in process, random play: {r['moves_per_s']:,.0f} moves/s, "
          f"{r['games_per_s']:,.1f} games/s ({r['moves_per_game']:.0f} moves/game); "
          f"{r['moves_per_cpu_s']:,.0f} moves per CPU second; "
          f"with a view per move: {r['moves_per_s_with_view']:,.0f} moves/s "
          f"({r['moves_per_cpu_s_with_view']:,.0f} per CPU second)")


if __name__ == "__main__":
    main()
