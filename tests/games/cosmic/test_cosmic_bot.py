"""The heuristic bot plays legal moves from its own view and beats random play."""

from __future__ import annotations

from bench.engine_cosmic import bot_win_rate


def test_heuristic_bot_beats_random_players() -> None:
    r = bot_win_rate(games=8, players=4, seed=3)
    assert r["win_rate"] > r["fair_share"]
