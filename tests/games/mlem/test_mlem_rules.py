"""One test per rule sentence of the seed (shared/seeds/002), named after the rule."""

from __future__ import annotations

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.games.mlem.rules import SEND, group_options, next_to_board
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from tests.games.mlem.mlem_helpers import (
    FOUR,
    ONE,
    PLAIN,
    STAY,
    THREE,
    TWO,
    B,
    G,
    L,
    aboard,
    force,
    fresh,
    kinds,
    land,
    moon_index,
    planet_space,
    put,
    rig,
)

FERRUS = planet_space("Ferrus")   # 7
AZURA = planet_space("Azura")     # 10
SIX = 6                           # moon space with moons 1 and 2


def use(*faces) -> pb.Move:
    return pb.Move(use_groups=pb.UseGroups(faces=faces))


def takeoff(state, picks):
    """Every seat boards its pick, in the order the rules ask them."""
    events = []
    while state.phase == pb.PHASE_TAKEOFF:
        seat = next_to_board(state)
        events += G.apply(state, seat, SEND[picks[seat]])
    return events


# --------------------------------------------------------------------------- take-off

def test_takeoff_every_round_begins_with_a_takeoff_phase():
    # "Chaque manche commence par une Phase de Décollage": the game, and every expedition
    # after one ends (here by a crash), starts with the starting seat owing a cat to board
    state = fresh(3)
    assert state.phase == pb.PHASE_TAKEOFF and state.expedition == 0
    state = crash_at_ferrus()
    G.apply(state, 2, STAY)
    assert state.phase == pb.PHASE_TAKEOFF and not state.rocket
    assert [(d.seat, d.kind) for d in G.decisions(state)] == [(state.starting_seat, "send_cat")]
    force([ONE, TWO, TWO, THREE, FOUR, B])
    takeoff(state, {0: pb.CAT_KIND_MOON_DOUBLE, 1: pb.CAT_KIND_MOON_DOUBLE,
                    2: pb.CAT_KIND_MOON_DOUBLE})
    assert state.expedition == 2


def test_takeoff_each_player_chooses_one_of_his_cats_to_send():
    # "chaque joueur choisit un Chastronaute à envoyer en expédition"
    state = fresh(3)
    for seat in (0, 1, 2):
        (d,) = G.decisions(state)
        assert (d.seat, d.kind, len(d.options)) == (seat, "send_cat", 8)
        G.apply(state, seat, SEND[PLAIN])
    assert len(state.rocket) == 3
    assert all(PLAIN not in b.home for b in state.boards)


def test_takeoff_seats_board_in_the_open_in_turn_order_from_the_commander():
    # PROVISIONAL (the seed gives no order): as the published game, from the Commander
    # clockwise, each pick public the moment it is made.
    state = fresh(3)
    state.starting_seat = 1
    events = G.apply(state, 1, SEND[pb.CAT_KIND_PARACHUTE])
    (boarded,) = kinds(events, "cat_boarded")
    assert all(e.audience is None for e in events)
    assert (boarded.cat.owner, boarded.cat.kind, boarded.position) == (
        1, pb.CAT_KIND_PARACHUTE, 0)
    assert list(G.view(state, None).rocket) == [pb.Cat(owner=1, kind=pb.CAT_KIND_PARACHUTE)]
    before = state.SerializeToString()
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, SEND[PLAIN])  # seat 2 boards before seat 0
    assert err.value.rule == "takeoff_turn_order"
    assert state.SerializeToString() == before
    assert [d.seat for d in G.decisions(state)] == [2]


def test_takeoff_player_cannot_choose_twice_or_a_cat_not_at_home():
    state = fresh(2)
    G.apply(state, 0, SEND[PLAIN])
    before = state.SerializeToString()
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, SEND[pb.CAT_KIND_PARACHUTE])
    assert err.value.rule == "one_cat_per_player"
    assert state.SerializeToString() == before
    state = fresh(2)
    state.starting_seat = 1
    state.boards[1].home.remove(PLAIN)
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 1, SEND[PLAIN])
    assert err.value.rule == "cat_at_home"


