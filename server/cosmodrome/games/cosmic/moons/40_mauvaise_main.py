"""Moon 40 (RPO), seed 000: "Cette lune empêche le joueur qui s’y trouve d’utiliser sa bonne main.
En fait, elle l’oblige à utiliser sa mauvaise main. Le joueur peut faire ce qu’il veut de sa
bonne main, mais celle-ci ne doit jamais toucher le moindre accessoire du jeu. Au moindre
écart, le joueur perd immédiatement 1 de ses pions dans le Trou Noir ou 1 carte de sa main.
C’est son voisin de droite qui décide de la perte du pion ou de la carte et c’est aussi lui
choisit le pion sur le plateau ou tire la carte au hasard."

Reported by his right-hand neighbour (the server sees no hand).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class WrongHand(TableMoon):
    name, en, number = "40_mauvaise_main", "Wrong hand only (reported)", 40


MOON = WrongHand()
