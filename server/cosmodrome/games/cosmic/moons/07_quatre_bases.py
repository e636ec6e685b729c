"""Moon 7 (SPF), seed 000: "Cette lune réduit le nombre de bases à quatre (au lieu de cinq)
pour les conditions de victoire finale. Cela ne vaut que pour le joueur qui possède au moins
1 pion sur cette lune."

Four foreign bases win instead of five, i.e. one more base counted; counted without asking
(declining a win is never useful); a win it makes reveals it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon


class FourBases(Moon):
    name, en, number = "07_quatre_bases", "Four bases win", 7

    def victory_bases(self, st, moon, seat):
        return 1 if st.moons[moon].count[seat] > 0 else 0


MOON = FourBases()
