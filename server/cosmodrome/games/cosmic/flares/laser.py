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
        return flares.aimed_at_the_other_card(self, st, seat, window)

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)  # he chooses the card
        if self.sauvage(st, seat):
            st.tasks.add(seat=seat, laser=pb.LaserTask())  # now, before his own


FLARE = LaserFlare()
