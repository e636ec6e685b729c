"""The rating sweep over a real store: a rated match still playing is looked at again
later; one still waiting for its players long after it was made (its maker died before
seating anyone) is forgotten; one gone is forgotten."""

from __future__ import annotations

import secrets

import pytest

from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.ladder.feed import ABANDONED_MS, RatingFeed
from cosmodrome.ladder.ratings import UNRATED, RatedSeat, Ratings
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import games_pb2


@pytest.fixture
async def feed(redis_url):
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, records())
    yield RatingFeed(runner, Ratings(store.redis), recheck_s=30)
    await store.close()


async def rated_waiting_match(feed: RatingFeed) -> tuple[str, int]:
    match, _ = await feed.runner.create("tictactoe", games_pb2.GameOptions(), 2, None,
                                        private=True)
    await feed.ratings.register(match.match_id, "tictactoe", "",
                                [RatedSeat("p:a", "a"), RatedSeat("p:b", "b")], 0)
    return match.match_id, match.create_time.ToMilliseconds()


async def test_a_match_not_finished_is_looked_at_again_later(feed):
    match_id, made = await rated_waiting_match(feed)
    assert await feed.sweep(now_ms=made + 1_000) == 0
    assert await feed.ratings.redis.zscore(UNRATED, match_id) == made + 1_000 + 30_000


async def test_a_match_its_maker_never_seated_is_forgotten(feed):
    match_id, made = await rated_waiting_match(feed)
    await feed.sweep(now_ms=made + ABANDONED_MS + 1)
    assert await feed.ratings.redis.zscore(UNRATED, match_id) is None


async def test_a_match_gone_is_forgotten(feed):
    gone = secrets.token_hex(8)
    await feed.ratings.register(gone, "tictactoe", "", [RatedSeat("p:a", "a")], 0)
    await feed.sweep(now_ms=1)
    assert await feed.ratings.redis.zscore(UNRATED, gone) is None
