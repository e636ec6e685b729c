"""The hosted flares' effects (provisional, content/flares.json), en sauvage and en parasite,
one test each, named after the effect."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    card_of,
    cards_down,
    duel,
    mv,
    notes,
    pass_until,
    pb,
    play,
    use_power,
)
from tests.games.cosmic.test_cosmic_flares import (
    flare_events,
    flare_move,
    flare_moves,
    hold_flare,
)

A4, A5, A6 = card_of("attack", 4), card_of("attack", 5), card_of("attack", 6)
A10, A12, A20 = card_of("attack", 10), card_of("attack", 12), card_of("attack", 20)
C1 = card_of("compromise")
OFF, DEF, THIRD, FOURTH = 0, 1, 2, 3
EXT2 = card_of("extension", 2, cosmic=True)
X6, X8, X12, X13 = (card_of("attack", v, cosmic=True) for v in (6, 8, 12, 13))


def _cosmic_duel(powers: list[str], off_extension: bool) -> pb.State:
    """Seed 000: one main player lays extension 2 with two attack cards, the other one card;
    played to the cleanup window."""
    laid = [EXT2, X6, X8]
    st = duel(powers, laid if off_extension else [X12], [X13] if off_extension else laid,
              ruleset=pb.RULESET_COSMIC)
    pass_until(st, pb.STEP_CARDS)
    seat, other = (OFF, DEF) if off_extension else (DEF, OFF)
    for c in laid:
        play(st, seat, mv(card=pb.CardChoice(card=c)))
    play(st, seat, DONE)
    play(st, other, mv(card=pb.CardChoice(card=X13 if off_extension else X12)))
    pass_until(st, pb.STEP_CLEANUP)
    return st


# ====================================================================== Clone

def test_flaire_clone_sauvage_the_clone_takes_back_every_card_it_played() -> None:
    st = _cosmic_duel(["clone", "none", "none"], off_extension=True)
    hold_flare(st, OFF, "clone")
    play(st, OFF, flare_move("clone", card=X6))
    assert {EXT2, X6, X8} <= set(st.seats[OFF].hand)
    assert not {EXT2, X6, X8} & set(st.discard)


def test_flaire_clone_parasite_a_main_player_takes_his_card_back() -> None:
    st = duel(["none"] * 3, [A20, A4], [A5, A6], flares=True)
    hold_flare(st, OFF, "clone")
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_CLEANUP)
    (fp,) = flare_events(play(st, OFF, flare_move("clone", card=A20)))
    assert not fp.sauvage
    assert A20 in st.seats[OFF].hand and A20 not in st.discard


# ====================================================================== Voleur

def test_flaire_voleur_sauvage_the_filch_takes_every_card_its_opponent_played() -> None:
    st = _cosmic_duel(["voleur", "none", "none"], off_extension=False)
    hold_flare(st, OFF, "voleur")
    play(st, OFF, flare_move("voleur", DEF, card=X6))
    assert {EXT2, X6, X8} <= set(st.seats[OFF].hand)


def test_flaire_voleur_parasite_a_main_player_takes_his_opponents_card() -> None:
    st = duel(["none"] * 3, [A20, A4], [A5, A6], flares=True)
    hold_flare(st, DEF, "voleur")
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_CLEANUP)
    play(st, DEF, flare_move("voleur", OFF, card=A20))
    assert A20 in st.seats[DEF].hand and A20 not in st.discard


# ====================================================================== Échangeur

def test_flaire_echangeur_sauvage_the_trader_swaps_hands_with_any_player() -> None:
    st = duel(["none", "none", "echangeur", "none"], [A10, A4], [A20, A5], flares=True)
    card = hold_flare(st, THIRD, "echangeur")
    mine, fourth = list(st.seats[THIRD].hand), list(st.seats[FOURTH].hand)
    play(st, THIRD, flare_move("echangeur", FOURTH))
    assert sorted(st.seats[THIRD].hand) == sorted(fourth)
    assert sorted(st.seats[FOURTH].hand) == sorted(mine) and card in st.seats[FOURTH].hand


def test_flaire_echangeur_parasite_a_main_player_swaps_hands_with_his_opponent() -> None:
    st = duel(["none"] * 3, [A10, A4], [A20, A5, C1], flares=True)
    card = hold_flare(st, OFF, "echangeur")
    play(st, OFF, flare_move("echangeur", DEF))
    assert sorted(st.seats[OFF].hand) == sorted([A20, A5, C1])
    assert sorted(st.seats[DEF].hand) == sorted([A10, A4, card])


# ====================================================================== Esprit

def test_flaire_esprit_sauvage_the_mind_looks_at_any_players_hand() -> None:
    st = duel(["none", "none", "esprit", "none"], [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "esprit")
    play(st, THIRD, flare_move("esprit", FOURTH))
    (k,) = GAME.view(st, THIRD).knowledge
    assert (k.target, sorted(k.cards)) == (FOURTH, sorted(st.seats[FOURTH].hand))


def test_flaire_esprit_parasite_look_at_the_hand_of_a_main_player() -> None:
    st = duel(["none"] * 3, [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "esprit")
    play(st, THIRD, flare_move("esprit", DEF))
    (k,) = GAME.view(st, THIRD).knowledge
    assert (k.target, sorted(k.cards)) == (DEF, sorted([A20, A5]))
    assert not GAME.view(st, OFF).knowledge


# ====================================================================== Sorcier

def test_flaire_sorcier_sauvage_the_sorcerer_looks_at_the_face_down_card_first() -> None:
    st = duel(["sorcier", "none", "none"], [A4, A10], [A20, A6], flares=True)
    hold_flare(st, OFF, "sorcier")
    cards_down(st, A4, A20)
    play(st, OFF, flare_move("sorcier"))
    assert [list(k.cards) for k in GAME.view(st, OFF).knowledge if k.target == DEF] == [[A20]]
    assert not GAME.view(st, THIRD).knowledge
    use_power(st, OFF, "sorcier")  # then it may still swap with its power
    assert st.enc.swapped


def test_flaire_sorcier_parasite_a_main_player_swaps_the_face_down_cards() -> None:
    st = duel(["none"] * 3, [A4, A10], [A20, A6], flares=True)
    hold_flare(st, OFF, "sorcier")
    cards_down(st, A4, A20)
    play(st, OFF, flare_move("sorcier"))
    assert st.enc.swapped
    pass_until(st, pb.STEP_CLEANUP)
    assert B.tok(st, 5, OFF) == 2  # 20 + 2 against 4 + 2


# ====================================================================== Chercheur

def test_flaire_chercheur_sauvage_the_seeker_asks_a_second_question() -> None:
    st = duel(["chercheur", "none", "none"], [A10, A4], [C1, A6], flares=True)
    hold_flare(st, OFF, "chercheur")
    events = use_power(st, OFF, "chercheur", DEF, question=pb.QUESTION_HOLDS_COMPROMISE)
    events += play(st, OFF, flare_move("chercheur", DEF, question=pb.QUESTION_HOLDS_EDICT))
    answered = [(n.question, n.yes) for n in notes(events, pb.NOTE_KIND_QUESTION_ANSWERED)]
    assert answered == [(pb.QUESTION_HOLDS_COMPROMISE, True), (pb.QUESTION_HOLDS_EDICT, False)]


def test_flaire_chercheur_parasite_ask_a_main_player_one_of_the_seekers_questions() -> None:
    st = duel(["none"] * 3, [A10, A4], [C1, A6], flares=True)
    hold_flare(st, OFF, "chercheur")
    events = play(st, OFF, flare_move("chercheur", DEF, question=pb.QUESTION_HOLDS_ATTACK_20))
    answered = [(n.seat, n.yes) for n in notes(events, pb.NOTE_KIND_QUESTION_ANSWERED)]
    assert answered == [(DEF, False)]


# ====================================================================== Philanthrope

def test_flaire_philanthrope_sauvage_give_a_card_to_any_player_and_draw_one() -> None:
    st = duel(["none", "none", "philanthrope", "none"], [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "philanthrope")
    gift = next(c for c in st.seats[THIRD].hand if not flares.is_flare(c))
    size = len(st.seats[THIRD].hand)
    play(st, THIRD, flare_move("philanthrope", FOURTH, card=gift))
    assert gift in st.seats[FOURTH].hand and gift not in st.seats[THIRD].hand
    assert len(st.seats[THIRD].hand) == size  # one drawn in return


def test_flaire_philanthrope_parasite_give_a_card_to_a_main_player() -> None:
    st = duel(["none"] * 3, [A10, A4], [A20, A5], flares=True)
    hold_flare(st, OFF, "philanthrope")
    play(st, OFF, flare_move("philanthrope", DEF, card=A4))
    assert A4 in st.seats[DEF].hand and len(st.seats[OFF].hand) == 2


# ====================================================================== Mutant

def _fill(st: pb.State, seat: int) -> None:
    while any(d.kind == "mutant_draw" for d in GAME.decisions(st)):
        play(st, seat, mv(draw=pb.DrawFrom()))


def test_flaire_mutant_sauvage_the_mutant_fills_its_hand_even_out_of_the_encounter() -> None:
    st = duel(["none", "none", "mutant"], [A10, A4], [A20, A5], flares=True)
    st.deck.extend(st.seats[THIRD].hand[1:])
    del st.seats[THIRD].hand[1:]
    hold_flare(st, THIRD, "mutant")
    play(st, THIRD, flare_move("mutant"))
    _fill(st, THIRD)
    assert len(st.seats[THIRD].hand) == B.HAND_SIZE


def test_flaire_mutant_parasite_a_main_player_fills_his_hand_to_seven() -> None:
    st = duel(["none"] * 3, [A10, A4], [A20, A5], flares=True)
    hold_flare(st, OFF, "mutant")
    play(st, OFF, flare_move("mutant"))
    _fill(st, OFF)
    assert len(st.seats[OFF].hand) == B.HAND_SIZE


# ====================================================================== Amibe

def test_flaire_amibe_sauvage_the_amoeba_adds_or_withdraws_a_second_time() -> None:
    st = duel(["amibe", "none", "none"], [A10, A4], [A12, A6], flares=True)
    hold_flare(st, OFF, "amibe")
    cards_down(st, A10, A12)
    use_power(st, OFF, "amibe")
    play(st, OFF, mv(planet=pb.PlanetChoice(planet=3)))
    play(st, OFF, DONE)
    play(st, OFF, flare_move("amibe"))
    play(st, OFF, mv(planet=pb.PlanetChoice(planet=3)))
    play(st, OFF, DONE)
    assert st.enc.cone_off[OFF] == 4


def test_flaire_amibe_parasite_a_main_player_adds_or_withdraws_tokens() -> None:
    st = duel(["none"] * 3, [A10, A4], [A12, A6], flares=True)
    hold_flare(st, OFF, "amibe")
    cards_down(st, A10, A12)
    play(st, OFF, flare_move("amibe"))
    play(st, OFF, mv(planet=pb.PlanetChoice(planet=3)))
    play(st, OFF, DONE)
    assert st.enc.cone_off[OFF] == 3


# ====================================================================== Chronos

def test_flaire_chronos_sauvage_chronos_turns_back_time_a_second_time() -> None:
    st = duel(["chronos", "none", "none"], [A4, A5, A20], [A12, A6, A10], flares=True)
    hold_flare(st, OFF, "chronos")
    cards_down(st, A4, A12)
    pass_until(st, pb.STEP_POST_REVEAL)
    assert flare_moves(st, OFF) == []  # its power turns back time first
    use_power(st, OFF, "chronos")
    play(st, OFF, mv(card=pb.CardChoice(card=A5)))
    play(st, DEF, mv(card=pb.CardChoice(card=A6)))
    play(st, OFF, flare_move("chronos"))
    assert A12 in st.seats[DEF].hand and st.enc.set_aside == A6  # the first one went back
    assert A5 in st.seats[OFF].hand and st.step == pb.STEP_CARDS
    assert GAME.audit(st) == []


def test_flaire_chronos_parasite_a_main_player_turns_back_time() -> None:
    st = duel(["none"] * 3, [A4, A20], [A12, A6], flares=True)
    hold_flare(st, DEF, "chronos")
    cards_down(st, A4, A12)
    play(st, DEF, flare_move("chronos"))
    assert A12 in st.seats[DEF].hand and st.enc.set_aside == A4
    assert st.step == pb.STEP_CARDS and not st.enc.revealed
