"""The store's shared, pipelined Redis connection (store/multiplex.py), on a real server."""

from __future__ import annotations

import asyncio

import grpc
import pytest
import redis.asyncio as redis
from redis.exceptions import AuthenticationError, ConnectionError, ResponseError

from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.multiplex import Script
from cosmodrome.store.redis_store import RedisStore
from tests.support import Api, ServerProcess, ttt


@pytest.fixture
async def store(redis_url):
    store = RedisStore.from_url(redis_url)
    yield store
    await store.close()


async def test_concurrent_commands_each_get_their_own_reply(store):
    async def one(n: int) -> bytes:
        await store.fast.execute("SET", f"mux:{n}", f"value {n}")
        return await store.fast.execute("GET", f"mux:{n}")

    replies = await asyncio.gather(*(one(n) for n in range(500)))
    assert replies == [f"value {n}".encode() for n in range(500)]


async def test_a_cancelled_caller_does_not_shift_the_replies_of_others(store):
    await store.fast.execute("SET", "mux:slow", "x")
    calls = [asyncio.ensure_future(store.fast.execute("GET", "mux:slow")) for _ in range(20)]
    await asyncio.sleep(0)  # written, replies not read yet
    calls[3].cancel()
    after = await store.fast.execute("ECHO", "mine")
    assert after == b"mine"
    assert [await c for i, c in enumerate(calls) if i != 3] == [b"x"] * 19


async def test_a_redis_error_reaches_its_caller_only(store):
    await store.fast.execute("SET", "mux:text", "not a number")
    bad = store.fast.execute("INCR", "mux:text")
    good = store.fast.execute("PING")
    results = await asyncio.gather(bad, good, return_exceptions=True)
    assert isinstance(results[0], ResponseError) and "not an integer" in str(results[0])
    assert results[1] == b"PONG"


async def test_a_script_flushed_from_redis_is_sent_again_in_full(store):
    script = Script("return ARGV[1] .. '!'")
    assert await store.fast.evalsha(script, [], ["hello"]) == b"hello!"
    await store.fast.execute("SCRIPT", "FLUSH")
    assert await store.fast.evalsha(script, [], ["again"]) == b"again!"


async def test_the_url_password_and_database_reach_the_same_server(tmp_path):
    embedded = EmbeddedRedis(tmp_path / "redis", appendonly=False)
    embedded.start()
    try:
        admin = redis.Redis(port=embedded.port)
        await admin.config_set("requirepass", "s3cret")
        await admin.aclose()
        url = f"redis://:s3cret@127.0.0.1:{embedded.port}/5"
        store = RedisStore.from_url(url)
        await store.fast.execute("SET", "where", "fast path")
        assert await store.redis.get("where") == b"fast path"  # redis-py, same db 5
        await store.close()
        with pytest.raises(AuthenticationError, match="WRONGPASS"):
            wrong = RedisStore.from_url(f"redis://:wrong@127.0.0.1:{embedded.port}/5")
            try:
                await wrong.fast.execute("PING")
            finally:
                await wrong.close()
    finally:
        embedded.stop()


async def test_a_lost_connection_fails_its_calls_and_the_next_call_reconnects(tmp_path):
    embedded = EmbeddedRedis(tmp_path / "redis", appendonly=False)
    embedded.start()
    store = RedisStore.from_url(embedded.url)
    try:
        await store.fast.execute("SET", "k", "v")
        embedded.stop()
        with pytest.raises(ConnectionError):
            await store.fast.execute("GET", "k")
        embedded.start()  # same port, empty (no persistence)
        assert await store.fast.execute("GET", "k") is None
        assert await store.fast.execute("PING") == b"PONG"
    finally:
        await store.close()
        embedded.stop()


def test_a_move_while_redis_is_down_is_unavailable_and_changes_nothing(tmp_path):
    embedded = EmbeddedRedis(tmp_path / "redis")
    embedded.start()
    with ServerProcess(redis_url=embedded.url) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")
        api.submit(match_id, tokens[0], ttt(4))
        embedded.stop()
        with pytest.raises(grpc.RpcError) as failed:
            api.submit(match_id, tokens[1], ttt(0))
        assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "retry" in failed.value.details()
        embedded.start()  # append-only file: the match is back as it was
        assert api.view(match_id).match.version == 4
        api.submit(match_id, tokens[1], ttt(0))
        assert api.view(match_id).match.version == 5
        api.close()
    embedded.stop()



async def test_a_redis_that_stops_answering_fails_its_calls_and_is_left(redis_url, store):
    from cosmodrome.store.multiplex import Multiplexer

    fast = Multiplexer(store.fast.kwargs, stall_s=0.3)
    probe = redis.Redis.from_url(redis_url)
    try:
        assert await fast.execute("PING") == b"PONG"
        await probe.execute_command("CLIENT", "PAUSE", 1500, "ALL")
        with pytest.raises(ConnectionError):
            await fast.execute("PING")  # dropped after 0.3 s without a reply, not 1.5 s
        await asyncio.sleep(1.5)
        assert await fast.execute("PING") == b"PONG"  # a new connection
    finally:
        await probe.execute_command("CLIENT", "UNPAUSE")
        await probe.aclose()
        await fast.close()
