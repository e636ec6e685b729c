"""Moon 43, Alpha Coloris (RPF), seed 000: "Cette lune n'agit que pour les pions de couleur du
système où elle se trouve, à condition d'être révélée bien sûr ; mais peu importe le joueur qui
révèle cet astre. Le joueur concerné peut, s'il le veut, gagner 10 points à chacune de ses
cartes d'Attaque (en attaque ou en défense, peu importe). Alpha Coloris n'ajoute rien à un
Compromis."

Optional, but counted without asking: a higher total never hurts its side.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import Coloris


class AlphaColoris(Coloris):
    name, en, number = "43_alpha_coloris", "Alpha Coloris (+10 per attack card)", 43
    bonus = 10  # on each attack card of the player of the system's colour


MOON = AlphaColoris()
