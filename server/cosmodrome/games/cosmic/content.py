"""Content data (deck composition, powers), loaded and validated at import.

The deck composition is provisional (the seeds do not give it): see content/cards.json and
docs/rules/cosmic.md. Attack values must stay within seed 001's range, 4 to 30.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

_DIR = Path(__file__).parent / "content"
ATTACK_MIN, ATTACK_MAX = 4, 30
EDICTS = ("zap", "zap_sauvage", "unzap", "anneaux", "spheres", "champ", "controle", "gaz",
          "peste")


@dataclass(frozen=True)
class Card:
    id: int
    kind: str        # "attack" | "compromise" | "edict"
    value: int = 0   # attack value
    edict: str = ""  # edict name

    @property
    def encounter(self) -> bool:
        return self.kind != "edict"


@dataclass(frozen=True)
class Power:
    id: int
    name: str
    en: str
    mandatory: bool


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
        if name not in EDICTS:
            raise ValueError(f"cards.json: unknown edict {name!r}")
        for _ in range(int(count)):
            cards.append(Card(len(cards), "edict", edict=name))
    return tuple(cards)


def _load_powers() -> tuple[tuple[Power, ...], tuple[tuple[str, str], ...]]:
    data = json.loads((_DIR / "powers.json").read_text())
    powers = tuple(Power(i, p["name"], p["en"], bool(p["mandatory"]))
                   for i, p in enumerate(data["powers"]))
    names = {p.name for p in powers}
    if len(names) != len(powers) or len(powers) > 64:
        raise ValueError("powers.json: duplicate names or more than 64 powers")
    excl = tuple((a, b) for a, b in data.get("exclusions", []))
    for a, b in excl:
        if a not in names or b not in names:
            raise ValueError(f"powers.json: exclusion names an unknown power: {a}, {b}")
    return powers, excl


CARDS = _load_cards()
POWERS, EXCLUSIONS = _load_powers()
POWER_ID = {p.name: p.id for p in POWERS}
EDICT_CARDS = tuple(c.id for c in CARDS if c.kind == "edict")


def excluded(pid: int, held: list[int]) -> bool:
    """Seed 001, Insecte: "Ne pas utiliser ce Pouvoir dans les parties où l'Avare ou l'Oracle
    sont utilisés": may power `pid` join a game where the powers `held` are in use?"""
    name = POWERS[pid].name
    for a, b in EXCLUSIONS:
        other = b if name == a else a if name == b else None
        if other is not None and POWER_ID[other] in held:
            return True
    return False
