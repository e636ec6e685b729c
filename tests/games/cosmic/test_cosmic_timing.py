"""Timing rules: what waits across encounters and turns, edicts "at any time", zaps at the
instant a mandatory power acts, the Vulch's questions."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
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
    options,
    pass_windows,
    pass_windows_events,
    pb,
    place_all,
    play,
    take,
    token_total,
)

A4, A10, A20 = (card_of("attack", v) for v in (4, 10, 20))
C1, C2 = card_of("compromise"), card_of("compromise", skip=1)
ZAP, PLAGUE = card_of("edict", edict="zap"), card_of("edict", edict="peste")
OFF, DEF, THIRD = 0, 1, 2


def test_vulch_question_from_a_new_hand_at_turn_start_survives_the_new_encounter() -> None:
    """The next offence, out of encounter cards, discards its Zap for a new hand as its turn
    starts: the Vulch's question about it must outlive the start of the encounter."""
    st = duel(["none", "none", "vulch"], [A4], [A20, ZAP], edicts=True)
    cards_down(st, A4, A20)  # the defence wins; the offence's turn ends
    take_zap = mv(power=pb.UsePower(power=POWER_ID["vulch"], target=DEF, card=ZAP))
    for _ in range(200):
        if take_zap in options(st, THIRD):
            break
        d = next(d for d in GAME.decisions(st) if d.seat != THIRD or DONE in d.options)
        play(st, d.seat, DONE if DONE in d.options else d.options[-1])
    assert st.enc.offense == DEF and ZAP in st.discard
    play(st, THIRD, take_zap)
    assert ZAP in st.seats[THIRD].hand


def test_zombie_tokens_in_limbo_are_placed_before_the_next_encounter() -> None:
    """Tokens a Zombie lost wait in limbo until it answers; the turn does not move on first."""
    st = duel(["none", "zombie", "none"], [A20, A10], [A4, A10])
    cards_down(st, A20, A4)  # the offence wins: the Zombie defender loses its two tokens
    assert able(st) == [(DEF, "tokens_lost")] and st.seats[DEF].limbo == 2
    assert token_total(st, DEF) == 20
    answer(st, "tokens_lost", yes=True)
    place_all(st)
    assert st.seats[DEF].limbo == 0 and token_total(st, DEF) == 20
    assert st.seats[DEF].black_hole == 0 and st.step == pb.STEP_CLEANUP
    pass_windows(st)
    assert st.step == pb.STEP_NEXT and able(st) == [(OFF, "another")]


def plague_on(victim: int) -> pb.Move:
    return mv(edict=pb.PlayEdict(card=PLAGUE, target=victim))


def suffer_plague(st: pb.State, victim: int) -> None:
    """The victim gives up its three tokens (no power saves them) and its cards (first
    option each time)."""
    while GAME.decisions(st) and GAME.decisions(st)[0].seat == victim \
            and GAME.decisions(st)[0].kind in ("tokens_lost", "take_token", "plague_discard"):
        d = GAME.decisions(st)[0]
        play(st, victim, d.options[-1] if d.kind == "tokens_lost" else d.options[0])


def test_la_peste_may_be_played_during_the_launch() -> None:
    """"La Peste peut être jouée à n'importe quel moment": also between two launched tokens."""
    st = new_game(3, edicts=True)
    give(st, OFF, [A10, PLAGUE])
    at_aim(st, DEF)
    play(st, OFF, mv(aim=pb.Aim(planet=5, defense=DEF)))
    take(st, OFF, 0, done=False)
    assert able(st) == [(OFF, "take_token")]
    assert plague_on(DEF) in options(st, OFF) and plague_on(THIRD) in options(st, OFF)
    play(st, OFF, plague_on(DEF))
    assert kinds(st) == [(DEF, "tokens_lost")]  # asked of every seat losing tokens
    suffer_plague(st, DEF)
    assert st.seats[DEF].black_hole == 3 and PLAGUE in st.discard
    assert able(st) == [(OFF, "take_token")] and st.enc.cone_off[OFF] == 1  # launch goes on
    assert plague_on(DEF) not in options(st, OFF)  # played once


