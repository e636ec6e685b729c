"""Clone, seed 001: at the end of the encounter, a main player takes his own encounter card
back into his hand instead of discarding it."""

from __future__ import annotations

from cosmodrome.games.cosmic.powers._keep_card import KeepsPlayedCard


class Clone(KeepsPlayedCard):
    name, en, theirs = "clone", "Clone", False


POWER = Clone()
