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
from typing import Any

_DIR = Path(__file__).parent / "content"
_EDICTS_DIR = Path(__file__).parent / "edicts"
ATTACK_MIN, ATTACK_MAX = 4, 30                     # seed 001
COSMIC_ATTACK_MIN, COSMIC_ATTACK_MAX = 0, 50       # 000: "des nombres allant de 0 à 50"
EXTENSION_MIN, EXTENSION_MAX = 0, 5                # extension cards 0 to 5
PENDING_EDICTS: tuple[str, ...] = ()  # edicts dealt before their module comes (none now)


@dataclass(frozen=True)
class Card:
    id: int
    kind: str        # "attack" | "compromise" | "edict"; "extension" in the cosmic deck; "flare"
    value: int = 0   # attack value; an extension card's 0-5
    edict: str = ""  # edict name
    power: str = ""  # a flare's power name (seed 000)

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


class ContentError(ValueError):
    """A content file breaks a rule of its format; the message names file and key."""


def _clip(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise ContentError(f"{where}: {what}")


def _field(entry: dict, key: str, kind: type, where: str) -> Any:
    _need(isinstance(entry, dict), where, "must be an object")
    value = entry.get(key)
    _need(isinstance(value, kind) and not (kind is int and isinstance(value, bool)),
          f"{where}.{key}", f"must be a {kind.__name__}, got {_clip(value)}")
    if kind is str:
        _need(key == "name" or bool(value.strip()), f"{where}.{key}", "must not be empty")
    return value


def _module_names(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")}


# ====================================================================== seed 000's deck

def _counts(data: dict, key: str, low: int, high: int, file: str) -> list[tuple[int, int]]:
    out = []
    for value, count in _field(data, key, dict, file).items():
        where = f"{file}.{key}[{_clip(value)}]"
        _need(value.isdigit() and low <= int(value) <= high, where,
              f"value outside {low}-{high}")
        _need(isinstance(count, int) and not isinstance(count, bool) and count > 0, where,
              f"count must be a positive integer, got {_clip(count)}")
        out.append((int(value), count))
    return sorted(out)


def parse_deck(data: Any, edicts: set[str], file: str = "cards_cosmic.json") -> tuple[Card, ...]:
    cards: list[Card] = []
    compromise = _field(data, "compromise", int, file)
    _need(compromise >= 0, f"{file}.compromise", "must not be negative")
    cards += [Card(len(cards) + i, "compromise") for i in range(compromise)]
    for kind, low, high in (("attack", COSMIC_ATTACK_MIN, COSMIC_ATTACK_MAX),
                            ("extension", EXTENSION_MIN, EXTENSION_MAX)):
        for value, count in _counts(data, kind, low, high, file):
            cards += [Card(len(cards) + i, kind, value) for i in range(count)]
    for name, count in _field(data, "edicts", dict, file).items():
        where = f"{file}.edicts[{_clip(name)}]"
        _need(name in edicts or name in PENDING_EDICTS, where, "no such edict module")
        _need(isinstance(count, int) and not isinstance(count, bool) and count > 0, where,
              f"count must be a positive integer, got {_clip(count)}")
        cards += [Card(len(cards) + i, "edict", edict=name) for i in range(count)]
    return tuple(cards)


def _read(name: str) -> Any:
    try:
        return json.loads((_DIR / name).read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ContentError(f"{name}: not JSON ({err})") from None


COSMIC_CARDS = parse_deck(_read("cards_cosmic.json"), _module_names(_EDICTS_DIR))
CARDS = CLASSIC_CARDS + tuple(Card(len(CLASSIC_CARDS) + c.id, c.kind, c.value, c.edict)
                              for c in COSMIC_CARDS)
# seed 000's flares: one card per power, in content/flares.json's order (its effects are
# validated and read by content_000; a game deals only some of them: State.flares)
FLARE_CARDS = tuple(Card(len(CARDS) + i, "flare", power=_field(f, "power", str, "flares.json"))
                    for i, f in enumerate(_field(_read("flares.json"), "flares", list,
                                                 "flares.json")))
CARDS = CARDS + FLARE_CARDS
FLARE_OF = {c.power: c.id for c in FLARE_CARDS}  # power name -> its flare card
EDICT_CARDS = tuple(c.id for c in CARDS if c.kind == "edict")


def deck_of(cosmic: bool) -> tuple[Card, ...]:
    """The cards of a ruleset's deck: the classic one, or seed 000's."""
    return CARDS[len(CLASSIC_CARDS):len(CARDS) - len(FLARE_CARDS)] if cosmic else CLASSIC_CARDS
