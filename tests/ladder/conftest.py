"""Two replicas on the session's store, channels to both, a ranked ladder."""

from __future__ import annotations

import asyncio
import secrets

import grpc
import pytest
import redis.asyncio as aioredis

from cosmodrome.ladder.ratings import RatedSeat, Ratings
from cosmodrome.v1 import match_pb2
from tests.ladder.support import BOARD, identity_flags, key_of, new_player
from tests.support import ServerProcess


@pytest.fixture(scope="module")
def replicas(redis_url):
    flags = [*identity_flags()]
    with ServerProcess(redis_url=redis_url, extra=flags) as a, \
            ServerProcess(redis_url=redis_url, extra=flags) as b:
        yield a, b


@pytest.fixture
async def channels(replicas):
    opened = [grpc.aio.insecure_channel(r.address) for r in replicas]
    yield opened
    for channel in opened:
        await channel.close()


@pytest.fixture(scope="session")
def ranked(redis_url):
    """Seven players of the BOARD ladder: player i won i matches against fresh players."""
    tokens = [new_player() for _ in range(7)]

    async def seed():
        client = aioredis.from_url(redis_url)
        ratings = Ratings(client)
        for i, token in enumerate(tokens):
            for _ in range(i):
                match_id = secrets.token_hex(8)
                await ratings.register(match_id, BOARD, "", [
                    RatedSeat(key_of(token), f"ranked {i}"),
                    RatedSeat(f"p:{secrets.token_hex(6)}", "dummy")], 0)
                assert await ratings.rate(match_id, match_pb2.Result(winners=[0]))
        await client.aclose()
    asyncio.run(seed())
    return tokens
