"""The hosted games, one folder each, each exporting its record. `records()` is the one list
of them; the platform iterates it and names no game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # this package is imported first by any game's contract (games.<game>.v1)
    from cosmodrome.core.engine import Game
    from cosmodrome.core.record import GameRecord


def records() -> dict[str, GameRecord]:
    """Every hosted game's record by short name (also its field name in the cosmodrome.v1
    oneofs). Imported here, not at the top: importing one game's contract
    (cosmodrome.games.<game>.v1) must not load every engine."""
    from cosmodrome.games import cosmic, crafting, highcard, mlem, tictactoe

    made = [game.record() for game in (tictactoe, highcard, mlem, cosmic, crafting)]
    return {r.name: r for r in made}


def registry() -> dict[str, Game]:
    """Every hosted game's engine by short name."""
    return {name: r.engine for name, r in records().items()}
