"""Who the caller of a ladder call is: the one place that asks the identity layer.

A player is (issuer, subject) (docs/api.md, identity). On a ladder he is named by a public,
stable hash of that pair; a server bot by "bot:<kind>".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from cosmodrome.api import interceptor
from cosmodrome.core import server_bots
from cosmodrome.core.errors import Unauthenticated

BOT_PREFIX = "bot:"
ANONYMOUS_ISSUER = "bearer"  # a bearer token that is no player token of the identity layer


@dataclass(frozen=True)
class LadderPlayer:
    issuer: str
    subject: str

    @property
    def key(self) -> str:
        """The player's public name on every ladder."""
        digest = hashlib.sha256(f"{self.issuer}\n{self.subject}".encode()).hexdigest()
        return f"p:{digest[:24]}"


def caller() -> LadderPlayer:
    """The calling player: the identity layer's verified player if it gives one, else the
    holder of the bearer token (named by its hash: only its holder acts as him)."""
    verified = getattr(interceptor, "player", None)
    player = verified.get() if verified is not None else None
    if player is not None:
        return LadderPlayer(player.issuer, player.subject)
    token = interceptor.credential.get()
    if not token:
        raise Unauthenticated("this call needs a player token (authorization: Bearer ...)")
    return LadderPlayer(ANONYMOUS_ISSUER, hashlib.sha256(token.encode()).hexdigest())


def bot_key(kind: int) -> str:
    """A server bot kind's player on the ladders: "bot:game", "bot:random"."""
    name = {server_bots.GAME: "game", server_bots.RANDOM: "random"}[kind]
    return f"{BOT_PREFIX}{name}"


def is_bot(key: str) -> bool:
    return key.startswith(BOT_PREFIX)
