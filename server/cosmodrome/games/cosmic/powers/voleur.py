"""Voleur (Filch), seed 001: at the end of the encounter, a main player takes his
opponent's encounter card into his hand instead of its discard."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Filch(Piece):
    name, en = "voleur", "Filch"

    def window_actions(self, st, seat, window):
        e = st.enc
        _, theirs = pieces.played_cards(st, seat)
        if window != pb.STEP_CLEANUP or seat not in (e.offense, B.defender(st)) \
                or theirs not in e.discarded or theirs not in st.discard \
                or pieces.used(st, seat, self.name):
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name],
                                          target=pieces.opponent(st, seat), card=theirs))]

    def perform(self, st, ctx, seat, use):
        if use.card in st.discard:
            st.discard.remove(use.card)
            st.seats[seat].hand.append(use.card)


POWER = Filch()
