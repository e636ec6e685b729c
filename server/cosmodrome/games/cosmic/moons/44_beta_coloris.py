"""Moon 44, Béta Coloris (RPO), seed 000: "Cette lune n'agit que pour les pions de couleur du
système où elle se trouve, à condition d'être révélée bien sûr ; mais peu importe le joueur qui
révèle cet astre. Le joueur concerné perd 10 points à chacune de ses cartes d'Attaque (en
attaque ou en défense, peu importe). Béta Coloris n'enlève rien à un Compromis."

Each card's value stops at 0 (moonflow.card_bonus), each card counted (X3).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import Coloris


class BetaColoris(Coloris):
    name, en, number = "44_beta_coloris", "Beta Coloris (-10 per attack card)", 44
    bonus = -10  # on each attack card of the player of the system's colour


MOON = BetaColoris()
