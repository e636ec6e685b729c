"""Who the caller of a ladder call is: the one place that asks the identity layer.

A player is (issuer, subject): the verified identity of his bearer JWT (the host's
identity provider's, or a guest token of PlayerService.CreateGuest). On a ladder he is named
by a public, stable hash of that pair; a server bot by "bot:<kind>".
"""

from __future__ import annotations

import hashlib

from cosmodrome.api import interceptor
from cosmodrome.auth import Player
from cosmodrome.core import server_bots
from cosmodrome.core.errors import Unauthenticated

BOT_PREFIX = "bot:"


def caller() -> Player:
    """The calling player (UNAUTHENTICATED without a player token)."""
    player = interceptor.player.get()
    if player is None:
        raise Unauthenticated("this call needs a player token (authorization: Bearer <JWT>): "
                              "the host's login, or a guest token of PlayerService.CreateGuest")
    return player


def key_of(player: Player) -> str:
    """The player's public name on every ladder."""
    digest = hashlib.sha256(f"{player.issuer}\n{player.subject}".encode()).hexdigest()
    return f"p:{digest[:24]}"


def bot_key(kind: int) -> str:
    """A server bot kind's player on the ladders: "bot:game", "bot:random"."""
    name = {server_bots.GAME: "game", server_bots.RANDOM: "random"}[kind]
    return f"{BOT_PREFIX}{name}"


def is_bot(key: str) -> bool:
    return key.startswith(BOT_PREFIX)
