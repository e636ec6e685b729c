"""Moon 19, X-Doz (RPO), seed 000: "Le joueur qui révèle cette lune choisit une planète ou une
lune de son choix qui vaudra désormais + 100 (ou – 100 pour l'Antimatière) en valeur de
combat. Il y a moyen de marquer cette défense en plaçant la couronne noire autour de l'astre
concerné. Toutefois, si cette nouvelle planète ou lune est détruite, les pions qui s'y
trouvent vont au Trou Noir et la protection de 100 est irrémédiablement perdue. X-Doz
disparaît alors et les pions qui la colonisaient regagnent leur camp."

The revealer chooses once, at the first reveal (`Moon.guarded`, public: "la couronne
noire"); from then on the main defender of that body adds 100 to his total while X-Doz
stands ("cette défense": never the offence). −100 "pour l'Antimatière" is void: no
Antimatter among the 20 powers. If the body is destroyed (moon 2, moon 6), X-Doz vanishes
and its colonists are put back on their owners' bases.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import BODY_DESTROYED, REVEALED, Combat, Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DEFENCE = 100  # "vaudra désormais + 100 ... en valeur de combat"


def _bodies(st: pb.State) -> list[int]:
    everything = range(len(st.planets) + len(st.moons))
    return [b for b in everything if moontools.standing(st, b)]


class XDoz(Moon):
    name, en, number = "19_x_doz", "X-Doz: one body +100 in defence", 19

    landings = frozenset({REVEALED})

    def on_landing(self, st, ctx, moon, landing):
        mo = st.moons[moon]
        if not mo.spent:
            mo.spent = True
            moontools.ask(st, landing.lander, moon, at=0)

    def question_options(self, st, t):
        return [pb.Move(planet=pb.PlanetChoice(planet=b)) for b in _bodies(st)]

    def answer(self, st, ctx, t, move):
        moon = t.moon_question.moon
        st.moons[moon].guarded = move.planet.planet
        moontools.acts(st, ctx, moon, t.seat)

    def combat(self, st, moon, side):
        mo = st.moons[moon]
        guards = mo.HasField("guarded") and mo.guarded == st.enc.planet
        return Combat(bonus=DEFENCE) if guards and side == B.defender(st) else None

    hears = frozenset({BODY_DESTROYED})

    def on_moment(self, st, ctx, moon, moment):
        mo = st.moons[moon]
        if mo.HasField("guarded") and mo.guarded == moment.body:
            moontools.acts(st, ctx, moon, st.moons[moon].system)
            moontools.send_home(st, moon)
            moontools.destroyed(st, ctx, B.moon_body(st, moon))

    def publish(self, mo, out):
        if mo.HasField("guarded"):  # the crown, public since it acted
            out.guarded = mo.guarded


MOON = XDoz()
