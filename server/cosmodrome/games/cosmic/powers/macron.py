"""Macron, seed 001: "Chacun de vos pions a une valeur de quatre. Vous ne pouvez engager
qu'un seul de vos pion pour attaquer dans un duel ou pour soutenir une attaque en tant
qu'allié": one token when attacking or as an offensive ally (a defensive ally sends up to
four, as the text limits only those two); each of his tokens counts four in a side's total.

The limit acts as the launch begins: announced then, as a pending use, so that a seat holding
a Zap may answer at that very instant (a zapped Macron launches up to four tokens, each worth
one).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moonflow, tasks
from cosmodrome.games.cosmic.hooks import Piece

WORTH = 4


class Macron(Piece):
    name, en, mandatory = "macron", "Macron", True

    def on_launch(self, st, ctx, seat, defending):
        if defending:
            return False
        actions.announce(st, ctx, seat, self.name)
        return True

    def perform(self, st, ctx, seat, use):
        for t in st.tasks:
            if t.HasField("take") and t.seat == seat and t.take.dest in tasks.LAUNCH_DESTS:
                t.take.count = min(t.take.count, moonflow.ally_multiplier(st, seat))
                return

    def token_worth(self, st, seat):
        return WORTH


POWER = Macron()
