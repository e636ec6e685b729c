"""High card: moves and reveals in words (the View keeps the generic field-per-line dump)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from google.protobuf.message import Message

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context


def move(m: Message, ctx: Context) -> str:
    return f"play card {m.card}"


def event(e: Message, ctx: Context) -> str | None:
    kind = e.WhichOneof("kind")
    if kind == "card_played":
        return f"{ctx.who(e.card_played.seat)} played a card face down"
    if kind == "you_played":
        return f"you played card {e.you_played.card}"
    if kind == "revealed":
        r = e.revealed
        cards = ", ".join(f"{ctx.who(s)}: {c}" for s, c in enumerate(r.cards))
        taker = "you take" if r.winner == ctx.viewer else f"{ctx.who(r.winner)} takes"
        return f"round {r.round} revealed: {cards}; {taker} the trick"
    return None
