"""A game's words, as the server's catalog publishes them (GameContent.words): one template per
Move and Event case, and the words of the enum values the sentences name. A renderer picks the
key (and a variant, "move.land#parachute", where one case reads differently) and fills the
template; its own code is layout: how a seat, a cat or a space is drawn (`formats`).

A template's "{path}" or "{path:format}" names a field of the message worded ("{_:format}"
the whole message); a format the renderer does not know draws the plain value, and "enum"
draws the value's own phrase ("<Enum>.<VALUE>", itself filled from the same message). An
unset optional field reaches its format as None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from google.protobuf.message import Message

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

PLACEHOLDER = re.compile(r"\{([\w.]+)(?::(\w+))?\}")
# a format: (the field's value, the context) -> text
Format = Callable[[object, "Context"], str]


def phrase(ctx: Context | None, key: str) -> str | None:
    words = ctx.words if ctx is not None else None
    return words.phrases[key] if words is not None and key in words.phrases else None


def enum_words(ctx: Context | None, enum, value: int, message: Message | None = None,
               formats: Mapping[str, Format] | None = None) -> str:
    """An enum value in words: its phrase, filled from `message`; else its name without the
    type's prefix ("PHASE_TRAVEL" -> "travel")."""
    member = enum.values_by_number.get(value)
    name = member.name if member else str(value)
    text = phrase(ctx, f"{enum.name}.{name}")
    if text is None:
        prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"
        return name.removeprefix(prefix).replace("_", " ").lower()
    return fill(text, message, ctx, formats or {}) if message is not None else text


def proper_name(ctx: Context, key: str) -> Message | None:
    """A proper name of the game's words ("edict.zap", "power.3"): French and English."""
    words = ctx.words
    return words.names[key] if words is not None and key in words.names else None


def fill(template: str, message: Message, ctx: Context, formats: Mapping[str, Format]) -> str:
    def one(match: re.Match) -> str:
        path, fmt = match.group(1).split("."), match.group(2)
        if path == ["_"]:  # the whole message, drawn by its format
            draw = formats.get(fmt or "")
            return draw(message, ctx) if draw else str(message)
        owner = message
        for part in path[:-1]:
            owner = getattr(owner, part)
        field = owner.DESCRIPTOR.fields_by_name[path[-1]]
        value = getattr(owner, path[-1])
        if fmt == "enum":
            return enum_words(ctx, field.enum_type, value, owner, formats)
        if field.has_presence and field.message_type is None and not owner.HasField(path[-1]):
            value = None  # an unset optional field: the format says what that means
        draw = formats.get(fmt or "")
        return draw(value, ctx) if draw else str(value)
    return PLACEHOLDER.sub(one, template)


def worded(message: Message, prefix: str, ctx: Context, formats: Mapping[str, Format],
           variant: str = "") -> str | None:
    """A Move ("move") or an Event ("event") in the game's words: the case's template (its
    variant's where the words have one), filled; None where the words have no such case. A
    message without a `kind` oneof (tic-tac-toe's Move) is worded whole, by `prefix` alone."""
    if "kind" not in message.DESCRIPTOR.oneofs_by_name:  # a plain message: worded whole
        text = template(ctx, prefix, variant)
        return fill(text, message, ctx, formats) if text else None
    kind = message.WhichOneof("kind")
    if kind is None:
        return None
    text = template(ctx, f"{prefix}.{kind}", variant)
    return fill(text, getattr(message, kind), ctx, formats) if text else None


def template(ctx: Context, key: str, variant: str = "") -> str | None:
    """The words of `key`'s variant where the catalog has them, else of `key` itself."""
    return (phrase(ctx, f"{key}#{variant}") if variant else None) or phrase(ctx, key)


def first_variant(ctx: Context, key: str, *variants: str) -> str:
    """The first of `variants` the catalog words for `key` ("" when none is)."""
    return next((v for v in variants if v and phrase(ctx, f"{key}#{v}") is not None), "")