def test_takeoff_lead_cat_player_is_commander_and_rocket_follows_turn_order():
    state = fresh(4)
    state.starting_seat = 2
    force([ONE, TWO, TWO, THREE, FOUR, B])  # no crash at the start space
    takeoff(state, {0: PLAIN, 1: PLAIN, 2: PLAIN, 3: PLAIN})
    assert [c.owner for c in state.rocket] == [2, 3, 0, 1]
    (d,) = G.decisions(state)
    assert d.kind == "use_groups" and d.seat == 2


# ----------------------------------------------------------------------------- travel

def test_travel_commander_rolls_all_dice_in_the_pool():
    state = fresh(2)
    events = takeoff(state, {0: PLAIN, 1: PLAIN})
    rolled = kinds(events, "dice_rolled")
    assert len(rolled) == 1 and len(rolled[0].roll.dice) == L.dice == 6


def test_travel_dice_faces_are_1_2_2_3_4_booster():
    from collections import Counter

    from cosmodrome.core.rng import Rng
    from cosmodrome.games.mlem.rules import DIE_FACES
    rng = Rng(5)
    counts = Counter(DIE_FACES[rng.below(6)] for _ in range(60_000))
    assert set(counts) == {ONE, TWO, THREE, FOUR, B}
    assert 1.8 < counts[TWO] / counts[ONE] < 2.2
    assert all(9_000 < counts[f] < 11_000 for f in (ONE, THREE, FOUR, B))


def test_travel_only_groups_allowed_at_the_rockets_space_can_be_chosen():
    # "à la case zéro, les Postcombustions, les 1 et les 2 peuvent être utilisés"
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, TWO, THREE, FOUR, B, B])
    (decision,) = G.decisions(state)
    used = {f for o in decision.options for f in o.use_groups.faces}
    assert used == {ONE, TWO, B}
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, use(THREE))
    assert err.value.rule == "group_allowed_here"


def test_travel_commander_may_choose_any_number_of_groups():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, TWO, B, THREE, THREE, FOUR])
    (decision,) = G.decisions(state)
    assert len(decision.options) == 7  # every non-empty subset of {1, 2, booster}
    assert decision.options == group_options((ONE, TWO, B))


def test_travel_only_the_commander_chooses_groups():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL, roll=[ONE] * 6)
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 1, use(ONE))
    assert err.value.rule == "commander_chooses"


def test_travel_each_chosen_group_moves_its_full_sum():
    # "un groupe de trois 2 a une valeur de déplacement de 6"
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[TWO, TWO, TWO, ONE, THREE, FOUR])
    rig(state, 4, lambda d: True)
    events = G.apply(state, 0, use(TWO))
    assert kinds(events, "rocket_moved")[0].to_space == 6


def test_travel_dice_are_grouped_by_face_and_a_group_is_used_whole():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, ONE, ONE, TWO, TWO, FOUR])
    (decision,) = G.decisions(state)
    # one option per set of groups, never per die: {1}, {2}, {1, 2}
    assert [list(o.use_groups.faces) for o in decision.options] == [[ONE], [TWO], [ONE, TWO]]
    G.apply(state, 0, use(ONE))
    assert state.space == 3 and state.pool == 3


def test_travel_booster_value_is_the_one_printed_on_the_space():
    start = 2  # booster 2 at space 2 in the provisional layout
    assert L.spaces[start].booster == 2
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], start, pb.PHASE_TRAVEL,
                   roll=[B, B, FOUR, FOUR, FOUR, FOUR])
    G.apply(state, 0, use(B))
    assert state.space == start + 2 * 2


