"""MLEM (Space Agency): the game's record (docs/adding-a-game.md) and its engine."""

from cosmodrome.core.record import GameRecord
from cosmodrome.games.mlem.bot import MlemBot
from cosmodrome.games.mlem.published import mlem_content
from cosmodrome.games.mlem.rules import Mlem
from cosmodrome.games.mlem.words import words


def record() -> GameRecord:
    return GameRecord(engine=Mlem(), content=mlem_content, bot=MlemBot,
                      words=words)


__all__ = ["Mlem", "record"]
