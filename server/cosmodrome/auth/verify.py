"""The check of a player's bearer JWT, on every call that carries one.

Each accepted issuer has its key set and audiences: the host's identity provider (a JWKS
file or URL) and this server's guests (guest.GuestKeys). A token is refused, with a reason
that never echoes it, when its algorithm is `none` or symmetric (HS*: an HMAC "signed" with
a public key), when no key of its issuer has its `kid`, when its signature, issuer or
audience is wrong, when it has expired or is not valid yet. Clock skew allowed: LEEWAY_S.

Tokens found good are remembered until they expire (a client sends the same token on every
call): a repeated token costs a dictionary lookup, not a signature check.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import jwt

from cosmodrome.auth import Player
from cosmodrome.auth.jwks import Key
from cosmodrome.core.errors import Unauthenticated

LEEWAY_S = 30        # clock skew allowed on exp, nbf and iat (Envoy's jwt_authn: the same)
CACHE_SIZE = 10_000  # good tokens remembered; all forgotten when full
MAX_SUBJECT = 255
MAX_TOKEN = 8192


@dataclass
class Issuer:
    """An accepted issuer: its `iss`, the audiences a token must name one of (empty: the
    token's `aud` is not checked), and its keys by kid (a mapping kept current elsewhere)."""

    name: str
    audiences: tuple[str, ...]
    keys: Mapping[str, Key]


class TokenVerifier:
    def __init__(self, issuers: list[Issuer], clock: Callable[[], float] = time.time) -> None:
        self.issuers = {i.name: i for i in issuers}
        self.clock = clock
        self.good: dict[str, tuple[Player, float]] = {}

    def verify(self, token: str) -> Player:
        """The player `token` proves, or Unauthenticated saying why not."""
        remembered = self.good.get(token)
        if remembered is not None:
            player, expires = remembered
            if self.clock() < expires + LEEWAY_S:
                return player
            del self.good[token]
            raise Unauthenticated("the player token has expired")
        player, expires = self._check(token)
        if len(self.good) >= CACHE_SIZE:
            self.good.clear()
        self.good[token] = (player, expires)
        return player

    def forget(self) -> None:
        """Forget the tokens found good (a key set changed: a key may have been dropped)."""
        self.good.clear()

    def _check(self, token: str) -> tuple[Player, float]:
        if len(token) > MAX_TOKEN:
            raise Unauthenticated(f"the player token is longer than {MAX_TOKEN} characters")
        header, claims = _peek(token)
        named = claims.get("iss")
        issuer = self.issuers.get(named) if isinstance(named, str) else None
        if issuer is None:
            raise Unauthenticated("the player token's issuer (iss) is not accepted here")
        algorithm = header.get("alg")
        if not isinstance(algorithm, str) or algorithm.lower() == "none" \
                or algorithm.upper().startswith("HS"):
            raise Unauthenticated("the player token's algorithm is not accepted: only "
                                  "asymmetric signatures (RS*, PS*, ES*, EdDSA)")
        key = self._key(issuer, header.get("kid"))
        if algorithm not in key.algorithms:
            raise Unauthenticated("the player token's algorithm does not match its key")
        try:
            claims = jwt.decode(
                token, key.key, algorithms=[algorithm], issuer=issuer.name,
                audience=list(issuer.audiences) or None,
                # exp and nbf checked below, against this verifier's clock
                options={"require": ["exp", "iss", "sub"], "verify_exp": False,
                         "verify_nbf": False, "verify_iat": False,
                         "verify_aud": bool(issuer.audiences)})
        except (jwt.InvalidAudienceError, jwt.MissingRequiredClaimError) as exc:
            reason = "wrong audience (aud)" if isinstance(exc, jwt.InvalidAudienceError) \
                else f"missing claim {exc.claim}"
            raise Unauthenticated(f"the player token is refused: {reason}") from None
        except jwt.InvalidSignatureError:
            raise Unauthenticated("the player token's signature does not verify") from None
        except jwt.InvalidTokenError:
            raise Unauthenticated("the player token is not valid") from None
        expires = self._check_times(claims)
        subject = claims.get("sub")
        if not isinstance(subject, str) or not 0 < len(subject) <= MAX_SUBJECT:
            raise Unauthenticated(f"the player token's sub must be 1-{MAX_SUBJECT} characters")
        return Player(issuer.name, subject), expires

    def _check_times(self, claims: dict) -> float:
        """The token's exp, once exp and nbf hold now (LEEWAY_S either way)."""
        expires, not_before = claims.get("exp"), claims.get("nbf", 0)
        if not all(isinstance(t, int | float) and not isinstance(t, bool)
                   for t in (expires, not_before)):
            raise Unauthenticated("the player token's exp and nbf must be numbers")
        now = self.clock()
        if now >= expires + LEEWAY_S:
            raise Unauthenticated("the player token has expired")
        if now < not_before - LEEWAY_S:
            raise Unauthenticated("the player token is not valid yet (nbf)")
        return float(expires)

    @staticmethod
    def _key(issuer: Issuer, kid) -> Key:
        keys = issuer.keys
        if kid is None and len(keys) == 1:
            return next(iter(keys.values()))
        key = keys.get(kid) if isinstance(kid, str) else None
        if key is None:
            raise Unauthenticated("the player token's key (kid) is not among its issuer's keys")
        return key


def _peek(token: str) -> tuple[dict, dict]:
    """The header and claims of a JWT, unverified: only to find its issuer and key (PyJWT
    checks the token itself after). Read here once: PyJWT's readers check each character
    of each part in Python, which made reading them three times most of a check's cost."""
    try:
        head, body, _ = token.split(".")
        header, claims = (json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
                          for part in (head, body))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise Unauthenticated("the bearer token is not a well-formed JWT") from None
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise Unauthenticated("the bearer token is not a well-formed JWT")
    return header, claims
