"""The creation phase and the end of a turn: one test per seed sentence (shared/seeds/004),
named after the rule (docs/rules/crafting.md maps sentences to tests)."""

from __future__ import annotations

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.games.crafting.content import SEED
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.games.crafting.crafting_helpers import (
    CONTENT,
    GAME,
    GEO,
    LIGHT,
    OX,
    TIME,
    H,
    creation,
    fill_requirements,
    kinds,
    me,
    move,
    options,
    pick,
    play,
    put_tile,
    tile_with,
)

CENTER = 0  # the middle nebula space of the provisional board


def hold_tile(state: pb.State, size: int) -> int:
    tile = state.nebula_piles[size - 1].cards.pop()
    me(state).held.tiles.append(tile)
    return tile


def end_turn_options(state: pb.State) -> list[pb.Move]:
    return [o for o in options(state) if o.HasField("end_turn")]


# ------------------------------------------------------------------------------- placement

def test_placement_nebula_goes_element_side_up_on_an_empty_nebula_space():
    state = creation()
    put_tile(state, 3, tile_with(2))
    tile = hold_tile(state, 1)
    play(state, move(place_nebula=pb.PlaceNebula(tile=tile)))
    spaces = {o.pick.space for o in options(state)}
    assert 3 not in spaces and len(spaces) == len(GEO.cells) - 1
    play(state, pick(5))
    assert me(state).board.cells[5].tile == tile and not me(state).held.tiles


def test_placement_star_goes_on_any_empty_star_space():
    state = creation()
    me(state).held.stars.append(OX)
    me(state).board.stars[7].element = H
    play(state, move(place_star=pb.PlaceStar(element=OX)))
    spaces = {o.pick.space for o in options(state)}
    assert spaces == set(range(GEO.star_count)) - {7}
    play(state, pick(11))
    assert me(state).board.stars[11].element == OX and not me(state).held.stars


def test_placement_proto_life_goes_on_an_empty_life_space_next_to_a_life():
    state = creation()
    board = me(state).board
    board.lives[CONTENT.life_start] = pb.LIFE_STABLE
    me(state).held.lives = 1
    play(state, move(place_life=pb.PlaceLife()))
    spaces = {o.pick.space for o in options(state)}
    assert spaces == set(GEO.life_links[CONTENT.life_start])
    play(state, pick(min(spaces)))
    assert board.lives[min(spaces)] == pb.LIFE_PROTO


def test_placement_proto_life_goes_on_the_start_space_when_no_life_is_left():
    state = creation()
    me(state).held.lives = 1
    play(state, move(place_life=pb.PlaceLife()))
    assert me(state).board.lives[CONTENT.life_start] == pb.LIFE_PROTO
    assert state.step == pb.STEP_UNSPECIFIED


def test_placement_you_must_place_everything_you_collected_before_ending_your_turn():
    state = creation()
    me(state).held.stars.append(H)
    assert not end_turn_options(state)
    with pytest.raises(IllegalMove):
        play(state, move(end_turn=pb.EndTurn(omega=pb.OMEGA_NONE)))
    play(state, move(place_star=pb.PlaceStar(element=H)))
    play(state, pick(0))
    assert end_turn_options(state)


def test_placement_what_cannot_be_placed_is_lost():
    state = creation()
    board = me(state).board
    for s in board.stars:
        s.element = OX  # no empty star space left
    me(state).held.stars.append(H)
    assert "place_star" not in kinds(state)
    ends = end_turn_options(state)
    assert ends
    seat = state.active
    events = play(state, ends[0])
    while state.active == seat and state.phase == pb.PHASE_CREATION:
        events += play(state, options(state)[0])
    lost = [e.payload.lost for e in events if e.payload.HasField("lost")]
    assert lost and list(lost[0].held.stars) == [H]
    assert not state.seats[seat].held.stars


# ---------------------------------------------------------------------------------- scoring

def completed_setup(supernova: bool = False) -> pb.State:
    state = creation()
    put_tile(state, CENTER, tile_with(2))
    first = next(v for v, e in zip(GEO.corners[CENTER],
                                   CONTENT.tiles[tile_with(2)].requires, strict=True) if e)
    fill_requirements(state, CENTER, supernova_at=first if supernova else None)
    return state