def test_travel_booster_and_unused_dice_are_kept_others_discarded():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, ONE, TWO, B, THREE, FOUR])
    G.apply(state, 0, use(ONE, B))
    assert state.space == 0 + 2 + 1
    assert state.pool == 4  # the two 1s discarded; booster, 2, 3, 4 kept


def test_travel_if_no_die_would_remain_keep_one():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL, pool=2,
                   roll=[ONE, TWO])
    G.apply(state, 0, use(ONE, TWO))
    assert state.pool == 1


def test_travel_rocket_stops_on_deep_space_when_the_move_overshoots():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 24, pb.PHASE_TRAVEL,
                   roll=[B, B, B, B, B, ONE])
    G.apply(state, 0, use(B))
    assert len(state.comet) == 1 and len(state.galaxy) == 1


def test_travel_groups_must_be_listed_once_in_increasing_order():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, TWO, B, THREE, THREE, FOUR])
    before = state.SerializeToString()
    for bad in (use(TWO, ONE), use(ONE, ONE), use()):
        with pytest.raises(IllegalMove):
            G.apply(state, 0, bad)
    assert state.SerializeToString() == before


# ------------------------------------------------------------------------------ crash

def crash_at_ferrus(players=3, cats=None):
    """Rocket at Ferrus (faces 1, 2, 4), last cat deciding: staying rolls 3s and boosters."""
    cats = cats or [(s, PLAIN) for s in range(players)]
    state = aboard(fresh(players), cats, FERRUS, pb.PHASE_LANDING, pool=2,
                   landing_index=len(cats) - 1)
    force([THREE] * 2)
    return state


def test_crash_when_no_rolled_face_is_allowed_at_the_space():
    state = crash_at_ferrus()
    events = G.apply(state, 2, STAY)
    assert kinds(events, "crashed")
    assert not kinds(events, "rocket_moved")


def test_crash_advances_cosmic_failure_marker():
    state = crash_at_ferrus()
    G.apply(state, 2, STAY)
    assert state.failure == 1


def test_crash_returns_cats_without_parachute_to_their_owners():
    state = crash_at_ferrus()
    events = G.apply(state, 2, STAY)
    assert len(kinds(events, "cats_returned")[0].cats) == 3
    assert all(PLAIN in b.home and len(b.home) == 8 for b in state.boards)
    assert not state.rocket


def test_crash_parachute_cat_may_disembark():
    state = crash_at_ferrus(cats=[(0, PLAIN), (1, pb.CAT_KIND_PARACHUTE), (2, PLAIN)])
    G.apply(state, 2, STAY)
    assert state.phase == pb.PHASE_PARACHUTE
    (decision,) = G.decisions(state)
    assert decision.seat == 1 and decision.kind == "parachute"
    assert list(decision.options) == [STAY, land(FERRUS)]
    events = G.apply(state, 1, land(FERRUS))
    assert kinds(events, "landed")[0].by_parachute
    assert [c.owner for c in state.planets[0].cats] == [1]
    assert PLAIN in state.boards[0].home and PLAIN in state.boards[2].home


def test_crash_parachute_cat_may_decline_and_return_home():
    state = crash_at_ferrus(cats=[(0, PLAIN), (1, pb.CAT_KIND_PARACHUTE), (2, PLAIN)])
    G.apply(state, 2, STAY)
    G.apply(state, 1, STAY)
    assert pb.CAT_KIND_PARACHUTE in state.boards[1].home
    assert not state.planets[0].cats


def test_crash_parachute_needs_a_landing_space():
    # spaces 0-5 have no landing: a parachute cat crashing there goes home with the others
    state = aboard(fresh(2), [(0, pb.CAT_KIND_PARACHUTE), (1, PLAIN)], 4, pb.PHASE_TRAVEL,
                   roll=[ONE, THREE, THREE, THREE, THREE, THREE])
    force([TWO] * 5)  # space 5 allows 1 and 4 only: crash
    G.apply(state, 0, use(ONE))  # space 4 -> 5, five dice left
    assert state.failure == 1 and state.phase == pb.PHASE_TAKEOFF
    assert pb.CAT_KIND_PARACHUTE in state.boards[0].home


