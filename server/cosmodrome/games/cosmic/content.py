"""Content data (the deck), loaded and validated at import; each edict named must have its
module in edicts/ (checked there), each power lives in powers/.

The deck composition is provisional (the seeds do not give it): see content/cards.json and
docs/rules/cosmic.md. Attack values must stay within seed 001's range, 4 to 30.
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


CARDS = _load_cards()
EDICT_CARDS = tuple(c.id for c in CARDS if c.kind == "edict")
