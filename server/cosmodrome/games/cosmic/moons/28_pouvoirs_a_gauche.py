"""Moon 28 (RIO), seed 000: "Celle-ci oblige tous les joueurs à effectuer une rotation vers leur
gauche pour ce qui concerne les pouvoirs."

Every living player passes his powers to his left (seat + 1) neighbour (M7). With secondary
powers in play the lander, who reveals it, chooses the main power, the secondary ones or all;
with one power each there is nothing to choose. A power keeps whether it was disclosed.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import PowersRotate


class PowersLeft(PowersRotate):
    name, en, number, left = "28_pouvoirs_a_gauche", "Powers pass left", 28, True


MOON = PowersLeft()
