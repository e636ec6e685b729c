"""Tic-tac-toe: the game's record (docs/adding-a-game.md) and its engine."""

from cosmodrome.core.record import GameRecord
from cosmodrome.games.tictactoe.rules import TicTacToe
from cosmodrome.games.tictactoe.words import words


def record() -> GameRecord:
    return GameRecord(engine=TicTacToe(), words=words)


__all__ = ["TicTacToe", "record"]
