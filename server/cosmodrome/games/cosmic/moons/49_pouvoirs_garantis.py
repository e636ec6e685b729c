"""Moon 49 (RPF), seed 000: "Cette lune n'agit que pour les pions de couleur du système où elle
se trouve, à condition d'être révélée bien sûr ; mais peu importe le joueur qui révèle cet
astre. Le joueur concerné est en mesure d'utiliser tous ses Pouvoirs même s'il n'est pas en
droit de le faire. Cela peut-être le cas si le nombre de planètes d'origine n'est plus
suffisant ou si un Zap Cosmique ou Sauvage a été joué. Cette lune pallie ses deux situations."

Asked where "may this seat use his power" is decided (`pieces._own`). Optional, but it acts
without asking (m49): his powers are his to use or not, each when its own text says.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moonboard
from cosmodrome.games.cosmic.hooks import Moon


class PowersKept(Moon):
    name, en, number = "49_pouvoirs_garantis", "Powers usable even when not entitled", 49

    def entitles_powers(self, st, moon, seat):
        return moonboard.colour_side(st, moon, seat)


MOON = PowersKept()
