"""The classic rules of seed 001 (and 000's base chapters), one test per rule."""

from __future__ import annotations

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    BLUE,
    DONE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    B,
    able,
    at_aim,
    card_of,
    give,
    mv,
    new_game,
    options,
    pass_questions,
    pass_windows,
    pb,
    place_all,
    play,
    set_tokens,
    take,
    token_total,
)

A10, A10b, A12 = card_of("attack", 10), card_of("attack", 10, skip=1), card_of("attack", 12)
COMP, COMP2 = card_of("compromise"), card_of("compromise", skip=1)
A4, A5, A6 = card_of("attack", 4), card_of("attack", 5), card_of("attack", 6)
A7, A8 = card_of("attack", 7), card_of("attack", 8)


def test_setup_gives_five_planets_of_four_tokens_and_seven_cards() -> None:
    st = new_game(players=5)
    for s in range(5):
        assert [B.tok(st, p, s) for p in B.planets_of(s)] == [4] * 5
        assert token_total(st, s) == 20
        assert len(st.seats[s].hand) == 7


def test_first_player_is_drawn_at_random() -> None:
    firsts = {GAME.setup(pb.Options(), 4, seed).first_player for seed in range(30)}
    assert len(firsts) > 1


def test_each_player_is_dealt_a_secret_power() -> None:
    st = GAME.setup(pb.Options(), 4, seed=3)
    assert all(len(se.powers) == 1 for se in st.seats)
    assert len({se.powers[0] for se in st.seats}) == 4
    for viewer in range(4):
        v = GAME.view(st, viewer)
        for s in range(4):
            assert list(v.seats[s].powers) == (list(st.seats[s].powers) if s == viewer else [])


def test_insecte_is_never_dealt_with_oracle() -> None:
    for seed in range(200):
        st = GAME.setup(pb.Options(), 8, seed)
        names = {p for se in st.seats for p in se.powers}
        assert not {POWER_ID["insecte"], POWER_ID["oracle"]} <= names


def encounter_start(players: int = 4, powers: list[str] | None = None, **kw) -> pb.State:
    st = new_game(players, powers, **kw)
    return st


def worked_example(green_card: int, yellow_card: int, powers=None) -> pb.State:
    """Seed 001: Green attacks Yellow's planet holding two yellow tokens (Red has one token
    there); Red joins the defence with two tokens, Blue the offence with one."""
    st = new_game(4, powers or ["none", "vide", "none", "none"])
    planet = 5  # Yellow's first planet
    set_tokens(st, planet, YELLOW, 2)
    B.add_tok(st, planet, RED, 1)
    B.add_tok(st, 10, RED, -1)
    give(st, GREEN, [green_card, A4, A5, A7])
    give(st, YELLOW, [yellow_card, A6, A8])
    at_aim(st, YELLOW)
    play(st, GREEN, mv(aim=pb.Aim(planet=planet, defense=YELLOW)))
    take(st, GREEN, 0, 1, 2)
    play(st, GREEN, mv(invite=pb.SeatChoice(seat=BLUE)))
    play(st, GREEN, DONE)
    play(st, YELLOW, mv(invite=pb.SeatChoice(seat=RED)))
    play(st, YELLOW, mv(invite=pb.SeatChoice(seat=BLUE)))
    play(st, YELLOW, DONE)
    assert able(st) == [(RED, "join")]  # clockwise from Green's left, Yellow is a main player
    play(st, RED, mv(join=pb.Join(side=pb.SIDE_DEFENCE)))
    take(st, RED, 10, 11)
    assert able(st) == [(BLUE, "join")]
    # invited by both
    assert {o.join.side for o in options(st, BLUE)} == {pb.SIDE_NEITHER, pb.SIDE_OFFENCE,
                                                        pb.SIDE_DEFENCE}
    play(st, BLUE, mv(join=pb.Join(side=pb.SIDE_OFFENCE)))
    take(st, BLUE, 15)
    pass_windows(st)
    assert sorted(able(st)) == [(GREEN, "encounter_card"), (YELLOW, "encounter_card")]
    play(st, GREEN, mv(card=pb.CardChoice(card=green_card)))
    play(st, YELLOW, mv(card=pb.CardChoice(card=yellow_card)))
    pass_windows(st)
    return st


