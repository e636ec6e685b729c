"""Philanthrope (Philanthropist), seed 001: before the cards, a player in the encounter
gives one card of his hand to a main player. Only the giver and the receiver see it."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Philanthropist(Piece):
    name, en = "philanthrope", "Philanthropist"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not pieces.involved(st, seat) \
                or pieces.used(st, seat, self.name):
            return []
        e, pid = st.enc, pieces.POWER_ID[self.name]
        return [pb.Move(power=pb.UsePower(power=pid, target=t, card=c))
                for t in (e.offense, B.defender(st)) if t != seat
                for c in sorted(set(st.seats[seat].hand))]

    def perform(self, st, ctx, seat, use):
        hand = st.seats[seat].hand
        if use.card not in hand:
            return
        hand.remove(use.card)
        st.seats[use.target].hand.append(use.card)
        ctx.show(use.target, seat, [use.card], "philanthrope", frozenset({seat, use.target}))
        st.knowledge.add(viewer=seat, target=use.target, cards=[use.card],
                         **reason("philanthrope"))


POWER = Philanthropist()
