"""Live updates reach watchers through one subscription per replica, not a connection per match."""

from __future__ import annotations

import asyncio

import grpc
import pytest
import redis

from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.v1 import play_pb2, play_pb2_grpc
from tests.support import Api, ServerProcess, ttt

WATCHED = 120


def server_connections(client: redis.Redis) -> int:
    return sum(1 for c in client.client_list() if c["name"] != "probe")


async def next_update(stream) -> play_pb2.WatchMatchResponse:
    return await asyncio.wait_for(stream.read(), 20)


@pytest.fixture
def alone(tmp_path):
    """A replica on a Redis of its own, and a `probe` client to that Redis."""
    embedded = EmbeddedRedis(tmp_path / "redis", appendonly=False)
    embedded.start()
    probe = redis.Redis(port=embedded.port, client_name="probe")
    try:
        with ServerProcess(redis_url=embedded.url) as replica:
            api = Api(replica.address)
            yield replica, api, probe
            api.close()
    finally:
        probe.close()
        embedded.stop()


def test_watching_many_matches_takes_no_redis_connection_per_match(alone):
    replica, api, probe = alone
    matches = [api.new_match("tictactoe") for _ in range(WATCHED)]

    async def watch_all() -> None:
        async with grpc.aio.insecure_channel(replica.address) as channel:
            play = play_pb2_grpc.PlayServiceStub(channel)
            streams = [play.WatchMatch(play_pb2.WatchMatchRequest(match_id=m, from_version=3))
                       for m, _ in matches]
            await asyncio.sleep(0.5)  # every stream subscribed
            assert server_connections(probe) <= 6
            await asyncio.gather(*(asyncio.to_thread(api.submit, m, tokens[0], ttt(4))
                                   for m, tokens in matches))
            updates = await asyncio.gather(*(next_update(s) for s in streams))
            assert [u.entry.version for u in updates] == [4] * WATCHED
            assert server_connections(probe) <= 6
            for stream in streams:
                stream.cancel()

    asyncio.run(watch_all())


def test_a_watcher_gets_moves_made_while_the_subscription_was_cut(alone):
    _, api, probe = alone
    match_id, tokens = api.new_match("tictactoe")
    updates = api.play.WatchMatch(
        play_pb2.WatchMatchRequest(match_id=match_id, from_version=3), timeout=20)
    api.submit(match_id, tokens[0], ttt(4))
    assert next(updates).entry.version == 4
    # Cut the replica's subscription and keep it from coming back for a while.
    probe.config_set("maxclients", len(probe.client_list()) - 1)
    assert probe.client_kill_filter(_type="pubsub") == 1
    api.submit(match_id, tokens[1], ttt(0))  # published while nobody listens
    api.submit(match_id, tokens[0], ttt(8))
    probe.config_set("maxclients", 10_000)
    assert [next(updates).entry.version for _ in range(2)] == [5, 6]
    updates.cancel()


def test_a_watcher_gets_chat_said_while_the_subscription_was_cut(alone):
    """No line follows the lost ones: the replica's look at the match after its
    subscription is back finds them."""
    _, api, probe = alone
    match_id, tokens = api.new_match("tictactoe")
    updates = api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=3, with_chat=True), timeout=20)

    def say(text: str) -> None:
        api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text=text),
                          metadata=(("authorization", f"Bearer {tokens[0]}"),))
    say("heard")
    assert next(updates).chat.text == "heard"
    probe.config_set("maxclients", len(probe.client_list()) - 1)
    assert probe.client_kill_filter(_type="pubsub") == 1
    say("said to nobody")  # published while nobody listens
    probe.config_set("maxclients", 10_000)
    assert next(updates).chat.text == "said to nobody"
    updates.cancel()
