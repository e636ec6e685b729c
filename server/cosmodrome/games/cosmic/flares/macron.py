"""Flaire Macron (seed 000, its text lost: provisional, content/flares.json; sauvage
simplified, FL8). Played before the cards by a player in the encounter, it
doubles what each of his tokens counts in a side's total this encounter (`flares.active`):
en parasite two instead of one, en sauvage the Macron's eight instead of four."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.powers.macron import WORTH
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MacronFlare(Flare):
    name, en, power = "flare_macron", "Flaire Macron", "macron"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not pieces.involved(st, seat):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        """Nothing now: `token_worth` acts at the resolution."""

    def token_worth(self, st, seat):
        return 2 * (WORTH if self.sauvage(st, seat) else 1)


FLARE = MacronFlare()