def test_complete_a_nebula_surrounded_by_the_stars_it_asks():
    state = completed_setup()
    assert move(complete_nebula=pb.CompleteNebula(cell=CENTER)) in options(state)


def test_complete_needs_exactly_the_asked_elements():
    state = completed_setup()
    board = me(state).board
    tile = CONTENT.tiles[board.cells[CENTER].tile]
    v, e = next((v, e) for v, e in zip(GEO.corners[CENTER], tile.requires, strict=True) if e)
    board.stars[v].element = OX if e != OX else H
    assert "complete_nebula" not in kinds(state)
    board.stars[v].Clear()
    assert "complete_nebula" not in kinds(state)


def test_complete_supernovae_count_as_any_type_of_star():
    state = completed_setup(supernova=True)
    board = me(state).board
    tile = CONTENT.tiles[board.cells[CENTER].tile]
    v, e = next((v, e) for v, e in zip(GEO.corners[CENTER], tile.requires, strict=True) if e)
    board.stars[v].element = OX if e != OX else H  # wrong element, but a supernova
    assert board.stars[v].supernova
    assert move(complete_nebula=pb.CompleteNebula(cell=CENTER)) in options(state)


def test_complete_scores_the_tile_discards_one_adjacent_star_of_your_choice_and_flips_it():
    state = completed_setup()
    board = me(state).board
    points = CONTENT.tiles[board.cells[CENTER].tile].points
    play(state, move(complete_nebula=pb.CompleteNebula(cell=CENTER)))
    assert me(state).score == points and board.cells[CENTER].completed
    corners = {o.pick.space for o in options(state)}
    assert corners == {v for v in GEO.corners[CENTER] if board.stars[v].element}
    chosen = max(corners)
    play(state, pick(chosen))
    assert not board.stars[chosen].element
    assert "complete_nebula" not in kinds(state)  # once per nebula


def test_complete_needs_no_life():
    state = completed_setup()
    assert not any(me(state).board.lives)
    assert "complete_nebula" in kinds(state)


@pytest.mark.parametrize("rank, points", [(0, 3), (1, 6), (2, 10), (3, 15), (4, 21), (5, 0),
                                          (8, 0)])
def test_discharge_the_time_chamber_scores_by_rank(rank, points):
    state = creation()
    me(state).charged = 1
    me(state).discharged = rank
    play(state, move(discharge=pb.Discharge()))
    assert me(state).score == points and me(state).discharged == rank + 1


def test_discharge_needs_a_crystal_on_the_sixth_case():
    state = creation()
    me(state).chamber = CONTENT.charge_at - 1
    assert "discharge" not in kinds(state)


def test_discharge_gives_one_star_of_your_choice_placed_at_once():
    state = creation()
    me(state).charged = 1
    play(state, move(discharge=pb.Discharge()))
    assert kinds(state) == {"choose_element"}
    play(state, move(choose_element=pb.ChooseElement(element=OX)))
    assert state.step == pb.STEP_STAR_SPACE and kinds(state) == {"pick"}
    play(state, pick(4))
    assert me(state).board.stars[4].element == OX


def ready_for_advanced_life(lives: list[int]) -> pb.State:
    state = completed_setup()
    board = me(state).board
    board.cells[CENTER].completed = True
    for e, life in zip(GEO.sides[CENTER], lives, strict=True):
        board.lives[e] = life
    return state


P, S = pb.LIFE_PROTO, pb.LIFE_STABLE


def test_advanced_life_on_a_completed_nebula_surrounded_by_six_lives_of_any_mix():
    state = ready_for_advanced_life([P, S, P, S, S, P])
    assert move(create_advanced_life=pb.CreateAdvancedLife(cell=CENTER)) in options(state)
    state = ready_for_advanced_life([P, S, P, S, S, 0])
    assert "create_advanced_life" not in kinds(state)
    state = ready_for_advanced_life([P] * 6)
    me(state).board.cells[CENTER].completed = False
    assert "create_advanced_life" not in kinds(state)


