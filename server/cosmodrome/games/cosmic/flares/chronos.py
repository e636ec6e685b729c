"""Flaire Chronos (seed 000, its text lost: provisional, content/flares.json). Sauvage:
Chronos turns back time a second time in the same encounter (the card it set aside the
first time goes back to its owner first). Parasite: after the reveal, a main player turns
back time as Chronos does (one use of the power: his card back, his opponent's set aside,
both play again)."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class ChronosFlare(Flare):
    name, en, power = "flare_chronos", "Flaire Chronos", "chronos"

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_POST_REVEAL or not flares.main_player(st, seat) \
                or B.played(st, "off") < 0 or B.played(st, "def") < 0 \
                or e.chronos_replay != self.sauvage(st, seat):
            return []  # en sauvage: a second time only (the power turns it back once)
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        e = st.enc
        if e.HasField("set_aside"):
            st.seats[e.set_aside_owner].hand.append(e.set_aside)
            e.ClearField("set_aside")
            e.ClearField("set_aside_owner")
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = ChronosFlare()
