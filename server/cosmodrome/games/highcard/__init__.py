from cosmodrome.games.highcard.rules import HighCard

__all__ = ["HighCard"]
