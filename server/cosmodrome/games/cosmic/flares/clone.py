"""Flaire Clone (seed 000, its text lost: provisional, content/flares.json). Sauvage: the
Clone takes back every card it played in the encounter (its extension and attack cards
too), not one. Parasite: a main player takes his own encounter card back into his hand
instead of its discard, as the Clone does."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers._keep_card import KeepsPlayedCardFlare


class CloneFlare(KeepsPlayedCardFlare):
    name, en, power = "flare_clone", "Flaire Clone", "clone"


FLARE = CloneFlare()
