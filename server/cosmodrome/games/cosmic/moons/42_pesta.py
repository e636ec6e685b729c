"""Moon 42, Pesta (RIO), seed 000, cut text: "A chaque fois que cette lune est révélée, elle
inflige une terrible peste à tous les Pouvoirs qui se trouvent dans le même système que
cette lune. Les effets de la maladie sont : [cut] Note : le joueur qui s'est posé sur Pesta
est aussi concerné !"

Provisional (m42, opt-in): each time it turns face up, La Peste (edicts/peste.py, seed 000's
text) strikes every player with a token in its system, from the lander's left, the lander
last; no one is shown the hands (no player played it).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.edicts import peste
from cosmodrome.games.cosmic.hooks import REVEALED, Moon


def in_system(st, system: int, seat: int) -> bool:
    """Has `seat` a token on a planet or a moon of `system`?"""
    return (any(B.tok(st, p, seat) for p in B.planets_of(system))
            or any(mo.count[seat] for mo in st.moons if mo.system == system and not mo.gone))


class Pesta(Moon):
    name, en, number = "42_pesta", "Pesta (La Peste on its system)", 42

    landings = frozenset({REVEALED})

    def on_landing(self, st, ctx, moon, landing):
        lander = landing.lander
        system = st.moons[moon].system
        victims = [s for s in [*B.clockwise_from(st, lander), lander]
                   if in_system(st, system, s)]
        if not victims:
            return
        moontools.acts(st, ctx, moon, lander)
        for s in reversed(victims):  # each strike goes first in the queue: the last first
            peste.strike(st, ctx, s, s)


MOON = Pesta()