def test_worked_example_ties_go_to_the_defence() -> None:
    st = worked_example(A10, A10b)
    # 10 + 3 + 1 = 14 against 10 + 2 + 2 = 14: the defence
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS
    assert B.tok(st, 5, YELLOW) == 2 and B.tok(st, 5, GREEN) == 0


def test_void_removes_lost_tokens_from_game() -> None:
    st = worked_example(A10, A10b)
    assert st.seats[GREEN].removed == 3 and st.seats[BLUE].removed == 1
    assert st.seats[GREEN].black_hole == 0 and st.seats[BLUE].black_hole == 0
    assert token_total(st, GREEN) == 20


def test_defensive_ally_rewards_one_card_or_token_per_token() -> None:
    st = worked_example(A10, A10b, powers=["none"] * 4)
    st.seats[RED].black_hole = 1  # Red has one token in the black hole to win back
    B.add_tok(st, 12, RED, -1)
    assert able(st) == [(RED, "reward")]
    assert [o.reward.cards for o in options(st, RED)] == [1, 2]  # at most one token back
    hand = len(st.seats[RED].hand)
    play(st, RED, mv(reward=pb.Reward(cards=1)))
    assert len(st.seats[RED].hand) == hand + 1 and st.seats[RED].black_hole == 0
    place_all(st)
    assert st.enc.cone_def[RED] == 0 and token_total(st, RED) == 20
    assert st.seats[GREEN].black_hole == 3  # no Void: the losers go to the black hole


def test_offence_win_lands_offence_and_allies_on_the_planet() -> None:
    st = worked_example(A12, A10b)
    assert st.enc.winner == pb.OUTCOME_OFFENCE_WINS  # 12 + 4 = 16 against 14
    assert B.tok(st, 5, GREEN) == 3 and B.tok(st, 5, BLUE) == 1
    assert B.tok(st, 5, YELLOW) == 0 and st.seats[YELLOW].black_hole == 2
    assert st.seats[RED].black_hole == 2 and B.tok(st, 5, RED) == 1  # Red's base stays


def test_compromise_against_attack_loses_and_takes_consolation() -> None:
    st = worked_example(A10, COMP)
    assert st.enc.winner == pb.OUTCOME_OFFENCE_WINS
    assert B.tok(st, 5, GREEN) == 3 and B.tok(st, 5, BLUE) == 1
    # Yellow lost two tokens: two cards at random from Green's hand (A4, A5); Red nothing
    # (Green holds A4, A5, A7 besides his played card)
    assert len(st.seats[YELLOW].hand) == 4 and len(st.seats[GREEN].hand) == 1
    assert set(st.seats[YELLOW].hand) - {A6, A8} <= {A4, A5, A7}
    assert len(st.seats[RED].hand) == 7


def test_offence_compromise_against_attack_takes_three_cards() -> None:
    st = worked_example(COMP, A10b, powers=["none"] * 4)
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS
    assert st.seats[GREEN].black_hole == 3 and st.seats[BLUE].black_hole == 1
    assert sorted(st.seats[GREEN].hand) == sorted([A4, A5, A7, A6, A8])  # all Yellow had


def test_consolation_with_void_still_counts_removed_tokens() -> None:
    st = worked_example(COMP, A10b)
    assert st.seats[GREEN].removed == 3
    assert len(st.seats[GREEN].hand) == 3 + 2  # Yellow held two cards


def deal_position() -> pb.State:
    return worked_example(COMP, COMP2, powers=["none"] * 4)


def test_both_compromise_allies_go_home_and_deal_opens_with_a_deadline() -> None:
    st = deal_position()
    place_all(st)
    assert st.step == pb.STEP_DEAL
    assert sum(st.enc.cone_off) == 0 and sum(st.enc.cone_def) == 0
    assert token_total(st, RED) == 20 and st.seats[RED].black_hole == 0
    ds = GAME.decisions(st)
    assert sorted(d.seat for d in ds) == [GREEN, YELLOW]
    assert all(d.deadline_ms == 60_000 for d in ds)


