"""Moon 46 (RPO), seed 000: "Cette lune oblige le joueur qui s’y trouve à parler en maniant des
rimes. Celles-ci ne doivent pas forcément être riches (une syllabe suffit). Au moindre oubli,
le joueur perd immédiatement 1 de ses pions dans le Trou Noir ou 1 carte de sa main. C’est son
voisin de droite qui décide de la perte du pion ou de la carte et c’est aussi lui choisit le
pion sur le plateau ou tire la carte au hasard."

Reported by his right-hand neighbour: rhymes are not judged by a server.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class Prismatique(TableMoon):
    name, en, number = "46_prismatique", "Prismatique: speak in rhymes (reported)", 46


MOON = Prismatique()