def test_advanced_life_discards_proto_lives_keeps_stable_ones_and_draws_the_top_token():
    state = ready_for_advanced_life([P, S, P, S, S, P])
    top = state.advanced_stack[-1]
    events = play(state, move(create_advanced_life=pb.CreateAdvancedLife(cell=CENTER)))
    board = me(state).board
    assert [board.lives[e] for e in GEO.sides[CENTER]] == [0, S, 0, S, S, 0]
    assert board.cells[CENTER].advanced_life
    assert [(a.cell, a.value) for a in me(state).advanced] == [(CENTER, top)]
    drawn = [e for e in events if e.payload.HasField("advanced_life_drawn")]
    assert drawn[0].audience == frozenset({state.active})
    assert "create_advanced_life" not in kinds(state)  # one token per nebula


def test_advanced_life_value_is_face_down_the_owner_may_look_at_it():
    state = ready_for_advanced_life([S] * 6)
    play(state, move(create_advanced_life=pb.CreateAdvancedLife(cell=CENTER)))
    seat, other = state.active, 1 - state.active
    assert list(GAME.view(state, seat).seats[seat].advanced_values) == [me(state).advanced[0].value]
    assert list(GAME.view(state, other).seats[seat].advanced_cells) == [CENTER]
    assert not GAME.view(state, other).seats[seat].advanced_values
    assert not GAME.view(state, None).seats[seat].advanced_values


# ---------------------------------------------------------------------------------- sliders

def test_sliders_must_be_spent_before_the_end_of_the_turn_or_are_lost():
    state = creation()
    player = me(state)
    player.supernova, player.dna, player.graviton = 2, 1, 3
    play(state, end_turn_options(state)[-1])
    while state.phase == pb.PHASE_CREATION and state.step != pb.STEP_UNSPECIFIED:
        play(state, options(state)[0])
    assert (player.supernova, player.dna, player.graviton) == (0, 0, 0)


def test_supernova_slider_turns_any_star_of_your_board_to_its_supernova_face():
    state = creation()
    me(state).supernova = 1
    me(state).board.stars[9].element = OX
    play(state, move(use_supernova=pb.UseSupernova()))
    assert {o.pick.space for o in options(state)} == {9}
    play(state, pick(9))
    assert me(state).board.stars[9].supernova and me(state).supernova == 0
    assert me(state).board.stars[9].element == OX


def test_dna_slider_turns_one_proto_life_to_its_stable_face():
    state = creation()
    me(state).dna = 1
    me(state).board.lives[5] = P
    me(state).board.lives[6] = S
    play(state, move(use_dna=pb.UseDna()))
    assert {o.pick.space for o in options(state)} == {5}
    play(state, pick(5))
    assert me(state).board.lives[5] == S and me(state).dna == 0


def test_graviton_moves_a_star_to_an_adjacent_empty_star_space():
    state = creation()
    me(state).graviton = 1
    board = me(state).board
    board.stars[0].element = H
    play(state, move(use_graviton=pb.UseGraviton()))
    assert {(o.pick.space, o.pick.life) for o in options(state)} == {(0, False)}
    play(state, pick(0))
    assert {o.pick.space for o in options(state)} == set(GEO.star_links[0])
    target = GEO.star_links[0][0]
    play(state, pick(target))
    assert board.stars[target].element == H and not board.stars[0].element


def test_graviton_jumps_over_consecutive_occupied_spaces_to_reach_an_empty_one():
    state = creation()
    me(state).graviton = 1
    board = me(state).board
    board.stars[0].element = H
    for n in GEO.star_links[0]:
        board.stars[n].element = OX
    board.stars[GEO.star_links[0][0]].supernova = True  # supernovae stay put
    play(state, move(use_graviton=pb.UseGraviton()))
    play(state, pick(0))
    beyond = {m for n in GEO.star_links[0] for m in GEO.star_links[n]} - {0}
    beyond -= set(GEO.star_links[0])
    assert {o.pick.space for o in options(state)} == beyond


def test_graviton_moves_life_only_to_life_spaces():
    state = creation()
    me(state).graviton = 1
    board = me(state).board
    board.lives[10] = P
    play(state, move(use_graviton=pb.UseGraviton()))
    assert (10, True) in {(o.pick.space, o.pick.life) for o in options(state)}
    play(state, pick(10, life=True))
    target = GEO.life_links[10][0]
    assert {o.pick.space for o in options(state)} == set(GEO.life_links[10])
    play(state, pick(target))
    assert board.lives[target] == P and not board.lives[10]


