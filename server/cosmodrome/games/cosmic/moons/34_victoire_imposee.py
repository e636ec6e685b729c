"""Moon 34 (RPO), seed 000: "Dès qu'un joueur, quel qu'il soit, a pris connaissance de cette
lune, la victoire finale ne peut plus se jouer sans cette lune. La lune se révèle dès qu'un
pion se pose à sa surface et ce pion ne peut plus quitter la lune à moins de perdre un
combat. Ainsi, en plus des 5 bases nécessaires pour gagner, il faudra aussi posséder la lune.
Le vainqueur de la partie doit donc se trouver sur cette lune."

m34: its owner's look at setup counts, so from turn 1 a winner must have tokens on it; the
server enforces it though others do not know it yet (the moon acts, and is known to all,
the first time it stops a win). Its tokens are held (`keeps_tokens`): they leave only when
they lose a fight there.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon, Victory


class VictoryMoon(Moon):
    name, en, number = "34_victoire_imposee", "The winner must stand on it", 34
    keeps_tokens = True

    victory = Victory(must_hold=True)


MOON = VictoryMoon()
