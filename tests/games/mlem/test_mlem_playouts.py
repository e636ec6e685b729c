"""Random-play property tests over thousands of in-process games, and the engine contract."""

from __future__ import annotations

import random

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from tests.games.mlem.mlem_helpers import (
    FERRUS_SPACE,
    FOUR,
    ONE,
    PLAIN,
    STAY,
    THREE,
    TWO,
    B,
    G,
    K,
    L,
    aboard,
    force,
    where_are_cats,
)
from tests.noninterference import Secrets, check_noninterference

ALL_CATS = {(s, k) for s in range(5) for k in range(1, 9)}


def independent_scores(state: pb.State, layout=L) -> list[int]:
    """Scores recomputed from the final board without the engine's scoring module."""
    n = state.players
    total = [0] * n
    points = {m.number: m.points for m in layout.moons}
    for slot in state.moons:
        if slot.occupied:
            total[slot.cat.owner] += points[slot.number] * (
                2 if slot.cat.kind == pb.CAT_KIND_MOON_DOUBLE else 1)
    values = {p.name: p.values for p in layout.planets}
    for pile in state.planets:
        seats = []
        for _i, cat in enumerate(pile.cats):
            if cat.owner not in seats:
                seats.append(cat.owner)  # in order of first arrival
        count = {s: sum(c.owner == s for c in pile.cats) for s in seats}
        ranked = sorted(seats, key=lambda s: -count[s])  # stable: earlier arrival first
        for rank, s in enumerate(ranked):
            doubled = any(c.owner == s and c.kind == pb.CAT_KIND_PLANET_DOUBLE
                          for c in pile.cats)
            total[s] += values[pile.name][min(rank, 2)] * (2 if doubled else 1)
    for cat in state.comet:
        total[cat.owner] += layout.comet_points * (2 if cat.kind == pb.CAT_KIND_DEEP_DOUBLE else 1)
    for cat in state.galaxy:
        total[cat.owner] += layout.galaxy_points * (2 if cat.kind == pb.CAT_KIND_DEEP_DOUBLE else 1)
    for s in range(n):
        total[s] += 5 * len(state.boards[s].objectives)
    return total


def check_invariants(state: pb.State) -> None:
    cats = where_are_cats(state)
    expected = {c for c in ALL_CATS if c[0] < state.players}
    assert set(cats) == expected, "a cat was lost or invented"
    assert all(v == 1 for v in cats.values()), "a cat is in two places"
    assert 0 <= state.failure <= L.failure_end
    assert 0 <= state.space <= L.last
    assert len({c.owner for c in state.rocket}) == len(state.rocket)
    assert sum(m.occupied for m in state.moons) <= len(L.moons)
    claims = [o for board in state.boards for o in board.objectives]
    assert len(claims) == len(set(claims)), "an objective claimed twice"


def playout(seed: int, players: int, rnd: random.Random, check_every_step: bool = False):
    state = G.setup(pb.Options(), players, seed)
    moves = 0
    while G.decisions(state):
        decisions = G.decisions(state)
        d = rnd.choice(decisions)
        G.apply(state, d.seat, rnd.choice(d.options))
        moves += 1
        assert moves < 5_000, "game did not end"
        if check_every_step:
            check_invariants(state)
    return state, moves


@pytest.mark.slow
def test_random_play_thousands_of_games_end_with_no_cat_lost_and_scores_matching_the_board():
    rnd = random.Random(2026)
    ended_by = {"failure": 0, "all8": 0, "none": 0}
    for game in range(2_000):
        players = 2 + game % 4
        state, _ = playout(game, players, rnd, check_every_step=game < 200)
        check_invariants(state)
        assert state.phase == pb.PHASE_OVER and G.result(state) is not None
        assert list(state.final_scores) == independent_scores(state)
        best = max(state.final_scores)
        assert list(state.winners) == [s for s in range(players)
                                       if state.final_scores[s] == best]
        if state.failure >= L.failure_end:
            ended_by["failure"] += 1
        elif any(not b.home for b in state.boards):
            ended_by["all8"] += 1
        else:
            ended_by["none"] += 1
    assert ended_by["none"] == 0
    assert ended_by["failure"] > 0 and ended_by["all8"] > 0


def random_move(rnd: random.Random) -> pb.Move:
    kind = rnd.randrange(4)
    if kind == 0:
        return pb.Move(send_cat=pb.SendCat(kind=rnd.randrange(-1, 12)))
    if kind == 1:
        faces = sorted(rnd.sample(range(6), rnd.randrange(0, 4)))
        if rnd.random() < 0.2:
            faces.reverse()
        return pb.Move(use_groups=pb.UseGroups(faces=faces))
    if kind == 2:
        return pb.Move(land=pb.Land(disembark=rnd.random() < 0.7, space=rnd.randrange(-1, 27)))
    return pb.Move()