def test_graviton_cannot_move_a_supernova():
    state = creation()
    me(state).graviton = 1
    me(state).board.stars[0].element = H
    me(state).board.stars[0].supernova = True
    assert "use_graviton" not in kinds(state)


# ----------------------------------------------------------------------------- energy cards

def with_hand(state: pb.State, control: int, n: int) -> None:
    """Give the active seat n cards of a type from the deck (keeps the audit's count)."""
    deck = list(state.energy_deck)
    for _ in range(n):
        deck.remove(control)
    state.energy_deck[:] = deck
    me(state).hand[control - 1] += n


@pytest.mark.parametrize("owned, cost", [(0, 2), (1, 3), (2, 3), (3, 4)])
def test_buy_power_costs_identical_energy_cards_by_slot_filled(owned, cost):
    state = creation()
    me(state).hand[:] = [0, 0, 0, 0]
    for _ in range(owned):
        card = state.power_decks[1].cards.pop()
        me(state).powers.append(card)
        me(state).power_tokens.append(TIME)
    with_hand(state, LIGHT, cost - 1)
    assert "buy_power" not in kinds(state)
    with_hand(state, LIGHT, 1)
    assert move(buy_power=pb.BuyPower(type=LIGHT)) in options(state)


def test_buy_power_draws_as_many_as_spent_keeps_one_and_puts_the_others_under_the_deck():
    state = creation()
    me(state).hand[:] = [0, 0, 0, 0]
    with_hand(state, LIGHT, 2)
    deck = state.power_decks[0].cards
    top2 = list(deck[-2:])
    events = play(state, move(buy_power=pb.BuyPower(type=LIGHT)))
    assert sorted(state.drawn_powers) == sorted(top2) and me(state).hand[0] == 0
    assert state.energy_discard[0] == 2
    drawn = [e for e in events if e.payload.HasField("powers_drawn")]
    assert drawn[0].audience == frozenset({state.active})
    keep = top2[0]
    play(state, move(keep_power=pb.KeepPower(card=keep)))
    assert list(me(state).powers) == [keep]
    assert deck[0] == top2[1] and len(deck) == 7


def test_buy_power_token_goes_to_the_matching_control_for_one_more_passive_each_turn():
    state = creation()
    me(state).hand[:] = [0, 0, 0, 0]
    with_hand(state, TIME, 2)
    play(state, move(buy_power=pb.BuyPower(type=TIME)))
    play(state, options(state)[0])
    assert list(me(state).power_tokens) == [TIME]
    # next collection: Time gives one more crystal advance than its tokens
    state.phase = pb.PHASE_ENERGY_MOVE
    events = []
    GAME._start_collect(state, events)
    crystals = [e for e in events if e.payload.HasField("collected")
                and e.payload.collected.gain == pb.GAIN_CRYSTAL]
    tokens = sum(p.energy_at == TIME for p in state.seats) + list(state.dark).count(TIME)
    assert len(crystals) + list(state.gains).count(pb.GAIN_CRYSTAL) == tokens + 1


def test_activate_power_pays_its_cost_as_often_as_you_can_afford_in_a_turn():
    state = creation()
    me(state).hand[:] = [0, 0, 0, 0]
    card = next(p for p in CONTENT.powers if p.type == LIGHT and p.cost == 2
                and dict(p.gain).get(pb.GAIN_STAR_H) == 2)
    state.power_decks[0].cards.remove(card.id)
    me(state).powers.append(card.id)
    me(state).power_tokens.append(LIGHT)
    with_hand(state, LIGHT, 5)
    activate = move(activate_power=pb.ActivatePower(card=card.id))
    play(state, activate)
    play(state, activate)
    assert list(me(state).held.stars) == [H] * 4 and me(state).hand[0] == 1
    assert activate not in options(state)


