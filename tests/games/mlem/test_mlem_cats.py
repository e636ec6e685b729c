"""The eight cats: one test (or more) per ability, as read in docs/rules/mlem.md."""

from __future__ import annotations

from cosmodrome.games.mlem import scoring
from cosmodrome.games.mlem.rules import SEND
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

FERRUS = planet_space("Ferrus")


def use(*faces) -> pb.Move:
    return pb.Move(use_groups=pb.UseGroups(faces=faces))


def test_cat_planet_double_doubles_its_owners_points_on_its_planet():
    state = fresh(2)
    most, second, _ = L.planets[0].values
    put(state, 0, pb.CAT_KIND_PLANET_DOUBLE, "planet", 0)
    put(state, 1, PLAIN, "planet", 0)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "planet", 0)
    assert scoring.scores(state, L) == [second * 2, most]
    put(state, 1, pb.CAT_KIND_PLANET_DOUBLE, "planet", 1)  # elsewhere: only that planet doubles
    assert scoring.scores(state, L)[1] == most + 2 * L.planets[1].values[0]


def test_cat_moon_double_doubles_its_moons_points():
    state = fresh(2)
    put(state, 0, pb.CAT_KIND_MOON_DOUBLE, "moon", moon_index(7))
    put(state, 1, PLAIN, "moon", moon_index(7) - 1)
    p7, p6 = L.moons[moon_index(7)].points, L.moons[moon_index(6)].points
    assert scoring.scores(state, L) == [2 * p7, p6]


def test_cat_deep_double_doubles_comet_or_galaxy_points():
    state = fresh(2)
    put(state, 0, pb.CAT_KIND_DEEP_DOUBLE, "comet")
    put(state, 1, pb.CAT_KIND_DEEP_DOUBLE, "galaxy")
    put(state, 1, PLAIN, "galaxy")
    assert scoring.scores(state, L) == [2 * L.comet_points,
                                        3 * L.galaxy_points + L.objective_points * 0]


def test_cat_die_taker_takes_a_die_away_when_it_disembarks():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_DIE_TAKER), (1, PLAIN)], FERRUS, pool=4)
    events = G.apply(state, 0, land(FERRUS))
    assert state.pool == 3
    assert kinds(events, "die_taken")[0].pool == 3


def test_cat_die_taker_never_empties_the_pool():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_DIE_TAKER), (1, PLAIN)], FERRUS, pool=1)
    G.apply(state, 0, land(FERRUS))
    assert state.pool == 1


def test_cat_die_taker_staying_aboard_takes_nothing():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_DIE_TAKER), (1, PLAIN)], FERRUS, pool=4)
    G.apply(state, 0, STAY)
    assert state.pool == 4


def test_cat_die_one_counts_as_an_extra_die_showing_1():
    state = aboard(fresh(2), [(0, PLAIN), (1, pb.CAT_KIND_DIE_ONE)], FERRUS, pool=2,
                   landing_index=1)
    force([THREE] * 2)  # would crash at Ferrus (1, 2, 4)
    events = G.apply(state, 1, STAY)
    assert not kinds(events, "crashed")
    assert state.roll.bonus_ones == 1 and len(state.roll.dice) == 2
    (d,) = G.decisions(state)
    assert [list(o.use_groups.faces) for o in d.options] == [[ONE]]


def test_cat_die_one_adds_1_to_the_ones_group_and_is_never_discarded():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_DIE_ONE), (1, PLAIN)], 0, pb.PHASE_TRAVEL,
                   pool=3, roll=[ONE, THREE, FOUR])
    G.apply(state, 0, use(ONE))
    assert state.space == 2  # the real 1 plus the cat's 1
    assert state.pool == 2   # only the real 1 is discarded


def test_cat_die_one_stops_counting_once_it_disembarked():
    # with the DIE_ONE cat aboard this roll (3s and boosters only) would not crash at Ferrus
    # (1, 2, 4); once it has landed, the same roll crashes
    state = aboard(fresh(2), [(0, pb.CAT_KIND_DIE_ONE), (1, PLAIN)], FERRUS, pool=2)
    force([THREE] * 2)
    G.apply(state, 0, land(FERRUS))
    events = G.apply(state, 1, STAY)
    (rolled,) = kinds(events, "dice_rolled")
    assert rolled.roll.bonus_ones == 0
    assert kinds(events, "crashed") and state.failure == 1


def test_cat_parachute_is_the_only_cat_that_may_disembark_on_a_crash():
    state = aboard(fresh(3), [(0, pb.CAT_KIND_SHIFTER), (1, pb.CAT_KIND_PARACHUTE), (2, PLAIN)],
                   FERRUS, pool=2, landing_index=2)
    force([THREE] * 2)
    G.apply(state, 2, STAY)
    assert [d.seat for d in G.decisions(state)] == [1]


def test_cat_shifter_may_disembark_one_space_higher_or_lower():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_SHIFTER), (1, PLAIN)], FERRUS)
    (d,) = G.decisions(state)
    assert list(d.options) == [STAY, land(FERRUS - 1), land(FERRUS), land(FERRUS + 1)]
    G.apply(state, 0, land(FERRUS + 1))  # space 8: moons 3 and 4
    assert state.moons[moon_index(4)].cat.owner == 0
    (d,) = G.decisions(state)
    assert list(d.options) == [STAY, land(FERRUS)]  # an ordinary cat: only here