def test_la_peste_may_be_played_during_the_alliances() -> None:
    st = new_game(3, edicts=True)
    give(st, THIRD, [A10, PLAGUE])
    at_aim(st, DEF)
    play(st, OFF, mv(aim=pb.Aim(planet=5, defense=DEF)))
    take(st, OFF, 0)
    assert plague_on(DEF) not in options(st, OFF)  # the offence holds no Peste
    play(st, OFF, mv(invite=pb.SeatChoice(seat=THIRD)))
    play(st, OFF, DONE)
    play(st, DEF, DONE)
    assert able(st) == [(THIRD, "join")] and plague_on(OFF) in options(st, THIRD)
    play(st, THIRD, plague_on(OFF))
    suffer_plague(st, OFF)
    assert st.seats[OFF].black_hole == 3 and token_total(st, OFF) == 20
    assert able(st) == [(THIRD, "join")]  # asked again, the Peste gone from its options
    assert all(o.WhichOneof("kind") == "join" for o in options(st, THIRD))


def test_la_peste_may_be_played_during_a_deal() -> None:
    st = duel(["none", "none", "none"], [C1, A10, PLAGUE], [C2, A4], edicts=True)
    cards_down(st, C1, C2)
    pass_windows(st)  # the Peste is also offered in the post-reveal window
    place_all(st)  # the launched tokens go home
    assert sorted(able(st)) == [(OFF, "deal"), (DEF, "deal")]
    assert plague_on(DEF) in options(st, OFF) and plague_on(OFF) not in options(st, DEF)
    play(st, OFF, plague_on(DEF))
    suffer_plague(st, DEF)
    assert st.seats[DEF].black_hole == 3 and st.step == pb.STEP_DEAL
    assert sorted(able(st)) == [(OFF, "deal"), (DEF, "deal")]  # the negotiation goes on


def zap_on(target: int) -> pb.Move:
    return mv(edict=pb.PlayEdict(card=ZAP, target=target))


def macron_aims(defence_cards: list[int]) -> pb.State:
    st = new_game(3, ["macron", "none", "none"], edicts=True)
    give(st, OFF, [A10, A4])
    give(st, DEF, defence_cards)
    at_aim(st, DEF)
    play(st, OFF, mv(aim=pb.Aim(planet=5, defense=DEF)))
    return st


def test_zap_cosmique_may_answer_the_macron_at_its_launch() -> None:
    """"au moment où un autre joueur essaie de se servir de son Pouvoir": the Macron's one-token
    limit acts as the launch begins; zapped then, it launches as usual, each token worth one."""
    from cosmodrome.games.cosmic import flow
    st = macron_aims([A20, ZAP])
    assert able(st) == [(DEF, "edict_response")]
    assert list(GAME.view(st, THIRD).seats[OFF].powers) == [POWER_ID["macron"]]  # announced
    play(st, DEF, zap_on(OFF))
    take(st, OFF, 0, 1, 2, 3)
    assert st.enc.cone_off[OFF] == 4
    st.enc.card_off = A10
    assert flow.side_total(st, None, OFF) == 10 + 4  # zapped: four tokens worth one each


def test_macron_launch_limit_stands_when_the_zap_holder_passes() -> None:
    st = macron_aims([A20, ZAP])
    play(st, DEF, DONE)
    play(st, OFF, mv(planet=pb.PlanetChoice(planet=0)))
    assert st.enc.cone_off[OFF] == 1 and (OFF, "take_token") not in able(st)


