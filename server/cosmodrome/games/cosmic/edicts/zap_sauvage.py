"""Zap Sauvage, seed 000: every other player's main powers, or every other player's
secondary powers, stop for the rest of the encounter."""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.edicts.zap import MAIN, SECONDARY, answer_power_use, suspend, targets
from cosmodrome.games.cosmic.hooks import RESPONSE_POWER_USE, Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _others(st: pb.State, seat: int) -> list[int]:
    return [s for s in range(st.players) if s != seat]


class WildZap(Edict):
    name = "zap_sauvage"
    answers = frozenset({RESPONSE_POWER_USE})
    windows = frozenset({pb.STEP_PRE_CARDS, pb.STEP_POST_REVEAL})

    def window_actions(self, st, seat, window):
        if window not in self.windows or not targets(st, seat):
            return []
        card = pieces.first_edict(st, seat, self.name)
        out = [pb.Move(edict=pb.PlayEdict(card=card, powers=MAIN))]
        if any(len(st.seats[t].powers) > 1 for t in _others(st, seat)):
            out.append(pb.Move(edict=pb.PlayEdict(card=card, powers=SECONDARY)))
        return out

    def play(self, st, ctx, seat, move):
        suspend(st, ctx, seat, _others(st, seat), move.powers)

    def answer(self, st, ctx, seat, t, card):
        suspend(st, ctx, seat, _others(st, seat), MAIN)
        answer_power_use(st, t)


EDICT = WildZap()
