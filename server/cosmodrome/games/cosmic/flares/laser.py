"""Flaire Laser (seed 000, its text lost: provisional, content/flares.json). Before the
cards, a main player. Sauvage: the Laser picks its opponent's card at once, before choosing
its own, and sees it. Parasite: he picks his opponent's card at random from his hand, as
the Laser does (FL8: the Laser's own pick, not the server's draw)."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class LaserFlare(Flare):
    name, en, power = "flare_laser", "Flaire Laser", "laser"

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_PRE_CARDS or not flares.main_player(st, seat) \
                or e.HasField("laser_seat") or e.HasField("oracle_seat"):
            return []
        return [flares.use_move(self, target=pieces.opponent(st, seat))]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)  # he chooses the card
        if self.sauvage(st, seat):
            st.tasks.add(seat=seat, laser=pb.LaserTask())  # now, before his own


FLARE = LaserFlare()
