"""Flares Vide and Zombie (provisional, content/flares.json; simplified, FL8), en sauvage
and en parasite, one test each, named after the effect."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from tests.games.cosmic.cosmic_helpers import (
    GAME,
    card_of,
    cards_down,
    duel,
    give,
    mv,
    new_game,
    options,
    pass_until,
    play,
    take,
    third_joins_the_offence,
)
from tests.games.cosmic.test_cosmic_flares import flare_events, flare_move, flare_moves, hold_flare

A4, A5, A6 = card_of("attack", 4), card_of("attack", 5), card_of("attack", 6)
A10, A20 = card_of("attack", 10), card_of("attack", 20)
OFF, DEF, THIRD = 0, 1, 2


def _black_holes(st: pb.State, n: int) -> None:
    """Every seat sends `n` tokens of his largest base to the black hole."""
    for seat, se in enumerate(st.seats):
        base = max(B.bases(st, seat), key=lambda p: B.tok(st, p, seat))
        B.add_tok(st, base, seat, -n)
        se.black_hole += n


# ====================================================================== Vide

def test_flaire_vide_sauvage_a_black_hole_token_of_each_opponent_leaves_the_game() -> None:
    st = duel(["vide", "none", "none"], [A20, A4], [A5, A6], flares=True)
    _black_holes(st, 2)
    hold_flare(st, OFF, "vide")
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_POST_REVEAL)
    (fp,) = flare_events(play(st, OFF, flare_move("vide")))
    assert fp.sauvage
    assert (st.seats[DEF].black_hole, st.seats[DEF].removed) == (1, 1)
    assert (st.seats[OFF].black_hole, st.seats[THIRD].black_hole) == (2, 2)
    assert GAME.audit(st) == []


def test_flaire_vide_parasite_a_main_player_sends_an_opponents_token_out_of_the_game() -> None:
    st = duel(["none"] * 3, [A20, A4], [A5, A6], flares=True)
    hold_flare(st, DEF, "vide")
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flare_moves(st, DEF) == []  # nothing in the black hole: nothing to remove
    _black_holes(st, 2)
    (fp,) = flare_events(play(st, DEF, flare_move("vide")))
    assert not fp.sauvage
    assert (st.seats[OFF].black_hole, st.seats[OFF].removed) == (1, 1)
    assert (st.seats[DEF].black_hole, st.seats[THIRD].black_hole) == (2, 2)
    assert GAME.audit(st) == []


# ====================================================================== Zombie

def _after_reveal(powers: list[str], holder: int) -> pb.State:
    st = duel(powers, [A20, A4], [A5, A6], flares=True)
    hold_flare(st, holder, "zombie")
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_POST_REVEAL)
    _black_holes(st, 2)
    return st


def test_flaire_zombie_sauvage_the_zombie_and_its_allies_take_a_token_back() -> None:
    st = new_game(3, ["zombie", "none", "none"], flares=True)
    give(st, OFF, [A20, A4])
    give(st, DEF, [A5, A6])
    hold_flare(st, OFF, "zombie")
    third_joins_the_offence(st)
    take(st, THIRD, 10)
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_POST_REVEAL)
    _black_holes(st, 2)
    (fp,) = flare_events(play(st, OFF, flare_move("zombie")))
    assert fp.sauvage
    assert [se.black_hole for se in st.seats] == [1, 2, 1]
    assert sorted((t.seat, t.place.count) for t in st.tasks if t.HasField("place")) == [
        (OFF, 1), (THIRD, 1)]
    assert GAME.audit(st) == []


def test_flaire_zombie_parasite_take_one_of_your_tokens_back_from_the_black_hole() -> None:
    st = _after_reveal(["none"] * 3, OFF)
    (fp,) = flare_events(play(st, OFF, flare_move("zombie")))
    assert not fp.sauvage
    assert [se.black_hole for se in st.seats] == [1, 2, 2]
    assert [(t.seat, t.place.count) for t in st.tasks if t.HasField("place")] == [(OFF, 1)]
    assert GAME.audit(st) == []


# ====================================================================== Virus

def test_flaire_virus_sauvage_the_virus_adds_its_attack_value_instead_of_multiplying() -> None:
    st = duel(["virus", "none", "none"], [A4, A5], [A20, A6], flares=True)
    hold_flare(st, OFF, "virus")
    cards_down(st, A4, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.side_total(st, None, OFF) == 4 * 2  # its power multiplies
    (fp,) = flare_events(play(st, OFF, flare_move("virus")))
    assert fp.sauvage
    assert flow.side_total(st, None, OFF) == 4 + 2


def test_flaire_virus_parasite_a_main_players_tokens_are_multiplied_by_his_attack() -> None:
    st = duel(["none"] * 3, [A10, A5], [A20, A6], flares=True)
    hold_flare(st, OFF, "virus")
    cards_down(st, A10, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.side_total(st, None, OFF) == 10 + 2
    (fp,) = flare_events(play(st, OFF, flare_move("virus")))
    assert not fp.sauvage
    assert flow.side_total(st, None, OFF) == 10 * 2
    assert flow.side_total(st, None, DEF) == 20 + 2  # his opponent's is as before
    pass_until(st, pb.STEP_CLEANUP)
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS  # 20 < 22


# ====================================================================== Macron

def test_flaire_macron_sauvage_the_macrons_tokens_count_eight() -> None:
    st = duel(["macron", "none", "none"], [A10, A5], [A20, A6], off_from=(0,), flares=True)
    hold_flare(st, OFF, "macron")
    (fp,) = flare_events(play(st, OFF, flare_move("macron")))
    assert fp.sauvage
    cards_down(st, A10, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.side_total(st, None, OFF) == 10 + 8


def test_flaire_macron_parasite_each_of_your_tokens_counts_two() -> None:
    st = duel(["none"] * 3, [A10, A5], [A20, A6], flares=True)
    hold_flare(st, DEF, "macron")
    (fp,) = flare_events(play(st, DEF, flare_move("macron")))
    assert not fp.sauvage
    cards_down(st, A10, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.side_total(st, None, DEF) == 20 + 2 * 2
    assert flow.side_total(st, None, OFF) == 10 + 2  # the other side's tokens count one


# ====================================================================== Machine

def test_flaire_machine_sauvage_out_of_cards_the_machine_draws_a_new_hand_and_goes_on() -> None:
    st = duel(["machine", "none", "none"], [A4], [A20, A6], flares=True)
    hold_flare(st, OFF, "machine")
    cards_down(st, A4, A20)
    pass_until(st, pb.STEP_CLEANUP)
    (fp,) = flare_events(play(st, OFF, flare_move("machine")))
    assert fp.sauvage
    pass_until(st, pb.STEP_NEXT)
    assert st.enc.offense == OFF and B.has_encounter_card(st, OFF)
    assert mv(another=pb.Done()) in options(st, OFF)
    play(st, OFF, mv(another=pb.Done()))
    assert st.enc.number == 2


def test_flaire_machine_parasite_a_second_encounter_after_a_failed_first_one() -> None:
    st = duel(["none"] * 3, [A4, A10], [A20, A6], flares=True)
    hold_flare(st, OFF, "machine")
    cards_down(st, A4, A20)
    pass_until(st, pb.STEP_CLEANUP)
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS
    (fp,) = flare_events(play(st, OFF, flare_move("machine")))
    assert not fp.sauvage
    pass_until(st, pb.STEP_NEXT)
    play(st, OFF, mv(another=pb.Done()))
    assert (st.enc.offense, st.enc.number) == (OFF, 2)
