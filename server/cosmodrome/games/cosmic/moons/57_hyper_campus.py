"""Moon 57, Hyper Campus (RPF), seed 000: "Lorsqu'un marché n'est pas conclu au bout d'une
minute entre deux joueurs, ceux-ci perdent chacun 3 pions dans le Trou Noir. Hyper Campus
permet au joueur qui se trouve sur cette lune de ne rien perdre du tout."

Optional, but used without asking: losing nothing never hurts.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon


class HyperCampus(Moon):
    name, en, number = "57_hyper_campus", "Hyper Campus (no loss when a deal fails)", 57

    def spares_deal_loss(self, st, moon, seat):
        return st.moons[moon].count[seat] > 0


MOON = HyperCampus()
