"""Clone, seed 001: at the end of the encounter, a main player takes his own encounter card
back into his hand instead of discarding it."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Clone(Piece):
    name, en = "clone", "Clone"

    def window_actions(self, st, seat, window):
        e = st.enc
        mine, _ = pieces.played_cards(st, seat)
        if window != pb.STEP_CLEANUP or seat not in (e.offense, B.defender(st)) \
                or mine not in e.discarded or mine not in st.discard \
                or pieces.used(st, seat, self.name):
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name],
                                          card=mine))]

    def perform(self, st, ctx, seat, use):
        if use.card in st.discard:
            st.discard.remove(use.card)
            st.seats[seat].hand.append(use.card)


POWER = Clone()
