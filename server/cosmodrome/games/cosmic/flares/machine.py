"""Flaire Machine (seed 000, its text lost: provisional, content/flares.json). Played by the
offence at the cleanup. Sauvage (simplified, FL8): out of encounter cards, the Machine draws
a new hand at once, so that its power lets it have another encounter. Parasite: the offence
may have a second encounter even after a failed first one (`flares.active`: asked at the
next step, as the Machine's power is)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flares
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MachineFlare(Flare):
    name, en, power = "flare_machine", "Flaire Machine", "machine"

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_CLEANUP or seat != e.offense:
            return []
        if self.sauvage(st, seat):
            return [] if B.has_encounter_card(st, seat) else [flares.use_move(self)]
        if e.number >= 2 or e.success or not B.has_encounter_card(st, seat):
            return []  # the rules give a second encounter already, or none is possible
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        if self.sauvage(st, seat):
            actions.new_hand(st, ctx, seat)

    def another_encounter(self, st, seat):
        return True if not self.sauvage(st, seat) and st.enc.number < 2 else None


FLARE = MachineFlare()
