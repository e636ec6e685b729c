"""Moon 7 (SPF), seed 000: "Cette lune réduit le nombre de bases à quatre (au lieu de cinq)
pour les conditions de victoire finale. Cela ne vaut que pour le joueur qui possède au moins
1 pion sur cette lune."

Four foreign bases win instead of five, i.e. one more base counted; counted without asking
(declining a win is never useful); a win it makes reveals it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon, Victory


class FourBases(Moon):
    name, en, number = "07_quatre_bases", "Four bases win", 7

    victory = Victory(bases=1)  # for each occupant (the rule is read for occupants only)


MOON = FourBases()
