from cosmodrome.games.tictactoe.rules import TicTacToe

__all__ = ["TicTacToe"]
