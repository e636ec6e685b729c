"""Flaire Oracle (seed 000, its text lost: provisional, content/flares.json). Both before the
cards (a flare plays in a window, FL8). Sauvage: the Oracle, a main player, looks at its
opponent's whole hand (its power then shows it his card first). Parasite: a main player's
opponent plays and turns his card first, as the Oracle's does; he chooses his after."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class OracleFlare(Flare):
    name, en, power = "flare_oracle", "Flaire Oracle", "oracle"

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_PRE_CARDS or not flares.main_player(st, seat) \
                or e.HasField("laser_seat") or e.HasField("oracle_seat"):
            return []
        return [flares.use_move(self, target=pieces.opponent(st, seat))]

    def perform(self, st, ctx, seat, use):
        if not self.sauvage(st, seat):
            st.enc.oracle_seat = seat  # the Oracle's own hooks then wait for his opponent
            return
        cards = sorted(st.seats[use.target].hand)
        st.knowledge.add(viewer=seat, target=use.target, cards=cards, **reason(self.power))
        ctx.show(seat, use.target, cards, self.power)


FLARE = OracleFlare()
