"""The heuristic bot beats random bots (the full 200-game figure per table size is in
docs/rules/crafting.md and `make bench`); it plays from its view only."""

from __future__ import annotations

import pytest

from cosmodrome.games.crafting.bot import evaluate


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_beats_random_bots_in_most_games(players):
    # 12 games per size here (fixed seed); the bar is lower than the 80% the full run shows
    assert evaluate(games=12, players=players, seed=players)["win_rate"] >= 0.75
