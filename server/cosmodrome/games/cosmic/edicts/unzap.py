"""Un-Zap, seed 000: played in answer to a Zap, the Zap has no effect."""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import RESPONSE_POWERS_STOPPED, Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class UnZap(Edict):
    name = "unzap"
    answers = frozenset({RESPONSE_POWERS_STOPPED})
    windows = frozenset({pb.STEP_PRE_CARDS, pb.STEP_POST_REVEAL})  # where Zaps are played

    def answer_target(self, t):
        stopped = t.response.powers_stopped  # the zapped seat (unset: every other)
        return stopped.target if stopped.HasField("target") else -1

    def answer(self, st, ctx, seat, t, card):
        del st.enc.zapped[t.response.powers_stopped.zapped_from:]  # exactly what it stopped
        ctx.note(pb.NOTE_KIND_ZAP_UNDONE, seat)


EDICT = UnZap()
