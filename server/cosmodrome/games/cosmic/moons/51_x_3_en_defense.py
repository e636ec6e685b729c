"""Moon 51 (RPF), seed 000: "Tant que cette lune est révélée, elle triple la valeur des pions
qui possèdent la couleur du système où se trouve cette lune. Seule la valeur défensive au
combat est modifiée pour ces pions. ... cette lune possède un caractère facultatif."

Tokens of the system's colour count three on the defending side. Optional, but counted
without asking: a higher defence never hurts the defence.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonboard
from cosmodrome.games.cosmic.hooks import Combat, Moon


class TripleInDefence(Moon):
    name, en, number = "51_x_3_en_defense", "System colour counts triple in defence", 51

    def combat(self, st, moon, side):
        if not st.moons[moon].face_up or side != B.defender(st):
            return None
        return Combat(factors={moonboard.colour_of(st, moon): 3})


MOON = TripleInDefence()
