"""The identity pieces alone: the verifier's rules, guest key rotation, and the guest
signing secret kept out of logs and command lines (issue 23, point 1)."""

from __future__ import annotations

import asyncio
import json

import jwt
import pytest

from cosmodrome.auth import jwks
from cosmodrome.auth.guest import GuestKeys, derived_keys
from cosmodrome.auth.verify import LEEWAY_S, Issuer, TokenVerifier
from cosmodrome.core.errors import Unauthenticated
from cosmodrome.serve import parse_config
from cosmodrome.workers import replica_args, replica_env
from tests.players import AUDIENCE, ISSUER, IdentityProvider

SECRET = "guest-s3cret-for-the-test"
DAY = 86_400


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def provider() -> IdentityProvider:
    return IdentityProvider()


def verifier(provider: IdentityProvider, clock=None) -> TokenVerifier:
    keys = jwks.parse(json.dumps(provider.jwks()), "test")
    return TokenVerifier([Issuer(ISSUER, (AUDIENCE,), keys)], **({"clock": clock} if clock
                                                                 else {}))


def test_every_bad_token_is_refused_with_its_reason(provider):
    check = verifier(provider)
    reasons = {}
    for kind, token in provider.refused().items():
        with pytest.raises(Unauthenticated) as refused:
            check.verify(token)
        reasons[kind] = str(refused.value)
        assert token not in reasons[kind]
    assert "issuer" in reasons["another issuer"] and "expired" in reasons["expired"]
    assert "algorithm" in reasons["alg none"]
    assert "algorithm" in reasons["hmac with the public key"]
    assert "audience" in reasons["wrong audience"]
    assert "signature" in reasons["wrong key"] and "kid" in reasons["unknown kid"]


def test_a_remembered_token_is_refused_once_expired(provider):
    """Good tokens are remembered (the fast path), never past their exp and the leeway."""
    clock = Clock(0)
    check = verifier(provider, clock)
    token = provider.token("short", expires_in=60)
    claims = jwt.decode(token, options={"verify_signature": False})
    clock.now = claims["iat"]
    assert check.verify(token).subject == "short"
    clock.now = claims["exp"] + LEEWAY_S + 1
    with pytest.raises(Unauthenticated, match="expired"):
        check.verify(token)


def test_a_symmetric_or_private_key_in_the_jwks_is_refused_at_start(provider):
    with pytest.raises(jwks.JwksError, match="oct"):
        jwks.parse(json.dumps({"keys": [{"kty": "oct", "k": "c2VjcmV0"}]}), "f")
    private = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(provider.rsa))
    with pytest.raises(jwks.JwksError, match="private"):
        jwks.parse(json.dumps({"keys": [private]}), "f")


def test_guest_keys_rotate_and_old_tokens_verify_until_they_expire():
    clock = Clock(100 * DAY)
    keys = GuestKeys(derived_keys(SECRET), rotate_s=7 * DAY, lifetime_s=30 * DAY, clock=clock)
    check = TokenVerifier([Issuer(keys.issuer, (keys.audience,), keys.public)], clock=clock)
    asyncio.run(keys.refresh())
    token, player, _ = asyncio.run(keys.issue())
    first_kid = jwt.get_unverified_header(token)["kid"]
    assert f"guest-{keys.epoch() + 1}" in keys.public  # the next key, published ahead
    clock.now += 29 * DAY  # four rotations later
    asyncio.run(keys.refresh())
    newer, _, _ = asyncio.run(keys.issue())
    assert jwt.get_unverified_header(newer)["kid"] != first_kid
    check.forget()
    assert check.verify(token) == player  # the old key still verifies its tokens
    clock.now += 2 * DAY + LEEWAY_S  # past the token's exp
    asyncio.run(keys.refresh())
    with pytest.raises(Unauthenticated, match="expired"):
        check.verify(token)
    clock.now += 21 * DAY  # and its key is gone too (kept a rotation more: see kept())
    asyncio.run(keys.refresh())
    assert first_kid not in keys.public


def test_replicas_sharing_the_secret_sign_alike():
    clock = Clock(50 * DAY)
    one, two = (GuestKeys(derived_keys(SECRET), clock=clock) for _ in range(2))
    asyncio.run(one.refresh())
    asyncio.run(two.refresh())
    assert one.jwks() == two.jwks()
    token, player, _ = asyncio.run(one.issue())
    assert TokenVerifier([Issuer(two.issuer, (two.audience,), two.public)],
                         clock=clock).verify(token) == player


def test_the_guest_key_secret_stays_out_of_logs_and_command_lines():
    config = parse_config(["--workers", "2", "--guest-key-secret", SECRET])
    assert SECRET not in repr(config)
    assert SECRET not in " ".join(replica_args(config, 1))
    assert replica_env(config, {})["COSMODROME_GUEST_KEY_SECRET"] == SECRET
    keys = GuestKeys(derived_keys(SECRET))
    asyncio.run(keys.refresh())
    shown = repr(keys) + json.dumps(keys.jwks())
    assert SECRET not in shown and '"d"' not in shown
