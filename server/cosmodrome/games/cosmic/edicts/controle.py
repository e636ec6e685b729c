"""Contrôle Émotionnel, seed 001: after the reveal, both encounter cards count as
compromises."""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class EmotionControl(Edict):
    name = "controle"
    windows = frozenset({pb.STEP_POST_REVEAL})

    def window_actions(self, st, seat, window):
        e = st.enc
        if window not in self.windows or (e.compromise_off and e.compromise_def):
            return []
        card = pieces.first_edict(st, seat, self.name)
        return [pb.Move(edict=pb.PlayEdict(card=card))]

    def play(self, st, ctx, seat, move):
        st.enc.compromise_off = st.enc.compromise_def = True


EDICT = EmotionControl()
