"""Flaire Vulch (seed 000, its text lost: provisional, content/flares.json). In any window
(a flare plays in a window, not in an edict's response: FL8). Sauvage: the Vulch takes any
one edict of the discard pile into its hand. Parasite: take the edict on top of the discard
pile (the last one played or discarded) into your hand, as the Vulch does."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.powers import vulch


class VulchFlare(Flare):
    name, en, power = "flare_vulch", "Flaire Vulch", "vulch"

    def window_actions(self, st, seat, window):
        pile = st.discard if self.sauvage(st, seat) else st.discard[-1:]
        return [flares.use_move(self, card=c)
                for c in sorted({c for c in pile if CARDS[c].kind == "edict"})]

    def perform(self, st, ctx, seat, use):
        vulch.take(st, seat, use.card)


FLARE = VulchFlare()
