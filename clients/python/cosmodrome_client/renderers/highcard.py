"""High card: moves and reveals in the game's words from the catalog (`ctx.words`,
server/cosmodrome/games/highcard/words.py); the View keeps the generic field-per-line dump."""

from __future__ import annotations

from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome_client.renderers.words import worded

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

# How high card's words draw the values their templates name.
FORMATS = {
    "who": lambda seat, ctx: ctx.who(seat),
    "take": lambda seat, ctx: "take" if seat == ctx.viewer else "takes",
    "seat_cards": lambda cards, ctx: ", ".join(f"{ctx.who(s)}: {c}" for s, c in enumerate(cards)),
}


def move(m: Message, ctx: Context) -> str | None:
    return worded(m, "move", ctx, FORMATS)


def event(e: Message, ctx: Context) -> str | None:
    return worded(e, "event", ctx, FORMATS)
