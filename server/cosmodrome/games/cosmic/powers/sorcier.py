"""Sorcier (Sorcerer), seed 001: once the cards are down and before they are turned, a main
player swaps the two face-down cards."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions, pieces
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Sorcerer(Piece):
    name, en = "sorcier", "Sorcerer"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_REVEAL or seat not in (st.enc.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name):
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name]))]

    def perform(self, st, ctx, seat, use):
        e = st.enc
        off, de = B.played(st, "off"), B.played(st, "def")
        B.set_played(st, "off", de)
        B.set_played(st, "def", off)
        extensions.swap(e)  # seed 000: whole sets, extensions with their cards (X3)
        e.swapped = not e.swapped
        ctx.note(pb.NOTE_KIND_CARDS_SWAPPED, seat)


POWER = Sorcerer()
