"""Five more hosted flares' effects (provisional, content/flares.json): Oracle, Laser,
Empathe, Vulch, en sauvage and en parasite, one test each, named after the effect."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow, pieces
from tests.games.cosmic.cosmic_helpers import (
    GAME,
    card_of,
    cards_down,
    duel,
    mv,
    pass_until,
    pb,
    play,
)
from tests.games.cosmic.test_cosmic_flares import (
    flare_events,
    flare_move,
    flare_moves,
    hold_flare,
)

A4, A6, A10, A20 = (card_of("attack", v) for v in (4, 6, 10, 20))
C1 = card_of("compromise")
ZAP, PLAGUE = card_of("edict", edict="zap"), card_of("edict", edict="peste")
OFF, DEF, THIRD = 0, 1, 2


def _deciders(st: pb.State) -> list[int]:
    return [d.seat for d in GAME.decisions(st) if d.kind == "encounter_card"]


# ====================================================================== Oracle

def test_flaire_oracle_sauvage_the_oracle_sees_its_opponents_whole_hand() -> None:
    st = duel(["oracle", "none", "none"], [A4, A10], [A20, A6, C1], flares=True)
    hold_flare(st, OFF, "oracle")
    play(st, OFF, flare_move("oracle", DEF))
    (k,) = GAME.view(st, OFF).knowledge
    assert (k.target, sorted(k.cards)) == (DEF, sorted([A20, A6, C1]))
    assert not GAME.view(st, THIRD).knowledge


def test_flaire_oracle_parasite_the_opponent_plays_and_turns_his_card_first() -> None:
    st = duel(["none"] * 3, [A4, A10], [A20, A6], flares=True)
    hold_flare(st, OFF, "oracle")
    (fp,) = flare_events(play(st, OFF, flare_move("oracle", DEF)))
    assert not fp.sauvage
    pass_until(st, pb.STEP_CARDS)
    assert _deciders(st) == [DEF]
    play(st, DEF, mv(card=pb.CardChoice(card=A20)))
    assert GAME.view(st, OFF).enc.card_def.card == A20  # turned face up for him to see
    assert _deciders(st) == [OFF]


# ====================================================================== Laser

def test_flaire_laser_sauvage_the_laser_picks_first_and_sees_the_card() -> None:
    st = duel(["laser", "none", "none"], [A4, A10], [A20, A6, C1], flares=True)
    hold_flare(st, OFF, "laser")
    play(st, OFF, flare_move("laser", DEF))
    play(st, OFF, mv(pick=pb.Pick(index=0)))  # before his own card
    picked = st.enc.card_def
    assert picked in (A20, A6, C1) and picked not in st.seats[DEF].hand
    assert [list(k.cards) for k in GAME.view(st, OFF).knowledge] == [[picked]]
    pass_until(st, pb.STEP_CARDS)
    assert _deciders(st) == [OFF]
    play(st, OFF, mv(card=pb.CardChoice(card=A10)))
    assert st.enc.card_def == picked  # no second pick
    assert "laser_pick" not in {d.kind for d in GAME.decisions(st)}


def test_flaire_laser_parasite_pick_the_opponents_card_at_random() -> None:
    st = duel(["none"] * 3, [A4, A10], [A20, A6, C1], flares=True)
    hold_flare(st, OFF, "laser")
    (fp,) = flare_events(play(st, OFF, flare_move("laser", DEF)))
    assert not fp.sauvage
    pass_until(st, pb.STEP_CARDS)
    assert _deciders(st) == [OFF]  # the defence does not choose
    play(st, OFF, mv(card=pb.CardChoice(card=A10)))
    play(st, OFF, mv(pick=pb.Pick(index=1)))
    assert st.enc.card_def in (A20, A6, C1) and not GAME.view(st, OFF).knowledge


def test_laser_not_offered_once_his_oracle_flare_makes_the_opponent_play_first() -> None:
    """Oracle flare (parasite): "a main player's opponent plays and turns his card first";
    the Laser then has no card of his opponent's left to choose (the two would wait for
    each other at the card step)."""
    st = duel(["laser", "none", "none"], [A4, A10], [A20, A6, C1], flares=True)
    hold_flare(st, OFF, "oracle")
    laser = pb.Move(power=pb.UsePower(power=pieces.POWER_ID["laser"], target=DEF))
    assert laser in flare_moves_and_powers(st, OFF)
    play(st, OFF, flare_move("oracle", DEF))
    assert laser not in flare_moves_and_powers(st, OFF)
    pass_until(st, pb.STEP_CARDS)
    assert _deciders(st) == [DEF]
    play(st, DEF, mv(card=pb.CardChoice(card=A20)))
    assert _deciders(st) == [OFF]


def flare_moves_and_powers(st: pb.State, seat: int) -> list[pb.Move]:
    """What `seat` may play in the window once it reaches him (others pass first)."""
    flare_moves(st, seat)
    return [o for d in GAME.decisions(st) if d.seat == seat for o in d.options]


# ====================================================================== Empathe

def _to_post_reveal(powers: list[str], flare_seat: int) -> pb.State:
    """The offence plays a compromise against an attack 20; at the post-reveal window."""
    st = duel(powers, [C1, A4], [A20, A6], flares=True)
    hold_flare(st, flare_seat, "empathe")
    cards_down(st, C1, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    return st


def test_flaire_empathe_sauvage_the_empath_may_choose_not_to_turn_the_card() -> None:
    st = _to_post_reveal(["empathe", "none", "none"], OFF)
    assert flow.counts_compromise(st, DEF)  # its power acts
    play(st, OFF, flare_move("empathe"))
    assert not flow.counts_compromise(st, DEF)
    pass_until(st, pb.STEP_CLEANUP)
    assert B.tok(st, 5, DEF) == 2 + 0 and st.step != pb.STEP_DEAL  # attack 20 wins


def test_flaire_empathe_parasite_the_opponents_card_counts_as_a_compromise() -> None:
    st = _to_post_reveal(["none"] * 3, OFF)
    assert not flow.counts_compromise(st, DEF)
    (fp,) = flare_events(play(st, OFF, flare_move("empathe")))
    assert not fp.sauvage
    assert flow.counts_compromise(st, DEF)
    pass_until(st, pb.STEP_DEAL)
    assert st.step == pb.STEP_DEAL  # two compromises: a deal is due


# ====================================================================== Vulch

def _discarded(st: pb.State, *cards: int) -> None:
    """`cards` on the discard pile, the last on top."""
    for c in cards:
        for place in [st.deck, st.discard, *(se.hand for se in st.seats)]:
            if c in place:
                place.remove(c)
        st.discard.append(c)


def test_flaire_vulch_sauvage_the_vulch_takes_any_edict_of_the_discard() -> None:
    st = duel(["none", "none", "vulch"], [A4, A10], [A20, A6], flares=True, edicts=True)
    hold_flare(st, THIRD, "vulch")
    _discarded(st, ZAP, C1, PLAGUE)
    assert {m.flare.use.card for m in flare_moves(st, THIRD)} == {ZAP, PLAGUE}
    play(st, THIRD, flare_move("vulch", card=ZAP))
    assert ZAP in st.seats[THIRD].hand and ZAP not in st.discard and PLAGUE in st.discard


def test_flaire_vulch_parasite_take_the_edict_just_discarded() -> None:
    st = duel(["none"] * 3, [A4, A10], [A20, A6], flares=True, edicts=True)
    hold_flare(st, THIRD, "vulch")
    _discarded(st, ZAP, PLAGUE)
    assert [m.flare.use.card for m in flare_moves(st, THIRD)] == [PLAGUE]  # the top one
    (fp,) = flare_events(play(st, THIRD, flare_move("vulch", card=PLAGUE)))
    assert not fp.sauvage
    assert PLAGUE in st.seats[THIRD].hand and st.discard[-1] == ZAP
    assert not flare_moves(st, THIRD)  # once per encounter


# ====================================================================== Insecte

def test_flaire_insecte_sauvage_the_insect_copies_any_player_in_the_encounter() -> None:
    st = duel(["insecte", "none", "empathe"], [C1, A4], [A20, A6], flares=True)
    st.enc.cone_off[THIRD] = 1  # the Empath allies with the offence
    hold_flare(st, OFF, "insecte")
    assert not pieces.has(st, OFF, "empathe")
    play(st, OFF, flare_move("insecte", DEF))
    assert pieces.has(st, OFF, "empathe")
    cards_down(st, C1, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.counts_compromise(st, DEF)  # the Empath's power, copied


def test_flaire_insecte_parasite_use_your_opponents_power_as_well() -> None:
    st = duel(["none", "empathe", "none"], [C1, A4], [A20, A6], flares=True)
    hold_flare(st, OFF, "insecte")
    (fp,) = flare_events(play(st, OFF, flare_move("insecte", DEF)))
    assert not fp.sauvage
    assert pieces.has(st, OFF, "empathe") and not pieces.has(st, THIRD, "empathe")
    cards_down(st, C1, A20)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flow.counts_compromise(st, DEF)  # his copied Empath turns the attack 20
