"""Moon 47, Gamma Coloris (RPF), seed 000: "Cette lune n'agit que pour les pions de couleur du
système où elle se trouve, à condition d'être révélée bien sûr ; mais peu importe le joueur qui
révèle cet astre. Le joueur concerné peut, s'il le veut, gagner 20 points à chacune de ses
cartes d'Attaque mais uniquement dans un duel en défense. Gamma Coloris n'ajoute rien à un
Compromis."

Optional, but counted without asking: a higher defence never hurts the defence.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import Coloris


class GammaColoris(Coloris):
    name, en, number = "47_gamma_coloris", "Gamma Coloris (+20 per attack card, in defence)", 47
    bonus = 20  # on each attack card of the player of the system's colour
    defence_only = True


MOON = GammaColoris()
