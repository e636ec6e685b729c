"""Bots: a bot is a small class that picks one of the legal options it is offered.

The same interface serves in process (engine views and decisions) and over gRPC (the client
unwraps the typed oneofs), so a bot written once plays anywhere. `bot_for(game, seed,
content)` (or `await client.game_bot(game)`, which fetches the content) gives a game's own
heuristic bot where there is one, else a RandomBot.
"""

from cosmodrome_client.bots.base import Bot, RandomBot
from cosmodrome_client.bots.games import GAME_BOTS, bot_for, has_bot

__all__ = ["GAME_BOTS", "Bot", "RandomBot", "bot_for", "has_bot"]
