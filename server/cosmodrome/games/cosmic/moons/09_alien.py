"""Moon 9, Alien (RPF), seed 000: "Cette lune permet au joueur qui s'y trouve d'accueillir
des alliés doublement efficaces. Ceux-ci, en effet, doublent leur valeur aussi bien en
attaque qu'en défense. ... Alien n'agit que dans un sens. Le joueur qui possède cette lune ne
tire aucun avantage à s'allier avec une autre puissance."

While its occupant is a main player, each of his allies' tokens counts 2 in his side's total
(rewards and consolations are not totals: unchanged). Optional, but counted without asking:
a higher total never hurts its side.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Combat, Moon

ALLY_WORTH = 2


class Alien(Moon):
    name, en, number = "09_alien", "Alien (allies count double)", 9

    def combat(self, st, moon, side):
        if not st.moons[moon].count[side]:
            return None
        return Combat(factors={s: ALLY_WORTH for s in range(st.players) if s != side})


MOON = Alien()
