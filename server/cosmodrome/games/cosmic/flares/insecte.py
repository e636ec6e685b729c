"""Flaire Insecte (seed 000, its text lost: provisional, content/flares.json). Before the
cards, a main player; for the rest of the encounter. Sauvage: the Insect copies the powers
of every other player in the encounter (allies too), not its opponent's only. Parasite: he
uses his opponent's powers as well as his own, as the Insect does. Playing it does nothing
more: once played, `copies` answers (asked by `pieces.used_ids`)."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.content import FLARE_OF
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class InsectFlare(Flare):
    name, en, power = "flare_insecte", "Flaire Insecte", "insecte"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not flares.main_player(st, seat):
            return []
        return [flares.use_move(self, target=pieces.opponent(st, seat))]

    def copies(self, st, seat):
        """Asked once the flare is played: the powers its player copies."""
        if FLARE_OF[self.power] not in st.seats[seat].hand or not flares.main_player(st, seat):
            return []
        mine = set(st.seats[seat].powers)
        if not self.sauvage(st, seat):
            return [p for p in st.seats[pieces.opponent(st, seat)].powers if p not in mine]
        return [p for s in range(st.players) if s != seat and pieces.involved(st, s)
                for p in st.seats[s].powers if p not in mine]


FLARE = InsectFlare()
