"""High card: the game's record (docs/adding-a-game.md) and its engine."""

from cosmodrome.core.record import GameRecord
from cosmodrome.games.highcard.rules import HighCard
from cosmodrome.games.highcard.words import words


def record() -> GameRecord:
    return GameRecord(engine=HighCard(), words=words)


__all__ = ["HighCard", "record"]
