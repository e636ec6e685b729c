"""Edicts of seeds 001 and 000, each in its timing window."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    B,
    able,
    answer,
    at_aim,
    card_of,
    cards_down,
    duel,
    give,
    kinds,
    mv,
    new_game,
    notes,
    options,
    pass_questions,
    pass_until,
    pass_windows,
    pb,
    place_all,
    play,
    power_move,
    set_tokens,
    take,
    third_joins_the_offence,
    token_total,
)

A4, A6, A10, A12, A20 = (card_of("attack", v) for v in (4, 6, 10, 12, 20))
C1, C2 = card_of("compromise"), card_of("compromise", skip=1)
ZAP, WILD, UNZAP = (card_of("edict", edict=n) for n in ("zap", "zap_sauvage", "unzap"))
RINGS, SPHERES, FIELD = (card_of("edict", edict=n) for n in ("anneaux", "spheres", "champ"))
CONTROL, GAS, PLAGUE = (card_of("edict", edict=n) for n in ("controle", "gaz", "peste"))
OFF, DEF, THIRD = 0, 1, 2


def edict(card: int, target: int = -1, powers: int = pb.POWER_SCOPE_UNSPECIFIED) -> pb.Move:
    """An edict played, naming seat `target` (below 0: no one) and, for a Zap, `powers`."""
    move = actions.edict_move(card, target)
    move.powers = powers
    return mv(edict=move)


def test_zap_cosmique_answers_a_power_use() -> None:
    st = duel(["echangeur", "none", "none"], [A4, A6], [A20, A12, ZAP], edicts=True)
    play(st, OFF, power_move("echangeur", DEF))
    # every other seat is asked at once; the Zap holder may play it
    assert sorted((d.seat, d.kind) for d in GAME.decisions(st)) == [
        (DEF, "edict_response"), (THIRD, "edict_response")]
    assert able(st) == [(DEF, "edict_response")]
    play(st, DEF, edict(ZAP, OFF))
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == [A4, A6]  # no exchange: the power is suspended
    assert ZAP in st.discard


def test_zap_sauvage_also_suspends_a_power() -> None:
    st = duel(["echangeur", "none", "none"], [A4, A6], [A20, A12, WILD], edicts=True)
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(WILD, OFF))
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == [A4, A6]


def test_un_zap_cancels_a_zap() -> None:
    st = duel(["echangeur", "none", "none"], [A4, A6, UNZAP], [A20, A12, ZAP], edicts=True)
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(ZAP, OFF))
    assert able(st) == [(OFF, "edict_response")]
    play(st, OFF, edict(UNZAP, OFF))
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12])  # exchanged after all


def test_passing_the_zap_window_lets_the_power_act() -> None:
    st = duel(["echangeur", "none", "none"], [A4, A6], [A20, A12, ZAP], edicts=True)
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, DONE)
    assert sorted(st.seats[OFF].hand) == [A4, A6]  # the third seat has not answered yet
    play(st, THIRD, DONE)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12, ZAP])


def test_zap_in_the_post_reveal_window_stops_the_virus() -> None:
    st = duel(["virus", "none", "none"], [A6, A4], [A12, A10, ZAP], off_from=(0, 1, 2, 3),
              edicts=True)
    cards_down(st, A6, A12)
    assert able(st) == [(DEF, "window")] and st.step == pb.STEP_POST_REVEAL
    play(st, DEF, edict(ZAP, OFF))
    pass_windows(st)
    assert st.seats[OFF].black_hole == 4  # 6 + 4 = 10 < 12 + 2


def test_moebius_rings_free_every_black_hole_token() -> None:
    st = new_game(4, edicts=True, first=0)
    st.seats[1].black_hole = 2
    B.add_tok(st, 5, 1, -2)
    st.seats[0].black_hole = 1
    B.add_tok(st, 0, 0, -1)
    give(st, 0, [RINGS, A10])
    from cosmodrome.games.cosmic import flow
    flow.start_turn(st, [], 0)
    assert able(st) == [(0, "retrieve")]
    play(st, 0, DONE)
    assert able(st) == [(0, "window")]
    assert edict(RINGS) in options(st, 0)
    play(st, 0, edict(RINGS))
    place_all(st)
    assert st.seats[1].black_hole == 0 and st.seats[0].black_hole == 0
    assert token_total(st, 1) == 20


def test_moebius_spheres_free_only_the_players_tokens() -> None:
    st = new_game(4, edicts=True, first=0)
    st.seats[1].black_hole = 2
    B.add_tok(st, 5, 1, -2)
    st.seats[2].black_hole = 1
    B.add_tok(st, 10, 2, -1)
    give(st, 2, [SPHERES, A10])
    from cosmodrome.games.cosmic import flow
    flow.start_turn(st, [], 0)
    assert able(st) == [(2, "window")]
    play(st, 2, edict(SPHERES))
    place_all(st)
    assert st.seats[2].black_hole == 0 and st.seats[1].black_hole == 2


def _force_field_duel() -> pb.State:
    """Three players: the defence (one token on planet 5) holds an A12 and the Champ de
    Force; the third seat joins the offence with four tokens."""
    st = new_game(3, edicts=True)
    give(st, OFF, [A10, A4])
    give(st, DEF, [A12, FIELD])
    set_tokens(st, 5, DEF, 1)
    third_joins_the_offence(st)
    take(st, THIRD, 10, 10, 10, 10)
    return st


def test_force_field_cancels_alliances_before_the_reveal() -> None:
    st = _force_field_duel()
    assert able(st) == [(DEF, "window")]
    play(st, DEF, edict(FIELD, THIRD))
    place_all(st)
    assert st.enc.cone_off[THIRD] == 0 and token_total(st, THIRD) == 20
    play(st, OFF, mv(card=pb.CardChoice(card=A10)))
    play(st, DEF, mv(card=pb.CardChoice(card=A12)))
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 0  # 10 + 1 < 12 + 1 without the ally


def test_force_field_may_be_played_with_the_cards_down_just_before_the_reveal() -> None:
    """"c'est-à-dire juste avant que les cartes de duel soient retournées": also in the
    pre-reveal window, once both cards are face down."""
    st = _force_field_duel()
    assert st.step == pb.STEP_PRE_CARDS
    pass_questions(st)  # the Champ de Force kept for later
    play(st, OFF, mv(card=pb.CardChoice(card=A10)))
    play(st, DEF, mv(card=pb.CardChoice(card=A12)))
    assert able(st) == [(DEF, "window")]
    assert st.step == pb.STEP_PRE_REVEAL and not st.enc.revealed
    assert edict(FIELD, THIRD) in options(st, DEF)
    play(st, DEF, edict(FIELD, THIRD))
    place_all(st)
    assert st.enc.cone_off[THIRD] == 0
    pass_windows(st)
    # 10 + 1 < 12 + 1 once the ally's four tokens went home: the offence's token is lost
    assert B.tok(st, 5, OFF) == 0 and st.seats[OFF].black_hole == 1
    assert st.seats[THIRD].black_hole == 0 and token_total(st, THIRD) == 20


def test_emotional_control_turns_both_cards_into_compromises() -> None:
    st = duel(["none", "none", "none"], [A10, A4], [A12, A6], edicts=True)
    give(st, THIRD, [CONTROL, A4])
    cards_down(st, A10, A12)
    assert able(st) == [(THIRD, "window")]
    play(st, THIRD, edict(CONTROL))
    pass_windows(st)
    place_all(st)
    assert st.step == pb.STEP_DEAL and st.enc.winner == pb.OUTCOME_DEAL_DUE


def test_stellar_gas_stops_a_consolation() -> None:
    st = duel(["none", "none", "none"], [A10, A4, A6], [C1, A12], edicts=True)
    give(st, THIRD, [GAS, A4])
    cards_down(st, A10, C1)
    assert able(st) == [(THIRD, "edict_response")]
    play(st, THIRD, edict(GAS, DEF))
    pass_windows(st)
    assert sorted(st.seats[DEF].hand) == [A12]


def test_plague_costs_three_tokens_and_one_card_of_each_kind() -> None:
    st = duel(["none", "none", "none"], [A10, A4, PLAGUE], [A12, A6, C1, ZAP, C2],
              edicts=True)
    play(st, OFF, edict(PLAGUE, DEF))
    assert kinds(st) == [(DEF, "tokens_lost")]  # asked of every seat losing tokens
    play(st, DEF, mv(answer=pb.Answer(yes=False)))
    assert able(st) == [(DEF, "take_token")]
    take(st, DEF, 6, 6, 7)
    assert st.seats[DEF].black_hole == 3
    play(st, DEF, mv(card=pb.CardChoice(card=A6)))
    play(st, DEF, mv(card=pb.CardChoice(card=C2)))
    play(st, DEF, mv(card=pb.CardChoice(card=ZAP)))
    assert sorted(st.seats[DEF].hand) == sorted([A12, C1])
    # 000: the victim shows his hand to the player of the plague
    assert [sorted(k.cards) for k in GAME.view(st, OFF).knowledge] == [sorted([A12, C1])]
    assert not GAME.view(st, THIRD).knowledge


def test_plague_victim_loses_only_what_he_has() -> None:
    """He holds one attack card and nothing else: he loses that card; asked for a
    compromise and an edict all the same (so being asked tells nothing), he can only say he
    has none, and loses nothing more."""
    st = duel(["none", "none", "none"], [A10, A4, PLAGUE], [A12, A6], edicts=True)
    play(st, OFF, edict(PLAGUE, DEF))
    play(st, DEF, mv(answer=pb.Answer(yes=False)))
    take(st, DEF, 6, 6, 6)
    assert options(st, DEF) == [mv(card=pb.CardChoice(card=A6)),
                                mv(card=pb.CardChoice(card=A12))]
    play(st, DEF, mv(card=pb.CardChoice(card=A12)))
    assert kinds(st) == [(DEF, "plague_discard")] and options(st, DEF) == [DONE]
    play(st, DEF, DONE)  # no compromise
    assert kinds(st) == [(DEF, "plague_discard")] and options(st, DEF) == [DONE]
    play(st, DEF, DONE)  # no edict
    assert list(st.seats[DEF].hand) == [A6] and st.seats[DEF].black_hole == 3
    assert st.discard[-1] == A12 and A6 not in st.discard


def test_edicts_are_not_offered_to_seats_without_them() -> None:
    st = duel(["none", "none", "none"], [A10, A4], [A12, A6], edicts=True)
    assert able(st) == [(OFF, "encounter_card"), (DEF, "encounter_card")] or \
        sorted(able(st)) == [(OFF, "encounter_card"), (DEF, "encounter_card")]
    pass_until(st, pb.STEP_CARDS)


def test_worked_example_blue_zaps_the_void_and_tokens_only_go_to_the_black_hole() -> None:
    # 001: "si Bleu avait possédé une carte de Zap Cosmique, il aurait pu la jouer et ainsi
    # contrecarrer le Pouvoir de Jaune ... simplement déposés sur le Trou Noir"
    st = new_game(4, ["none", "vide", "none", "none"], edicts=True)
    set_tokens(st, 5, 1, 2)
    give(st, 0, [C1, A4, A6])
    give(st, 1, [A10, A12])
    give(st, 3, [ZAP, A20])
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0, 1, 2)
    play(st, 0, mv(invite=pb.SeatChoice(seat=3)))
    play(st, 0, DONE)
    play(st, 1, DONE)
    play(st, 3, mv(join=pb.Join(side=pb.SIDE_OFFENCE)))
    take(st, 3, 15)
    while able(st) and able(st)[0][1] == "window" and able(st)[0][0] != 3:
        play(st, able(st)[0][0], DONE)
    if able(st) == [(3, "window")]:
        play(st, 3, DONE)  # nothing to zap yet: the Void acts at resolution
    play(st, 0, mv(card=pb.CardChoice(card=C1)))
    play(st, 1, mv(card=pb.CardChoice(card=A10)))
    pass_until(st, pb.STEP_POST_REVEAL)
    assert able(st) == [(3, "window")]
    play(st, 3, edict(ZAP, 1))
    pass_windows(st)
    assert st.seats[0].black_hole == 3 and st.seats[3].black_hole == 1
    assert st.seats[0].removed == 0
    assert len(st.seats[0].hand) == 2 + 1  # consolation: three tokens, Yellow had one card left


def test_vulch_takes_edicts_discarded_for_a_new_hand() -> None:
    st = new_game(3, ["none", "none", "vulch"], edicts=True)
    give(st, 1, [PLAGUE])
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    flow.new_hand(st, ctx, 1)
    play(st, 1, mv(answer=pb.Answer(yes=False)))  # he keeps nothing: no power to
    assert PLAGUE in st.discard  # on the discard pile while the others answer
    take_edict = power_move("vulch", 1, card=PLAGUE)
    assert sorted(kinds(st)) == [(0, "edict_response"), (2, "edict_response")]
    assert take_edict in options(st, 2) and take_edict not in options(st, 0)
    play(st, 2, take_edict)
    assert PLAGUE in st.seats[2].hand


def test_zap_cosmique_with_several_powers_suspends_main_or_secondaries() -> None:
    st = duel(["virus+macron", "none", "none"], [A6, A4], [A12, A10, ZAP],
              off_from=(0,), edicts=True)
    cards_down(st, A6, A12)
    assert able(st) == [(DEF, "window")]
    targets = {(o.edict.target, o.edict.powers) for o in options(st, DEF)
               if o.WhichOneof("kind") == "edict"}
    assert targets == {(OFF, pb.POWER_SCOPE_MAIN), (OFF, pb.POWER_SCOPE_SECONDARY)}
    events = play(st, DEF, edict(ZAP, OFF, pb.POWER_SCOPE_SECONDARY))  # the Macron only
    pass_windows(st)
    # Virus alone: 1 token x 6 = 6 < 12 + 2 (with the Macron it would be 4 x 6 = 24)
    assert st.seats[OFF].black_hole == 1
    assert [n.target for n in notes(events, pb.NOTE_KIND_POWERS_ZAPPED)] == [OFF]


def test_zap_sauvage_suspends_every_other_players_main_power() -> None:
    st = duel(["virus", "laser", "esprit"], [A6, A4], [A12, A10], edicts=True)
    give(st, THIRD, [WILD, A4])
    from cosmodrome.games.cosmic.edicts.zap import MAIN, suspend
    from cosmodrome.games.cosmic.flow import Ctx
    suspend(st, Ctx(st, [], 0), THIRD, [s for s in range(st.players) if s != THIRD], MAIN)
    assert sorted(z.seat for z in st.enc.zapped) == [OFF, DEF]


def test_offence_may_play_its_edicts_before_drawing_a_new_hand() -> None:
    st = new_game(3, edicts=True)
    give(st, 1, [PLAGUE])
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    flow._start_turn(st, ctx, 1)
    flow.settle(st, ctx)
    assert able(st)[0] == (1, "window") and list(st.seats[1].hand) == [PLAGUE]
    play(st, 1, edict(PLAGUE, 2))
    while st.tasks:
        d = GAME.decisions(st)[0]
        play(st, d.seat, d.options[0])
    pass_until(st, pb.STEP_AIM)
    assert len(st.seats[1].hand) == 7 and PLAGUE in st.discard


def test_defender_without_encounter_card_may_play_edicts_before_his_new_hand() -> None:
    st = duel(["none", "none", "none"], [A10, A4], [PLAGUE], edicts=True)
    assert list(st.seats[DEF].hand) == [PLAGUE]  # not yet redrawn
    assert (DEF, "window") in able(st)
    play(st, DEF, edict(PLAGUE, THIRD))
    while st.tasks:
        d = GAME.decisions(st)[0]
        play(st, d.seat, d.options[0])
    pass_until(st, pb.STEP_CARDS)
    pass_questions(st)  # his new hand, now that the cards are due
    assert len(st.seats[DEF].hand) == 7 and (DEF, "encounter_card") in able(st)


def test_defender_without_encounter_card_keeps_un_zap_to_answer_a_zap_before_his_new_hand() -> None:
    """"jouer tous ses Edits ou les jeter" first: Un-Zap has a use in the pre-cards window."""
    st = duel(["none", "echangeur", "none"], [A4, A6, ZAP], [UNZAP], edicts=True)
    assert list(st.seats[DEF].hand) == [UNZAP]  # not yet redrawn
    play(st, OFF, DONE)  # the offence's window; it may still answer a power use
    play(st, DEF, power_move("echangeur", OFF))
    play(st, OFF, edict(ZAP, DEF))
    play(st, DEF, edict(UNZAP, DEF))
    pass_windows(st)
    assert sorted(st.seats[DEF].hand) == [A4, A6]  # exchanged after all
    assert UNZAP in st.discard and ZAP in st.discard


def test_zombie_may_keep_the_tokens_la_peste_takes() -> None:
    """"Chaque fois que vous perdez des pions ... vous pouvez les replacer": La Peste too."""
    st = duel(["none", "zombie", "none"], [A10, A4, PLAGUE], [A6, A12], edicts=True)
    play(st, OFF, edict(PLAGUE, DEF))
    assert (DEF, "tokens_lost") in able(st)
    answer(st, "tokens_lost", yes=True)
    assert st.seats[DEF].black_hole == 0 and token_total(st, DEF) == 20


def test_zombie_may_decline_and_lose_three_tokens_to_la_peste() -> None:
    st = duel(["none", "zombie", "none"], [A10, A4, PLAGUE], [A6, A12], edicts=True)
    play(st, OFF, edict(PLAGUE, DEF))
    answer(st, "tokens_lost", yes=False)
    d = GAME.decisions(st)[0]
    assert (d.seat, d.kind) == (DEF, "take_token")
    while (DEF, "take_token") in able(st):
        play(st, DEF, GAME.decisions(st)[0].options[0])
    assert st.seats[DEF].black_hole == 3 and token_total(st, DEF) == 20


def test_vulch_may_keep_its_own_edicts_at_a_new_hand() -> None:
    """"vous gardez vos Édits après les avoir montrés": the Vulch may, and shows them."""
    st = new_game(3, ["none", "none", "vulch"], edicts=True)
    give(st, 2, [PLAGUE])
    from cosmodrome.games.cosmic import flow
    events: list = []
    ctx = flow.Ctx(st, events, 0)
    flow.new_hand(st, ctx, 2)
    assert PLAGUE in st.seats[2].hand  # held while the Vulch decides
    assert answer(st, "new_hand", yes=True) == 2
    assert PLAGUE in st.seats[2].hand and len(st.seats[2].hand) == 8
    assert list(GAME.view(st, 0).seats[2].powers) == [POWER_ID["vulch"]]


def test_vulch_may_discard_its_own_edicts_at_a_new_hand_and_stay_secret() -> None:
    st = new_game(3, ["none", "none", "vulch"], edicts=True)
    give(st, 2, [PLAGUE])
    from cosmodrome.games.cosmic import flow
    flow.new_hand(st, flow.Ctx(st, [], 0), 2)
    answer(st, "new_hand", yes=False)
    pass_questions(st)
    assert PLAGUE in st.discard and PLAGUE not in st.seats[2].hand
    assert len(st.seats[2].hand) == 7
    assert list(GAME.view(st, 0).seats[2].powers) == []
