"""Moon 14 (RIO), seed 000: "Celle-ci oblige tous les joueurs à effectuer une rotation vers
leur gauche pour ce qui concerne les cartes qu'ils ont en main. Toutes les cartes sont
touchées : c'est la main entière qui tourne."

Left = seat + 1 (M7); each player knows the hand he gave.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon


class HandsLeft(Moon):
    name, en, number = "14_mains_a_gauche", "Hands pass left", 14

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        moontools.rotate_hands(st, ctx, self, left=True)


MOON = HandsLeft()
