"""Guest tokens: JWTs this server signs (EdDSA, Ed25519), so a person without an account
comes back to his seats from another tab or device.

Keys rotate every `rotate_s`: epoch N = now // rotate_s signs, with kid "guest-N". Epoch
N+1's key is published before it signs (an edge caching the key set already has it), and a
key is kept until every token it signed has expired (`lifetime_s`). A key's private half
comes from the store (made once, by whichever replica asks first) or, given a secret
(--guest-key-secret), is derived from it: either way every replica signs alike. Private
keys are never logged nor served.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Awaitable, Callable

import jwt
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from cosmodrome.auth import Player
from cosmodrome.auth.jwks import Key

ALGORITHM = "EdDSA"
KID_PREFIX = "guest-"
DEFAULT_ISSUER = "cosmodrome-guest"
DEFAULT_AUDIENCE = "cosmodrome"
DEFAULT_ROTATE_S = 7 * 86_400        # provisional: a new signing key every week
DEFAULT_LIFETIME_S = 30 * 86_400     # provisional: a guest token lasts 30 days

# The private key (32 bytes) of an epoch: from the store, or derived from a secret.
KeySource = Callable[[int], Awaitable[bytes]]


def derived_keys(secret: str) -> KeySource:
    """Epoch keys derived from one secret (HMAC-SHA256 as the key derivation): replicas
    sharing the secret share the keys, with no store involved."""
    async def key(epoch: int) -> bytes:
        return hmac.new(secret.encode(), f"cosmodrome guest key {epoch}".encode(),
                        hashlib.sha256).digest()
    return key


class GuestKeys:
    def __init__(self, source: KeySource, issuer: str = DEFAULT_ISSUER,
                 audience: str = DEFAULT_AUDIENCE, rotate_s: int = DEFAULT_ROTATE_S,
                 lifetime_s: int = DEFAULT_LIFETIME_S,
                 clock: Callable[[], float] = time.time) -> None:
        if rotate_s < 60 or lifetime_s < 60:
            raise ValueError("guest key rotation and token lifetime must be at least 60 s")
        self.source = source
        self.issuer = issuer
        self.audience = audience
        self.rotate_s = rotate_s
        self.lifetime_s = lifetime_s
        self.clock = clock
        self.private: dict[int, Ed25519PrivateKey] = {}
        # what the verifier reads: kid -> public key, updated in place by refresh()
        self.public: dict[str, Key] = {}

    def epoch(self) -> int:
        return int(self.clock() // self.rotate_s)

    def kept(self) -> range:
        """The epochs whose keys are live: those whose tokens may not have expired yet, the
        current one, and the next (published before it signs)."""
        now = self.epoch()
        return range(now - math.ceil(self.lifetime_s / self.rotate_s) - 1, now + 2)

    async def refresh(self) -> None:
        """Load the keys of the live epochs, forget the others (run often: every replica
        then rolls over on time)."""
        live = self.kept()
        for epoch in live:
            if epoch not in self.private:
                raw = await self.source(epoch)
                self.private[epoch] = Ed25519PrivateKey.from_private_bytes(raw)
                self.public[f"{KID_PREFIX}{epoch}"] = Key(self.private[epoch].public_key(),
                                                          (ALGORITHM,))
        for epoch in [e for e in self.private if e not in live]:
            del self.private[epoch]
            del self.public[f"{KID_PREFIX}{epoch}"]

    async def issue(self) -> tuple[str, Player, int]:
        """A new guest: his token, identity and the token's expiry (Unix ms)."""
        epoch = self.epoch()
        if epoch not in self.private:
            await self.refresh()
        now = int(self.clock())
        player = Player(self.issuer, f"guest:{secrets.token_urlsafe(16)}")
        expires = now + self.lifetime_s
        claims = {"iss": self.issuer, "sub": player.subject, "aud": self.audience,
                  "iat": now, "nbf": now, "exp": expires}
        token = jwt.encode(claims, self.private[epoch], algorithm=ALGORITHM,
                           headers={"kid": f"{KID_PREFIX}{epoch}"})
        return token, player, expires * 1000

    def jwks(self) -> list[dict[str, str]]:
        """The public keys, as JSON Web Keys (what the edge verifies guest tokens with)."""
        return [{"kty": "OKP", "crv": "Ed25519", "x": _b64(key.key.public_bytes(
                     Encoding.Raw, PublicFormat.Raw)),
                 "kid": kid, "alg": ALGORITHM, "use": "sig"}
                for kid, key in sorted(self.public.items())]

    def __repr__(self) -> str:  # never the keys
        return f"GuestKeys(issuer={self.issuer!r}, epochs={sorted(self.private)})"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
