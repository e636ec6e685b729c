"""Flaire Échangeur (seed 000, its text lost: provisional, content/flares.json). Sauvage:
before the cards, the Trader may swap hands with any other player, not only its opponent.
Parasite: before the cards, a main player swaps hands with his opponent, as the Trader does."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class TraderFlare(Flare):
    name, en, power = "flare_echangeur", "Flaire Échangeur", "echangeur"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS:
            return []
        if self.sauvage(st, seat):
            return [flares.use_move(self, target=t) for t in B.alive(st) if t != seat]
        if not flares.main_player(st, seat):
            return []
        return [flares.use_move(self, target=pieces.opponent(st, seat))]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = TraderFlare()
