"""What the store keeps about players (beside the matches of redis_store.py).

    player:{<digest>}:matches  zset: match id by the time (ms) the player last joined it;
                               <digest>: sha256 of the player's issuer and subject. Written
                               before the join it records, so a crash between the two loses
                               nothing: an entry whose match does not seat the player (the
                               join failed, or he left) is dropped when listed.
    guest-keys                 hash: epoch -> the private key (32 bytes) that signs guest
                               tokens in that epoch (auth/guest.py); made once by whichever
                               replica asks first, dropped once its tokens have expired
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import secrets

from cosmodrome.auth import Player
from cosmodrome.core.errors import InvalidArgument

GUEST_KEYS = "guest-keys"


def matches_key(player: Player) -> str:
    digest = hashlib.sha256(f"{player.issuer}\0{player.subject}".encode()).hexdigest()[:32]
    return f"player:{{{digest}}}:matches"


class PlayerStore:
    def __init__(self, redis) -> None:
        self.redis = redis  # the match store's client (standalone or Cluster)

    async def remember(self, player: Player, match_id: str, at_ms: int) -> None:
        """Note that `player` is joining `match_id` (before the join is committed)."""
        await self.redis.zadd(matches_key(player), {match_id: at_ms})

    async def matches(self, player: Player, page_token: str, count: int
                      ) -> tuple[list[str], int]:
        """Up to `count` of the player's match ids, newest first, from the page token's
        position; and the position after them."""
        start = _decode(page_token)
        ids = await self.redis.zrevrange(matches_key(player), start, start + count - 1)
        return [m.decode() for m in ids], start + len(ids)

    async def forget(self, player: Player, match_ids: list[str]) -> None:
        if match_ids:
            await self.redis.zrem(matches_key(player), *match_ids)

    async def guest_key(self, epoch: int) -> bytes:
        """The private key of guest-key epoch `epoch`: made here if no replica made it yet."""
        await self.redis.hsetnx(GUEST_KEYS, str(epoch), secrets.token_bytes(32))
        return await self.redis.hget(GUEST_KEYS, str(epoch))

    async def drop_guest_keys_before(self, epoch: int) -> None:
        old = [f for f in await self.redis.hkeys(GUEST_KEYS) if int(f) < epoch]
        if old:
            await self.redis.hdel(GUEST_KEYS, *old)


def encode_position(position: int) -> str:
    return base64.urlsafe_b64encode(f"p{position}".encode()).decode() if position else ""


def _decode(token: str) -> int:
    if not token:
        return 0
    try:
        text = base64.urlsafe_b64decode(token.encode()).decode()
        if text[:1] == "p" and text[1:].isdigit():
            return int(text[1:])
    except (ValueError, binascii.Error):
        pass
    raise InvalidArgument("page_token is not one this server issued")
