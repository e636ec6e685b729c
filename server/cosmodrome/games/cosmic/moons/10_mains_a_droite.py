"""Moon 10 (RIO), seed 000: "Celle-ci oblige tous les joueurs à effectuer une rotation vers
leur droite pour ce qui concerne les cartes qu'ils ont en main. Toutes les cartes sont
touchées : c'est la main entière qui tourne."

Right = seat - 1 (M7); each player knows the hand he gave.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon


class HandsRight(Moon):
    name, en, number = "10_mains_a_droite", "Hands pass right", 10

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        moontools.rotate_hands(st, ctx, self, left=False)


MOON = HandsRight()
