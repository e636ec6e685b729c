"""Flaire Chercheur (seed 000, its text lost: provisional, content/flares.json). Sauvage:
before the cards, the Seeker asks a second question (its power asks one). Parasite: a player
in the encounter asks one of the Seeker's questions of a main player, who answers
truthfully."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.powers.chercheur import QUESTIONS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class SeekerFlare(Flare):
    name, en, power = "flare_chercheur", "Flaire Chercheur", "chercheur"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not pieces.involved(st, seat):
            return []
        e = st.enc
        return [flares.use_move(self, target=t, question=q)
                for t in (e.offense, B.defender(st)) if t not in (seat, -1) for q in QUESTIONS]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)


FLARE = SeekerFlare()
