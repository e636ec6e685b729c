"""In-process MLEM engine speed: random legal play, no server.

    python -m bench.engine_mlem [seconds]

`run()` returns moves/s (one decisions() + apply() per move, as a server does) and full
games/s, over games of 2-5 players in turn, moves per CPU second of this process (steadier
when the machine is busy), plus moves/s of the same loop with a view built per move.
"""

from __future__ import annotations

import sys

from bench.engines import random_playouts
from cosmodrome.games.mlem import Mlem

PLAYERS = (2, 3, 4, 5)


def run(seconds: float = 2.0) -> dict:
    """Measure random-play throughput for about `seconds` (twice: without and with views)."""
    plain = random_playouts(Mlem(), seconds, players=PLAYERS, seed=1)
    viewed = random_playouts(Mlem(), seconds, players=PLAYERS, seed=1, with_view=True)
    return {
        "game": "mlem",
        "moves_per_s": plain.moves_per_s,
        "games_per_s": plain.games_per_s,
        "moves_per_game": plain.moves / plain.games,
        "moves_per_cpu_s": plain.moves_per_cpu_s,
        "moves_per_s_with_view": viewed.moves_per_s,
        "moves_per_cpu_s_with_view": viewed.moves_per_cpu_s,
        "seconds": plain.seconds + viewed.seconds,
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
