"""Each game's own heuristic bot, where the client has one, by game name.

The heuristic bots play from their seat's View only, with the game's static content as the
server publishes it (`Client.game_content`): what a Cosmic card id is, MLEM's track layouts.
Each bot is the game's one bot, kept in its game package (server/cosmodrome/games/<game>/bot.py,
which imports nothing but the contract); the server plays the same module, and this package's
wheel carries it beside the contract (clients/python/setup.py), so the client still installs
alone. A plain table: adding a game's bot adds one line.

    >>> type(bot_for("tictactoe")).__name__
    'RandomBot'
"""

from __future__ import annotations

from collections.abc import Callable

from google.protobuf.message import Message

from cosmodrome.games.cosmic.bot import CosmicBot
from cosmodrome.games.mlem.bot import MlemBot
from cosmodrome_client.bots.base import Bot, RandomBot

# game -> bot class, built as cls(content, seed=seed)
GAME_BOTS: dict[str, Callable[..., Bot]] = {
    "mlem": MlemBot,
    "cosmic": CosmicBot,
}


def has_bot(game: str) -> bool:
    """Whether the client has `game`'s own bot."""
    return game in GAME_BOTS


def bot_for(game: str, seed: int | None = None, content: Message | None = None) -> Bot:
    """The game's own heuristic bot, or a RandomBot for a game without one.

    A game bot needs the game's content: `bot_for(game, content=await
    client.game_content(game))`, or `await client.game_bot(game)` which fetches it.
    """
    cls = GAME_BOTS.get(game)
    if cls is None:
        return RandomBot(seed)
    if content is None:
        raise ValueError(f"the {game} bot needs the game's content: "
                         f"bot_for({game!r}, content=await client.game_content({game!r}))")
    return cls(content, seed=seed)