def test_deal_example_base_for_base_plus_three_random_cards() -> None:
    st = deal_position()
    place_all(st)
    green_hand = list(st.seats[GREEN].hand)
    # Yellow: "Je te donne une base contre une base plus trois cartes que je tirerai au hasard"
    # Green may settle on 6, Yellow on 0
    play(st, YELLOW, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_OFFER_BASE, planet=6)))
    play(st, YELLOW, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=0)))
    for _ in range(3):
        play(st, YELLOW, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)))
    play(st, YELLOW, mv(deal_propose=pb.Done()))
    play(st, GREEN, mv(deal_accept=pb.Done()))
    assert len(st.seats[YELLOW].hand) == 2 + 3 and len(st.seats[GREEN].hand) == 0
    assert len(set(green_hand) & set(st.seats[YELLOW].hand)) == 3
    # "Nous ne déposerons tous les deux que deux pions sur nos nouvelles bases"
    while any(d.kind == "take_token" for d in GAME.decisions(st)):
        d = GAME.decisions(st)[0]
        src = B.bases(st, d.seat)[-1] if d.seat == GREEN else 7
        take(st, d.seat, src, src)
    assert B.tok(st, 0, YELLOW) == 2 and B.tok(st, 6, GREEN) == 2


def test_nothing_for_nothing_is_refused() -> None:
    st = deal_position()
    place_all(st)
    assert mv(deal_propose=pb.Done()) not in options(st, GREEN)
    with pytest.raises(IllegalMove):
        play(st, GREEN, mv(deal_propose=pb.Done()))


def test_a_deal_gives_at_most_one_new_base_each_way() -> None:
    st = deal_position()
    place_all(st)
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=6)))
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=7)))
    assert st.deal.draft_off.def_base == 7  # a second ask replaces the first


def test_a_deal_offers_a_base_only_where_the_giver_has_one_and_cards_only_from_hand() -> None:
    """"Vous ne pouvez offrir une base que sur une planète où vous-mêmes en possédez déjà une
    et vous ne pouvez pas offrir d'échanger plus de cartes que celles que vous avez en main";
    a new base is on a planet where the receiver has none."""
    st = deal_position()
    place_all(st)
    edits = [o.deal_edit for o in options(st, GREEN) if o.WhichOneof("kind") == "deal_edit"]
    offered = {e.planet for e in edits if e.what == 1}
    asked = {e.planet for e in edits if e.what == 2}
    assert offered and offered <= set(B.bases(st, GREEN))
    assert all(B.tok(st, p, YELLOW) == 0 for p in offered)
    assert asked and asked <= set(B.bases(st, YELLOW))
    assert all(B.tok(st, p, GREEN) == 0 for p in asked)
    assert {e.card for e in edits if e.what == 3} == set(st.seats[GREEN].hand)
    not_green = next(p for p in range(4 * 5) if B.tok(st, p, GREEN) == 0
                     and B.tok(st, p, YELLOW) == 0)
    with pytest.raises(IllegalMove):
        play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_OFFER_BASE, planet=not_green)))
    for _ in range(len(st.seats[YELLOW].hand)):
        # one more random card asked
        play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)))
    assert st.deal.draft_off.def_random == len(st.seats[YELLOW].hand)
    assert mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)) not in options(st, GREEN)


def test_no_deal_each_loses_three_tokens_of_his_choice() -> None:
    st = deal_position()
    place_all(st)
    play(st, GREEN, mv(deal_abandon=pb.Done()))
    take(st, GREEN, 3, 3, 3)
    take(st, YELLOW, 7, 7, 8)
    assert st.seats[GREEN].black_hole == 3 and st.seats[YELLOW].black_hole == 3
    assert B.tok(st, 3, GREEN) == 1 and not st.enc.success


def test_deal_deadline_timeout_applies_no_deal() -> None:
    st = deal_position()
    place_all(st)
    deadline = GAME.decisions(st)[0].deadline_ms
    assert GAME.timeout(st, deadline - 1) == []
    events = GAME.timeout(st, deadline)
    assert events
    assert st.seats[GREEN].black_hole == 3 and st.seats[YELLOW].black_hole == 3
    assert st.step != pb.STEP_DEAL


def test_deal_timeout_option_zero_means_no_deadline() -> None:
    st = new_game(4, deal_timeout_ms=0)
    assert st.deal_timeout_ms == 0
    st2 = new_game(4)
    assert st2.deal_timeout_ms == 60_000


