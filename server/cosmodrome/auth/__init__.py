"""Player identity: bearer JWTs verified against JSON Web Key Sets (the host's identity
provider's, and this server's own guest keys), and guest tokens signed here.

A player is (issuer, subject). `verify.TokenVerifier` checks a token's signature, `exp`,
`nbf`, `iss` and `aud` (LEEWAY_S of clock skew); `guest.GuestKeys` signs guest tokens with
keys rotated every epoch; `jwks` loads a key set from a file or a URL.
"""

from __future__ import annotations

from dataclasses import dataclass

from cosmodrome.v1 import player_pb2


@dataclass(frozen=True, slots=True)
class Player:
    issuer: str
    subject: str

    def message(self) -> player_pb2.PlayerId:
        return player_pb2.PlayerId(issuer=self.issuer, subject=self.subject)

    def same_as(self, stored: player_pb2.PlayerId) -> bool:
        return stored.issuer == self.issuer and stored.subject == self.subject


def looks_like_jwt(token: str) -> bool:
    """A bearer of three dot-separated parts is a JWT (a player); seat, creator and admin
    tokens have no dots. The edge tells them apart the same way (edge/config.py)."""
    return token.count(".") == 2