def test_crash_command_passes_to_the_next_player_in_turn_order():
    state = crash_at_ferrus()
    state.starting_seat = 0
    events = G.apply(state, 2, STAY)
    assert kinds(events, "expedition_ended")[0].crashed
    assert state.starting_seat == 1
    for seat in (1, 2, 0):
        G.apply(state, seat, SEND[PLAIN])
    assert state.rocket[0].owner == 1


def test_crash_command_passes_to_the_player_after_the_one_who_led():
    # "Le rôle de Commandant passe au joueur suivant dans l'ordre du tour."
    state = fresh(3)
    state.starting_seat = 1
    force([THREE] * 6)  # Earth allows booster, 1, 2: crash
    cat = pb.CAT_KIND_MOON_DOUBLE  # no take-off ability (PLAIN, the satellite, has one)
    events = takeoff(state, {0: cat, 1: cat, 2: cat})
    assert [c.owner for c in kinds(events, "take_off")[0].rocket] == [1, 2, 0]
    assert kinds(events, "crashed")
    assert kinds(events, "expedition_ended")[0].next_starting_seat == 2
    force([ONE, TWO, TWO, THREE, FOUR, B])
    takeoff(state, {0: cat, 1: cat, 2: cat})
    assert [c.owner for c in state.rocket] == [2, 0, 1]
    (d,) = G.decisions(state)
    assert d.kind == "use_groups" and d.seat == 2


def test_crash_ends_expedition_with_no_landing_phase():
    state = crash_at_ferrus()
    G.apply(state, 2, STAY)
    assert state.phase == pb.PHASE_TAKEOFF
    assert not any(p.cats for p in state.planets)


# ---------------------------------------------------------------------------- landing

def test_landing_spaces_0_to_5_skip_landing_and_travel_again():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[ONE, ONE, THREE, THREE, THREE, FOUR])
    rig(state, 4, lambda d: THREE in d)  # space 2 allows booster, 2, 3
    events = G.apply(state, 0, use(ONE))
    assert state.space == 2
    assert kinds(events, "dice_rolled") and state.phase == pb.PHASE_TRAVEL


def test_landing_from_space_6_each_cat_in_rocket_order_stays_or_disembarks():
    state = aboard(fresh(3), [(2, PLAIN), (0, PLAIN), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   roll=[TWO, TWO, TWO, THREE, THREE, FOUR])
    G.apply(state, 2, use(TWO))
    assert state.space == 6 and state.phase == pb.PHASE_LANDING
    order = []
    for _ in range(3):
        (d,) = G.decisions(state)
        assert d.kind == "land" and list(d.options) == [STAY, land(6)]
        order.append(d.seat)
        G.apply(state, d.seat, STAY)
        if state.phase != pb.PHASE_LANDING:
            break
    assert order == [2, 0, 1]


def test_landing_only_the_deciding_cats_owner_may_answer():
    state = aboard(fresh(3), [(2, PLAIN), (0, PLAIN), (1, PLAIN)], FERRUS)
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, STAY)
    assert err.value.rule == "rocket_order"


def test_landing_moon_takes_the_highest_numbered_free_moon_linked_to_the_space():
    state = aboard(fresh(3), [(0, PLAIN), (1, PLAIN), (2, PLAIN)], SIX)
    rig(state, 6, lambda d: True)
    G.apply(state, 0, land(SIX))
    assert state.moons[moon_index(2)].cat.owner == 0
    G.apply(state, 1, land(SIX))
    assert state.moons[moon_index(1)].cat.owner == 1


