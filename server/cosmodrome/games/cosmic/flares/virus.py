"""Flaire Virus (seed 000, its text lost: provisional, content/flares.json). Played after the
reveal by a main player, it acts on his side total at the resolution (`flares.active`).
Sauvage: the Virus adds its attack value to its tokens instead of multiplying, this
encounter. Parasite (simplified, FL8): a main player with an attack card has his side's
tokens multiplied by its value, as the Virus's are."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class VirusFlare(Flare):
    name, en, power = "flare_virus", "Flaire Virus", "virus"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_POST_REVEAL or not flares.main_player(st, seat):
            return []
        if not B.is_attack(pieces.played_cards(st, seat)[0]):  # his card, after any swap
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        """Nothing now: `side_total` acts at the resolution."""

    def side_total(self, st, ctx, seat, value, tokens):
        if self.sauvage(st, seat):
            return value + tokens
        return pieces.power(self.power).side_total(st, None, seat, value, tokens)


FLARE = VirusFlare()
