"""Helpers for the moon tests (seed 000): games with moons, a moon put in place, landings."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    PASSIVE,
    at_aim,
    mv,
    new_game,
    pass_questions,
    pb,
)


def moon_game(players: int = 4, moons: dict[int, int] | None = None, **kw) -> pb.State:
    """A game with every hosted moon in the moon deck; `moons` puts moon numbers in place
    ({index in State.moons: number}; seat s's moons are 2s and 2s + 1)."""
    st = new_game(players, moons=pb.MOON_SET_ALL, **kw)
    for m, number in (moons or {}).items():
        put_moon(st, m, number)
    return st


def put_moon(st: pb.State, m: int, number: int) -> None:
    """Moon `number` is now State.moons[m] (swapped with whatever held it); its owner has seen
    it, nobody else."""
    target = st.moons[m]
    for mo in st.moons:
        if mo.number == number:
            mo.number = target.number
    if number in st.moon_deck:
        st.moon_deck[list(st.moon_deck).index(number)] = target.number
    target.number = number
    for s in range(st.players):
        for mo in st.moons:
            mo.known_by[s] = mo.system == s


def body(st: pb.State, m: int) -> int:
    return B.moon_body(st, m)


def home(st: pb.State, seat: int) -> int:
    """A home planet of `seat` holding tokens of his."""
    return next(p for p in B.planets_of(seat) if B.tok(st, p, seat) > 0)


def drive(st: pb.State, seat: int, move: pb.Move) -> list:
    """`seat` makes `move` (passing the passive questions of others first); its events."""
    for _ in range(200):
        ds = GAME.decisions(st)
        if any(d.seat == seat and move in d.options for d in ds):
            return GAME.apply(st, seat, move)
        passive = [d for d in ds if d.kind in PASSIVE]
        assert passive, f"{move} not offered to {seat}: {[(d.seat, d.kind) for d in ds]}"
        GAME.apply(st, passive[0].seat, PASSIVE[passive[0].kind])
    raise AssertionError("no end of passive questions")


def land(st: pb.State, m: int, seat: int = 0, n: int = 1, defense: int = -1) -> list:
    """`seat`, the offence, aims at moon `m` (empty: an automatic win) and launches `n` tokens
    from his home planets; returns the events up to the landing and what it queued."""
    at_aim(st, st.moons[m].system)
    aim = pb.Aim(planet=body(st, m))
    if defense >= 0:
        aim.defense = defense
    events = drive(st, seat, mv(aim=aim))
    for _ in range(n):
        events += drive(st, seat, mv(planet=pb.PlanetChoice(planet=home(st, seat))))
    if any(DONE in d.options and d.kind == "take_token" for d in GAME.decisions(st)):
        events += drive(st, seat, DONE)
    return events


def moon_events(events: list, kind: str) -> list:
    return [e for e in events if e.payload.WhichOneof("kind") == kind]


def number_seen(st: pb.State, viewer: int | None, m: int) -> int | None:
    v = GAME.view(st, viewer).moons[m]
    return v.number if v.HasField("number") else None


__all__ = ["pass_questions"]