def test_zap_in_the_post_reveal_window_stops_the_empathe() -> None:
    """The Empathe acts at the reveal; the post-reveal window is that instant: zapped there,
    its compromise stays a compromise against an attack and loses."""
    from cosmodrome.games.cosmic import flow
    st = duel(["empathe", "none", "none"], [C1, A10], [A20, A4, ZAP], edicts=True)
    cards_down(st, C1, A20)
    assert able(st) == [(DEF, "window")] and zap_on(OFF) in options(st, DEF)
    assert flow.counts_compromise(st, DEF)  # the Empathe turned the attack
    events = play(st, DEF, zap_on(OFF))
    events += pass_windows_events(st)  # the others pass: the encounter resolves
    over = [e.payload.encounter_over for e in events
            if e.payload.WhichOneof("kind") == "encounter_over"]
    assert [o.winner for o in over] == [2]  # the defence wins; no deal


def test_vulch_shows_its_edicts_before_drawing_its_new_hand() -> None:
    """"vous gardez vos Édits après les avoir montrés aux autres joueurs (ensuite vous prenez
    sept nouvelles cartes)": the Vulch decides on its edicts first, then draws."""
    from cosmodrome.games.cosmic import flow
    st = new_game(3, ["none", "none", "vulch"], edicts=True)
    give(st, THIRD, [PLAGUE, ZAP])
    flow.new_hand(st, flow.Ctx(st, [], 0), THIRD)
    assert sorted(st.seats[THIRD].hand) == sorted([PLAGUE, ZAP])  # nothing drawn yet
    assert kinds(st) == [(THIRD, "new_hand")]  # asked of every seat about to draw
    events = play(st, THIRD, mv(answer=pb.Answer(yes=True)))
    shown = [e.payload.cards_seen for e in events if e.audience is None
             and e.payload.WhichOneof("kind") == "cards_seen"]
    assert [sorted(c.cards) for c in shown] == [sorted([PLAGUE, ZAP])]
    hand = st.seats[THIRD].hand
    assert PLAGUE in hand and ZAP in hand and len(hand) == 2 + 7


def test_vulch_edict_waits_on_the_discard_pile_through_a_reshuffle() -> None:
    """An edict another seat discards stays on the discard pile until the Vulch answers, even
    when the deck runs out meanwhile and the rest of the pile is reshuffled."""
    from cosmodrome.games.cosmic import flow
    st = new_game(3, ["none", "none", "vulch"], edicts=True)
    give(st, DEF, [PLAGUE])
    st.discard.extend(reversed(st.deck))  # empty deck: the new hand reshuffles the discard
    del st.deck[:]
    flow.new_hand(st, flow.Ctx(st, [], 0), DEF)
    play(st, DEF, mv(answer=pb.Answer(yes=False)))  # no power keeps his Peste
    assert list(st.discard) == [PLAGUE] and len(st.seats[DEF].hand) == 7
    play(st, THIRD, mv(power=pb.UsePower(power=POWER_ID["vulch"], target=DEF, card=PLAGUE)))
    assert PLAGUE in st.seats[THIRD].hand and PLAGUE not in st.discard


def test_simultaneous_uses_go_offence_defence_then_clockwise_from_the_offences_left() -> None:
    """"c'est le Pouvoir du joueur offensif qui s'applique le premier, puis le Pouvoir du
    joueur défensif. Ensuite, les autres joueurs ... dans le sens des aiguilles d'une montre,
    en commençant par le joueur placé à gauche du joueur offensif": five players, seat 2
    (Virus) attacks seat 4 (Esprit); every seat may act in the pre-cards window (La Peste, the
    Esprit, a Zap); they are asked 2, 4, then 3, 0, 1."""
    zap2 = card_of("edict", edict="zap", skip=1)
    wild = card_of("edict", edict="zap_sauvage")
    st = new_game(5, ["none", "none", "virus", "none", "esprit"], first=2, edicts=True)
    hands = {0: [ZAP, A4], 1: [zap2, A4], 2: [PLAGUE, A10], 3: [wild, A4], 4: [A20, C1]}
    for seat, cards in hands.items():
        give(st, seat, cards)
    at_aim(st, 4)
    play(st, 2, mv(aim=pb.Aim(planet=20, defense=4)))
    take(st, 2, 10)
    play(st, 2, DONE)  # the offence invites no one
    play(st, 4, DONE)  # nor does the defence
    assert st.step == pb.STEP_PRE_CARDS
    assert list(st.enc.window_seats) == [2, 4, 3, 0, 1]
    asked = []
    while st.step == pb.STEP_PRE_CARDS:
        (d,) = [d for d in GAME.decisions(st) if d.kind == "window"]
        asked.append(d.seat)
        play(st, d.seat, DONE)
    assert asked == [2, 4, 3, 0, 1]


