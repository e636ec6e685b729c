"""Scenario builders for the MLEM tests: states set up by hand, dice forced (`force`) or
rigged through the seed (`rig`)."""

from __future__ import annotations

from collections import Counter

from cosmodrome.core.rng import Rng
from cosmodrome.games.mlem import Mlem
from cosmodrome.games.mlem.rules import DIE_FACES, STAY, disembark_move, roll_dice
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb


class ScriptedDice:
    """A dice source that gives the rolls a test forced, in order, then rolls as usual."""

    def __init__(self) -> None:
        self.queue: list[list[int]] = []

    def __call__(self, rng: Rng, pool: int) -> list[int]:
        if not self.queue:
            return roll_dice(rng, pool)
        faces = self.queue.pop(0)
        assert len(faces) == pool, f"forced {len(faces)} dice for a pool of {pool}"
        return faces


DICE = ScriptedDice()
G = Mlem(dice=DICE)
L = G.layout(pb.Options())

ONE, TWO, THREE, FOUR, B = (pb.FACE_ONE, pb.FACE_TWO, pb.FACE_THREE, pb.FACE_FOUR,
                            pb.FACE_BOOSTER)
K = pb  # CatKind values: K.CAT_KIND_...
PLAIN = pb.CAT_KIND_SATELLITE  # a cat whose ability does not act once flying


def fresh(players: int = 3, seed: int = 1) -> pb.State:
    return G.setup(pb.Options(), players, seed)


def aboard(state: pb.State, cats, space: int, phase=pb.PHASE_LANDING, pool: int = 6,
           roll=None, landing_index: int = 0) -> pb.State:
    """Put `cats` [(owner, kind), ...] in the rocket (in that order) at `space`."""
    n = state.players
    state.phase = phase
    state.sends[:] = [False] * n
    del state.rocket[:]
    for owner, kind in cats:
        state.rocket.add(owner=owner, kind=kind)
        state.boards[owner].home.remove(kind)
    state.space = space
    state.pool = pool
    state.ClearField("roll")
    if roll is not None:
        bonus = sum(k == pb.CAT_KIND_DIE_ONE for _, k in cats)
        state.roll.CopyFrom(pb.Rolled(dice=sorted(roll), bonus_ones=bonus))
    state.landing_index = landing_index
    state.expedition = max(state.expedition, 1)
    return state


def put(state: pb.State, owner: int, kind: int, where: str, index: int = 0) -> None:
    """Land a cat directly: where in moon (index = moon position), planet, comet, galaxy."""
    state.boards[owner].home.remove(kind)
    cat = pb.Cat(owner=owner, kind=kind)
    if where == "moon":
        state.moons[index].occupied = True
        state.moons[index].cat.CopyFrom(cat)
    elif where == "planet":
        state.planets[index].cats.append(cat)
    elif where == "comet":
        state.comet.append(cat)
    else:
        state.galaxy.append(cat)


def moon_index(number: int) -> int:
    return next(i for i, m in enumerate(L.moons) if m.number == number)


def planet_space(name: str) -> int:
    return next(s.index for s in L.spaces
                if s.kind == "planet" and L.planets[s.planet].name == name)


def force(*rolls) -> None:
    """The next rolls, in order: each a list of faces, one per die in the pool."""
    DICE.queue[:] = [list(r) for r in rolls]


def rig(state: pb.State, pool: int, wanted) -> list[int]:
    """Set the PRNG so the next roll of `pool` dice satisfies wanted(sorted faces)."""
    for seed in range(1, 200_000):
        rng = Rng(seed)
        dice = sorted(DIE_FACES[rng.below(6)] for _ in range(pool))
        if wanted(dice):
            state.rng = seed
            return dice
    raise AssertionError("no seed found")


def kinds(events, name: str):
    return [getattr(e.payload, name) for e in events if e.payload.WhichOneof("kind") == name]


def where_are_cats(state: pb.State) -> Counter:
    """(owner, kind) -> how many places hold it; every cat exactly once is the invariant."""
    c: Counter = Counter()
    for seat, board in enumerate(state.boards):
        c.update((seat, k) for k in board.home)
    c.update((x.owner, x.kind) for x in state.rocket)
    c.update((m.cat.owner, m.cat.kind) for m in state.moons if m.occupied)
    for p in state.planets:
        c.update((x.owner, x.kind) for x in p.cats)
    c.update((x.owner, x.kind) for x in state.comet)
    c.update((x.owner, x.kind) for x in state.galaxy)
    return c


def land(space: int) -> pb.Move:
    return disembark_move(space)


__all__ = [
    "FOUR",
    "ONE",
    "PLAIN",
    "STAY",
    "THREE",
    "TWO",
    "B",
    "G",
    "K",
    "L",
    "aboard",
    "force",
    "fresh",
    "kinds",
    "land",
    "moon_index",
    "planet_space",
    "put",
    "rig",
    "where_are_cats",
]


FERRUS_SPACE = planet_space("Ferrus")
