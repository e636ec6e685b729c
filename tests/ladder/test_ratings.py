"""Ratings: places from a game's Result, openskill's update, and a match rated exactly once
on a real store (store/lua/ladder_rate.lua)."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as aioredis

from cosmodrome.games import records
from cosmodrome.ladder.ladders import default_ruleset, ruleset_of, rulesets
from cosmodrome.ladder.ratings import (
    MODEL,
    UNRATED,
    PlayerRating,
    RatedSeat,
    Ratings,
    ranks_of,
    updated,
)
from cosmodrome.v1 import match_pb2

GAME = "highcard"


def result(winners=(), scores=(), closed=False) -> match_pb2.Result:
    return match_pb2.Result(winners=winners, scores=scores, closed=closed)


def test_the_winner_ranks_first_the_rest_tie_without_scores():
    assert ranks_of(result(winners=[2]), 3) == [1, 1, 0]


def test_a_shared_victory_ties_the_winners():
    assert ranks_of(result(winners=[0, 2], scores=[3, 1, 3]), 3) == [0, 1, 0]


def test_scores_order_the_others_higher_better():
    assert ranks_of(result(winners=[1], scores=[1, 5, 2, 2]), 4) == [2, 0, 1, 1]


def test_no_winner_and_no_scores_is_a_draw():
    assert ranks_of(result(), 2) == [0, 0]


def test_a_draw_by_equal_scores_leaves_equal_players_equal():
    fresh = PlayerRating("a", MODEL.mu, MODEL.sigma, 0, 0)
    after = updated({"a": fresh, "b": PlayerRating("b", MODEL.mu, MODEL.sigma, 0, 0)},
                    ["a", "b"], ranks_of(result(scores=[0.5, 0.5]), 2))
    assert after["a"].mu == after["b"].mu == MODEL.mu
    assert after["a"].sigma < MODEL.sigma  # but known better


def test_a_bot_on_two_seats_takes_the_mean_of_its_seats():
    before = {p: PlayerRating(p, MODEL.mu, MODEL.sigma, 0, 0) for p in ("me", "bot:game")}
    after = updated(before, ["me", "bot:game", "bot:game"], [0, 1, 2])
    per_seat = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[0, 1, 2])
    assert after["bot:game"].mu == pytest.approx((per_seat[1][0].mu + per_seat[2][0].mu) / 2)
    assert after["me"].mu > MODEL.mu


def test_cosmic_has_a_ladder_per_ruleset_unspecified_is_classic():
    cosmic = records()["cosmic"].engine
    assert set(rulesets(cosmic)) == {"classic", "cosmic"}
    assert default_ruleset(cosmic) == "classic"
    options = cosmic.Options()
    assert ruleset_of(cosmic, options) == "classic"
    options.ruleset = rulesets(cosmic)["cosmic"]
    assert ruleset_of(cosmic, options) == "cosmic"
    assert ruleset_of(records()["tictactoe"].engine,
                      records()["tictactoe"].engine.Options()) == ""


@pytest.fixture
async def ratings(redis_url):
    client = aioredis.from_url(redis_url)
    yield Ratings(client)
    await client.aclose()


async def registered(ratings: Ratings, players: list[str]) -> str:
    match_id = secrets.token_hex(8)
    await ratings.register(match_id, GAME, "", [RatedSeat(p, p) for p in players], 0)
    return match_id


async def test_a_match_is_rated_once_however_often_it_is_fed(ratings):
    a, b = f"p:{secrets.token_hex(4)}", f"p:{secrets.token_hex(4)}"
    match_id = await registered(ratings, [a, b])
    outcomes = await asyncio.gather(*(ratings.rate(match_id, result(winners=[0]))
                                      for _ in range(8)))
    assert outcomes.count(True) == 1
    assert await ratings.rate(match_id, result(winners=[0])) is False
    ra, rb = await ratings.read(GAME, "", [a, b])
    assert (ra.matches, rb.matches, ra.version, rb.version) == (1, 1, 1, 1)
    assert ra.mu > MODEL.mu > rb.mu
    assert await ratings.redis.zscore(UNRATED, match_id) is None


async def test_matches_sharing_a_player_rated_at_once_lose_no_update(ratings):
    shared = f"p:{secrets.token_hex(4)}"
    matches = [await registered(ratings, [shared, f"p:{secrets.token_hex(4)}"])
               for _ in range(6)]
    await asyncio.gather(*(ratings.rate(m, result(winners=[0])) for m in matches))
    [mine] = await ratings.read(GAME, "", [shared])
    assert (mine.matches, mine.version) == (6, 6)


async def test_a_closed_match_is_not_rated(ratings):
    a, b = f"p:{secrets.token_hex(4)}", f"p:{secrets.token_hex(4)}"
    match_id = await registered(ratings, [a, b])
    assert await ratings.rate(match_id, result(closed=True)) is False
    assert [r.matches for r in await ratings.read(GAME, "", [a, b])] == [0, 0]
    assert await ratings.redis.zscore(UNRATED, match_id) is None


async def test_a_match_not_made_by_the_matchmaker_is_not_rated(ratings):
    assert await ratings.rate(secrets.token_hex(8), result(winners=[0])) is False