def test_second_encounter_only_after_success() -> None:
    st = worked_example(A12, A10b)
    place_all(st)
    pass_windows(st)
    assert able(st) == [(GREEN, "another")]
    st = worked_example(A10, A10b, powers=["none"] * 4)
    play(st, RED, mv(reward=pb.Reward(cards=2)))
    place_all(st)
    pass_windows(st)
    # asked all the same (so being asked tells nothing), he may only end his turn
    assert able(st) == [(GREEN, "another")] and options(st, GREEN) == [DONE]
    play(st, GREEN, DONE)
    assert st.enc.offense == YELLOW and st.turn == 1  # the turn passed on


def test_second_encounter_takes_a_token_from_the_black_hole_and_skips_the_draw() -> None:
    st = worked_example(A12, A10b)
    place_all(st)
    pass_windows(st)
    st.seats[GREEN].black_hole = 1
    B.add_tok(st, 4, GREEN, -1)
    hand = list(st.seats[GREEN].hand)
    play(st, GREEN, mv(another=pb.Done()))
    assert st.enc.number == 2 and able(st) == [(GREEN, "retrieve")]
    assert list(st.seats[GREEN].hand) == hand


def test_second_encounter_without_encounter_card_ends_the_turn() -> None:
    st = worked_example(A12, A10b)
    place_all(st)
    pass_windows(st)
    give(st, GREEN, [])
    play(st, GREEN, mv(another=pb.Done()))
    assert st.enc.offense == YELLOW and st.turn == 1


def test_new_hand_when_no_encounter_card_at_turn_start() -> None:
    st = new_game(4, edicts=True)
    give(st, 1, [card_of("edict", edict="zap")])
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    flow._start_turn(st, ctx, 1)
    flow.settle(st, ctx)
    st.rng = ctx.rng.state
    pass_questions(st)  # the start window: he may play his edicts first, then he draws
    assert len(st.seats[1].hand) == 7
    assert card_of("edict", edict="zap") in st.discard


def test_one_token_back_from_black_hole_at_start_of_encounter() -> None:
    st = worked_example(A12, A10b)
    place_all(st)
    pass_windows(st)
    play(st, GREEN, DONE)  # Yellow's turn; Yellow has two tokens in the black hole
    assert able(st)[0] == (YELLOW, "retrieve")
    play(st, YELLOW, mv(planet=pb.PlanetChoice(planet=6)))
    assert st.seats[YELLOW].black_hole == 1


def test_empty_planet_is_an_automatic_win() -> None:
    st = new_game(4)
    set_tokens(st, 5, YELLOW, 0)
    at_aim(st, YELLOW)
    play(st, GREEN, mv(aim=pb.Aim(planet=5, defense=YELLOW)))
    take(st, GREEN, 0, 0)
    assert B.tok(st, 5, GREEN) == 2 and st.enc.success


def test_launch_takes_one_to_four_tokens() -> None:
    st = new_game(4)
    at_aim(st, YELLOW)
    play(st, GREEN, mv(aim=pb.Aim(planet=5, defense=YELLOW)))
    assert DONE not in options(st, GREEN)  # at least one token
    take(st, GREEN, 0, done=False)
    assert DONE in options(st, GREEN)
    take(st, GREEN, 0, 1, 2, done=False)
    assert st.enc.cone_off[GREEN] == 4 and able(st)[0] == (GREEN, "invite")


def test_an_ally_cannot_join_a_side_that_did_not_invite_him() -> None:
    st = new_game(4)
    at_aim(st, YELLOW)
    play(st, GREEN, mv(aim=pb.Aim(planet=5, defense=YELLOW)))
    take(st, GREEN, 0)
    play(st, GREEN, mv(invite=pb.SeatChoice(seat=RED)))
    play(st, GREEN, DONE)
    play(st, YELLOW, DONE)
    assert {o.join.side for o in options(st, RED)} == {pb.SIDE_NEITHER, pb.SIDE_OFFENCE}
    assert able(st) == [(RED, "join")]  # Blue was invited by nobody


def test_defence_cannot_invite_the_offence() -> None:
    st = new_game(4)
    at_aim(st, YELLOW)
    play(st, GREEN, mv(aim=pb.Aim(planet=5, defense=YELLOW)))
    take(st, GREEN, 0)
    play(st, GREEN, DONE)
    seats = {o.invite.seat for o in options(st, YELLOW) if o.WhichOneof("kind") == "invite"}
    assert seats == {RED, BLUE}


