"""In-process engine speed: random playouts through the Game interface, no server.

The figure to beat for tic-tac-toe is OpenSpiel's Python implementation on this machine,
about 26,000 random moves/s (ARCHITECTURE.md, Budgets).
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import dataclass

from cosmodrome.core.engine import Game
from cosmodrome.games import registry

TICTACTOE_BUDGET = 26_000  # moves/s, OpenSpiel Python


@dataclass
class PlayoutFigures:
    game: str
    games: int
    moves: int
    seconds: float

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds


def random_playouts(game: Game, seconds: float, players: int | None = None,
                    seed: int = 0) -> PlayoutFigures:
    """Plays whole games with uniformly random legal moves for about `seconds`.

    Each step asks the engine for its decisions, picks one option, applies it: the same
    work a bot or the server does per move (views and serialization excluded).
    """
    players = players or game.min_players
    pick = random.Random(seed).choice
    options = game.Options()
    games = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.setup(options, players, seed + games)
        while decisions := game.decisions(state):
            decision = pick(decisions)
            game.apply(state, decision.seat, pick(decision.options))
            moves += 1
        games += 1
    return PlayoutFigures(game.name, games, moves, time.perf_counter() - start)


def run(seconds: float = 3.0) -> list[str]:
    """Prints (and returns) the engine figures: tic-tac-toe, then the other games' own
    benchmarks (bench/engine_<game>.py `run(seconds)`) where they exist."""
    lines = []
    ttt = random_playouts(registry()["tictactoe"], seconds)
    verdict = "ok" if ttt.moves_per_s >= TICTACTOE_BUDGET else "BELOW BUDGET"
    lines.append(f"tictactoe in process: {ttt.moves_per_s:,.0f} random moves/s "
                 f"({ttt.games_per_s:,.0f} games/s)   budget >= {TICTACTOE_BUDGET:,} "
                 f"(OpenSpiel Python) [{verdict}]")
    print(lines[-1], flush=True)
    for module in ("bench.engine_mlem", "bench.engine_cosmic"):
        try:
            bench = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            lines.append(f"{module}: not present, skipped")
            print(lines[-1], flush=True)
            continue
        result = bench.run(seconds)
        if result is None:  # the module printed its own figures
            continue
        if isinstance(result, dict):
            result = [describe(module.rsplit("_", 1)[1], result)]
        for line in result if isinstance(result, list | tuple) else [result]:
            lines.append(str(line))
            print(lines[-1], flush=True)
    return lines


# Budgets from ARCHITECTURE.md: "MLEM thousands of moves/s; Cosmic Encounter full self-play
# games in well under a second each".
BUDGETS = {"mlem": ("moves_per_s", ">=", 1_000), "cosmic": ("seconds_per_game", "<", 1.0)}


def describe(game: str, figures: dict) -> str:
    """One line from a game benchmark's dict of figures, with its budget when known."""
    game = figures.get("game", game)
    parts = [f"{k} {v:,.1f}" if isinstance(v, float) else f"{k} {v}"
             for k, v in figures.items() if k != "game"]
    line = f"{game} in process: " + ", ".join(parts)
    key, op, limit = BUDGETS.get(game, (None, None, None))
    if key in figures:
        ok = figures[key] >= limit if op == ">=" else figures[key] < limit
        line += f"   budget {key} {op} {limit:,} [{'ok' if ok else 'BELOW BUDGET'}]"
    return line


if __name__ == "__main__":
    run()
