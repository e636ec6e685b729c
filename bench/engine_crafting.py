"""In-process Crafting the Cosmos engine speed and the heuristic bot's win rate, no server.

    python -m bench.engine_crafting [seconds] [--bot-games N]

`run()` returns moves/s of random legal play (one decisions() + apply() per move, as a server
does) over games of 2-4 players in turn, moves per CPU second, moves/s with a view built per
move, and the heuristic bot's win rate against random bots at 2, 3 and 4 players (a few games
per size in `make bench`; the 200-game figures are in docs/rules/crafting.md:
`python -m bench.engine_crafting --bot-games 200`).
"""

from __future__ import annotations

import argparse

from bench.engines import random_playouts
from cosmodrome.games.crafting import Crafting
from cosmodrome.games.crafting.bot import evaluate

PLAYERS = (2, 3, 4)
BOT_GAMES = 10  # per table size, in `make bench`


def run(seconds: float = 2.0, bot_games: int = BOT_GAMES) -> dict:
    plain = random_playouts(Crafting(), seconds, players=PLAYERS, seed=1)
    viewed = random_playouts(Crafting(), seconds, players=PLAYERS, seed=1, with_view=True)
    out = {
        "game": "crafting",
        "moves_per_s": plain.moves_per_s,
        "games_per_s": plain.games_per_s,
        "moves_per_game": plain.moves / plain.games,
        "moves_per_cpu_s": plain.moves_per_cpu_s,
        "moves_per_s_with_view": viewed.moves_per_s,
        "seconds": plain.seconds + viewed.seconds,
    }
    for players in PLAYERS:
        out[f"bot_win_rate_{players}p_{bot_games}_games"] = evaluate(
            bot_games, players, seed=0)["win_rate"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0)
    parser.add_argument("--bot-games", type=int, default=BOT_GAMES)
    args = parser.parse_args()
    r = run(args.seconds, args.bot_games)
    print(f"crafting in process, random play: {r['moves_per_s']:,.0f} moves/s "
          f"({r['moves_per_game']:.0f} moves/game, {r['moves_per_cpu_s']:,.0f} per CPU "
          f"second); with a view per move: {r['moves_per_s_with_view']:,.0f} moves/s")
    for players in PLAYERS:
        rate = r[f"bot_win_rate_{players}p_{args.bot_games}_games"]
        print(f"  heuristic bot vs random bots, {players} players, {args.bot_games} games: "
              f"{rate:.3f}")


if __name__ == "__main__":
    main()
