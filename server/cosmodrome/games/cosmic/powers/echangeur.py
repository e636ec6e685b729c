"""Échangeur (Trader), seed 001: before the cards, a main player exchanges his whole hand
with his opponent's."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Trader(Piece):
    name, en = "echangeur", "Trader"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or seat not in (st.enc.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name):
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name],
                                          target=pieces.opponent(st, seat)))]

    def perform(self, st, ctx, seat, use):
        target = use.target
        mine, theirs = st.seats[seat].hand, st.seats[target].hand
        a, b = list(mine), list(theirs)
        del mine[:]
        mine.extend(b)
        del theirs[:]
        theirs.extend(a)
        ctx.note(pb.NOTE_KIND_HANDS_EXCHANGED, seat, target=use.target)
        # each now knows the other's whole hand (his own former one)
        for viewer, other, got, gave in ((seat, target, b, a), (target, seat, a, b)):
            ctx.show(viewer, other, sorted(got), "echangeur")
            st.knowledge.add(viewer=viewer, target=other, cards=sorted(gave), **reason("echangeur"))


POWER = Trader()
