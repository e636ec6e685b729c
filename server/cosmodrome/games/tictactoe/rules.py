"""Tic-tac-toe, the reference game: the smallest complete `Game` (see docs/adding-a-game.md)."""

from __future__ import annotations

from cosmodrome.core.engine import (
    BadOptions,
    Decision,
    Event,
    Game,
    IllegalMove,
    OptionSpec,
    Result,
)
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as pb

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = (pb.MARK_X, pb.MARK_O)
EMPTY = pb.MARK_UNSPECIFIED
MOVES = tuple(pb.Move(cell=c) for c in range(9))  # immutable by convention: shared options


class TicTacToe(Game):
    name = "tictactoe"
    title = "Tic-tac-toe"
    summary = "Three in a row on a 3x3 grid. The reference game for adding new ones."
    min_players = 2
    max_players = 2
    hidden_information = False
    option_specs = (
        OptionSpec("turn_timeout_ms", "int", "turn clock; a seat out of time loses (0: none)",
                   default="0", minimum=0, maximum=86_400_000),
    )
    Options, State, Move, View, Event = pb.Options, pb.State, pb.Move, pb.View, pb.Event

    def check_options(self, options: pb.Options, players: int) -> None:
        if not 0 <= options.turn_timeout_ms <= 86_400_000:
            raise BadOptions("turn_timeout_ms must be between 0 and 86400000")

    def setup(self, options: pb.Options, players: int, seed: int, now_ms: int = 0) -> pb.State:
        state = pb.State(options=options, cells=[EMPTY] * 9, to_move=0)
        state.deadline_ms = self._deadline(state, now_ms)
        return state

    def decisions(self, state: pb.State) -> list[Decision]:
        if state.finished:
            return []
        options = [MOVES[c] for c, mark in enumerate(state.cells) if mark == EMPTY]
        return [Decision(state.to_move, "place", "Choose an empty cell (0-8)", options,
                         state.deadline_ms)]

    def apply(self, state: pb.State, seat: int, move: pb.Move, now_ms: int = 0) -> list[Event]:
        if state.finished:
            raise IllegalMove("game_over", "the game is over")
        if seat != state.to_move:
            raise IllegalMove("turn_order", f"it is seat {state.to_move}'s turn")
        if not 0 <= move.cell <= 8:
            raise IllegalMove("cell_on_board", "cell must be between 0 and 8")
        if state.cells[move.cell] != EMPTY:
            raise IllegalMove("cell_empty", f"cell {move.cell} is already taken")
        mark = MARKS[seat]
        state.cells[move.cell] = mark
        events = [Event(pb.Event(placed=pb.Placed(seat=seat, cell=move.cell, mark=mark)))]
        line = next((ln for ln in LINES if all(state.cells[i] == mark for i in ln)), None)
        if line:
            return events + [self._finish(state, seat, "three in a row", line)]
        if EMPTY not in state.cells:
            return events + [self._finish(state, -1, "board full")]
        state.to_move = 1 - seat
        state.deadline_ms = self._deadline(state, now_ms)
        return events

    def move_kind(self, move: pb.Move) -> str:
        return "place"

    def timeout(self, state: pb.State, now_ms: int) -> list[Event]:
        if state.finished or not state.deadline_ms or now_ms < state.deadline_ms:
            return []
        return [self._finish(state, 1 - state.to_move, "out of time")]

    def drop_out(self, state: pb.State, seat: int, now_ms: int) -> list[Event]:
        """A seat that drops out (out of time, FORFEIT) loses: the other wins."""
        if state.finished:
            return []
        return [self._finish(state, 1 - seat, "forfeit")]

    def view(self, state: pb.State, viewer: int | None) -> pb.View:
        return pb.View(cells=state.cells, to_move=state.to_move, finished=state.finished,
                       winner=state.winner, deadline_ms=state.deadline_ms)

    def result(self, state: pb.State) -> Result | None:
        if not state.finished:
            return None
        if state.winner < 0:
            return Result(winners=(), scores=(0.5, 0.5), summary="draw")
        scores = tuple(1.0 if s == state.winner else 0.0 for s in range(2))
        return Result(winners=(state.winner,), scores=scores,
                      summary=f"seat {state.winner} wins")

    @staticmethod
    def _deadline(state: pb.State, now_ms: int) -> int:
        timeout = state.options.turn_timeout_ms
        return now_ms + timeout if timeout else 0

    @staticmethod
    def _finish(state: pb.State, winner: int, reason: str, line=()) -> Event:
        state.finished, state.winner, state.deadline_ms = True, winner, 0
        return Event(pb.Event(game_over=pb.GameOver(winner=winner, reason=reason, line=line)))