def test_cat_shifter_cannot_shift_below_the_first_landing_space_or_to_a_full_moon():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_SHIFTER), (1, PLAIN)], 6)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "moon", moon_index(1))
    put(state, 1, pb.CAT_KIND_DEEP_DOUBLE, "moon", moon_index(2))
    (d,) = G.decisions(state)
    assert list(d.options) == [STAY, land(7)]


def test_cat_shifter_one_space_higher_than_space_24_reaches_deep_space():
    state = aboard(fresh(2), [(1, PLAIN), (0, pb.CAT_KIND_SHIFTER)], 24, landing_index=1)
    G.apply(state, 0, land(L.last))
    assert [c.owner for c in state.galaxy] == [0]


def test_cat_satellite_starts_the_rocket_at_the_satellite_space():
    state = fresh(3)
    rig(state, 6, lambda d: True)
    G.apply(state, 0, SEND[pb.CAT_KIND_MOON_DOUBLE])
    G.apply(state, 1, SEND[pb.CAT_KIND_PARACHUTE])
    events = G.apply(state, 2, SEND[pb.CAT_KIND_SHIFTER])
    assert kinds(events, "take_off")[0].space == 0
    state = fresh(3)
    G.apply(state, 0, SEND[pb.CAT_KIND_PARACHUTE])
    G.apply(state, 1, SEND[pb.CAT_KIND_SATELLITE])
    events = G.apply(state, 2, SEND[pb.CAT_KIND_SHIFTER])
    assert kinds(events, "take_off")[0].space == L.satellite_space
    assert kinds(events, "dice_rolled")[0].space == L.satellite_space


def test_every_player_owns_the_eight_cats_one_of_each():
    state = fresh(5)
    for board in state.boards:
        assert sorted(board.home) == list(range(1, 9))


def test_cat_shifter_as_commander_landing_one_space_off_hands_command_on():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_SHIFTER), (1, PLAIN)], FERRUS)
    force([ONE, TWO, TWO, THREE, FOUR, B])
    G.apply(state, 0, land(FERRUS - 1))  # moon space 6
    assert state.moons[moon_index(2)].cat.owner == 0
    G.apply(state, 1, STAY)
    (d,) = G.decisions(state)
    assert d.kind == "use_groups" and d.seat == 1


def test_cat_parachute_landing_can_claim_an_objective():
    state = fresh(2)
    for i, k in enumerate([pb.CAT_KIND_MOON_DOUBLE, pb.CAT_KIND_DEEP_DOUBLE,
                           pb.CAT_KIND_DIE_TAKER]):
        put(state, 1, k, "moon", moon_index(10 + i))
    aboard(state, [(0, PLAIN), (1, pb.CAT_KIND_PARACHUTE)], 9, pool=1,  # moon 5, faces 1, 2
           landing_index=1)
    force([THREE] * 1)
    events = G.apply(state, 1, STAY)  # rides on: the next roll crashes
    assert kinds(events, "crashed") and state.phase == pb.PHASE_PARACHUTE
    events = G.apply(state, 1, land(9))
    assert kinds(events, "landed")[0].by_parachute
    assert [o.objective for o in kinds(events, "objective_claimed")] == [
        pb.OBJECTIVE_FOUR_MOONS]
    assert state.failure == 1 and state.phase == pb.PHASE_TAKEOFF


def test_cat_die_one_two_aboard_add_one_1_each():
    # one DIE_ONE per player, so one per seat aboard: each adds its own 1
    state = aboard(fresh(3), [(0, PLAIN), (1, pb.CAT_KIND_DIE_ONE), (2, pb.CAT_KIND_DIE_ONE)],
                   0, pb.PHASE_TRAVEL, pool=2, roll=[ONE, FOUR])
    assert state.roll.bonus_ones == 2
    G.apply(state, 0, use(ONE))
    assert state.space == 3  # the real 1 plus two cats' 1s
    assert state.pool == 1


def test_cat_shifter_commander_stepping_into_deep_space_goes_to_the_comet():
    state = aboard(fresh(2), [(0, pb.CAT_KIND_SHIFTER), (1, PLAIN)], 24)
    events = G.apply(state, 0, land(L.last))
    assert [c.owner for c in state.comet] == [0] and not state.galaxy
    assert kinds(events, "landed")[0].site == pb.SITE_COMET
    # the rocket itself is still at space 24 with the other cat, now its Commander
    assert state.space == 24 and [c.owner for c in state.rocket] == [1]


def test_cat_parachute_cannot_land_on_a_moon_space_whose_moons_are_taken():
    state = fresh(2)
    put(state, 1, pb.CAT_KIND_MOON_DOUBLE, "moon", moon_index(5))  # space 9 has moon 5 only
    aboard(state, [(0, pb.CAT_KIND_PARACHUTE), (1, PLAIN)], 9, pool=1, landing_index=1)
    force([THREE] * 1)  # space 9 allows 1 and 2: crash
    events = G.apply(state, 1, STAY)
    assert kinds(events, "crashed") and state.phase == pb.PHASE_TAKEOFF  # no decision offered
    assert pb.CAT_KIND_PARACHUTE in state.boards[0].home
