"""Tic-tac-toe: a 3x3 grid; moves and events in the game's words from the catalog
(`ctx.words`, server/cosmodrome/games/tictactoe/words.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome_client.renderers.words import phrase, worded

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

MARKS = {0: ".", 1: "X", 2: "O"}


def board(view: Message, ctx: Context) -> list[str]:
    cells = [MARKS.get(c, "?") for c in view.cells] or ["."] * 9
    rows = [f"   {cells[r]} | {cells[r + 1]} | {cells[r + 2]}" for r in (0, 3, 6)]
    lines = [rows[0], "  ---+---+---", rows[1], "  ---+---+---", rows[2]]
    if view.finished:
        lines.append("  " + ("draw" if view.winner < 0 else
                             f"{ctx.who(view.winner)} ({'XO'[view.winner]}) "
                             + ("win" if view.winner == ctx.viewer else "wins")))
    else:
        lines.append(f"  {ctx.who(view.to_move)} ({'XO'[view.to_move]}) to move")
    return lines


# How tic-tac-toe's words (server/cosmodrome/games/tictactoe/words.py) draw their values.
FORMATS = {
    "who": lambda seat, ctx: ctx.who(seat),
    "wins": lambda seat, ctx: "win" if seat == ctx.viewer else "wins",
    "cell": lambda cell, ctx: phrase(ctx, f"Cell.{cell}") or f"cell {cell}",
}


def move(m: Message, ctx: Context) -> str | None:
    return worded(m, "move", ctx, FORMATS)


def event(e: Message, ctx: Context) -> str | None:
    variant = ""
    if e.WhichOneof("kind") == "game_over":
        g = e.game_over
        variant = ".".join(v for v in ("draw" if g.winner < 0 else "",
                                        "reason" if g.reason else "") if v)
    return worded(e, "event", ctx, FORMATS, variant)
