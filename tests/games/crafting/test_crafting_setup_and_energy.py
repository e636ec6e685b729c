"""Setup, first player, the round and the energy phase: one test per seed sentence
(shared/seeds/004), named after the rule (docs/rules/crafting.md maps sentences to tests)."""

from __future__ import annotations

from collections import Counter

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.core.rng import Rng
from cosmodrome.games.crafting.content import SEED
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.games.crafting.crafting_helpers import (
    CHEMISTRY,
    CONTENT,
    GAME,
    GRAVITY,
    LIGHT,
    TIME,
    H,
    fresh,
    kinds,
    move,
    options,
    play,
)

OWN = move(shift_energy=pb.ShiftEnergy(own=True))
END = move(end_shifts=pb.EndShifts())


def dark(i: int) -> pb.Move:
    return move(shift_energy=pb.ShiftEnergy(dark=i))


def rig_tokens(state: pb.State, own: int, others: list[int], darks: list[int]) -> None:
    state.seats[state.active].energy_at = own
    seats = [s for s in range(state.players) if s != state.active]
    for s, c in zip(seats, others, strict=True):
        state.seats[s].energy_at = c
    state.dark[:] = darks


# ------------------------------------------------------------------------------------ setup

@pytest.mark.parametrize("players, crystals", [(2, 6), (3, 9), (4, 11)])
def test_setup_time_crystal_reserve_by_player_count(players, crystals):
    assert fresh(players).crystal_reserve == crystals


def test_setup_one_time_crystal_per_player_on_case_0_of_his_chamber():
    state = fresh(3)
    assert all(p.has_crystal and p.chamber == 0 and not p.charged for p in state.seats)
    assert GAME.audit(state) == []  # reserve + one per player, nothing more


def test_setup_six_of_the_16_objectives_drawn_and_the_first_revealed_on_top():
    state = fresh(2, seed=3)
    assert len(state.objective_deck) == 5
    assert state.objective_track[0] >= 0 and list(state.objective_track[1:]) == [-1, -1, -1]
    in_play = [*state.objective_deck, state.objective_track[0]]
    assert len(set(in_play)) == 6 and all(0 <= o < 16 for o in in_play)
    assert len({tuple(fresh(2, seed=s).objective_deck) for s in range(5)}) > 1  # shuffled


def test_setup_power_cards_split_in_four_decks_by_type():
    state = fresh()
    for control, deck in zip((LIGHT, TIME, GRAVITY, CHEMISTRY), state.power_decks, strict=True):
        assert len(deck.cards) == 8
        assert {CONTENT.powers[c].type for c in deck.cards} == {control}


def test_setup_60_energy_cards_shuffled_four_face_up_in_the_display():
    state = fresh(3)
    assert len(state.display) == 4 and all(state.display)
    hands = sum(sum(p.hand) for p in state.seats)
    assert len(state.energy_deck) + 4 + hands == 60


def test_setup_nebula_tiles_in_three_piles_by_size():
    state = fresh(2)
    for size, pile in zip((1, 2, 3), state.nebula_piles, strict=True):
        assert {CONTENT.tiles[t].size for t in pile.cards} == {size}
        assert len(pile.cards) == 16 - 2  # each player drew one of each size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_advanced_life_group_2_under_two_random_group_1_tokens_per_player(players):
    stack = list(fresh(players, seed=players).advanced_stack)  # top last
    top = stack[len(SEED.advanced_group2):]
    assert len(top) == 2 * players
    assert not Counter(top) - Counter(SEED.advanced_group1)
    assert Counter(stack[:len(SEED.advanced_group2)]) == Counter(SEED.advanced_group2)


def test_setup_each_player_draws_one_tile_of_each_size_placed_face_up_on_its_spaces():
    for p in fresh(3).seats:
        for size, cell in zip((1, 2, 3), CONTENT.start_nebulae, strict=True):
            tile = p.board.cells[cell].tile
            assert tile >= 0 and CONTENT.tiles[tile].size == size
        assert sum(c.tile >= 0 for c in p.board.cells) == 3


def test_setup_score_marker_on_0_and_three_sliders_on_0():
    for p in fresh(4).seats:
        assert (p.score, p.supernova, p.dna, p.graviton) == (0, 0, 0, 0)


def test_setup_one_proto_life_on_the_life_start_space():
    for p in fresh().seats:
        assert p.board.lives[CONTENT.life_start] == pb.LIFE_PROTO
        assert sum(bool(life) for life in p.board.lives) == 1


def test_setup_power_tokens_on_the_left_of_the_board():
    assert all(not p.power_tokens and not p.powers for p in fresh().seats)


