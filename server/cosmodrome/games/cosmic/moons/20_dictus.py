"""Moon 20 (RPO), seed 000: "Cette lune oblige le joueur qui s’y trouve à employer un terme
inconnu des autres joueurs et ceci à chaque fois qu’il prend la parole. Ce terme peut prendre
n’importe quel aspect : nom, verbe, adjectif…, du moment qu’il figure dans le dictionnaire. Le
terme doit être précisé par le joueur : si l’un de ses adversaires en connaît le sens ou s’il
ne figure pas dans le dictionnaire, le joueur perd immédiatement 1 de ses pions dans le Trou
Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du pion ou de la
carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte au hasard."

Reported by his right-hand neighbour: what the others know is theirs to say.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon


class Dictus(TableMoon):
    name, en, number = "20_dictus", "Dictus: an unknown word each time (reported)", 20


MOON = Dictus()
