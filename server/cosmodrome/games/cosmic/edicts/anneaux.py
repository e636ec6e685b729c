"""Anneaux de Moebius, seed 001: at the start of his encounter, the offence frees every
player's tokens from the black hole; each puts his back on his bases."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MoebiusRings(Edict):
    name = "anneaux"
    windows = frozenset({pb.STEP_START_WINDOW})

    def window_actions(self, st, seat, window):
        if window not in self.windows or seat != st.enc.offense \
                or not any(st.seats[s].black_hole for s in B.alive(st)):
            return []
        card = pieces.first_edict(st, seat, self.name)
        return [pb.Move(edict=pb.PlayEdict(card=card))]

    def play(self, st, ctx, seat, move):
        for s in B.alive(st):
            n = st.seats[s].black_hole
            if n and B.bases(st, s):
                st.seats[s].black_hole = 0
                actions.place_from_limbo(st, s, n)


EDICT = MoebiusRings()