def test_setup_end_of_turn_marker_on_alpha():
    assert all(p.omega == pb.OMEGA_UNSPECIFIED for p in fresh().seats)


def test_setup_one_h_star_on_the_central_space():
    for p in fresh().seats:
        assert p.board.stars[CONTENT.center_star].element == H
        assert sum(bool(s.element) for s in p.board.stars) == 1


def test_setup_each_player_draws_four_energy_cards():
    assert all(sum(p.hand) == 4 for p in fresh(4).seats)


@pytest.mark.parametrize("players, darks", [(2, 4), (3, 3), (4, 3)])
def test_first_player_tokens_placed_one_per_control_from_light_with_the_dark_tokens(players,
                                                                                    darks):
    state = fresh(players, seed=players + 10)
    assert len(state.dark) == darks
    at = Counter([*state.dark, *(p.energy_at for p in state.seats)])
    total = players + darks
    # one at a time round the controls from Light: Light gets the first and fifth tokens, ...
    assert [at[c] for c in (LIGHT, TIME, GRAVITY, CHEMISTRY)] == [
        len(range(i, total, 4)) for i in range(4)]


def test_first_player_is_the_player_whose_token_is_drawn_last():
    for seed in range(6):
        state = fresh(3, seed=seed)
        draw = Rng(seed * 7 + 1)
        tokens = [(True, s) for s in range(3)] + [(False, d) for d in range(3)]
        draw.shuffle(tokens)
        last_seat = [i for own, i in tokens if own][-1]
        state.rng = seed * 7 + 1
        GAME._first_player(state)
        assert state.first_player == last_seat
        places = [state.seats[i].energy_at if own else state.dark[i] for own, i in tokens]
        assert places == [(LIGHT, TIME, GRAVITY, CHEMISTRY)[k % 4] for k in range(6)]


# ------------------------------------------------------------------------------------ round

def test_round_each_player_plays_his_turn_in_clockwise_order_then_the_end_of_round():
    state = fresh(3, seed=2)
    first = state.first_player
    seen = []
    while state.round == 1 and state.phase != pb.PHASE_OVER:
        if not seen or seen[-1] != state.active:
            seen.append(state.active)
        d = GAME.decisions(state)[0]
        end = [o for o in d.options if o.HasField("end_turn")]
        pick_ = end[0] if end else (END if END in d.options else d.options[0])
        GAME.apply(state, d.seat, pick_)
    assert seen == [first, (first + 1) % 3, (first + 2) % 3]
    assert state.round == 2 and state.first_player == (first + 1) % 3


# ----------------------------------------------------------------------------- energy moves

def test_energy_you_must_move_your_own_token_at_least_one_space():
    state = fresh(2)
    rig_tokens(state, LIGHT, [TIME], [GRAVITY, GRAVITY, CHEMISTRY, CHEMISTRY])
    assert END not in options(state)  # not before your own token moved
    play(state, dark(0))
    play(state, dark(2))
    assert options(state) == [OWN]  # the last move must be your own token's
    with pytest.raises(IllegalMove):
        play(state, dark(1))


def test_energy_own_token_need_not_move_first():
    state = fresh(2)
    rig_tokens(state, LIGHT, [TIME], [GRAVITY, GRAVITY, CHEMISTRY, CHEMISTRY])
    assert dark(0) in options(state) and OWN in options(state)


def test_energy_you_move_only_your_token_and_the_dark_tokens():
    state = fresh(3)
    shifts = [o.shift_energy for o in options(state) if o.HasField("shift_energy")]
    assert all(s.WhichOneof("token") in ("own", "dark") for s in shifts)
    assert {s.dark for s in shifts if s.WhichOneof("token") == "dark"} <= set(range(3))
    other = (state.active + 1) % 3
    assert GAME.decisions(state)[0].seat == state.active
    with pytest.raises(IllegalMove):
        play(state, OWN, seat=other)


def test_energy_three_moves_in_total_shared_among_your_tokens():
    state = fresh(2)
    rig_tokens(state, LIGHT, [TIME], [GRAVITY, GRAVITY, CHEMISTRY, CHEMISTRY])
    play(state, OWN)
    play(state, dark(0))
    assert state.phase == pb.PHASE_ENERGY_MOVE and state.shifts_left == 1
    play(state, dark(1))
    assert state.phase != pb.PHASE_ENERGY_MOVE  # the third move ends the energy moves


