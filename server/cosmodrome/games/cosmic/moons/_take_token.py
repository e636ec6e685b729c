"""Shared by moons 24 and 56: opponents in turn take one of the lander's tokens off the board
to the black hole."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DONE = pb.Move(done=pb.Done())


def ask_opponents(st: pb.State, moon: int, lander: int) -> None:
    """One question per living opponent, from the lander's left, clockwise."""
    for s in B.clockwise_from(st, lander):
        moontools.ask(st, s, moon, target=lander)


def options(st: pb.State, t: pb.Task, optional: bool) -> list[pb.Move]:
    victim = t.moon_question.target
    if st.seats[victim].eliminated:
        return []
    out = [pb.Move(planet=pb.PlanetChoice(planet=b)) for b in B.bases(st, victim)]
    return out + [DONE] if out and optional else out


def apply(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    if move.WhichOneof("kind") != "planet":
        return
    victim = t.moon_question.target
    B.add_tok(st, move.planet.planet, victim, -1)
    actions.lose_from_bases(st, ctx, victim, 1, t.seat)
