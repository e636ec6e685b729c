"""Flaire Amibe (seed 000, its text lost: provisional, content/flares.json). Sauvage: once
the cards are down, the Amoeba adds or withdraws tokens a second time this encounter.
Parasite: once the cards are down, a main player adds tokens to the encounter or withdraws
his own, as the Amoeba does (one use of the power)."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class AmoebaFlare(Flare):
    name, en, power = "flare_amibe", "Flaire Amibe", "amibe"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_REVEAL or not flares.main_player(st, seat):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = AmoebaFlare()
