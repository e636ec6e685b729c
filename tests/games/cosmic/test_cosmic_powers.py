"""The 20 powers of seed 001, each as written, and the power-against-power cases it names."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    FACE_DOWN,
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
    known,
    mv,
    new_game,
    notes,
    options,
    pass_until,
    pass_windows,
    pass_windows_events,
    pb,
    place_all,
    play,
    power_move,
    set_tokens,
    take,
    token_total,
    use_power,
)

A4, A5, A6 = card_of("attack", 4), card_of("attack", 5), card_of("attack", 6)
A8, A10, A12 = card_of("attack", 8), card_of("attack", 10), card_of("attack", 12)
A15, A20 = card_of("attack", 15), card_of("attack", 20)
C1, C2 = card_of("compromise"), card_of("compromise", skip=1)
OFF, DEF, THIRD = 0, 1, 2
HOLDS_COMPROMISE, WILL_PLAY = pb.QUESTION_HOLDS_COMPROMISE, pb.QUESTION_WILL_PLAY_COMPROMISE


def test_power_is_disclosed_at_first_use_only() -> None:
    st = duel(["virus", "none", "none"], [A10, A4], [A5, A6])
    assert list(GAME.view(st, DEF).seats[OFF].powers) == []
    cards_down(st, A10, A5)
    pass_windows(st)
    assert list(GAME.view(st, DEF).seats[OFF].powers) == [POWER_ID["virus"]]


def test_chercheur_gets_a_truthful_answer_about_the_hand() -> None:
    st = duel(["chercheur", "none", "none"], [A10, A4], [C1, A6])
    events = use_power(st, OFF, "chercheur", DEF, question=HOLDS_COMPROMISE)  # holds a compromise?
    answered = notes(events, pb.NOTE_KIND_QUESTION_ANSWERED)
    assert [(n.seat, n.question, n.yes) for n in answered] == [
        (DEF, pb.QUESTION_HOLDS_COMPROMISE, True)]
    assert GAME.view(st, THIRD).seats[OFF].powers == [POWER_ID["chercheur"]]


def test_chercheur_commitment_holds_the_target_to_his_answer() -> None:
    st = duel(["chercheur", "none", "none"], [A10, A4], [C1, A6, A8])
    use_power(st, OFF, "chercheur", DEF, question=WILL_PLAY)  # will you play a compromise?
    assert able(st) == [(DEF, "answer")]
    play(st, DEF, mv(answer=pb.Answer(yes=False)))
    pass_windows(st)
    cards = {o.card.card for o in options(st, DEF)}
    assert cards == {A6, A8}  # held to "no compromise"


def test_machine_goes_on_after_a_lost_encounter() -> None:
    st = duel(["machine", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS and able(st) == [(OFF, "another")]
    play(st, OFF, mv(another=pb.Done()))
    assert st.enc.number == 2


def test_without_machine_a_lost_encounter_ends_the_turn() -> None:
    st = duel(["none", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    # asked all the same (a Machine's holder is, too), he may only end his turn
    assert able(st) == [(OFF, "another")] and options(st, OFF) == [DONE]
    play(st, OFF, DONE)
    assert st.enc.offense == DEF


def test_amibe_adds_tokens_after_cards_are_down() -> None:
    st = duel(["amibe", "none", "none"], [A10, A4], [A12, A6])
    cards_down(st, A10, A12)
    use_power(st, OFF, "amibe")
    for _ in range(3):
        play(st, OFF, mv(planet=pb.PlanetChoice(planet=3)))
    assert st.enc.cone_off[OFF] == 5  # more than four: "autant que vous voulez"
    play(st, OFF, DONE)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 5  # 10 + 5 beats 12 + 2


def test_amibe_withdraws_tokens_from_the_defence() -> None:
    st = duel(["none", "amibe", "none"], [A20, A4], [A4, A6], def_tokens=3)
    cards_down(st, A20, A4)
    use_power(st, DEF, "amibe")
    play(st, DEF, mv(withdraw=pb.PlanetChoice(planet=6)))
    play(st, DEF, mv(withdraw=pb.PlanetChoice(planet=6)))
    play(st, DEF, DONE)
    pass_windows(st)
    assert st.seats[DEF].black_hole == 1 and B.tok(st, 6, DEF) == 4 + 1 + 2


def test_chronos_time_travel_replays_the_encounter() -> None:
    st = duel(["chronos", "none", "none"], [A4, A20], [A12, A6])
    cards_down(st, A4, A12)
    use_power(st, OFF, "chronos")
    assert A4 in st.seats[OFF].hand and st.enc.set_aside == A12
    assert st.step == pb.STEP_CARDS and not st.enc.revealed
    play(st, OFF, mv(card=pb.CardChoice(card=A20)))
    play(st, DEF, mv(card=pb.CardChoice(card=A6)))
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 2  # the second result is final
    assert A12 in st.seats[DEF].hand  # set-aside card returned


def test_clone_keeps_its_played_card() -> None:
    st = duel(["clone", "none", "none"], [A20, A4], [A5, A6])
    cards_down(st, A20, A5)
    pass_until(st, pb.STEP_CLEANUP)
    assert able(st) == [(OFF, "window")]
    use_power(st, OFF, "clone", card=A20)
    assert A20 in st.seats[OFF].hand and A20 not in st.discard


def test_laser_draws_au_hasard_dans_la_main_from_the_whole_hand() -> None:
    """"au hasard dans la main": the Laser picks among all the opponent's cards (five here,
    two of them edicts); an edict drawn goes back and the next card is taken, so the card
    played is always an encounter card."""
    zap, plague = card_of("edict", edict="zap"), card_of("edict", edict="peste")
    for pick in range(5):
        st = duel(["laser", "none", "none"], [A10, A4], [A20, zap, A5, plague, C1],
                  edicts=True)
        use_power(st, OFF, "laser", DEF)
        pass_windows(st)
        play(st, OFF, mv(card=pb.CardChoice(card=A10)))
        assert able(st) == [(OFF, "laser_pick")] and len(options(st, OFF)) == 5
        play(st, OFF, mv(pick=pb.Pick(index=pick)))
        assert st.enc.card_def in (A20, A5, C1)
        assert zap in st.seats[DEF].hand and plague in st.seats[DEF].hand


def test_laser_picks_the_opponents_card_at_random() -> None:
    st = duel(["laser", "none", "none"], [A10, A4], [A20, A5, C1])
    use_power(st, OFF, "laser", DEF)
    pass_windows(st)
    assert able(st) == [(OFF, "encounter_card")]  # the defence does not choose
    play(st, OFF, mv(card=pb.CardChoice(card=A10)))
    # "au hasard dans la main": a position in the whole hand (three cards)
    assert able(st) == [(OFF, "laser_pick")] and len(options(st, OFF)) == 3
    events = play(st, OFF, mv(pick=pb.Pick(index=0))) + pass_windows_events(st)
    revealed = [e.payload.revealed for e in events if e.payload.WhichOneof("kind") == "revealed"]
    assert revealed[0].card_def in (A20, A5, C1) and revealed[0].card_off == A10


def test_macron_launches_one_token_worth_four() -> None:
    """"un seul pion ... qui vaut quatre": 10 + 4 = 14 beats 12 + 1 (worth one, 11 would
    lose)."""
    st = duel(["macron", "none", "none"], [A10, A4], [A12, A6], off_from=(0,), def_tokens=1)
    assert st.enc.cone_off[OFF] == 1  # one token only
    cards_down(st, A10, A12)
    events = pass_windows_events(st)
    totals = [(r.total_off, r.total_def) for r in
              (e.payload.revealed for e in events if e.payload.WhichOneof("kind") == "revealed")
              if r.total_off]
    assert totals == [(14, 13)]
    assert st.enc.winner == pb.OUTCOME_OFFENCE_WINS and B.tok(st, 5, OFF) == 1


def test_macron_one_token_limit_is_for_attacking_or_supporting_an_attack() -> None:
    """"qu'un seul de vos pion pour attaquer dans un duel ou pour soutenir une attaque en tant
    qu'allié": as a defensive ally the Macron sends up to four tokens, each worth four."""
    st = new_game(3, ["none", "none", "macron"])
    give(st, OFF, [A10, A4])
    give(st, DEF, [A12, A6])
    at_aim(st, DEF)
    play(st, OFF, mv(aim=pb.Aim(planet=5, defense=DEF)))
    take(st, OFF, 0)
    play(st, OFF, DONE)
    play(st, DEF, mv(invite=pb.SeatChoice(seat=THIRD)))
    play(st, DEF, DONE)
    play(st, THIRD, mv(join=pb.Join(side=pb.SIDE_DEFENCE)))
    take(st, THIRD, 10, 10, 11)
    assert st.enc.cone_def[THIRD] == 3
    st.enc.card_def = A12
    from cosmodrome.games.cosmic import flow
    assert flow.side_total(st, None, DEF) == 12 + 4 + 3 * 4


