"""Moon 48, Delta Coloris (RPO), seed 000: "Cette lune n'agit que pour les pions de couleur du
système où elle se trouve, à condition d'être révélée bien sûr ; mais peu importe le joueur qui
révèle cet astre. Le joueur concerné perd 20 points à chacune de ses cartes d'Attaque mais
uniquement dans un duel en défense. Delta Coloris n'enlève rien à un Compromis."

Each card's value stops at 0 (moonflow.card_bonus), each card counted (X3).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import Coloris


class DeltaColoris(Coloris):
    name, en, number = "48_delta_coloris", "Delta Coloris (-20 per attack card, in defence)", 48
    bonus = -20  # on each attack card of the player of the system's colour
    defence_only = True


MOON = DeltaColoris()
