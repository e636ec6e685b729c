"""Moon 52 (RPO), seed 000: "Cette lune empêche le joueur qui s’y trouve d’utiliser des mots
familiers ou grossiers. Le dictionnaire peut servir à sanctionner le fautif dès qu’il précise
qu’un mot est familier. A la moindre erreur, le joueur perd immédiatement 1 de ses pions dans
le Trou Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du pion
ou de la carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte au hasard."

Reported by his right-hand neighbour: a word list would be bound to one language and one
taste.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class NoCoarseWords(TableMoon):
    name, en, number = "52_mots_grossiers", "No slang or coarse word (reported)", 52


MOON = NoCoarseWords()