def test_virus_multiplies_tokens_by_its_attack_card() -> None:
    st = duel(["virus", "none", "none"], [A6, A4], [A20, A5], off_from=(0, 1, 2, 3))
    cards_down(st, A6, A20)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 4  # 6 x 4 = 24 > 20 + 2


def test_virus_against_macron() -> None:
    # "lorsque le Virus rencontre le Macron": the Macron's tokens count four, the Virus
    # multiplies: Virus 4 tokens x 5 = 20 against Macron 2 tokens x 4 + 12 = 20: defence.
    st = duel(["virus", "macron", "none"], [A5, A4], [A12, A6], off_from=(0, 1, 2, 3))
    cards_down(st, A5, A12)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 0 and st.seats[OFF].black_hole == 4


def test_virus_with_a_macron_ally_multiplies_its_four() -> None:
    from tests.games.cosmic.cosmic_helpers import new_game, third_joins_the_offence
    st = new_game(3, ["virus", "none", "macron"])
    give(st, OFF, [A10, A4])
    give(st, DEF, [A20, A6])
    set_tokens(st, 5, DEF, 4)
    third_joins_the_offence(st)
    assert able(st) == [(THIRD, "take_token")]
    play(st, THIRD, mv(planet=pb.PlanetChoice(planet=10)))  # Macron ally: one token only
    assert st.enc.cone_off[THIRD] == 1
    cards_down(st, A10, A20)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 1 and B.tok(st, 5, THIRD) == 1  # (1 + 4) x 10 = 50 > 24


