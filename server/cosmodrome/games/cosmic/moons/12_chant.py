"""Moon 12 (RPO), seed 000: "Cette lune oblique le joueur qui s’y trouve à chanter au lieu de
parler. Au moindre son monotone qui sort de sa bouche, le joueur perd immédiatement 1 de ses
pions dans le Trou Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la
perte du pion ou de la carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte
au hasard."

Reported by his right-hand neighbour (the server cannot hear a tune).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class Song(TableMoon):
    name, en, number = "12_chant", "Sing instead of speaking (reported)", 12


MOON = Song()
