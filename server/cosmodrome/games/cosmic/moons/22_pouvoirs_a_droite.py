"""Moon 22 (RIO), seed 000: "Celle-ci oblige tous les joueurs à effectuer une rotation vers leur
droite pour ce qui concerne les pouvoirs."

Every living player passes his powers to his right (seat - 1) neighbour (M7). With secondary
powers in play the lander, who reveals it, chooses the main power, the secondary ones or all;
with one power each there is nothing to choose. A power keeps whether it was disclosed.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.moons._families import PowersRotate


class PowersRight(PowersRotate):
    name, en, number, left = "22_pouvoirs_a_droite", "Powers pass right", 22, False


MOON = PowersRight()