def test_landing_moon_space_with_all_moons_taken_allows_no_landing():
    state = aboard(fresh(3), [(0, PLAIN), (1, PLAIN), (2, PLAIN)], SIX)
    rig(state, 6, lambda d: True)
    G.apply(state, 0, land(SIX))
    events = G.apply(state, 1, land(SIX))
    # both moons taken: seat 2 cannot disembark, stays aboard, and a new travel phase begins
    assert [e.cat.owner for e in kinds(events, "stayed_aboard")] == [2]
    assert [c.owner for c in state.rocket] == [2]
    assert kinds(events, "dice_rolled")
    assert not any(d.kind == "land" for d in G.decisions(state))


def test_landing_one_cat_per_moon():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], 9)  # moon 5 only
    rig(state, 6, lambda d: True)
    G.apply(state, 0, land(9))
    assert state.moons[moon_index(5)].cat.owner == 0
    assert sum(m.occupied for m in state.moons) == 1
    assert all(not o.land.disembark for d in G.decisions(state) for o in d.options
               if d.kind == "land")


def test_landing_planet_has_no_limit_and_records_arrival_order_top_to_bottom():
    state = fresh(4)
    put(state, 3, PLAIN, "planet", 0)
    aboard(state, [(1, PLAIN), (0, PLAIN), (2, PLAIN)], FERRUS)
    rig(state, 6, lambda d: True)
    for seat in (1, 0, 2):
        G.apply(state, seat, land(FERRUS))
    assert [c.owner for c in state.planets[0].cats] == [3, 1, 0, 2]


def test_landing_deep_space_commander_to_comet_passengers_to_galaxy():
    state = aboard(fresh(3), [(1, PLAIN), (2, PLAIN), (0, PLAIN)], 22, pb.PHASE_TRAVEL,
                   roll=[B, ONE, ONE, ONE, THREE, FOUR])
    G.apply(state, 1, use(B))
    assert state.space == L.last or state.phase == pb.PHASE_TAKEOFF
    assert [c.owner for c in state.comet] == [1]
    assert [c.owner for c in state.galaxy] == [2, 0]


def test_landing_comet_and_galaxy_have_no_limit():
    # "Ces zones n'ont aucune limite d'occupation"
    state = fresh(3)
    for seat in range(3):
        put(state, seat, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    put(state, 0, pb.CAT_KIND_DEEP_DOUBLE, "comet")
    aboard(state, [(1, PLAIN), (2, PLAIN), (0, PLAIN)], 24, pb.PHASE_TRAVEL, roll=[B, B])
    G.apply(state, 1, use(B))
    assert [c.owner for c in state.comet] == [0, 1]
    assert [c.owner for c in state.galaxy] == [0, 1, 2, 2, 0]


def test_landing_commander_who_disembarks_hands_command_to_the_next_cat():
    state = aboard(fresh(3), [(0, PLAIN), (1, PLAIN), (2, PLAIN)], FERRUS)
    force([ONE, TWO, TWO, THREE, FOUR, B])
    G.apply(state, 0, land(FERRUS))
    assert [c.owner for c in state.rocket] == [1, 2]
    G.apply(state, 1, STAY)
    G.apply(state, 2, STAY)
    (d,) = G.decisions(state)
    assert d.kind == "use_groups" and d.seat == 1


def test_landing_cats_still_aboard_travel_again():
    state = aboard(fresh(2), [(0, PLAIN), (1, PLAIN)], FERRUS)
    force([ONE, TWO, TWO, THREE, FOUR, B])
    G.apply(state, 0, STAY)
    events = G.apply(state, 1, STAY)
    assert kinds(events, "dice_rolled") and state.phase == pb.PHASE_TRAVEL


def test_landing_all_cats_landed_ends_expedition_and_new_commander_leads():
    state = aboard(fresh(3), [(0, PLAIN), (1, PLAIN), (2, PLAIN)], FERRUS)
    state.starting_seat = 0
    for seat in range(3):
        events = G.apply(state, seat, land(FERRUS))
    ended = kinds(events, "expedition_ended")
    assert ended and not ended[0].crashed
    assert state.phase == pb.PHASE_TAKEOFF and state.starting_seat == 1


# ------------------------------------------------------------------------- objectives

def test_objective_first_player_with_4_cats_on_4_different_planets():
    state = fresh(2)
    kinds_ = [pb.CAT_KIND_MOON_DOUBLE, pb.CAT_KIND_DEEP_DOUBLE, pb.CAT_KIND_DIE_TAKER]
    for i, k in enumerate(kinds_):
        put(state, 0, k, "planet", i)
    aboard(state, [(0, PLAIN), (1, PLAIN)], planet_space("Aurum"))
    events = G.apply(state, 0, land(planet_space("Aurum")))
    assert [o.objective for o in kinds(events, "objective_claimed")] == [
        pb.OBJECTIVE_FOUR_PLANETS]
    assert list(state.boards[0].objectives) == [pb.OBJECTIVE_FOUR_PLANETS]


def test_objective_first_player_with_3_cats_on_one_planet():
    state = fresh(2)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "planet", 0)
    put(state, 1, pb.CAT_KIND_DEEP_DOUBLE, "planet", 0)
    aboard(state, [(0, PLAIN), (1, PLAIN)], FERRUS, landing_index=1)
    G.apply(state, 1, land(FERRUS))
    assert list(state.boards[1].objectives) == [pb.OBJECTIVE_THREE_ON_ONE]


