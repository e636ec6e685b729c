"""Moon 22 (RIO), seed 000: "Celle-ci oblige tous les joueurs à effectuer une rotation vers leur
droite pour ce qui concerne les pouvoirs."

Every living player passes his powers to his right (seat - 1) neighbour (M7). With secondary
powers in play the lander, who reveals it, chooses the main power, the secondary ones or all;
with one power each there is nothing to choose. A power keeps whether it was disclosed.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moonflow
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

CHOICES = (pb.POWERS_PASSED_MAIN, pb.POWERS_PASSED_SECONDARY, pb.POWERS_PASSED_ALL)


class PowersRight(Moon):
    name, en, number = "22_pouvoirs_a_droite", "Powers pass right", 22

    def on_landing(self, st, ctx, moon, lander, landed):
        if moonflow.several_powers(st):
            moonflow.ask(st, lander, moon)
            return
        moonflow.acts(st, ctx, moon, lander)
        moonflow.rotate_powers(st, ctx, left=False, which=pb.POWERS_PASSED_ALL)

    def question_options(self, st, t):
        return [pb.Move(moon_choice=pb.MoonChoice(powers=w)) for w in CHOICES]

    def answer(self, st, ctx, t, move):
        moonflow.acts(st, ctx, t.moon_question.moon, t.seat)
        moonflow.rotate_powers(st, ctx, left=False, which=move.moon_choice.powers)


MOON = PowersRight()
