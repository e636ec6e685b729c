"""Flaire Voleur (seed 000, its text lost: provisional, content/flares.json). Sauvage: the
Filch takes every card its opponent played in the encounter (his extension and attack cards
too), not one. Parasite: a main player takes his opponent's encounter card into his hand
instead of its discard, as the Filch does."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers._keep_card import KeepsPlayedCardFlare


class FilchFlare(KeepsPlayedCardFlare):
    name, en, power = "flare_voleur", "Flaire Voleur", "voleur"


FLARE = FilchFlare()
