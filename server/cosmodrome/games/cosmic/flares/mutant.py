"""Flaire Mutant (seed 000, its text lost: provisional, content/flares.json). Sauvage:
before the cards, the Mutant fills its hand up to seven as its power does, even when it is
not a main player. Parasite: before the cards, a main player fills his hand up to seven
cards, one at a time, each from the deck or at random from another player's hand, as the
Mutant does."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MutantFlare(Flare):
    name, en, power = "flare_mutant", "Flaire Mutant", "mutant"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or len(st.seats[seat].hand) >= B.HAND_SIZE:
            return []
        if not self.sauvage(st, seat) and not flares.main_player(st, seat):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = MutantFlare()