def test_mutant_fills_its_hand_to_seven() -> None:
    st = duel(["mutant", "none", "none"], [A10, A4], [A12, A6, A5])
    use_power(st, OFF, "mutant")
    play(st, OFF, mv(draw=pb.DrawFrom(seat=DEF)))
    while any(d.kind == "mutant_draw" for d in GAME.decisions(st)):
        play(st, OFF, mv(draw=pb.DrawFrom()))  # from the deck
    assert len(st.seats[OFF].hand) == 7 and len(st.seats[DEF].hand) == 2


def test_philanthrope_gift_is_seen_by_giver_and_receiver_only() -> None:
    st = duel(["philanthrope", "none", "none"], [A4, A10], [A12, A6])
    events = use_power(st, OFF, "philanthrope", DEF, card=A4)
    assert A4 in st.seats[DEF].hand and A4 not in st.seats[OFF].hand
    seen = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"]
    assert seen and all(e.audience == frozenset({OFF, DEF}) for e in seen)
    assert any(A4 in k.cards for k in GAME.view(st, OFF).knowledge)
    assert not GAME.view(st, THIRD).knowledge


def test_sorcier_swaps_the_face_down_cards() -> None:
    st = duel(["sorcier+amibe", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    use_power(st, OFF, "sorcier")
    assert GAME.view(st, OFF).enc.card_def == known(A4)  # still sees the card it put down
    assert GAME.view(st, OFF).enc.card_off == FACE_DOWN
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 2  # 20 + 2 against 4 + 2


def test_void_eliminates_above_fifteen_removed_tokens() -> None:
    st = duel(["none", "vide", "none"], [A4, A10], [A20, A6], off_from=(0, 1))
    st.seats[OFF].removed = 14
    B.add_tok(st, 4, OFF, -14)
    cards_down(st, A4, A20)
    pass_windows(st)
    assert st.seats[OFF].eliminated and token_total(st, OFF) == 20
    assert st.seats[OFF].removed == 20 and not st.seats[OFF].hand
    assert OFF not in st.cup


def test_vulch_may_take_the_edicts_of_a_player_the_void_eliminates() -> None:
    """The eliminated player "dépose ses cartes sur la défausse": discarding an edict, which
    the Vulch "chaque fois qu'un autre joueur ... se défausse d'une telle carte" may take."""
    zap = card_of("edict", edict="zap")
    st = duel(["none", "vide", "vulch"], [A4, A10, zap], [A20, A6], off_from=(0, 1),
              edicts=True)
    give(st, THIRD, [A5, A8])
    st.seats[OFF].removed = 14
    B.add_tok(st, 4, OFF, -14)
    cards_down(st, A4, A20)
    pass_windows(st)
    _until_vulch(st, zap)
    assert st.seats[OFF].eliminated and not st.seats[OFF].hand
    play(st, THIRD, power_move("vulch", OFF, card=zap))
    assert zap in st.seats[THIRD].hand and zap not in st.discard
    assert A10 in st.discard


def test_void_removes_tokens_of_a_failed_deal() -> None:
    st = duel(["vide", "none", "none"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, DEF, mv(deal_abandon=pb.Done()))
    take(st, OFF, 2, 2, 2)
    take(st, DEF, 6, 6, 6)
    assert st.seats[DEF].removed == 3 and st.seats[OFF].black_hole == 3


def test_void_a_failed_deal_past_fifteen_removed_eliminates_mid_loss() -> None:
    """Vide: "plus de 15 pions" removed eliminates, also by the last of the three tokens a
    failed deal costs, taken one at a time (his questions go with him: nothing is left to
    take)."""
    st = duel(["vide", "none", "none"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    st.seats[DEF].removed = 13
    for planet, keep in ((6, 3), (7, 2), (8, 0), (9, 0)):  # 2 on planet 5: 20 in all
        B.add_tok(st, planet, DEF, keep - B.tok(st, planet, DEF))
    assert token_total(st, DEF) == 20
    play(st, DEF, mv(deal_abandon=pb.Done()))
    take(st, OFF, 2, 2, 2)
    take(st, DEF, 6, 6, 6, done=False)  # the third, his sixteenth removed, eliminates him
    assert st.seats[DEF].eliminated and token_total(st, DEF) == 20
    assert st.seats[OFF].black_hole == 3 and st.step != pb.STEP_DEAL


def _until_vulch(st: pb.State, card: int) -> None:
    """Let the others answer until the Vulch may take `card` (every other seat is asked, in a
    response window, each time an edict is discarded)."""
    for _ in range(100):
        if any(d.seat == THIRD and d.kind == "edict_response" and any(
                o.power.card == card for o in d.options if o.WhichOneof("kind") == "power")
               for d in GAME.decisions(st)):
            return
        d = next(d for d in GAME.decisions(st) if d.seat != THIRD)
        play(st, d.seat, d.options[0])
    raise AssertionError("the Vulch was not asked")


def test_vulch_takes_an_edict_another_plays() -> None:
    zap = card_of("edict", edict="peste")
    st = duel(["none", "none", "vulch"], [A4, A10, zap], [A12, A6], edicts=True)
    play(st, OFF, mv(edict=pb.PlayEdict(card=zap, target=DEF)))
    _until_vulch(st, zap)
    assert zap in st.discard  # waits on the discard pile while the Vulch decides
    play(st, THIRD, power_move("vulch", OFF, card=zap))
    assert zap in st.seats[THIRD].hand and zap not in st.discard
    assert list(GAME.view(st, OFF).seats[THIRD].powers) == [POWER_ID["vulch"]]


def test_vulch_may_decline_an_edict_and_stay_secret() -> None:
    """"vous pouvez": the Vulch may leave the edict on the discard pile, undisclosed."""
    zap = card_of("edict", edict="peste")
    st = duel(["none", "none", "vulch"], [A4, A10, zap], [A12, A6], edicts=True)
    play(st, OFF, mv(edict=pb.PlayEdict(card=zap, target=DEF)))
    _until_vulch(st, zap)
    play(st, THIRD, DONE)
    pass_windows(st)
    assert zap in st.discard and zap not in st.seats[THIRD].hand
    assert list(GAME.view(st, OFF).seats[THIRD].powers) == []


def test_zombie_puts_lost_tokens_back_on_its_bases() -> None:
    st = duel(["zombie", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    # the lost tokens wait in limbo (conserved) while the Zombie decides
    assert st.seats[OFF].black_hole == 0 and st.seats[OFF].limbo == 2
    assert token_total(st, OFF) == 20
    assert (OFF, "tokens_lost") in able(st)
    answer(st, "tokens_lost", yes=True)
    place_all(st)
    assert token_total(st, OFF) == 20 and B.tokens_on_bases(st, OFF) == 20
    assert list(GAME.view(st, DEF).seats[OFF].powers) == [POWER_ID["zombie"]]


def test_zombie_may_decline_and_lose_its_tokens_undisclosed() -> None:
    """"vous pouvez": declining, the tokens go to the black hole and the power stays secret."""
    st = duel(["zombie", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    answer(st, "tokens_lost", yes=False)
    assert st.seats[OFF].black_hole == 2 and st.seats[OFF].limbo == 0
    assert token_total(st, OFF) == 20
    assert list(GAME.view(st, DEF).seats[OFF].powers) == []


def _zombie_named_to(events, viewer) -> bool:
    return any("zombie" in str(e.payload).lower() for e in events if e.visible_to(viewer))


def test_zombie_that_declines_is_not_named_in_other_seats_events() -> None:
    """"vous pouvez": a Zombie that declines keeps its power secret, events included (tokens
    lost in an encounter, and the three tokens of a failed deal)."""
    st = duel(["zombie", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    events = play(st, OFF, mv(answer=pb.Answer(yes=False)))
    assert st.seats[OFF].black_hole == 2
    for viewer in (DEF, THIRD, None):
        assert not _zombie_named_to(events, viewer)
    st = duel(["none", "zombie", "none"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, OFF, mv(deal_abandon=pb.Done()))
    take(st, OFF, 2, 2, 2)
    events = play(st, DEF, mv(answer=pb.Answer(yes=False)))
    for viewer in (OFF, THIRD, None):
        assert not _zombie_named_to(events, viewer)
    assert list(GAME.view(st, OFF).seats[DEF].powers) == []


def test_every_seat_that_loses_tokens_is_asked_the_same_question() -> None:
    """Who is asked says nothing of a Zombie: every seat that loses tokens is asked whether a
    power saves them (only a Zombie may say yes); the others see the same decision."""
    from cosmodrome.core.redact import add_decisions
    from cosmodrome.v1 import match_pb2
    shown_to_others = []
    for powers in (["zombie", "none", "none"], ["none", "none", "none"]):
        st = duel(powers, [A4, A10], [A20, A6])
        cards_down(st, A4, A20)
        pass_until(st, pb.STEP_RESOLVE)
        assert kinds(st) == [(OFF, "tokens_lost")]
        yes, no = mv(answer=pb.Answer(yes=True)), mv(answer=pb.Answer(yes=False))
        assert options(st, OFF) == ([yes, no] if powers[0] == "zombie" else [no])
        for viewer in (DEF, THIRD, None):
            assert [t.WhichOneof("kind") for t in GAME.view(st, viewer).tasks] == ["tokens_lost"]
            shown = match_pb2.MatchView()
            add_decisions(GAME, GAME.decisions(st), viewer, shown.decisions)
            shown_to_others.append(shown.SerializeToString())
    assert shown_to_others[:3] == shown_to_others[3:]


def test_void_is_powerless_against_the_zombie() -> None:
    st = duel(["zombie", "vide", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    answer(st, "tokens_lost", yes=True)
    place_all(st)
    assert st.seats[OFF].removed == 0 and B.tokens_on_bases(st, OFF) == 20


def test_zombie_declining_its_power_loses_to_the_void() -> None:
    """The Void is powerless against a Zombie using its power; declined, as when zapped."""
    st = duel(["zombie", "vide", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_windows(st)
    answer(st, "tokens_lost", yes=False)
    assert st.seats[OFF].removed == 2 and st.seats[OFF].black_hole == 0


def test_zapped_zombie_loses_to_the_void() -> None:
    zap = card_of("edict", edict="zap")
    st = duel(["zombie", "vide", "none"], [A4, A10], [A20, A6, zap], edicts=True)
    cards_down(st, A4, A20)
    play(st, DEF, mv(edict=pb.PlayEdict(card=zap, target=OFF)))
    pass_windows(st)
    assert st.seats[OFF].removed == 2
    assert (OFF, "zombie") not in able(st)


def test_echangeur_swaps_hands() -> None:
    st = duel(["echangeur", "none", "none"], [A4, A5], [A20, A12, C1])
    use_power(st, OFF, "echangeur", DEF)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12, C1])
    assert sorted(st.seats[DEF].hand) == sorted([A4, A5])


def test_echangeur_swap_lets_each_know_the_others_new_hand_and_no_one_else() -> None:
    """"L'échange est définitif": each main player now knows the other's whole hand (his own
    former one): a knowledge record and a private CardsSeen for the two of them only."""
    st = duel(["echangeur", "none", "none"], [A4, A5], [A20, A12, C1])
    events = use_power(st, OFF, "echangeur", DEF)
    known = {v: [(k.target, list(k.cards), k.why, k.power) for k in GAME.view(st, v).knowledge]
             for v in (OFF, DEF, THIRD, None)}
    swap = (pb.REASON_POWER, POWER_ID["echangeur"])
    assert known[OFF] == [(DEF, sorted([A4, A5]), *swap)]
    assert known[DEF] == [(OFF, sorted([A20, A12, C1]), *swap)]
    assert known[THIRD] == [] and known[None] == []
    seen = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"]
    assert {(e.payload.cards_seen.seat, tuple(e.payload.cards_seen.cards), e.audience)
            for e in seen} == {(OFF, tuple(sorted([A20, A12, C1])), frozenset({OFF})),
                               (DEF, tuple(sorted([A4, A5])), frozenset({DEF}))}


def test_empathe_compromise_turns_the_opponents_card() -> None:
    st = duel(["empathe", "none", "none"], [C1, A10], [A20, A6])
    cards_down(st, C1, A20)
    pass_windows(st)
    assert st.step == pb.STEP_DEAL or any(d.kind == "place_token" for d in GAME.decisions(st))
    assert st.enc.winner == pb.OUTCOME_DEAL_DUE


def test_oracle_sees_the_opponents_card_before_choosing() -> None:
    st = duel(["oracle", "none", "none"], [A4, A20], [A12, A6])
    pass_windows(st)
    assert able(st) == [(DEF, "encounter_card")]
    play(st, DEF, mv(card=pb.CardChoice(card=A12)))
    assert GAME.view(st, OFF).enc.card_def == known(A12)
    assert GAME.view(st, THIRD).enc.card_def == known(A12)
    assert able(st) == [(OFF, "encounter_card")]


def test_esprit_sees_a_hand_and_keeps_it_as_knowledge() -> None:
    st = duel(["none", "none", "esprit"], [A4, A10], [A12, A6])
    assert able(st) == [(THIRD, "window")]  # not involved, but Esprit may look
    use_power(st, THIRD, "esprit", DEF)
    know = GAME.view(st, THIRD).knowledge
    assert know and sorted(know[0].cards) == sorted([A12, A6])
    assert not GAME.view(st, OFF).knowledge


def test_insecte_copies_the_opponents_power() -> None:
    st = duel(["insecte", "virus", "none"], [A6, A4], [A5, A20], off_from=(0, 1, 2, 3))
    cards_down(st, A6, A5)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 4  # copied Virus: 6 x 4 = 24 against 5 x 2 = 10


def test_insecte_copy_works_even_if_the_opponent_lost_its_power() -> None:
    st = duel(["insecte", "virus", "none"], [A6, A4], [A20, A5], off_from=(0, 1, 2, 3))
    for p in (6, 7, 8):  # the Virus is driven from three home planets
        B.add_tok(st, 9, DEF, B.tok(st, p, DEF))
        B.add_tok(st, p, DEF, -B.tok(st, p, DEF))
    cards_down(st, A6, A20)
    pass_windows(st)
    assert B.tok(st, 5, OFF) == 4  # Insecte: 6 x 4 = 24 > 20 + 2 (the Virus lost its power)


def test_voleur_takes_the_opponents_played_card() -> None:
    st = duel(["voleur", "none", "none"], [A4, A10], [A20, A6])
    cards_down(st, A4, A20)
    pass_until(st, pb.STEP_CLEANUP)
    use_power(st, OFF, "voleur", DEF, card=A20)
    assert A20 in st.seats[OFF].hand


def test_zombie_may_keep_its_three_tokens_when_no_deal_is_made() -> None:
    st = duel(["none", "zombie", "vide"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, OFF, mv(deal_abandon=pb.Done()))
    take(st, OFF, 2, 2, 2)
    assert (DEF, "tokens_lost") in able(st)
    answer(st, "tokens_lost", yes=True)
    assert st.seats[DEF].black_hole == 0 and st.seats[DEF].removed == 0
    assert token_total(st, DEF) == 20
    assert list(GAME.view(st, OFF).seats[DEF].powers) == [POWER_ID["zombie"]]


def test_zombie_may_decline_and_lose_three_tokens_of_its_choice_when_no_deal() -> None:
    st = duel(["vide", "zombie", "none"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, OFF, mv(deal_abandon=pb.Done()))
    take(st, OFF, 2, 2, 2)
    answer(st, "tokens_lost", yes=False)
    take(st, DEF, 6, 6, 6)
    # declined, the Void is not powerless: the three tokens are removed
    assert st.seats[DEF].removed == 3 and token_total(st, DEF) == 20
    assert list(GAME.view(st, OFF).seats[DEF].powers) == []


def test_zombie_may_free_the_others_black_hole_tokens_in_a_deal() -> None:
    st = duel(["zombie", "none", "none"], [C1, A10], [C2, A6])
    st.seats[DEF].black_hole = 2
    B.add_tok(st, 9, DEF, -2)
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, OFF, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_FREE_TOKEN)))
    play(st, OFF, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_FREE_TOKEN)))
    play(st, OFF, mv(deal_propose=pb.Done()))
    play(st, DEF, mv(deal_accept=pb.Done()))
    place_all(st)
    assert st.seats[DEF].black_hole == 0 and token_total(st, DEF) == 20


def test_timed_out_deal_takes_tokens_from_the_largest_bases() -> None:
    st = duel(["none", "none", "none"], [C1, A10], [C2, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    before = [B.tok(st, p, OFF) for p in B.planets_of(OFF)]
    GAME.timeout(st, GAME.decisions(st)[0].deadline_ms)
    after = [B.tok(st, p, OFF) for p in B.planets_of(OFF)]
    assert sum(before) - sum(after) == 3 and st.seats[OFF].black_hole == 3
    assert max(after) <= max(before)
