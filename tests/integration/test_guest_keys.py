"""Guest signing keys kept in the store (store/players.py): every replica signs with the
same key of an epoch, made once by whichever asks first; old ones are dropped."""

from __future__ import annotations

import pytest

from cosmodrome.auth.guest import GuestKeys
from cosmodrome.auth.verify import Issuer, TokenVerifier
from cosmodrome.store.players import GUEST_KEYS, PlayerStore
from cosmodrome.store.redis_store import RedisStore

DAY = 86_400


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def stores(redis_url):
    """Two replicas' connections to one store (the tests' clocks are in epochs long past:
    the session's servers' keys are left alone)."""
    pair = [RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)]
    yield [PlayerStore(s.redis) for s in pair]
    for store in pair:
        await store.close()


async def test_replicas_share_the_keys_kept_in_the_store(stores):
    clock = Clock(1000 * DAY)
    one, two = (GuestKeys(s.guest_key, clock=clock) for s in stores)
    await one.refresh()
    await two.refresh()
    assert one.jwks() == two.jwks()
    token, player, _ = await one.issue()
    verifier = TokenVerifier([Issuer(two.issuer, (two.audience,), two.public)], clock=clock)
    assert verifier.verify(token) == player


async def test_keys_no_token_needs_are_dropped_from_the_store(stores):
    clock = Clock(2000 * DAY)
    keys = GuestKeys(stores[0].guest_key, clock=clock)
    await keys.refresh()
    clock.now += 60 * DAY
    await keys.refresh()
    await stores[0].drop_guest_keys_before(keys.kept().start)
    kept = {int(f) for f in await stores[0].redis.hkeys(GUEST_KEYS)}
    assert set(keys.kept()) <= kept and min(kept) == keys.kept().start
