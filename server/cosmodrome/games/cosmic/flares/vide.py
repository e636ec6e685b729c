"""Flaire Vide (seed 000, its text lost: provisional, content/flares.json). Sauvage: after
the reveal, one black-hole token of each of the Void's opponents in the encounter leaves the
game. Parasite (simplified, FL8): after the reveal, a main player sends one black-hole token
of his opponent out of the game, as the Void removes tokens. Removed tokens count towards
elimination as the Void's do (actions.VOID_ELIMINATION)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class VoidFlare(Flare):
    name, en, power = "flare_vide", "Flaire Vide", "vide"

    def targets(self, st, seat):
        if self.sauvage(st, seat):
            return flares.side(st, seat, other=True)
        return [pieces.opponent(st, seat)] if flares.main_player(st, seat) else []

    def window_actions(self, st, seat, window):
        if window != pb.STEP_POST_REVEAL:
            return []
        if not any(st.seats[t].black_hole for t in self.targets(st, seat)):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        for t in self.targets(st, seat):
            se = st.seats[t]
            if not se.black_hole or se.eliminated:
                continue
            se.black_hole -= 1
            se.removed += 1
            ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
                seat=t, count=1, source=pb.PLACE_BLACK_HOLE, destination=pb.PLACE_REMOVED)))
            if se.removed > actions.VOID_ELIMINATION:
                actions.eliminate(st, ctx, t)


FLARE = VoidFlare()
