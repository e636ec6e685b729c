"""Voleur (Filch), seed 001: at the end of the encounter, a main player takes his
opponent's encounter card into his hand instead of its discard."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers._keep_card import KeepsPlayedCard


class Filch(KeepsPlayedCard):
    name, en, theirs = "voleur", "Filch", True


POWER = Filch()