def test_energy_you_may_stop_before_three_moves_once_your_token_moved():
    state = fresh(2)
    rig_tokens(state, LIGHT, [TIME], [GRAVITY, GRAVITY, CHEMISTRY, CHEMISTRY])
    play(state, OWN)
    assert END in options(state)
    play(state, END)
    assert state.phase != pb.PHASE_ENERGY_MOVE


def test_energy_tokens_always_move_clockwise():
    state = fresh(2)
    rig_tokens(state, CHEMISTRY, [TIME], [TIME, GRAVITY, GRAVITY, CHEMISTRY])
    play(state, OWN)
    assert state.seats[state.active].energy_at == LIGHT  # Chemistry -> Light, round the Console
    play(state, dark(0))
    assert state.dark[0] == GRAVITY


def test_energy_a_full_control_holds_three_tokens_and_is_skipped():
    state = fresh(4)
    rig_tokens(state, LIGHT, [TIME, TIME, GRAVITY], [TIME, CHEMISTRY, CHEMISTRY])
    play(state, OWN)
    assert state.seats[state.active].energy_at == GRAVITY  # Time holds 3: skipped
    play(state, dark(0))
    assert state.dark[0] == GRAVITY  # Time is left with 3 - 1 = 2 ... and Gravity now holds 3
    at = Counter([*state.dark, *(p.energy_at for p in state.seats)])
    assert at[GRAVITY] == 3 and at[TIME] == 2


# ----------------------------------------------------------------------------- collection

def collect_at(control: int, players: int = 2, seed: int = 1) -> tuple[pb.State, list]:
    """The active seat ends its moves on `control` with no other token anywhere near."""
    state = fresh(players, seed)
    before = (LIGHT, TIME, GRAVITY, CHEMISTRY)[(control - 2) % 4]
    others = [before] * (players - 1)
    darks = [before] * len(state.dark)
    state.seats[state.active].energy_at = before
    for s in range(players):
        if s != state.active:
            state.seats[s].energy_at = others.pop()
    state.dark[:] = darks[:len(state.dark)]
    # at most 3 per control: spread the rest on the control before `before`
    spill = (LIGHT, TIME, GRAVITY, CHEMISTRY)[(control - 3) % 4]
    tokens = [*(p for p in state.seats), *range(len(state.dark))]
    count = 0
    for t in tokens:
        at = t.energy_at if isinstance(t, pb.Player) else state.dark[t]
        if at == before:
            count += 1
            if count > 2:
                if isinstance(t, pb.Player):
                    t.energy_at = spill
                else:
                    state.dark[t] = spill
    events = play(state, OWN)
    if state.phase == pb.PHASE_ENERGY_MOVE:
        events += play(state, END)
    return state, events


def collected(events: list) -> list[pb.Collected]:
    return [e.payload.collected for e in events if e.payload.HasField("collected")]


@pytest.mark.parametrize("control, stars, sliders", [
    (LIGHT, [pb.ELEMENT_H] * 3, (0, 0)),
    (TIME, [pb.ELEMENT_O], (0, 2)),
    (GRAVITY, [pb.ELEMENT_HE] * 2, (1, 0)),
])
def test_collect_active_reward_of_the_control_holding_your_token(control, stars, sliders):
    state, events = collect_at(control)
    me = state.seats[state.active]
    assert list(me.held.stars) == stars
    assert (me.supernova, me.dna) == sliders


def test_collect_chemistry_active_reward_is_a_c_star_and_a_tile_of_your_size():
    state, _ = collect_at(CHEMISTRY)
    assert state.phase == pb.PHASE_COLLECT and kinds(state) == {"choose_size"}
    play(state, move(choose_size=pb.ChooseSize(size=3)))
    me = state.seats[state.active]
    assert pb.ELEMENT_C in me.held.stars
    assert [CONTENT.tiles[t].size for t in me.held.tiles] == [3]


def test_collect_passive_reward_per_token_present_on_each_control():
    state, _ = collect_at(LIGHT, players=2)
    me = state.seats[state.active]
    at = Counter([*state.dark, *(p.energy_at for p in state.seats)])
    # Light passive: one energy card per token there (each a choice)
    takes = 0
    while state.phase == pb.PHASE_COLLECT:
        play(state, options(state)[0])
        takes += 1
    assert takes == at[LIGHT]
    assert me.graviton == at[GRAVITY]
    assert me.held.lives == at[CHEMISTRY]


def test_collect_an_empty_control_gives_no_passive_reward():
    state, _ = collect_at(TIME)
    at = Counter([*state.dark, *(p.energy_at for p in state.seats)])
    me = state.seats[state.active]
    assert at[GRAVITY] == 0 and me.graviton == 0


