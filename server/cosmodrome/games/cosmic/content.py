"""Content data (the decks), loaded and validated at import; each edict named must have its
module in edicts/ (checked there), each power lives in powers/.

One card table, two decks: `CARDS` holds the classic deck (content/cards.json, seed 001's
attack range 4 to 30) and then seed 000's `cosmic` deck (content/cards_cosmic.json, loaded
by content_000: attack 0-50, extension cards); a card id is its index, so every view, move
and event names a card the same way whatever the ruleset. Both compositions are
provisional (the seeds give none): see docs/rules/cosmic.md and cosmic-000.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

_DIR = Path(__file__).parent / "content"
ATTACK_MIN, ATTACK_MAX = 4, 30


@dataclass(frozen=True)
class Card:
    id: int
    kind: str        # "attack" | "compromise" | "edict"; "extension" in the cosmic deck
    value: int = 0   # attack value; an extension card's 0-5
    edict: str = ""  # edict name

    @property
    def encounter(self) -> bool:
        return self.kind in ("attack", "compromise")

    @property
    def extension(self) -> bool:
        return self.kind == "extension"


def _load_cards() -> tuple[Card, ...]:
    data = json.loads((_DIR / "cards.json").read_text())
    cards: list[Card] = []
    for _ in range(int(data["compromise"])):
        cards.append(Card(len(cards), "compromise"))
    for value, count in sorted(data["attack"].items(), key=lambda kv: int(kv[0])):
        v = int(value)
        if not ATTACK_MIN <= v <= ATTACK_MAX:
            raise ValueError(f"cards.json: attack value {v} outside {ATTACK_MIN}-{ATTACK_MAX}")
        for _ in range(int(count)):
            cards.append(Card(len(cards), "attack", v))
    for name, count in data["edicts"].items():
        for _ in range(int(count)):
            cards.append(Card(len(cards), "edict", edict=name))
    return tuple(cards)


CLASSIC_CARDS = _load_cards()

from cosmodrome.games.cosmic.content_000 import COSMIC_CARDS  # noqa: E402  (needs Card)

CARDS = CLASSIC_CARDS + tuple(Card(len(CLASSIC_CARDS) + c.id, c.kind, c.value, c.edict)
                              for c in COSMIC_CARDS)
EDICT_CARDS = tuple(c.id for c in CARDS if c.kind == "edict")


def deck_of(cosmic: bool) -> tuple[Card, ...]:
    """The cards of a ruleset's deck: the classic one, or seed 000's."""
    return CARDS[len(CLASSIC_CARDS):] if cosmic else CLASSIC_CARDS
