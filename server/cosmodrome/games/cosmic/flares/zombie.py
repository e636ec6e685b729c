"""Flaire Zombie (seed 000, its text lost: provisional, content/flares.json; simplified,
FL8). Sauvage: after the reveal, the Zombie and each of its allies in the encounter take one
token of theirs back from the black hole to their bases. Parasite: after the reveal, a player
in the encounter takes one of his tokens back from the black hole to his bases. Both as the
Zombie frees tokens in a deal (`actions.place_from_limbo`: put back one at a time)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class ZombieFlare(Flare):
    name, en, power = "flare_zombie", "Flaire Zombie", "zombie"

    def freed(self, st, seat):
        """The seats that take a token back when `seat` plays it."""
        if not pieces.involved(st, seat):
            return []
        seats = flares.side(st, seat) if self.sauvage(st, seat) else [seat]
        return [s for s in seats if st.seats[s].black_hole and not st.seats[s].eliminated]

    def window_actions(self, st, seat, window):
        if window != pb.STEP_POST_REVEAL or not self.freed(st, seat):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        for s in self.freed(st, seat):
            st.seats[s].black_hole -= 1
            actions.place_from_limbo(st, s, 1)


FLARE = ZombieFlare()
