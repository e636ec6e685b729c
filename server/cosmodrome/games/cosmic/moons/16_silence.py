"""Moon 16 (RPO), seed 000: "Cette lune oblige le joueur qui s’y trouve à garder le silence. Au
moindre son qui sort de sa bouche, le joueur perd immédiatement 1 de ses pions dans le Trou
Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du pion ou de la
carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte au hasard."

Judged from the match chat: every line he says while on it is one infraction.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class Silence(TableMoon):
    name, en, number = "16_silence", "Silence (chat-judged)", 16


MOON = Silence()
