"""In-process MLEM engine speed: random legal play, no server.

    python -m bench.engine_mlem [seconds]

`run()` returns moves/s (one decisions() + apply() per move, as a server does) and full
games/s, over games of 2-5 players in turn, moves per CPU second of this process (steadier
when the machine is busy), plus moves/s of the same loop with a view built per move.
`bot_win_rate()` plays the clients' heuristic bot (the one the server plays too) against
random seats:

    python -m bench.engine_mlem --bot [games]
"""

from __future__ import annotations

import random
import sys

from bench.engines import random_playouts
from cosmodrome.games.mlem import Mlem
from cosmodrome.games.mlem.bot import MlemBot
from cosmodrome.games.mlem.published import mlem_content
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

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


def bot_win_rate(games: int = 1000, seed: int = 0, game: Mlem | None = None) -> dict:
    """The heuristic bot in one seat (rotating) against random seats, 2-5 players in turn; a
    shared victory counts as a fraction."""
    game = game or Mlem()
    rnd = random.Random(seed)
    bot = MlemBot(mlem_content(game), seed=seed)
    wins = expected = 0.0
    by_players: dict[int, list[float]] = {}
    for g in range(games):
        players = 2 + g % 4
        hero = g % players
        state = game.setup(pb.Options(), players, rnd.getrandbits(64))
        while decisions := game.decisions(state):
            d = decisions[0]
            move = (bot.choose(game.view(state, hero), d.kind, d.options) if d.seat == hero
                    else rnd.choice(d.options))
            game.apply(state, d.seat, move)
        winners = game.result(state).winners
        share = 1.0 / len(winners) if hero in winners else 0.0
        wins += share
        expected += 1.0 / players
        by_players.setdefault(players, []).append(share)
    return {"games": games, "win_rate": wins / games, "random_expectation": expected / games,
            "by_players": {n: sum(v) / len(v) for n, v in sorted(by_players.items())}}


def print_bot_win_rate(games: int) -> None:
    r = bot_win_rate(games)
    print(f"{r['games']} games, 2-5 players: heuristic bot win rate {r['win_rate']:.3f} "
          f"(a random seat would win {r['random_expectation']:.3f})")
    for n, rate in r["by_players"].items():
        print(f"  {n} players: {rate:.3f} (random: {1 / n:.3f})")


def main() -> None:
    if sys.argv[1:2] == ["--bot"]:
        print_bot_win_rate(int(sys.argv[2]) if len(sys.argv) > 2 else 1000)
        return
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    r = run(seconds)
    print(f"mlem in process, random play: {r['moves_per_s']:,.0f} moves/s, "
          f"{r['games_per_s']:,.1f} games/s ({r['moves_per_game']:.0f} moves/game); "
          f"{r['moves_per_cpu_s']:,.0f} moves per CPU second; "
          f"with a view per move: {r['moves_per_s_with_view']:,.0f} moves/s "
          f"({r['moves_per_cpu_s_with_view']:,.0f} per CPU second)")


if __name__ == "__main__":
    main()
