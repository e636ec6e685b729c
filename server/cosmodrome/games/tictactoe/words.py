"""Tic-tac-toe's words (GameContent.words): its move (a plain message: key "move"), its events
and the names of its marks and cells, which the terminal and the web page fill. Formats:
who, cell (a cell by its words, "Cell.<n>"), wins ("win" for the viewer, else "wins")."""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.core.record import enum_phrases
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as pb
from cosmodrome.v1 import games_pb2

PHRASES = {
    "move": "{cell:cell} (cell {cell})",
    "event.placed": "{seat:who} put {mark:enum} on the {cell:cell}",
    "event.game_over": "game over: {winner:who} {winner:wins}",
    "event.game_over#reason": "game over: {winner:who} {winner:wins} ({reason})",
    "event.game_over#draw": "game over: draw",
    "event.game_over#draw.reason": "game over: draw ({reason})",
}
CELLS = ("top left", "top middle", "top right", "middle left", "centre", "middle right",
         "bottom left", "bottom middle", "bottom right")
MARKS = {pb.MARK_X: "X", pb.MARK_O: "O"}


def words(game: Game) -> games_pb2.Words:
    cells = {f"Cell.{i}": name for i, name in enumerate(CELLS)}
    marks = enum_phrases(pb.Mark.DESCRIPTOR, MARKS)
    return games_pb2.Words(phrases={**PHRASES, **cells, **marks})
