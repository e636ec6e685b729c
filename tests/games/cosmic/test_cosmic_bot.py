"""The heuristic bot plays legal moves from its own view and beats random play."""

from __future__ import annotations

from bench.engine_cosmic import bot_win_rate


def test_heuristic_bot_beats_random_players() -> None:
    r = bot_win_rate(games=8, players=4, seed=3)
    assert r["win_rate"] > r["fair_share"]


def test_heuristic_bot_uses_a_power_that_saves_tokens_or_keeps_edicts() -> None:
    from cosmodrome.games.cosmic import bot
    from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

    opts = [pb.Move(answer=pb.Answer(yes=False)), pb.Move(answer=pb.Answer(yes=True))]
    b = bot.CosmicBot(seed=1)
    assert b.choose(pb.View(), "tokens_lost", opts).answer.yes
    assert b.choose(pb.View(), "new_hand", opts).answer.yes
    assert not b.choose(pb.View(), "tokens_lost", opts[:1]).answer.yes  # no such power
