"""Python client library for Cosmodrome servers: an asyncio gRPC client, bots, helpers.

    from cosmodrome_client import Client, play
    from cosmodrome_client.bots import RandomBot

See docs/client.md for a walk-through.
"""

from cosmodrome_client.bots import Bot, RandomBot
from cosmodrome_client.channels import ConnectionStatus
from cosmodrome_client.client import (
    SPECTATOR,
    Client,
    Creator,
    Decision,
    Seat,
    Viewer,
    decisions_of,
    game_view,
    play,
    time_left_ms,
)
from cosmodrome_client.errors import (
    CosmodromeError,
    IllegalMoveError,
    MoveNoLongerLegal,
    NoMatchFound,
    StaleVersionError,
    error_info,
)
from cosmodrome_client.messages import game_of, unwrap, wrap, wrap_move, wrap_options

__all__ = [
    "SPECTATOR", "Bot", "Client", "ConnectionStatus", "CosmodromeError", "Creator", "Decision",
    "IllegalMoveError", "MoveNoLongerLegal", "NoMatchFound", "RandomBot", "Seat",
    "StaleVersionError", "Viewer", "decisions_of", "error_info", "game_of", "game_view", "play",
    "time_left_ms", "unwrap", "wrap", "wrap_move", "wrap_options",
]
