"""Must not type-check where marked: a move with two games set (openapi-python-client)."""

from cosmodrome_openapi.models import GameMoveTictactoe, HighcardMove, TictactoeMove

right = GameMoveTictactoe(tictactoe=TictactoeMove(cell=4))
wrong = GameMoveTictactoe(
    tictactoe=TictactoeMove(cell=4), highcard=HighcardMove(card=1))  # wrong oneof
