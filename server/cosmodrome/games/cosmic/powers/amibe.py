"""Amibe (Amoeba), seed 001: a main player, once the cards are down and before they are
turned, adds tokens to the encounter or withdraws his own."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    e, seat = st.enc, t.seat
    out = [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in B.bases(st, seat)
           if not (seat == B.defender(st) and p == e.planet)]  # add one from this planet
    engaged = e.cone_off[seat] if seat == e.offense else B.tok(st, e.planet, seat)
    if engaged:
        homes = [p for p in B.bases(st, seat) if p != e.planet] or B.standing_planets(st, seat)
        out += [pb.Move(withdraw=pb.PlanetChoice(planet=p)) for p in homes]
    out.append(pb.Move(done=pb.Done()))
    return out


def _apply(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    e, seat = st.enc, t.seat
    which = move.WhichOneof("kind")
    if which == "done":
        st.tasks.pop(0)
    elif which == "planet":
        B.add_tok(st, move.planet.planet, seat, -1)
        if seat == e.offense:
            e.cone_off[seat] += 1
        else:
            B.add_tok(st, e.planet, seat, 1)
    else:  # withdraw
        if seat == e.offense:
            e.cone_off[seat] -= 1
        else:
            B.add_tok(st, e.planet, seat, -1)
        B.add_tok(st, move.withdraw.planet, seat, 1)


class Amoeba(Piece):
    name, en = "amibe", "Amoeba"
    tasks = {"amoeba": TaskKind("amoeba", "Amibe: add or withdraw tokens", _options, _apply)}

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_REVEAL or seat not in (st.enc.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name):
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name]))]

    def perform(self, st, ctx, seat, use):
        st.tasks.insert(0, pb.Task(seat=seat, amoeba=pb.AmoebaTask()))


POWER = Amoeba()
