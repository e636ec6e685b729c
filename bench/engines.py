"""In-process engine speed: random playouts through the Game interface, no server.

The figure to beat for tic-tac-toe is OpenSpiel's Python implementation on this machine,
about 26,000 random moves/s (ARCHITECTURE.md, Budgets).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cosmodrome.core.engine import Game
from cosmodrome.games import registry

TICTACTOE_BUDGET = 26_000  # moves/s, OpenSpiel Python


@dataclass
class PlayoutFigures:
    game: str
    games: int
    moves: int
    seconds: float
    cpu_seconds: float = 0.0  # of this process: steadier than wall time on a busy machine
    longest_game_s: float = 0.0

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_cpu_s(self) -> float:
        return self.moves / self.cpu_seconds if self.cpu_seconds else 0.0


def random_playouts(game: Game, seconds: float, players: int | Sequence[int] | None = None,
                    seed: int = 0, with_view: bool = False) -> PlayoutFigures:
    """Plays whole games with uniformly random legal moves for about `seconds` (at least one).

    Each step asks the engine for its decisions, picks one option, applies it: the same
    work a bot or the server does per move (with_view: plus the mover's view, as the
    server renders it; serialization excluded). `players` may be a list to cycle through.
    """
    counts = [players or game.min_players] if not isinstance(players, Sequence) else players
    pick = random.Random(seed).choice
    options = game.Options()
    games = moves = 0
    longest = 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        game_start = time.perf_counter()
        state = game.setup(options, counts[games % len(counts)], seed + games)
        while decisions := game.decisions(state):
            decision = pick(decisions)
            game.apply(state, decision.seat, pick(decision.options))
            if with_view:
                game.view(state, decision.seat)
            moves += 1
        longest = max(longest, time.perf_counter() - game_start)
        games += 1
    return PlayoutFigures(game.name, games, moves, time.perf_counter() - start,
                          time.process_time() - cpu_start, longest)


def run(seconds: float = 3.0, timeout: float = 60.0) -> list[str]:
    """Prints (and returns) the engine figures: tic-tac-toe, then the other games' own
    benchmarks (bench/engine_<game>.py `run(seconds)`, each bounded by `timeout` s) where
    they exist."""
    lines = []
    ttt = random_playouts(registry()["tictactoe"], seconds)
    verdict = "ok" if ttt.moves_per_s >= TICTACTOE_BUDGET else "BELOW BUDGET"
    lines.append(f"tictactoe in process: {ttt.moves_per_s:,.0f} random moves/s "
                 f"({ttt.games_per_s:,.0f} games/s)   budget >= {TICTACTOE_BUDGET:,} "
                 f"(OpenSpiel Python) [{verdict}]")
    print(lines[-1], flush=True)
    for module in ("bench.engine_mlem", "bench.engine_cosmic", "bench.engine_crafting"):
        for line in run_game_bench(module, seconds, max(timeout, TIMEOUTS.get(module, 0))):
            lines.append(line)
            print(line, flush=True)
    return lines


# A game bench that needs longer than the default (cosmic: its bot's 200-game win rate, about
# 90 CPU s; several minutes of wall time on a loaded machine).
TIMEOUTS = {"bench.engine_cosmic": 600.0}

_CHILD = """
import json, sys
from {module} import run
result = run({seconds})
print("\\n" + json.dumps(result if isinstance(result, (dict, list, str)) else None))
"""


def run_game_bench(module: str, seconds: float, timeout: float) -> list[str]:
    """Runs another game's `bench/engine_<game>.py` `run(seconds)` in a child process, so a
    slow or broken one costs at most `timeout` seconds; returns the lines to print."""
    path = Path(__file__).with_name(module.rsplit(".", 1)[1] + ".py")
    if not path.exists():
        return [f"{module}: not present, skipped"]
    try:
        child = subprocess.run([sys.executable, "-c", _CHILD.format(module=module,
                                                                   seconds=seconds)],
                               cwd=path.parents[1], capture_output=True, text=True,
                               timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return [f"{module}: run({seconds}) did not finish within {timeout:.0f} s, skipped"]
    if child.returncode:
        return [f"{module}: failed: {child.stderr.strip().splitlines()[-1:]}"]
    output = child.stdout.rstrip().splitlines()
    result = json.loads(output[-1]) if output else None
    printed = [line for line in output[:-1] if line]
    if isinstance(result, dict):
        return [*printed, describe(module.rsplit("_", 1)[1], result)]
    if isinstance(result, list):
        return [*printed, *map(str, result)]
    return [*printed, result] if isinstance(result, str) else printed


# Budgets from ARCHITECTURE.md: "MLEM thousands of moves/s; Cosmic Encounter full self-play
# games in well under a second each".
BUDGETS = {"mlem": ("moves_per_s", ">=", 1_000), "cosmic": ("seconds_per_game", "<", 1.0),
           "crafting": ("moves_per_s", ">=", 2_000)}  # issue 11


def describe(game: str, figures: dict) -> str:
    """One line from a game benchmark's dict of figures, with its budget when known."""
    game = figures.get("game", game)
    parts = [(f"{k} {v:,.3f}" if abs(v) < 10 else f"{k} {v:,.1f}") if isinstance(v, float)
             else f"{k} {v}"
             for k, v in figures.items() if k != "game"]
    line = f"{game} in process: " + ", ".join(parts)
    key, op, limit = BUDGETS.get(game, (None, None, None))
    if key in figures:
        ok = figures[key] >= limit if op == ">=" else figures[key] < limit
        line += f"   budget {key} {op} {limit:,} [{'ok' if ok else 'BELOW BUDGET'}]"
    return line


if __name__ == "__main__":
    run()