def test_empty_deck_reshuffles_the_discard_pile_into_a_new_deck() -> None:
    """"Lorsque la pioche est épuisée, la défausse est battue, placée face cachée à la place
    de la pioche et sert dorénavant de pioche"."""
    from cosmodrome.games.cosmic.actions import draw_card
    from cosmodrome.games.cosmic.ctx import Ctx
    st = new_game(3)
    st.discard.extend(st.deck)
    pile = sorted(st.discard)
    del st.deck[:]
    c = draw_card(st, Ctx(st, [], 0))
    assert c in pile and not st.discard
    assert sorted([*st.deck, c]) == pile
    assert list(st.deck) != sorted(st.deck)  # shuffled
    del st.deck[:]
    assert draw_card(st, Ctx(st, [], 0)) is None  # deck and discard both empty


def test_victory_at_five_foreign_bases() -> None:
    st = new_game(4)
    for p in (5, 6, 10, 11):
        B.add_tok(st, p, GREEN, 1)
        B.add_tok(st, 0, GREEN, -1)
    set_tokens(st, 15, BLUE, 0)
    at_aim(st, BLUE)
    play(st, GREEN, mv(aim=pb.Aim(planet=15, defense=BLUE)))
    take(st, GREEN, 1)
    assert st.finished and list(st.winners) == [GREEN]
    assert GAME.result(st).winners == (GREEN,)
    assert GAME.result(st).summary == "five foreign bases"


def test_shared_victory_when_two_reach_five_at_once() -> None:
    st = new_game(4)
    for seat, planets in ((GREEN, (5, 6, 10, 11)), (BLUE, (1, 2, 6, 11))):
        for p in planets:
            B.add_tok(st, p, seat, 1)
            B.add_tok(st, B.planets_of(seat)[4], seat, -1)
    st = new_game(4)
    for seat, planets in ((GREEN, (5, 6, 10, 11)), (BLUE, (5, 6, 10, 11))):
        for p in planets:
            B.add_tok(st, p, seat, 1)
            B.add_tok(st, B.planets_of(seat)[4], seat, -1)
    set_tokens(st, 12, RED, 1)
    give(st, GREEN, [A12])
    give(st, RED, [A4])
    at_aim(st, RED)
    play(st, GREEN, mv(aim=pb.Aim(planet=12, defense=RED)))
    take(st, GREEN, 1)
    play(st, GREEN, mv(invite=pb.SeatChoice(seat=BLUE)))
    play(st, GREEN, DONE)
    play(st, RED, DONE)
    play(st, BLUE, mv(join=pb.Join(side=pb.SIDE_OFFENCE)))
    take(st, BLUE, 15)
    pass_windows(st)
    play(st, GREEN, mv(card=pb.CardChoice(card=A12)))
    play(st, RED, mv(card=pb.CardChoice(card=A4)))
    pass_windows(st)
    assert st.finished and sorted(st.winners) == [GREEN, BLUE]
    assert "shared" in GAME.result(st).summary


def test_two_player_game_chooses_the_system_and_has_no_alliances() -> None:
    st = new_game(2)
    # no opponent base at home: the opponent's system is attacked without a draw
    assert st.step == pb.STEP_AIM and st.enc.system == 1
    st = new_game(2)
    B.add_tok(st, 0, 1, 1)
    B.add_tok(st, 5, 1, -1)
    from cosmodrome.games.cosmic import flow
    flow.start_turn(st, [], 0)
    assert able(st) == [(0, "system")]
    play(st, 0, mv(system=pb.SeatChoice(seat=0)))
    targets = {(o.aim.planet, o.aim.defense) for o in options(st, 0)}
    assert targets == {(0, 1)}
    play(st, 0, mv(aim=pb.Aim(planet=0, defense=1)))
    take(st, 0, 1)
    assert [k for _, k in able(st)] == ["encounter_card", "encounter_card"]


def test_power_lost_below_three_home_planets_and_regained() -> None:
    st = new_game(4, ["virus", "none", "none", "none"])
    assert B.power_active(st, GREEN)
    for p in (0, 1):
        B.add_tok(st, 2, GREEN, B.tok(st, p, GREEN))
        B.add_tok(st, p, GREEN, -B.tok(st, p, GREEN))
    assert B.power_active(st, GREEN)  # three home planets
    B.add_tok(st, 3, GREEN, B.tok(st, 2, GREEN))
    B.add_tok(st, 2, GREEN, -B.tok(st, 2, GREEN))
    assert not B.power_active(st, GREEN)
    v = GAME.view(st, GREEN)
    assert list(v.seats[GREEN].power_active) == [False]
    B.add_tok(st, 0, GREEN, 1)
    B.add_tok(st, 3, GREEN, -1)
    assert B.power_active(st, GREEN)


