"""Tic-tac-toe: a 3x3 grid, cells named in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from google.protobuf.message import Message

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

MARKS = {0: ".", 1: "X", 2: "O"}
CELLS = ("top left", "top middle", "top right", "middle left", "centre", "middle right",
         "bottom left", "bottom middle", "bottom right")


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


def move(m: Message, ctx: Context) -> str:
    return f"{CELLS[m.cell]} (cell {m.cell})"


def event(e: Message, ctx: Context) -> str | None:
    kind = e.WhichOneof("kind")
    if kind == "placed":
        p = e.placed
        return f"{ctx.who(p.seat)} put {MARKS.get(p.mark, '?')} on the {CELLS[p.cell]}"
    if kind == "game_over":
        g = e.game_over
        winner = "draw" if g.winner < 0 else f"{ctx.who(g.winner)} " + \
            ("win" if g.winner == ctx.viewer else "wins")
        return "game over: " + winner + \
            (f" ({g.reason})" if g.reason else "")
    return None