def test_decisions_match_apply_every_listed_option_applies_and_nothing_else_does():
    rnd = random.Random(7)
    for game in range(60):
        players = 2 + game % 4
        state = G.setup(pb.Options(), players, 1000 + game)
        while G.decisions(state):
            decisions = G.decisions(state)
            listed = {(d.seat, o.SerializeToString()) for d in decisions for o in d.options}
            for d in decisions:
                for option in d.options:
                    copy = pb.State()
                    copy.CopyFrom(state)
                    G.apply(copy, d.seat, option)  # never raises
            for _ in range(8):
                seat, move = rnd.randrange(players), random_move(rnd)
                before = state.SerializeToString()
                if (seat, move.SerializeToString()) in listed:
                    continue
                with pytest.raises(IllegalMove):
                    G.apply(state, seat, move)
                assert state.SerializeToString() == before, "a rejected move changed the state"
            d = rnd.choice(decisions)
            G.apply(state, d.seat, rnd.choice(d.options))
        with pytest.raises(IllegalMove):
            G.apply(state, 0, random_move(rnd))


def test_same_seed_and_moves_give_the_same_game():
    def run():
        rnd = random.Random(3)
        state, _ = playout(99, 4, rnd)
        return state.SerializeToString()
    assert run() == run()


def reroll_the_future(state: pb.State, viewer, rng: random.Random) -> None:
    """Nothing is hidden but chance: the PRNG state that will roll the next dice."""
    state.rng = rng.getrandbits(64)


def rolls_dice(state: pb.State, seat: int, move: pb.Move, viewer) -> bool:
    """A move after which the engine may roll (the roll is public): boarding the last cat,
    choosing dice groups, a landing decision."""
    return move.WhichOneof("kind") != "send_cat" or sum(state.sends) == 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_views_decisions_and_events_do_not_depend_on_the_prng_state(players):
    tally = check_noninterference(G, Secrets(reroll_the_future, rolls_dice), players=players,
                                  seeds=range(4), every=3)
    assert tally.changed == tally.positions and tally.moves_compared

def test_view_shows_the_rolled_dice_to_everyone():
    # "Dice ... visible to all once rolled": the DiceRolled event goes to every seat and
    # spectator, and every view shows the roll while it is being used (travel phase) and
    # after a crash while parachutes decide.
    state = G.setup(pb.Options(), 3, 5)
    force([ONE, TWO, TWO, THREE, FOUR, B])  # a roll the Commander can use at Earth
    events = []
    for seat in range(3):
        events += G.apply(state, seat, pb.Move(send_cat=pb.SendCat(kind=K.CAT_KIND_PARACHUTE)))
    rolled = [e for e in events if e.payload.WhichOneof("kind") == "dice_rolled"]
    assert len(rolled) == 1 and rolled[0].audience is None
    assert state.phase == pb.PHASE_TRAVEL and len(state.roll.dice) == 6
    for viewer in (0, 1, 2, None):
        assert list(G.view(state, viewer).roll.dice) == list(rolled[0].payload.dice_rolled
                                                              .roll.dice)
    crashed = aboard(G.setup(pb.Options(), 2, 5), [(0, K.CAT_KIND_PARACHUTE), (1, PLAIN)],
                     FERRUS_SPACE, pool=2, landing_index=1)
    force([THREE] * 2)
    G.apply(crashed, 1, STAY)
    assert crashed.phase == pb.PHASE_PARACHUTE
    for viewer in (0, 1, None):
        assert list(G.view(crashed, viewer).roll.dice) == list(crashed.roll.dice)
        assert set(G.view(crashed, viewer).roll.dice) <= {THREE, B}


def test_view_never_holds_the_prng_state():
    state = G.setup(pb.Options(), 3, 5)
    assert "rng" not in pb.View.DESCRIPTOR.fields_by_name
    # two states that differ only in their PRNG give byte-identical views
    other = pb.State()
    other.CopyFrom(state)
    other.rng ^= 0xDEADBEEF
    for viewer in (0, 1, 2, None):
        assert G.view(state, viewer).SerializeToString() == \
            G.view(other, viewer).SerializeToString()


def test_view_scores_match_the_final_scores_at_the_end():
    state, _ = playout(8, 3, random.Random(8))
    assert list(G.view(state, None).scores) == list(state.final_scores)


def test_audit_finds_a_lost_and_a_duplicated_cat():
    state = G.setup(G.Options(), 3, 11)
    assert G.audit(state) == []
    lost = state.boards[1].home.pop()
    state.boards[0].home.append(state.boards[0].home[0])
    problems = G.audit(state)
    assert f"cat {(1, lost)} lost" in problems
    assert any("in 2 places" in p for p in problems)
