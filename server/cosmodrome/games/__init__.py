"""The hosted games, one folder each. `registry()` is the one list of them."""

from __future__ import annotations

from cosmodrome.core.engine import Game


def registry() -> dict[str, Game]:
    """Every hosted game by short name (also its field name in the cosmodrome.v1 oneofs)."""
    from cosmodrome.games.cosmic import Cosmic
    from cosmodrome.games.crafting import Crafting
    from cosmodrome.games.highcard import HighCard
    from cosmodrome.games.mlem import Mlem
    from cosmodrome.games.tictactoe import TicTacToe

    games: list[Game] = [TicTacToe(), HighCard(), Mlem(), Cosmic(), Crafting()]
    return {g.name: g for g in games}
