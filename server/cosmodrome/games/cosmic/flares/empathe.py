"""Flaire Empathe (seed 000, its text lost: provisional, content/flares.json). After the
reveal, a main player who played a compromise. Sauvage: the Empath waives its power for this
encounter, its opponent's card stays his own (the power made optional once). Parasite: his
opponent's card counts as a compromise too, as the Empath's does."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class EmpathFlare(Flare):
    name, en, power = "flare_empathe", "Flaire Empathe", "empathe"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_POST_REVEAL or not flares.main_player(st, seat) \
                or not pieces.power(self.power).makes_opponent_compromise(st, seat):
            return []  # (a sauvage play is also the only one that makes it False: once)
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        if self.sauvage(st, seat):
            return  # played: `powers/empathe.waived` now holds for this encounter
        e = st.enc
        if seat == e.offense:
            e.compromise_def = True
        else:
            e.compromise_off = True


FLARE = EmpathFlare()
