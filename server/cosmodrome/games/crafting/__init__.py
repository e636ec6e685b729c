"""Crafting the Cosmos: the game's record (docs/adding-a-game.md) and its engine."""

from __future__ import annotations

from google.protobuf.message import Message

from cosmodrome.core.record import GameRecord
from cosmodrome.games.crafting.bot import CraftingBot
from cosmodrome.games.crafting.published import crafting_content
from cosmodrome.games.crafting.rules import Crafting
from cosmodrome.games.crafting.words import words


def record() -> GameRecord:
    engine = Crafting()

    def bot(_content: Message | None, seed: int) -> CraftingBot:
        # the server-side bot reads the packs' board geometry, which the engine loaded
        return CraftingBot(seed=seed, contents=engine.contents)

    return GameRecord(engine=engine, content=crafting_content, bot=bot, words=words)


__all__ = ["Crafting", "record"]