def test_collect_active_reward_first_then_passives_clockwise():
    state, events = collect_at(GRAVITY)
    gains = [c.gain for c in collected(events)]
    assert gains[:3] == [pb.GAIN_STAR_HE, pb.GAIN_STAR_HE, pb.GAIN_SUPERNOVA]
    # passives from Gravity clockwise: Gravity, Chemistry, Light, Time
    order = {pb.GAIN_GRAVITON: 0, pb.GAIN_PROTO_LIFE: 1, pb.GAIN_ENERGY_CARD: 2,
             pb.GAIN_CRYSTAL: 3}
    passive = [order[g] for g in gains[3:] + list(state.gains)]
    assert passive == sorted(passive)


def test_collect_energy_card_from_the_face_up_display_or_the_face_down_deck():
    state, _ = collect_at(LIGHT)
    choices = options(state)
    assert {o.take_energy.WhichOneof("source") for o in choices} == {"slot", "deck"}
    me = state.seats[state.active]
    card = state.display[0]
    before = me.hand[card - 1]
    play(state, move(take_energy=pb.TakeEnergy(slot=0)))
    assert me.hand[card - 1] == before + 1
    state, _ = collect_at(LIGHT)
    deck = len(state.energy_deck)
    events = play(state, move(take_energy=pb.TakeEnergy(deck=True)))
    drawn = [e for e in events if e.payload.HasField("card_drawn")]
    assert drawn and drawn[0].audience == frozenset({state.active})
    assert len(state.energy_deck) in (deck - 1, deck - 2)  # minus a refill if collection ended


def test_collect_display_is_refilled_to_four_at_the_end_of_your_energy_phase():
    state, _ = collect_at(LIGHT)
    play(state, move(take_energy=pb.TakeEnergy(slot=0)))
    if state.phase == pb.PHASE_COLLECT:
        assert state.display[0] == pb.CONTROL_UNSPECIFIED  # not refilled during collection
    while state.phase == pb.PHASE_COLLECT:
        play(state, move(take_energy=pb.TakeEnergy(deck=True)))
    assert all(state.display)


def test_collect_everything_before_the_creation_phase_no_placing_while_collecting():
    state, _ = collect_at(CHEMISTRY)
    assert state.phase == pb.PHASE_COLLECT
    assert not kinds(state) & {"place_star", "place_nebula", "place_life", "end_turn"}


def test_time_crystal_reaching_the_sixth_case_takes_a_new_crystal_from_the_reserve():
    state = fresh(2)
    me = state.seats[state.active]
    me.chamber = CONTENT.charge_at - 1
    reserve = state.crystal_reserve
    events = []
    GAME._gain(state, state.active, pb.GAIN_CRYSTAL, 1, events)
    assert (me.charged, me.chamber, me.has_crystal) == (1, 0, True)
    assert state.crystal_reserve == reserve - 1
    GAME._gain(state, state.active, pb.GAIN_CRYSTAL, 2, events)
    assert (me.charged, me.chamber) == (1, 2)


def test_time_crystal_new_one_only_on_reaching_the_sixth_case():
    state = fresh(2)
    reserve = state.crystal_reserve
    GAME._gain(state, state.active, pb.GAIN_CRYSTAL, CONTENT.charge_at - 1, [])
    assert state.crystal_reserve == reserve and state.seats[state.active].charged == 0


def test_time_crystal_advances_are_lost_when_the_reserve_is_empty():
    state = fresh(2)
    me = state.seats[state.active]
    state.seats[1 - state.active].discharged += state.crystal_reserve  # all crystals used
    state.crystal_reserve = 0
    GAME._gain(state, state.active, pb.GAIN_CRYSTAL, CONTENT.charge_at + 3, [])
    assert (me.charged, me.has_crystal, me.chamber) == (1, False, 0)
    assert GAME.audit(state) == []


def test_proto_life_is_taken_purple_face_up_from_the_supply():
    state, _ = collect_at(LIGHT)
    me = state.seats[state.active]
    while state.phase == pb.PHASE_COLLECT:
        play(state, move(take_energy=pb.TakeEnergy(deck=True)))
    at = Counter([*state.dark, *(p.energy_at for p in state.seats)])
    assert me.held.lives == at[CHEMISTRY]


def test_supernova_dna_graviton_advance_their_slider_one_step_per_resource():
    state = fresh()
    me = state.seats[state.active]
    for gain in (pb.GAIN_SUPERNOVA, pb.GAIN_DNA, pb.GAIN_DNA, pb.GAIN_GRAVITON):
        GAME._gain(state, state.active, gain, 1, [])
    assert (me.supernova, me.dna, me.graviton) == (1, 2, 1)
