"""Moon 8 (RPO), seed 000: "Cette lune oblique le joueur qui s’y trouve à ne parler que par
gestes. Au moindre son qui sort de sa bouche, le joueur perd immédiatement 1 de ses pions dans
le Trou Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du pion
ou de la carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte au hasard."

Judged from the match chat: every line he says while on it is one infraction ("Au moindre son
qui sort de sa bouche"); the 10-second scale of the notes has no meaning for text.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class Speaks(TableMoon):
    name, en, number = "08_gestes", "Gestures only (chat-judged)", 8


MOON = Speaks()