def _esprit_pre_cards() -> pb.State:
    """Four players: seat 0 (Esprit) attacks planet 5 of seat 1 with one token; seat 3 holds
    a Zap; nobody allies. Returns at the pre-cards window."""
    st = new_game(4, ["esprit", "none", "none", "none"], edicts=True)
    for seat, cards in {0: [A10, A4], 1: [A20, C1], 2: [A4, C2], 3: [ZAP, A4]}.items():
        give(st, seat, cards)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    play(st, 0, DONE)
    play(st, 1, DONE)
    assert st.step == pb.STEP_PRE_CARDS
    return st


def test_each_window_is_put_to_every_seat_in_the_seeds_order() -> None:
    """Who is asked in a window says nothing of hands or powers: every living seat is asked
    in turn (offence, defence, clockwise from the offence's left), and a seat with nothing to
    play may only pass (or set a standing auto-pass)."""
    st = _esprit_pre_cards()
    asked = []
    while st.step == pb.STEP_PRE_CARDS:
        (d,) = GAME.decisions(st)
        assert d.kind == "window"
        asked.append((d.seat, len(d.options)))
        play(st, d.seat, DONE)
    assert [s for s, _ in asked] == [0, 1, 2, 3]
    assert dict(asked)[1] == 2 and dict(asked)[2] == 2  # Done, auto-pass
    assert dict(asked)[0] > 2 and dict(asked)[3] > 2  # the Esprit; a Zap against it


def test_a_power_use_is_put_to_every_other_seat_whether_or_not_it_holds_a_zap() -> None:
    """A power use opens a response window for every other living seat at once (only seat 3
    holds a Zap); the power acts once all have passed."""
    st = _esprit_pre_cards()
    play(st, 0, mv(power=pb.UsePower(power=POWER_ID["esprit"], target=1)))
    ds = GAME.decisions(st)
    assert sorted((d.seat, d.kind) for d in ds) == [(1, "edict_response"), (2, "edict_response"),
                                                     (3, "edict_response")]
    assert {d.seat: len(d.options) for d in ds} == {1: 2, 2: 2, 3: 3}
    for seat in (2, 1):
        play(st, seat, DONE)
    assert not GAME.view(st, 0).knowledge  # seat 3 has not answered yet
    play(st, 3, DONE)
    assert [(k.why, k.power) for k in GAME.view(st, 0).knowledge] == [
        (pb.REASON_POWER, POWER_ID["esprit"])]


def test_a_standing_auto_pass_skips_the_seat_in_windows_and_responses() -> None:
    """A seat may set a standing auto-pass: it passes now and is no longer asked in windows
    and responses (whatever it holds: set by him, it says nothing of his hand); he may clear
    it at his next other decision."""
    st = _esprit_pre_cards()
    play(st, 0, DONE)
    play(st, 1, mv(auto_pass=pb.AutoPass(on=True)))
    assert GAME.view(st, 0).seats[1].auto_pass
    assert kinds(st) == [(2, "window")]
    play(st, 2, DONE)
    play(st, 3, DONE)
    assert st.step == pb.STEP_CARDS
    assert mv(auto_pass=pb.AutoPass(on=False)) in options(st, 1)
    play(st, 1, mv(auto_pass=pb.AutoPass(on=False)))
    assert not st.seats[1].auto_pass and any(d.seat == 1 for d in GAME.decisions(st))


def _turn_start_without_encounter_cards() -> pb.State:
    from cosmodrome.games.cosmic import flow
    st = new_game(3, edicts=True)
    give(st, 1, [])
    ctx = flow.Ctx(st, [], 0)
    flow._start_turn(st, ctx, 1)
    flow.settle(st, ctx)
    st.rng = ctx.rng.state
    return st


