"""Cosmic Encounter: the game's record (docs/adding-a-game.md) and its engine."""

from cosmodrome.core.record import GameRecord
from cosmodrome.games.cosmic.bot import CosmicBot
from cosmodrome.games.cosmic.published import cosmic_content
from cosmodrome.games.cosmic.rules import Cosmic
from cosmodrome.games.cosmic.words import words


def record() -> GameRecord:
    return GameRecord(engine=Cosmic(), content=cosmic_content, bot=CosmicBot, words=words)


__all__ = ["Cosmic", "record"]