def test_two_player_game_power_lost_only_when_driven_from_four_planets() -> None:
    st = new_game(2, ["virus", "none"])
    for p in (0, 1, 2):
        B.add_tok(st, 3, GREEN, B.tok(st, p, GREEN))
        B.add_tok(st, p, GREEN, -B.tok(st, p, GREEN))
    assert B.power_active(st, GREEN)  # two home planets left
    B.add_tok(st, 4, GREEN, B.tok(st, 3, GREEN))
    B.add_tok(st, 3, GREEN, -B.tok(st, 3, GREEN))
    assert not B.power_active(st, GREEN)


def test_other_players_bases_in_your_system_do_not_count_for_your_power() -> None:
    st = new_game(4, ["virus", "none", "none", "none"])
    for p in (0, 1, 2):
        B.add_tok(st, p, YELLOW, 1)
        B.add_tok(st, 3, GREEN, B.tok(st, p, GREEN))
        B.add_tok(st, p, GREEN, -B.tok(st, p, GREEN))
    assert not B.power_active(st, GREEN)


def test_cup_draw_puts_the_disc_back() -> None:
    st = new_game(4)
    assert len(st.cup) == 8 and not st.discs_out


def test_star_discs_set_aside_and_reshuffle_before_the_last() -> None:
    st = new_game(3, star_discs=True)
    assert len(st.cup) + len(st.discs_out) == 9 and len(st.discs_out) >= 1
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    for _ in range(20):
        flow.draw_destiny(st, ctx)
        assert len(st.cup) >= 1 and len(st.cup) + len(st.discs_out) == 9


def test_own_colour_attacks_a_planet_of_ones_own_system() -> None:
    st = new_game(4)
    B.add_tok(st, 0, RED, 1)
    B.add_tok(st, 10, RED, -1)
    st.step = pb.STEP_AIM
    st.enc.system = GREEN
    targets = {(o.aim.planet, o.aim.defense) for o in options(st, GREEN)}
    assert targets == {(0, RED)}


def test_last_player_standing_wins_when_the_void_eliminated_the_others() -> None:
    st = new_game(2, ["none", "vide"])
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    flow.eliminate(st, ctx, 0)
    flow.settle(st, ctx)
    assert st.finished and list(st.winners) == [1]
    assert GAME.result(st).summary == "last player standing"
    st.ClearField("game_end")  # a state stored by a release before game_end
    assert GAME.result(st).summary == "five foreign bases"


def test_two_of_three_variant_keeps_two_powers() -> None:
    st = GAME.setup(pb.Options(two_of_three=True), 3, seed=4)
    assert st.step == pb.STEP_CHOOSE_POWERS
    assert sorted(d.seat for d in GAME.decisions(st)) == [0, 1, 2]
    for d in GAME.decisions(st):
        play(st, d.seat, d.options[0])
    assert all(len(se.powers) == 2 for se in st.seats)
    assert st.step != pb.STEP_CHOOSE_POWERS


def test_several_powers_per_player_variant() -> None:
    st = GAME.setup(pb.Options(powers_per_player=2), 4, seed=4)
    assert all(len(se.powers) == 2 for se in st.seats)


def test_power_rotation_offers_keep_or_draw_after_a_full_round() -> None:
    st = new_game(3, powers=["virus", "macron", "laser"], power_rotation=True)
    st.power_pool.extend([POWER_ID["clone"]])
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    st.enc.offense = 2
    flow.end_turn(st, ctx)
    assert st.step == pb.STEP_ROTATION and able(st) == [(0, "rotation")]
    play(st, 0, mv(new_power=pb.Done()))
    assert list(st.seats[0].powers) == [POWER_ID["clone"]]
    play(st, 1, DONE)
    play(st, 2, DONE)
    assert st.step != pb.STEP_ROTATION and list(st.seats[1].powers) == [POWER_ID["macron"]]


