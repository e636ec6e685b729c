"""Un-Zap, seed 000: played in answer to a Zap, the Zap has no effect."""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import RESPONSE_POWERS_STOPPED, Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class UnZap(Edict):
    name = "unzap"
    answers = frozenset({RESPONSE_POWERS_STOPPED})
    windows = frozenset({pb.STEP_PRE_CARDS, pb.STEP_POST_REVEAL})  # where Zaps are played

    def answer_target(self, t):
        return t.planet  # the zapped seat

    def answer(self, st, ctx, seat, t, card):
        del st.enc.zapped[t.min:]  # undo exactly what that zap suspended
        ctx.note(pb.NOTE_KIND_ZAP_UNDONE, seat)


EDICT = UnZap()
