"""Esprit (Mind), seed 001: before the cards, any player looks at a main player's hand."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Mind(Piece):
    name, en = "esprit", "Mind"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or pieces.used(st, seat, self.name):
            return []
        e = st.enc
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name], target=t))
                for t in (e.offense, B.defender(st)) if t != seat]

    def perform(self, st, ctx, seat, use):
        cards = sorted(st.seats[use.target].hand)
        st.knowledge.add(viewer=seat, target=use.target, cards=cards, **reason("esprit"))
        ctx.show(seat, use.target, cards, "esprit")


POWER = Mind()
