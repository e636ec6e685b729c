"""Each game's static content as the catalog publishes it (CatalogService.GetGameContent).

The game's record says it all: its content builder (the GameContent field named as the game)
and its words. A game with neither has an empty GameContent. This module names no game.
"""

from __future__ import annotations

from cosmodrome.core.record import GameRecord
from cosmodrome.v1 import games_pb2


def game_content(game: GameRecord) -> games_pb2.GameContent:
    content = games_pb2.GameContent()
    if game.published_content is not None:
        getattr(content, game.name).CopyFrom(game.published_content)
    if game.words is not None:
        content.words.CopyFrom(game.words(game.engine))
    return content
