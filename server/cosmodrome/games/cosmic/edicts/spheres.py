"""Sphères de Moebius, seed 000: at the start of an encounter, a player frees his own tokens
from the black hole and puts them back on his bases."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MoebiusSpheres(Edict):
    name = "spheres"
    windows = frozenset({pb.STEP_START_WINDOW})

    def window_actions(self, st, seat, window):
        if window not in self.windows or not st.seats[seat].black_hole \
                or not B.bases(st, seat):
            return []
        card = pieces.first_edict(st, seat, self.name)
        return [pb.Move(edict=pb.PlayEdict(card=card))]

    def play(self, st, ctx, seat, move):
        n = st.seats[seat].black_hole
        st.seats[seat].black_hole = 0
        actions.place_from_limbo(st, seat, n)


EDICT = MoebiusSpheres()
