"""Whole random games: every piece stays accounted for after every move (`audit`), the game
lasts at most 8 rounds, and the audit itself catches a piece lost or invented."""

from __future__ import annotations

import random

import pytest

from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.games.crafting.crafting_helpers import GAME, fresh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_piece_in_one_place_and_end_within_8_rounds(players):
    for seed in range(3):
        state = fresh(players, seed)
        rnd = random.Random(seed)
        while decisions := GAME.decisions(state):
            d = rnd.choice(decisions)
            GAME.apply(state, d.seat, rnd.choice(d.options))
            assert GAME.audit(state) == [], (seed, state.moves)
        assert state.phase == pb.PHASE_OVER and state.round <= 8
        assert state.crystal_reserve == 0 or len(state.objectives_scored) == 6


def test_audit_catches_a_lost_or_invented_piece():
    for breaking, words in [
        (lambda s: s.seats[0].hand.__setitem__(0, s.seats[0].hand[0] + 1), "energy cards"),
        (lambda s: s.power_decks[2].cards.pop(), "power cards"),
        (lambda s: s.nebula_piles[0].cards.append(s.nebula_piles[1].cards[0]), "nebula tiles"),
        (lambda s: setattr(s, "crystal_reserve", s.crystal_reserve - 1), "time crystals"),
        (lambda s: s.advanced_stack.pop(), "advanced-life"),
        (lambda s: s.objective_deck.append(s.objective_deck[0]), "objectives"),
    ]:
        state = fresh(3, seed=2)
        assert GAME.audit(state) == []
        breaking(state)
        assert any(words in problem for problem in GAME.audit(state)), words
