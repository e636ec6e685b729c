"""A JSON Web Key Set, from a file or a URL: the public keys a host's tokens are signed with.

Only asymmetric keys are kept (RSA, EC, OKP): a symmetric ("oct") key in the set is
refused at start, so no token can be checked with an HMAC whose secret is a public key.
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass

import jwt
from jwt.algorithms import get_default_algorithms

# The algorithms each key type may verify (never HS*: those are symmetric).
ALGORITHMS = {"RSA": ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512"),
              "EC": ("ES256", "ES384", "ES512"),
              "OKP": ("EdDSA",)}
FETCH_TIMEOUT_S = 10


class JwksError(ValueError):
    """A key set that cannot be used: said at start, in one line."""


@dataclass(frozen=True)
class Key:
    key: object                      # the cryptography public key
    algorithms: tuple[str, ...]      # what it may verify


def parse(document: str | bytes, where: str) -> dict[str, Key]:
    """kid -> Key of a JWKS document ("" for a key without a kid)."""
    try:
        keys = json.loads(document)["keys"]
    except (ValueError, KeyError, TypeError):
        raise JwksError(f"{where} is not a JSON Web Key Set ({{\"keys\": [...]}})") from None
    available = get_default_algorithms()
    found: dict[str, Key] = {}
    for jwk in keys:
        kty = jwk.get("kty")
        if kty not in ALGORITHMS:
            raise JwksError(f"{where}: key type {kty!r} is not accepted (RSA, EC or OKP)")
        if "d" in jwk:
            raise JwksError(f"{where}: holds a private key; publish only public keys")
        algorithms = ALGORITHMS[kty]
        if jwk.get("alg"):
            if jwk["alg"] not in algorithms:
                raise JwksError(f"{where}: alg {jwk['alg']} does not suit a {kty} key")
            algorithms = (jwk["alg"],)
        try:
            key = available[algorithms[0]].from_jwk(jwk)
        except (jwt.InvalidKeyError, ValueError, KeyError) as exc:
            raise JwksError(f"{where}: a key cannot be read ({exc})") from None
        found[jwk.get("kid", "")] = Key(key, algorithms)
    if not found:
        raise JwksError(f"{where} holds no key")
    return found


def load(file: str = "", url: str = "") -> dict[str, Key]:
    """The key set of `file` or of `url` (fetched now)."""
    if file:
        try:
            with open(file, "rb") as source:
                return parse(source.read(), file)
        except OSError as exc:
            raise JwksError(f"cannot read {file}: {exc.strerror}") from None
    try:
        with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT_S) as reply:  # noqa: S310
            return parse(reply.read(), url)
    except OSError as exc:
        raise JwksError(f"cannot fetch {url}: {exc}") from None
