"""Each game's own heuristic bot, where one exists, by game name.

The heuristic bots live beside their games (server/cosmodrome/games/<game>/bot.py) and play
from their seat's View only, so they work in process and over gRPC alike. A plain table:
adding a game's bot adds one line.

    >>> type(bot_for("tictactoe")).__name__
    'RandomBot'
"""

from __future__ import annotations

from importlib import import_module

from cosmodrome_client.bots.base import Bot, RandomBot

GAME_BOTS: dict[str, str] = {
    "mlem": "cosmodrome.games.mlem.bot:MlemBot",
    "cosmic": "cosmodrome.games.cosmic.bot:CosmicBot",
    "crafting": "cosmodrome.games.crafting.bot:CraftingBot",
}


def has_bot(game: str) -> bool:
    """Whether `game` has its own bot installed here."""
    return _bot_class(game) is not None


def bot_for(game: str, seed: int | None = None) -> Bot:
    """The game's own heuristic bot, or a RandomBot for a game without one."""
    cls = _bot_class(game)
    return cls(seed=seed) if cls is not None else RandomBot(seed)


def _bot_class(game: str) -> type | None:
    target = GAME_BOTS.get(game)
    if target is None:
        return None
    module, name = target.split(":")
    try:
        return getattr(import_module(module), name)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        return None  # a server package without that game's bot
