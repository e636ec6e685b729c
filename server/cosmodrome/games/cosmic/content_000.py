"""Seed 000's content for the `cosmic` ruleset: its 60 moons (content/moons.json) and its 20
flares (content/flares.json), loaded and validated at import; its deck
(content/cards_cosmic.json) loads with the classic one in content.py and is named here too.
An error names the file and the key at fault.

What the seed gives (moon codes and texts, the attack range 0-50, extension values 0-5, one
flare per power) is checked here; every count and every effect the seed lacks is provisional
data, read in docs/rules/cosmic-000.md. The engine's use of this content comes with the
moon and flare engine (issue 10).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cosmodrome.games.cosmic import content as deck
from cosmodrome.games.cosmic.content import _clip, _field, _module_names, _need, _read
from cosmodrome.games.cosmic.hooks import Piece

_DIR = Path(__file__).parent / "content"
_POWERS_DIR = Path(__file__).parent / "powers"

MOON_COUNT, FLARE_COUNT = 60, 20
# The cosmic deck loads with the classic one (content.py: one card table for both decks).
ATTACK_MIN, ATTACK_MAX = deck.COSMIC_ATTACK_MIN, deck.COSMIC_ATTACK_MAX
EXTENSION_MIN, EXTENSION_MAX = deck.EXTENSION_MIN, deck.EXTENSION_MAX
PENDING_EDICTS, COSMIC_CARDS, parse_deck = deck.PENDING_EDICTS, deck.COSMIC_CARDS, deck.parse_deck
ContentError = deck.ContentError

# A moon's code letters, in order, and the word each field spells them with.
CODE = (("reveal", {"R": "revealed", "S": "secret"}),
        ("duration", {"I": "instant", "P": "permanent"}),
        ("use", {"F": "optional", "O": "mandatory"}))
CATEGORIES = ("game_effect", "cut_text", "table_behaviour")
TRIGGERS = ("landing", "reveal", "while_occupied", "while_face_up", "victory", "destiny",
            "alliances", "cards", "post_reveal", "deal_failed", "draw", "edict_played",
            "next_encounter", "any_time", "table_conduct")
DECISIONS = ("none", "use_or_not", "show_card", "move_moon", "choose_body", "choose_place",
             "choose_power", "choose_power_kind", "choose_flare", "choose_edict",
             "choose_cards", "per_opponent_take_token", "per_opponent_take_card",
             "cancel_victory", "report_infraction", "infraction_penalty")
# Who tells the server a table-behaviour moon was broken (docs/rules/cosmic-000.md,
# "Table-behaviour moons: who judges").
JUDGES = ("server_chat", "neighbour_report", "opponent_report", "server_enforced",
          "not_hostable")
PENALTY_BY = ("right_neighbour", "each_opponent")


@dataclass(frozen=True)
class Moon:
    number: int
    name: str
    code: str            # "RPF": revealed/secret, instant/permanent, optional/mandatory
    category: str        # CATEGORIES
    beneficial: bool     # our reading of its effect for the lander (seed: odd = beneficial)
    trigger: str         # TRIGGERS
    decision: str        # DECISIONS
    fr: str              # the seed's text
    en: str
    default_deck: bool
    provisional: bool
    reading: str = ""
    judged_by: str = ""  # table-behaviour moons only (JUDGES)
    penalty_by: str = ""

    @property
    def secret(self) -> bool:
        return self.code[0] == "S"

    @property
    def instant(self) -> bool:
        return self.code[1] == "I"

    @property
    def optional(self) -> bool:
        return self.code[2] == "F"


@dataclass(frozen=True)
class FlareEffect:
    window: str   # a key of flares.json's "windows"
    en: str
    hook: str     # the hooks.Piece hook it answers
    reuses: str   # the power whose module it builds on


@dataclass(frozen=True)
class Flare:
    power: str
    name: str
    sauvage: FlareEffect   # held by the power's own holder
    parasite: FlareEffect  # held by anyone else
    provisional: bool


# ====================================================================== moons

def _moon(entry: dict, position: int, where: str) -> Moon:
    number = _field(entry, "number", int, where)
    _need(number == position, f"{where}.number",
          f"is {number}, expected {position} (number = position in the annex)")
    code = _field(entry, "code", str, where)
    _need(len(code) == len(CODE), f"{where}.code", f"{_clip(code)} is not three letters")
    for letter, (key, words) in zip(code, CODE, strict=True):
        _need(letter in words, f"{where}.code",
              f"{_clip(code)}: {letter!r} is not one of {'/'.join(words)}")
        _need(entry.get(key) == words[letter], f"{where}.{key}",
              f"is {_clip(entry.get(key))}, but code {code} says {words[letter]!r}")
    category = _field(entry, "category", str, where)
    _need(category in CATEGORIES, f"{where}.category", f"{_clip(category)} unknown")
    trigger = _field(entry, "trigger", str, where)
    _need(trigger in TRIGGERS, f"{where}.trigger", f"{_clip(trigger)} unknown")
    decision = _field(entry, "decision", str, where)
    _need(decision in DECISIONS, f"{where}.decision", f"{_clip(decision)} unknown")
    provisional = _field(entry, "provisional", bool, where)
    reading = entry.get("reading", "")
    _need(provisional == bool(reading), f"{where}.reading",
          "a provisional moon needs a reading, and only a provisional one has one")
    if reading:
        _field(entry, "reading", str, where)
    default_deck = _field(entry, "default_deck", bool, where)
    if category == "cut_text":
        _need(provisional and not default_deck, where,
              "a cut text is provisional and out of the default deck")
    judged_by = entry.get("judged_by", "")
    if category == "table_behaviour":
        _need(judged_by in JUDGES, f"{where}.judged_by",
              f"{_clip(judged_by)} is not one of {', '.join(JUDGES)}")
        _need(not default_deck, f"{where}.default_deck", "table moons are opt-in")
    else:
        _need(not judged_by, f"{where}.judged_by", "only table-behaviour moons are judged")
    penalty_by = entry.get("penalty_by", "")
    _need(penalty_by in ("", *PENALTY_BY), f"{where}.penalty_by", f"{_clip(penalty_by)} unknown")
    _need(bool(penalty_by) == (decision in ("report_infraction", "infraction_penalty")),
          f"{where}.penalty_by", "names who takes the penalty exactly when there is one")
    return Moon(number=number, name=_field(entry, "name", str, where), code=code,
                category=category, beneficial=_field(entry, "beneficial", bool, where),
                trigger=trigger, decision=decision, fr=_field(entry, "fr", str, where),
                en=_field(entry, "en", str, where), default_deck=default_deck,
                provisional=provisional, reading=reading, judged_by=judged_by,
                penalty_by=penalty_by)


def parse_moons(data: Any, file: str = "moons.json") -> tuple[Moon, ...]:
    moons = _field(data, "moons", list, file)
    _need(len(moons) == MOON_COUNT, f"{file}.moons",
          f"holds {len(moons)} moons, the seed's annex {MOON_COUNT}")
    return tuple(_moon(m, i, f"{file}.moons[{i}]") for i, m in enumerate(moons, 1))


# ====================================================================== flares

def _effect(entry: dict, key: str, windows: dict, powers: set[str], where: str) -> FlareEffect:
    e = _field(entry, key, dict, where)
    here = f"{where}.{key}"
    window = _field(e, "window", str, here)
    _need(window in windows, f"{here}.window", f"{_clip(window)} is not in 'windows'")
    hook = _field(e, "hook", str, here)
    _need(callable(getattr(Piece, hook, None)) and not hook.startswith("_"), f"{here}.hook",
          f"{_clip(hook)} is not a hook of hooks.Piece")
    reuses = _field(e, "reuses", str, here)
    _need(reuses in powers, f"{here}.reuses", f"{_clip(reuses)} is not a power module")
    return FlareEffect(window=window, en=_field(e, "en", str, here), hook=hook, reuses=reuses)


def parse_flares(data: Any, powers: set[str], file: str = "flares.json") -> dict[str, Flare]:
    windows = _field(data, "windows", dict, file)
    out: dict[str, Flare] = {}
    for i, entry in enumerate(_field(data, "flares", list, file)):
        where = f"{file}.flares[{i}]"
        power = _field(entry, "power", str, where)
        _need(power in powers, f"{where}.power", f"{_clip(power)} is not a power module")
        _need(power not in out, f"{where}.power", f"{power!r} has two flares")
        _need(_field(entry, "provisional", bool, where), f"{where}.provisional",
              "must be true: the seed's flare texts are lost")
        out[power] = Flare(power=power, name=_field(entry, "name", str, where),
                           sauvage=_effect(entry, "sauvage", windows, powers, where),
                           parasite=_effect(entry, "parasite", windows, powers, where),
                           provisional=True)
    missing = sorted(powers - set(out))
    _need(not missing, f"{file}.flares", f"no flare for the powers {missing}")
    return out


# ====================================================================== deck

POWER_NAMES = frozenset(_module_names(_POWERS_DIR))
MOONS = parse_moons(_read("moons.json"))
FLARES = parse_flares(_read("flares.json"), set(POWER_NAMES))