def test_offence_new_hand_always_waits_for_the_start_window() -> None:
    """An offence out of encounter cards draws after the start window whether or not it
    holds La Peste or a Moebius edict, so the moment tells the table nothing."""
    st = _turn_start_without_encounter_cards()
    assert st.step == pb.STEP_START_WINDOW and len(st.seats[1].hand) == 0
    while st.step == pb.STEP_START_WINDOW:
        d = GAME.decisions(st)[0]
        play(st, d.seat, DONE if d.kind == "window" else mv(answer=pb.Answer(yes=False)))
    assert st.step == pb.STEP_AIM and len(st.seats[1].hand) == 7


def test_defender_new_hand_always_waits_for_the_cards() -> None:
    """A defender out of encounter cards draws when the cards are due, whatever edicts he
    holds ("à n'importe quel moment d'un duel ... avant ... retournées")."""
    st = new_game(3, edicts=True)
    give(st, 0, [A10, A4])
    give(st, 1, [])
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    play(st, 0, DONE)
    play(st, 1, DONE)
    assert st.step == pb.STEP_PRE_CARDS and len(st.seats[1].hand) == 0
    while st.step == pb.STEP_PRE_CARDS:
        (d,) = GAME.decisions(st)
        play(st, d.seat, DONE)
    assert st.step == pb.STEP_CARDS and kinds(st) == [(1, "new_hand")]
    play(st, 1, mv(answer=pb.Answer(yes=False)))
    assert len(st.seats[1].hand) == 7


def _min_window_game(now: int) -> pb.State:
    options = pb.Options(powers=["none"] * 4, first_player=0, no_edicts=True,
                         min_window_ms=3000)
    st = GAME.setup(options, 4, 1, now_ms=now)
    assert st.step == pb.STEP_START_WINDOW
    return st


def test_a_window_everyone_passed_stays_open_until_its_minimum_time() -> None:
    """`min_window_ms`: a window closes when every seat has answered and not before its
    deadline, written when it opened; then the deadline move closes it."""
    st = _min_window_game(now=1000)
    for seat in (0, 1, 2, 3):
        (d,) = GAME.decisions(st)
        assert (d.seat, d.kind, d.deadline_ms) == (seat, "window", 4000)
        GAME.apply(st, seat, DONE, now_ms=1500)
    assert st.step == pb.STEP_START_WINDOW
    waiting = GAME.decisions(st)
    assert [(d.seat, d.kind, d.deadline_ms) for d in waiting] == [
        (s, "window_wait", 4000) for s in (0, 1, 2, 3)]
    assert all(DONE not in d.options for d in waiting)  # passed already: only act, or wait
    assert GAME.view(st, None).enc.window_deadline_ms == 4000
    assert GAME.timeout(st, 3999) == [] and st.step == pb.STEP_START_WINDOW
    events = GAME.timeout(st, 4000)
    assert [e.payload.WhichOneof("kind") for e in events][:1] == ["window_closed"]
    assert st.step == pb.STEP_AIM and not st.enc.window_deadline_ms


def test_a_window_answered_after_its_minimum_time_closes_at_the_last_answer() -> None:
    st = _min_window_game(now=1000)
    for seat in (0, 1, 2, 3):
        GAME.apply(st, seat, DONE, now_ms=5000)
    assert st.step == pb.STEP_AIM


def test_a_window_stays_open_while_a_seat_still_owes_past_its_minimum_time() -> None:
    """The minimum does not cut a seat short: the window still waits for every answer."""
    st = _min_window_game(now=0)
    GAME.apply(st, 0, DONE, now_ms=100)
    assert GAME.timeout(st, 10_000) == []
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(1, "window")]


def test_min_window_ms_must_not_be_negative() -> None:
    import pytest

    from cosmodrome.core.engine import BadOptions
    with pytest.raises(BadOptions, match="min_window_ms"):
        GAME.setup(pb.Options(min_window_ms=-1), 4, 1)
