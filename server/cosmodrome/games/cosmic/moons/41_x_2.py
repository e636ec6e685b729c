"""Moon 41, X 2 (RPO), seed 000: "Tant que cette lune est révélée, elle double la valeur des
pions qui possèdent la couleur du système où se trouve cette lune. Seule la valeur au combat
(offensive et défensive) est modifiée pour ces pions."
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moonboard
from cosmodrome.games.cosmic.hooks import Combat, Moon


class Double(Moon):
    name, en, number = "41_x_2", "X 2 (system colour counts double)", 41

    def combat(self, st, moon, side):
        if not st.moons[moon].face_up:
            return None
        return Combat(factors={moonboard.colour_of(st, moon): 2})


MOON = Double()