def test_trade_five_identical_energy_cards_for_six_points_as_often_as_you_can():
    state = creation()
    me(state).hand[:] = [0, 0, 0, 0]
    with_hand(state, LIGHT, 4)
    with_hand(state, TIME, 1)
    assert "trade_five" not in kinds(state)  # identical cards only
    with_hand(state, LIGHT, 6)
    trade = move(trade_five=pb.TradeFive(type=LIGHT))
    play(state, trade)
    play(state, trade)
    assert me(state).score == 2 * SEED.trade_points and me(state).hand[0] == 0


# ------------------------------------------------------------------------------ end of turn

def test_end_turn_omega_nebula_gains_a_tile_of_your_size_placed_at_once():
    state = creation()
    seat = state.active
    play(state, move(end_turn=pb.EndTurn(omega=pb.OMEGA_NEBULA)))
    assert kinds(state) == {"choose_size"}
    play(state, move(choose_size=pb.ChooseSize(size=2)))
    assert state.step == pb.STEP_NEBULA_SPACE
    play(state, pick(7))
    tile = state.seats[seat].board.cells[7].tile
    assert CONTENT.tiles[tile].size == 2 and state.seats[seat].omega == pb.OMEGA_NEBULA
    assert state.active != seat  # the next player's turn


def test_end_turn_omega_stabilise_turns_one_proto_life_green():
    state = creation()
    seat = state.active
    me(state).board.lives[20] = P
    play(state, move(end_turn=pb.EndTurn(omega=pb.OMEGA_STABILIZE)))
    play(state, pick(20))
    assert state.seats[seat].board.lives[20] == S and state.active != seat


def test_end_turn_then_all_sliders_back_to_0_and_the_next_player():
    state = creation()
    seat = state.active
    me(state).dna = 2
    play(state, move(end_turn=pb.EndTurn(omega=pb.OMEGA_NEBULA)))
    play(state, options(state)[0])
    play(state, options(state)[0])
    assert state.seats[seat].dna == 0
    assert state.active == (seat + 1) % 2 and state.phase == pb.PHASE_ENERGY_MOVE


def test_creation_all_actions_are_offered_together_in_any_order_you_like():
    state = completed_setup()
    player = me(state)
    player.held.stars.append(H)
    player.charged, player.supernova, player.dna = 1, 1, 1
    player.board.lives[CONTENT.life_start] = P
    player.hand[:] = [5, 0, 0, 0]
    assert {"place_star", "complete_nebula", "discharge", "use_supernova", "use_dna",
            "buy_power", "trade_five"} <= kinds(state)


def test_scoring_actions_as_soon_as_their_conditions_hold_as_often_as_possible():
    state = completed_setup()
    far = 12  # shares no corner with the centre
    assert not set(GEO.corners[far]) & set(GEO.corners[CENTER])
    put_tile(state, far, tile_with(1))
    fill_requirements(state, far)
    cells = {o.complete_nebula.cell for o in options(state) if o.HasField("complete_nebula")}
    assert cells == {CENTER, far}
    for cell in sorted(cells):
        play(state, move(complete_nebula=pb.CompleteNebula(cell=cell)))
        play(state, options(state)[0])  # the star to discard
    assert me(state).board.cells[CENTER].completed and me(state).board.cells[far].completed


def test_graviton_is_offered_exactly_when_some_piece_has_somewhere_to_go():
    """The quick listing (a connected board) agrees with a search of every piece's targets."""
    import random

    from cosmodrome.games.crafting.board import (
        can_use_graviton,
        graviton_sources,
        graviton_targets,
    )
    rnd = random.Random(3)
    assert GEO.connected
    for _ in range(200):
        state = creation()
        board = me(state).board
        for s in board.stars:
            if rnd.random() < 0.9:
                s.element = rnd.choice([H, OX])
                s.supernova = rnd.random() < 0.3
        for e in range(len(board.lives)):
            board.lives[e] = P if rnd.random() < 0.95 else 0
        searched = [(v, False) for v, s in enumerate(board.stars) if s.element
                    and not s.supernova and graviton_targets(board, CONTENT, v, False)]
        searched += [(e, True) for e, life in enumerate(board.lives)
                     if life and graviton_targets(board, CONTENT, e, True)]
        assert graviton_sources(board, CONTENT) == searched
        assert can_use_graviton(board, CONTENT) == bool(searched)
