"""Champ de Force, seed 001: "après que toutes les alliances ont été scellées ..., c'est-à-dire
juste avant que les cartes de duel soient retournées": every ally (no target), or one, goes
home with his tokens. Offered in the pre-cards and the pre-reveal windows."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

EVERY_ALLY = -1


def _allies(st: pb.State) -> list[int]:
    e = st.enc
    return [s for s in range(st.players)
            if s not in (e.offense, B.defender(st)) and (e.cone_off[s] or e.cone_def[s])]


class ForceField(Edict):
    name = "champ"
    windows = frozenset({pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL})

    def window_actions(self, st, seat, window):
        allies = _allies(st)
        if window not in self.windows or not allies:
            return []
        card = pieces.first_edict(st, seat, self.name)
        return [pb.Move(edict=actions.edict_move(card, t)) for t in [EVERY_ALLY, *allies]]

    def play(self, st, ctx, seat, move):
        e = st.enc
        for a in _allies(st):
            if not move.HasField("target") or move.target == a:  # unset: every ally
                n = e.cone_off[a] + e.cone_def[a]
                e.cone_off[a] = e.cone_def[a] = 0
                actions.place_from_limbo(st, a, n)


EDICT = ForceField()
