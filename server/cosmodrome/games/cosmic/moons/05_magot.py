"""Moon 5 (RIO), seed 000: "Dans de profondes cavernes se trouve un splendide magot de
Lucres qui revient intégralement au premier Pouvoir qui s'y pose. La somme retrouvée est de
10 Lucres. Cette lune ne révèle son pouvoir qu'une seule fois. Ensuite, il s'agit d'un
territoire neutre où plusieurs races peuvent cohabiter."

"au premier Pouvoir qui s'y pose": the lander (the offence, not his allies landing with him).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.moons._families import FirstLanding

HOARD = 10  # "La somme retrouvée est de 10 Lucres"


class Hoard(FirstLanding):
    name, en, number = "05_magot", "Pirates' hoard (10 lucres, once)", 5

    def first_landing(self, st, ctx, moon, lander):
        moontools.give_lucres(st, lander, HOARD)


MOON = Hoard()