def test_objective_first_player_with_4_cats_on_4_different_moons():
    state = fresh(2)
    for i, k in enumerate([pb.CAT_KIND_MOON_DOUBLE, pb.CAT_KIND_DEEP_DOUBLE,
                           pb.CAT_KIND_DIE_TAKER]):
        put(state, 0, k, "moon", moon_index(10 + i))
    aboard(state, [(0, PLAIN), (1, PLAIN)], 9)
    G.apply(state, 0, land(9))
    assert list(state.boards[0].objectives) == [pb.OBJECTIVE_FOUR_MOONS]


def test_objective_first_player_with_2_cats_in_deep_space():
    state = fresh(3)
    put(state, 2, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    aboard(state, [(0, PLAIN), (2, PLAIN), (1, PLAIN)], 24, pb.PHASE_TRAVEL,
           roll=[B, B, ONE, TWO, THREE, FOUR])
    G.apply(state, 0, use(B))
    assert list(state.boards[2].objectives) == [pb.OBJECTIVE_TWO_DEEP]
    assert not state.boards[0].objectives and not state.boards[1].objectives


def test_objective_can_be_claimed_by_one_player_only():
    state = fresh(2)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    put(state, 0, pb.CAT_KIND_DEEP_DOUBLE, "galaxy")
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    state.boards[0].objectives.append(pb.OBJECTIVE_TWO_DEEP)
    aboard(state, [(1, PLAIN), (0, PLAIN)], 24, pb.PHASE_TRAVEL, roll=[B])
    G.apply(state, 1, use(B))  # seat 1 now has 2 cats in Deep Space too
    assert list(state.boards[0].objectives) == [pb.OBJECTIVE_TWO_DEEP]
    assert not state.boards[1].objectives


def test_objective_a_player_may_claim_several():
    state = fresh(2)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "planet", 0)
    put(state, 0, pb.CAT_KIND_DEEP_DOUBLE, "planet", 0)
    put(state, 0, pb.CAT_KIND_DIE_TAKER, "planet", 1)
    put(state, 0, pb.CAT_KIND_DIE_ONE, "planet", 2)
    aboard(state, [(0, PLAIN), (1, PLAIN)], FERRUS)
    G.apply(state, 0, land(FERRUS))  # three on Ferrus
    assert list(state.boards[0].objectives) == [pb.OBJECTIVE_THREE_ON_ONE]
    aboard(state, [(0, pb.CAT_KIND_SHIFTER)], planet_space("Aurum"))
    G.apply(state, 0, land(planet_space("Aurum")))  # Ferrus, Azura, Verdis, Aurum
    assert list(state.boards[0].objectives) == [pb.OBJECTIVE_THREE_ON_ONE,
                                                pb.OBJECTIVE_FOUR_PLANETS]
    assert not state.boards[1].objectives