def _rotation_round(powers: list[str], pool: list[str], seed: int = 1) -> pb.State:
    """Power rotation after a full round: seat 0 keeps or draws first."""
    from cosmodrome.games.cosmic import flow
    st = new_game(len(powers), powers=powers, power_rotation=True, seed=seed)
    st.power_pool.extend(POWER_ID[p] for p in pool)
    ctx = flow.Ctx(st, [], 0)
    st.enc.offense = len(powers) - 1
    flow.end_turn(st, ctx)
    st.rng = ctx.rng.state
    assert st.step == pb.STEP_ROTATION
    return st


def test_power_rotation_never_brings_the_insecte_into_a_game_with_the_oracle() -> None:
    """"Ne pas utiliser ce Pouvoir dans les parties où ... l'Oracle [est] utilisé": a seat
    rotating its power cannot draw the Insecte while another holds the Oracle; the Oracle's
    own holder may (its Oracle leaves the game)."""
    st = _rotation_round(["virus", "oracle", "macron"], ["insecte"])
    play(st, 0, mv(new_power=pb.Done()))
    assert list(st.seats[0].powers) == [POWER_ID["virus"]]
    assert list(st.power_pool) == [POWER_ID["insecte"]]
    play(st, 1, mv(new_power=pb.Done()))
    assert list(st.seats[1].powers) == [POWER_ID["insecte"]]
    assert list(st.power_pool) == [POWER_ID["oracle"]]


def test_power_rotation_draws_a_new_power_at_random_from_those_not_in_play() -> None:
    """"en tirer un nouveau": a random draw (seeded), not the power last put back."""
    pool = ["clone", "laser", "mutant", "sorcier", "voleur", "chronos"]
    drawn = set()
    for seed in range(12):
        st = _rotation_round(["virus", "oracle", "macron"], pool, seed=seed)
        play(st, 0, mv(new_power=pb.Done()))
        (new,) = st.seats[0].powers
        assert new in [POWER_ID[p] for p in pool] and POWER_ID["virus"] in st.power_pool
        drawn.add(new)
    assert len(drawn) > 1


def test_insecte_and_oracle_cannot_be_chosen_together() -> None:
    from cosmodrome.core.engine import BadOptions
    with pytest.raises(BadOptions):
        GAME.check_options(pb.Options(powers=["insecte", "oracle", "none"]), 3)
    with pytest.raises(BadOptions):
        GAME.check_options(pb.Options(powers=["virus", "nope"]), 2)
    GAME.check_options(pb.Options(powers=["insecte", "virus"]), 2)


def test_deal_counter_proposal_replaces_the_standing_offer() -> None:
    st = deal_position()
    place_all(st)
    # Green: "je t'échange une base contre une base"
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_OFFER_BASE, planet=0)))
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=6)))
    play(st, GREEN, mv(deal_propose=pb.Done()))
    assert mv(deal_accept=pb.Done()) in options(st, YELLOW)
    assert mv(deal_accept=pb.Done()) not in options(st, GREEN)
    # Green's counter: a base plus two cards of his choice, against a base
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=A4)))
    play(st, GREEN, mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=A5)))
    play(st, GREEN, mv(deal_propose=pb.Done()))
    assert list(st.deal.offer.off_cards) == [A4, A5] and st.deal.offer_by == GREEN
    assert not GAME.view(st, RED).deal.offer.off_cards  # said to Yellow, not to the table
    assert not GAME.view(st, YELLOW).deal.my_draft.off_cards  # Green's draft stays his
    play(st, YELLOW, mv(deal_accept=pb.Done()))
    assert A4 in st.seats[YELLOW].hand and A5 in st.seats[YELLOW].hand


def test_audit_finds_nothing_in_a_consistent_game() -> None:
    st = worked_example(A12, A10b)
    assert GAME.audit(st) == []


def test_audit_flags_a_duplicated_card_and_a_lost_token() -> None:
    st = new_game(4)
    card = st.seats[1].hand[0]
    st.discard.append(card)
    assert GAME.audit(st) == [f"card {card} is in 2 places (discard, hand of seat 1)"]
    del st.discard[-1]
    st.seats[2].black_hole += 1
    assert GAME.audit(st) == ["seat 2 has 21 tokens, not 20"]
    st.seats[2].black_hole -= 1
    lost = st.deck.pop()
    assert GAME.audit(st) == [f"card {lost} is nowhere"]
