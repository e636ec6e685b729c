"""Moon 21 (RPO), seed 000: "Cette lune est une lune comète. Une fois révélée, elle voyage de
planètes en planètes, puis de systèmes en systèmes. Elle commence sa course par la planète
la plus proche et poursuit son déplacement dans le sens des aiguilles d'une montre. Il n'y a
pas besoin de pion pour la guider mais des armées peuvent quand même s'y poser. La lune se
déplace à chaque fois qu'un disque solaire est retourné.
La planète qu'elle protège est inviolable."

m21: from its first reveal on (`Moon.spent`) it moves one step per star disc turned (001's
cup does not move it): beside the next planet of the system (slot + 1), then into the next
system clockwise (seat + 1), its tokens riding along; it is aimed at in the system it is in.
The planet beside it cannot be aimed at while it travels.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import DISC_TURNED, REVEALED, Moon


class Comet(Moon):
    name, en, number = "21_comete", "The comet: travels, shields the planet beside it", 21

    landings = frozenset({REVEALED})

    def on_landing(self, st, ctx, moon, landing):
        st.moons[moon].spent = True  # "Une fois révélée, elle voyage"

    hears = frozenset({DISC_TURNED})

    def on_moment(self, st, ctx, moon, moment):
        if st.moons[moon].spent:
            moontools.step_clockwise(st, moon)

    def shields(self, st, moon):
        return moontools.beside(st, moon) if st.moons[moon].spent else -1


MOON = Comet()
