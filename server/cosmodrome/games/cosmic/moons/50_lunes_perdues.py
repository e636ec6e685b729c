"""Moon 50 (RIO), seed 000: "Le joueur qui se pose sur cette lune perd immédiatement toutes ses
lunes et il ne pourra en regagner que lorsqu'il aura quitté cet astre. Le pire, c'est qu'il
doit distribuer équitablement sa richesse à tous ses adversaires. Si la division ne tombe pas
juste, les restant des lucres va à la banque. Notes : Le joueur n'est pas contraint à rester
sur cette lune."

Reading (moons.json): the moons of his home system stop acting for him while he has tokens
here (`moonboard.suspended`); his tokens on other moons stay. Every player whose tokens land
shares his lucres (m50).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon


class MoonsLost(Moon):
    name, en, number = "50_lunes_perdues", "The lander loses his moons and his lucres", 50

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        for s in sorted(landing.landed):
            moontools.share_lucres(st, s)

    def suspends_home_moons(self, st, moon, seat):
        return True


MOON = MoonsLost()
