"""Flaire Esprit (seed 000, its text lost: provisional, content/flares.json). Sauvage:
before the cards, the Mind looks at the hand of any other player, in the encounter or not
(besides its power's look: two hands). Parasite: before the cards, look at the hand of a
main player, as the Mind does."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MindFlare(Flare):
    name, en, power = "flare_esprit", "Flaire Esprit", "esprit"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS:
            return []
        e = st.enc
        targets = (B.alive(st) if self.sauvage(st, seat)
                   else [t for t in (e.offense, B.defender(st)) if t >= 0])
        return [flares.use_move(self, target=t) for t in targets if t != seat]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = MindFlare()
