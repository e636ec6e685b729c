"""Moon families of seed 000: moons whose texts differ by a word or a number, one class each.
A moon module of a family declares its own words as class attributes (number, name, and the
number or side its text names) and nothing else: `MOON` is the one instance."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonboard, moontools
from cosmodrome.games.cosmic.hooks import Combat, Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

if TYPE_CHECKING:
    from cosmodrome.games.cosmic.ctx import Ctx

POWER_CHOICES = (pb.POWERS_PASSED_MAIN, pb.POWERS_PASSED_SECONDARY, pb.POWERS_PASSED_ALL)


class FirstLanding(Moon):
    """An instant moon that acts once, at the first landing ("ne révèle son pouvoir qu'une
    seule fois"): `first_landing`, then it is spent for good."""

    def first_landing(self, st: pb.State, ctx: Ctx, moon: int, lander: int) -> None:
        """What the moon does, once."""

    def on_landing(self, st, ctx, moon, landing):
        mo = st.moons[moon]
        if mo.spent:
            return
        mo.spent = True
        moontools.acts(st, ctx, moon, landing.lander)
        self.first_landing(st, ctx, moon, landing.lander)


class PowersRotate(Moon):
    """Every living player passes his powers to his left (seat + 1) or right (seat - 1)
    neighbour (M7). With secondary powers in play the lander, who reveals the moon, chooses
    the main power, the secondary ones or all; with one power each there is no choice."""

    left: ClassVar[bool]

    def on_landing(self, st, ctx, moon, landing):
        if moontools.several_powers(st):
            moontools.ask(st, landing.lander, moon)
            return
        moontools.acts(st, ctx, moon, landing.lander)
        moontools.rotate_powers(st, ctx, left=self.left, which=pb.POWERS_PASSED_ALL)

    def question_options(self, st, t):
        return [pb.Move(moon_choice=pb.MoonChoice(powers=w)) for w in POWER_CHOICES]

    def answer(self, st, ctx, t, move):
        moontools.acts(st, ctx, t.moon_question.moon, t.seat)
        moontools.rotate_powers(st, ctx, left=self.left, which=move.moon_choice.powers)


class Coloris(Moon):
    """A "Coloris" moon: while face up, `bonus` on each attack card of the player of its
    system's colour (M6), in defence only if `defence_only`. The optional ones (a gain) are
    counted without asking: a higher total never hurts its side."""

    bonus: ClassVar[int]
    defence_only: ClassVar[bool] = False

    def combat(self, st, moon, side):
        if not moonboard.colour_side(st, moon, side) or (
                self.defence_only and side != B.defender(st)):
            return None
        return Combat(per_card=self.bonus)
