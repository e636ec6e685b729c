"""The end-of-round phase, universal objectives, the end of the game and final scoring: one
test per seed sentence (shared/seeds/004), named after the rule."""

from __future__ import annotations

import pytest

from cosmodrome.games.crafting.objectives import count, majority_points
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.games.crafting.crafting_helpers import CONTENT, GAME, LIGHT, OX, fresh, options

EMPTY = -1


def end_round(state: pb.State) -> list:
    """The common end-of-round phase, as the last turn of a round starts it."""
    events: list = []
    GAME._end_round(state, events)
    return events


def test_end_of_round_every_objective_moves_down_one_space():
    state = fresh(2)
    first = state.objective_track[0]
    end_round(state)
    assert state.objective_track[1] == first and state.objective_track[0] not in (EMPTY, first)


def test_end_of_round_a_card_reaching_the_fourth_space_is_scored_then_discarded():
    state = fresh(2)
    first = state.objective_track[0]
    end_round(state)
    end_round(state)
    assert state.objective_track[2] == first and not state.objectives_scored
    events = end_round(state)
    assert list(state.objectives_scored) == [first] and first not in state.objective_track
    assert state.objective_track[3] == EMPTY
    assert any(e.payload.HasField("objective_scored") for e in events)


def test_end_of_round_a_new_objective_is_revealed_on_top_while_the_deck_has_any():
    state = fresh(2)
    for _ in range(5):
        end_round(state)
        assert state.objective_track[0] != EMPTY
    assert not state.objective_deck
    end_round(state)
    assert state.objective_track[0] == EMPTY


def test_end_of_round_hand_limit_each_player_keeps_at_most_ten_energy_cards():
    state = fresh(2)
    seat = 1
    state.seats[seat].hand[:] = [6, 6, 0, 0]
    state.energy_deck[:] = state.energy_deck[:len(state.energy_deck) - 8]  # keep the count
    end_round(state)
    assert state.phase == pb.PHASE_HAND_LIMIT
    decisions = GAME.decisions(state)
    assert [d.seat for d in decisions] == [seat]
    for _ in range(2):
        GAME.apply(state, seat, pb.Move(discard_energy=pb.DiscardEnergy(type=LIGHT)))
    assert list(state.seats[seat].hand) == [4, 6, 0, 0]
    assert state.phase == pb.PHASE_ENERGY_MOVE


def test_end_of_round_markers_back_to_alpha_and_the_first_player_token_passes_left():
    state = fresh(3, seed=5)
    first = state.first_player
    for p in state.seats:
        p.omega = pb.OMEGA_NEBULA
    end_round(state)
    assert all(p.omega == pb.OMEGA_UNSPECIFIED for p in state.seats)
    assert state.first_player == (first + 1) % 3 == state.active and state.round == 2


# ------------------------------------------------------------------------------- objectives

def test_objective_first_place_scores_6_second_place_3():
    assert majority_points([4, 2, 1]) == [6, 3, 0]


def test_objective_tied_first_places_all_score_6_and_nobody_scores_second():
    assert majority_points([4, 4, 2]) == [6, 6, 0]


def test_objective_tied_second_places_all_score_3():
    assert majority_points([5, 2, 2, 1]) == [6, 3, 3, 0]


def test_objective_you_need_at_least_one_of_the_resource_to_score():
    assert majority_points([3, 0, 0]) == [6, 0, 0]
    assert majority_points([0, 0]) == [0, 0]


def test_objective_supernovae_count_as_stars_of_their_own_type_only():
    state = fresh(2)
    player = state.seats[0]
    player.board.stars[5].element = OX
    player.board.stars[5].supernova = True
    assert count(player, CONTENT, "stars_O") == 1
    assert count(player, CONTENT, "stars_H") == 1  # the central H only, not the supernova


def test_objective_scoring_compares_all_players_on_the_cards_criterion():
    state = fresh(2)
    card = state.objective_track[0]
    criterion = CONTENT.objectives[card]
    state.objective_track[:] = [EMPTY, EMPTY, card, EMPTY]
    counts = [count(p, CONTENT, criterion) for p in state.seats]
    events = end_round(state)
    scored = next(e.payload.objective_scored for e in events
                  if e.payload.HasField("objective_scored"))
    assert list(scored.counts) == counts
    assert [p.score for p in state.seats] == majority_points(counts) == list(scored.points)


# --------------------------------------------------------------------------------- game end

def test_game_ends_at_the_end_of_the_round_when_the_crystal_reserve_is_exhausted():
    state = fresh(2)
    state.seats[0].charged += state.crystal_reserve
    state.crystal_reserve = 0
    assert state.phase != pb.PHASE_OVER  # not before the round's end
    events = end_round(state)
    assert state.phase == pb.PHASE_OVER and GAME.result(state) is not None
    assert any(e.payload.HasField("game_ended") for e in events)
    assert GAME.audit(state) == []


def test_game_ends_when_the_last_universal_objective_has_been_scored():
    state = fresh(2)
    rounds = 0
    while state.phase != pb.PHASE_OVER:
        end_round(state)
        rounds += 1
    assert rounds == 8 and len(state.objectives_scored) == 6


def test_final_scoring_each_player_reveals_his_advanced_life_and_adds_it():
    state = fresh(2)
    state.seats[0].score = 10
    value = state.advanced_stack.pop()
    state.seats[0].advanced.add(cell=0, value=value)
    state.seats[0].board.cells[0].advanced_life = True
    state.crystal_reserve, state.seats[1].discharged = 0, state.crystal_reserve
    events = end_round(state)
    assert list(state.final_scores)[0] == 10 + value
    ended = next(e.payload.game_ended for e in events if e.payload.HasField("game_ended"))
    assert [(a.cell, a.value) for a in ended.revealed] == [(0, value)]
    assert list(GAME.view(state, 1).seats[0].advanced_values) == [value]


@pytest.mark.parametrize("scores, hands, winners", [
    ((30, 20), (1, 9), [0]),
    ((25, 25), (3, 5), [1]),   # tie: most energy cards in hand
    ((25, 25), (4, 4), [0, 1]),  # still tied: a shared victory
])
def test_winner_most_points_then_most_energy_cards_then_shared(scores, hands, winners):
    state = fresh(2)
    for p, s, h in zip(state.seats, scores, hands, strict=True):
        p.score = s
        p.hand[:] = [h, 0, 0, 0]
    GAME._finish(state, [])
    assert list(state.winners) == winners
    assert GAME.result(state).winners == tuple(winners)
    assert not options(state, 0) and not GAME.decisions(state)
