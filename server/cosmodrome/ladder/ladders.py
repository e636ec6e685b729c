"""Which ladder a match plays on: its game and its ruleset.

A game whose options have a `ruleset` enum field has one ladder per ruleset, named by the
value's name without the enum's prefix, lowercased (Cosmic: "classic", "cosmic"); the
unspecified value is the game's first ruleset (Cosmic's comment: unspecified is classic).
Any other game has one ladder, ruleset "".
"""

from __future__ import annotations

import re

from google.protobuf.descriptor import EnumDescriptor
from google.protobuf.message import Message

from cosmodrome.core.engine import Game
from cosmodrome.core.errors import InvalidArgument

RULESET_FIELD = "ruleset"


def _enum(game: Game) -> EnumDescriptor | None:
    field = game.Options.DESCRIPTOR.fields_by_name.get(RULESET_FIELD)
    return field.enum_type if field is not None else None


def _prefix(enum: EnumDescriptor) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"


def rulesets(game: Game) -> dict[str, int]:
    """The game's rulesets by name, with their enum numbers ({"": 0} without rulesets)."""
    enum = _enum(game)
    if enum is None:
        return {"": 0}
    return {v.name.removeprefix(_prefix(enum)).lower(): v.number
            for v in enum.values if v.number}


def default_ruleset(game: Game) -> str:
    named = rulesets(game)
    return min(named, key=named.__getitem__)


def ruleset_of(game: Game, options: Message) -> str:
    """The ruleset of a game's options; sets it explicitly in `options` (so the same
    rules make the same options)."""
    enum = _enum(game)
    if enum is None:
        return ""
    value = getattr(options, RULESET_FIELD) or rulesets(game)[default_ruleset(game)]
    setattr(options, RULESET_FIELD, value)
    return enum.values_by_number[value].name.removeprefix(_prefix(enum)).lower()


def check_ruleset(game: Game, ruleset: str) -> str:
    """A ruleset named in a request: "" is the game's default."""
    named = rulesets(game)
    if not ruleset:
        return default_ruleset(game)
    if ruleset not in named:
        raise InvalidArgument(f"{game.name} has no ruleset {ruleset[:40]!r}; its rulesets: "
                              + ", ".join(repr(n) for n in named))
    return ruleset


def ladder_tag(game: str, ruleset: str) -> str:
    return f"lr:{{{game}:{ruleset}}}"