def test_objective_each_claimed_objective_scores_5_points():
    from cosmodrome.games.mlem import scoring
    state = fresh(2)
    state.boards[1].objectives.extend([pb.OBJECTIVE_TWO_DEEP, pb.OBJECTIVE_FOUR_MOONS])
    assert scoring.scores(state, L) == [0, 10]


# -------------------------------------------------------------------------------- end

def test_end_game_ends_when_cosmic_failure_track_reaches_11():
    state = crash_at_ferrus()
    state.failure = 10
    events = G.apply(state, 2, STAY)
    assert state.failure == 11 and state.phase == pb.PHASE_OVER
    assert kinds(events, "game_ended") and G.decisions(state) == []
    assert G.result(state) is not None


def test_end_game_ends_when_a_player_landed_all_8_cats_and_the_expedition_ended_naturally():
    state = fresh(2)
    for k in range(1, 8):
        put(state, 0, k, "planet", k % 5)
    aboard(state, [(0, pb.CAT_KIND_SATELLITE), (1, PLAIN)], FERRUS)
    G.apply(state, 0, land(FERRUS))
    assert state.phase != pb.PHASE_OVER  # seat 1's cat is still flying
    events = G.apply(state, 1, land(FERRUS))
    assert state.phase == pb.PHASE_OVER
    assert "landed all 8" in kinds(events, "game_ended")[0].reason


def test_end_expedition_that_lands_the_8th_cat_ends_the_game_even_if_it_crashes():
    # PROVISIONAL reading of "l'expédition en cours s'est achevée naturellement": an expedition
    # ends when all have landed "et/ou qu'un Crash a eu lieu", so a crash is such an end too.
    state = fresh(2)
    for k in range(1, 8):
        put(state, 0, k, "planet", k % 5)
    aboard(state, [(0, pb.CAT_KIND_SATELLITE), (1, PLAIN)], FERRUS, pool=2)
    force([THREE] * 2)
    G.apply(state, 0, land(FERRUS))  # seat 0's 8th cat lands
    assert state.phase == pb.PHASE_LANDING  # the expedition goes on: the game too
    events = G.apply(state, 1, STAY)  # the next roll crashes: the expedition ends
    assert state.phase == pb.PHASE_OVER and state.failure == 1
    assert kinds(events, "game_ended")[0].reason == "a player has landed all 8 cats"


def test_end_8th_cat_landed_by_parachute_ends_the_game_when_that_expedition_ends():
    # "lorsqu'un joueur a débarqué ses 8 Chastronautes et que l'expédition en cours s'est
    # achevée": the crash's parachute landing completes seat 0's eight; the crash ends it.
    state = fresh(2)
    for k in range(1, 9):
        if k != pb.CAT_KIND_PARACHUTE:
            put(state, 0, k, "planet", k % 5)
    aboard(state, [(1, PLAIN), (0, pb.CAT_KIND_PARACHUTE)], FERRUS, pool=2, landing_index=1)
    force([THREE] * 2)
    G.apply(state, 0, STAY)  # the roll crashes
    assert state.phase == pb.PHASE_PARACHUTE
    events = G.apply(state, 0, land(FERRUS))  # 8th cat down by parachute
    assert not state.boards[0].home and state.failure == 1
    assert state.phase == pb.PHASE_OVER
    assert "landed all 8" in kinds(events, "game_ended")[0].reason


# ---------------------------------------------------------------------------- scoring

def test_scoring_each_occupied_moon_scores_its_points():
    from cosmodrome.games.mlem import scoring
    state = fresh(2)
    put(state, 1, PLAIN, "moon", moon_index(22))
    put(state, 0, PLAIN, "moon", moon_index(1))
    assert scoring.scores(state, L) == [L.moons[moon_index(1)].points,
                                        L.moons[moon_index(22)].points]


