"""Timing rules: what waits across encounters and turns, edicts "at any time", zaps at the
instant a mandatory power acts, the Vulch's questions."""

from __future__ import annotations

from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    answer,
    card_of,
    cards_down,
    duel,
    give,
    kinds,
    pb,
    place_all,
    play,
    token_total,
)

A4, A10, A20 = (card_of("attack", v) for v in (4, 10, 20))
ZAP, PLAGUE = card_of("edict", edict="zap"), card_of("edict", edict="peste")
OFF, DEF, THIRD = 0, 1, 2


def test_vulch_question_from_a_new_hand_at_turn_start_survives_the_new_encounter() -> None:
    """The next offence, out of encounter cards, discards its Zap for a new hand as its turn
    starts: the Vulch's question about it must outlive the start of the encounter."""
    st = duel(["none", "none", "vulch"], [A4], [A20, ZAP], edicts=True)
    cards_down(st, A4, A20)  # the defence wins; the offence's turn ends
    while st.step != pb.STEP_START_WINDOW and (THIRD, "vulch") not in kinds(st):
        d = GAME.decisions(st)[0]
        play(st, d.seat, DONE if DONE in d.options else d.options[0])
    assert st.enc.offense == DEF and ZAP in st.discard
    assert answer(st, "vulch", yes=True) == THIRD
    assert ZAP in st.seats[THIRD].hand


def test_zombie_tokens_in_limbo_are_placed_before_the_next_encounter() -> None:
    """Tokens a Zombie lost wait in limbo until it answers; the turn does not move on first."""
    st = duel(["none", "zombie", "none"], [A20, A10], [A4, A10])
    cards_down(st, A20, A4)  # the offence wins: the Zombie defender loses its two tokens
    assert kinds(st) == [(DEF, "zombie")] and st.seats[DEF].limbo == 2
    assert token_total(st, DEF) == 20
    answer(st, "zombie", yes=True)
    place_all(st)
    assert st.seats[DEF].limbo == 0 and token_total(st, DEF) == 20
    assert st.seats[DEF].black_hole == 0
    assert st.step == pb.STEP_NEXT and kinds(st) == [(OFF, "another")]
