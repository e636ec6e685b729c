"""Moon 39 (RIF), seed 000: "Au moment où le joueur se pose sur cette lune, il peut prendre
possession d'une nouvelle base, n'importe où sans combat mais avec 1 seul de ses pions."

The lander is asked where (any planet or moon still there where he has no token), or not at
all (optional); then which of his bases the token comes from. Arriving on a moon is a landing
(M2): that moon is revealed or seen, and acts if it is instant.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DONE = pb.Move(done=pb.Done())


def _places(st: pb.State, seat: int) -> list[int]:
    planets = [p for p in range(len(st.planets))
               if B.tok(st, p, seat) == 0 and not st.planets[p].destroyed]
    moons = [B.moon_body(st, m) for m, mo in enumerate(st.moons)
             if not mo.gone and mo.count[seat] == 0]
    return planets + moons


class NewBase(Moon):
    name, en, number = "39_nouvelle_base", "A new base anywhere", 39

    def on_landing(self, st, ctx, moon, landing):
        moontools.ask(st, landing.lander, moon)

    def question_options(self, st, t):
        q = t.moon_question
        if not B.tokens_on_bases(st, t.seat):
            return []
        if not q.HasField("body"):  # where, or not at all
            return [pb.Move(planet=pb.PlanetChoice(planet=b))
                    for b in _places(st, t.seat)] + [DONE]
        return [pb.Move(planet=pb.PlanetChoice(planet=b))  # from which base
                for b in B.bases(st, t.seat) if b != q.body]

    def answer(self, st, ctx, t, move):
        if move.WhichOneof("kind") != "planet":
            return
        q = t.moon_question
        if not q.HasField("body"):
            moontools.acts(st, ctx, q.moon, t.seat)
            moontools.ask(st, t.seat, q.moon, body=move.planet.planet, at=0)
            return
        B.add_tok(st, move.planet.planet, t.seat, -1)
        B.add_tok(st, q.body, t.seat, 1)
        ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
            seat=t.seat, count=1, source=pb.PLACE_BASES, destination=pb.PLACE_PLANET,
            planet=q.body)))
        moontools.landed(st, ctx, q.body, {t.seat: 1})


MOON = NewBase()