def test_scoring_planet_most_second_most_and_presence():
    from cosmodrome.games.mlem import scoring
    state = fresh(3)
    most, second, presence = L.planets[1].values
    put(state, 2, PLAIN, "planet", 1)
    put(state, 0, PLAIN, "planet", 1)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "planet", 1)
    put(state, 1, PLAIN, "planet", 1)
    # seat 0: 2 cats (most); seat 2 arrived before seat 1 with one each
    assert scoring.scores(state, L) == [most, presence, second]


def test_scoring_planet_tie_goes_to_the_earlier_arrival():
    from cosmodrome.games.mlem import scoring
    state = fresh(2)
    most, second, _ = L.planets[0].values
    put(state, 1, PLAIN, "planet", 0)
    put(state, 0, PLAIN, "planet", 0)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "planet", 0)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "planet", 0)
    assert scoring.scores(state, L) == [second, most]


def test_scoring_comet_and_galaxy_points():
    from cosmodrome.games.mlem import scoring
    state = fresh(2)
    put(state, 0, PLAIN, "comet")
    put(state, 1, PLAIN, "galaxy")
    assert scoring.scores(state, L) == [L.comet_points, L.galaxy_points]


def test_scoring_highest_total_wins_and_ties_share_the_victory():
    state = crash_at_ferrus(players=2)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "comet")
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "comet")
    state.failure = 10
    G.apply(state, 1, STAY)
    assert G.result(state).winners == (0, 1)
    state = crash_at_ferrus(players=2)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "comet")
    state.failure = 10
    G.apply(state, 1, STAY)
    assert G.result(state).winners == (1,)
    assert G.result(state).scores == (0.0, float(L.comet_points))


def test_end_reaching_deep_space_with_the_8th_cat_is_a_natural_end():
    state = fresh(2)
    for k in range(1, 8):
        put(state, 0, k, "planet", k % 5)
    aboard(state, [(1, PLAIN), (0, pb.CAT_KIND_SATELLITE)], 24, pb.PHASE_TRAVEL,
           roll=[B, TWO, THREE])
    events = G.apply(state, 1, use(B))
    assert [c.owner for c in state.galaxy] == [0]
    assert state.phase == pb.PHASE_OVER
    assert kinds(events, "expedition_ended")[0].crashed is False


def test_end_cosmic_failure_11_lets_that_crashs_parachutes_land_first():
    state = crash_at_ferrus(cats=[(0, PLAIN), (1, pb.CAT_KIND_PARACHUTE), (2, PLAIN)])
    state.failure = 10
    G.apply(state, 2, STAY)
    assert state.failure == 11 and state.phase == pb.PHASE_PARACHUTE
    (d,) = G.decisions(state)
    assert d.seat == 1 and d.kind == "parachute"
    G.apply(state, 1, land(FERRUS))
    assert state.phase == pb.PHASE_OVER
    assert list(state.final_scores) == [0, L.planets[0].values[0], 0]



def test_objective_deep_space_arrivals_claim_in_rocket_order_commander_first():
    # seats 1 and 2 each have one cat in the Galaxy; both reach 2 cats in Deep Space on the
    # same arrival: the Commander is placed first, then passengers in rocket order.
    state = fresh(3)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    put(state, 2, pb.CAT_KIND_MOON_DOUBLE, "galaxy")
    aboard(state, [(2, PLAIN), (1, PLAIN), (0, PLAIN)], 24, pb.PHASE_TRAVEL, roll=[B, B])
    G.apply(state, 2, use(B))
    assert list(state.boards[2].objectives) == [pb.OBJECTIVE_TWO_DEEP]
    assert not state.boards[1].objectives
    assert [c.owner for c in state.comet] == [2]
