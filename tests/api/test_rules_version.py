"""Each match keeps the rules version it was created under; a replica plays only matches of
its own version, so two releases can run side by side during an upgrade."""

from __future__ import annotations

import secrets
import time

import grpc
import pytest
import redis

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.redis_store import deadlines_key, match_key, match_slot
from cosmodrome.v1 import games_pb2, lobby_pb2, play_pb2, records_pb2
from tests.support import auth, error_info, ttt


def restamp(redis_url: str, match_id: str, rules_version: int) -> None:
    """Make the stored match look created by a release of another rules version (with a
    new incarnation, as an import gives it: no replica's cached copy stands for it)."""
    with redis.Redis.from_url(redis_url) as client:
        record = records_pb2.StoredMatch.FromString(client.hget(match_key(match_id), "rec"))
        record.match.rules_version = rules_version
        record.incarnation = secrets.token_hex(8)
        client.hset(match_key(match_id), mapping={
            "rec": record.SerializeToString(), "pub": record.match.SerializeToString(),
            "inc": record.incarnation})


def test_a_new_match_is_stamped_with_its_game_rules_version(api):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    assert match.rules_version == 1
    assert api.export(match.match_id).record.match.rules_version == 1


def test_a_match_of_another_rules_version_is_refused_unavailable_and_left_alone(
        api, redis_url):
    match_id, tokens = api.new_match("tictactoe")
    api.submit(match_id, tokens[0], ttt(4))  # this replica's cache now holds the match
    restamp(redis_url, match_id, 2)
    before = api.export(match_id).SerializeToString(deterministic=True)
    calls = {
        "SubmitMove": lambda: api.submit(match_id, tokens[1], ttt(0), version=4),
        "GetView": lambda: api.view(match_id, tokens[1]),
        "LeaveMatch": lambda: api.lobby.LeaveMatch(
            lobby_pb2.LeaveMatchRequest(match_id=match_id), metadata=auth(tokens[1])),
        "WatchMatch": lambda: next(api.play.WatchMatch(
            play_pb2.WatchMatchRequest(match_id=match_id), timeout=5)),
    }
    for name, call in calls.items():
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE, name
        info = error_info(caught.value)
        assert info.reason == "rules_version", name
        assert info.metadata["match_rules_version"] == "2", name
        assert "retry" in caught.value.details()
    assert api.export(match_id).SerializeToString(deterministic=True) == before
    listed = api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id))
    assert listed.rules_version == 2  # operators can see which matches the old release has


def test_a_join_that_would_start_a_match_of_another_rules_version_is_refused(api, redis_url):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    restamp(redis_url, match.match_id, 2)
    with pytest.raises(grpc.RpcError) as caught:
        api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
    assert api.lobby.GetMatch(lobby_pb2.GetMatchRequest(
        match_id=match.match_id)).version == 2


def test_a_due_deadline_of_another_rules_version_is_neither_fired_nor_dropped(
        api, redis_url):
    clocked = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=300))
    match_id, _ = api.new_match("tictactoe", options=clocked)
    restamp(redis_url, match_id, 2)
    time.sleep(1.0)  # the deadline is due; the replica's loop looks every 100 ms
    assert api.export(match_id).record.match.version == 3  # not fired here
    with redis.Redis.from_url(redis_url) as client:
        deadlines = deadlines_key(match_slot(match_id))
        assert client.zscore(deadlines, match_id) is not None  # left for its release
        client.zrem(deadlines, match_id)


def test_a_draining_replica_creates_no_match_but_plays_on(redis_url, api):
    from tests.support import Api, ServerProcess
    match_id, tokens = api.new_match("tictactoe")
    with ServerProcess(redis_url=redis_url, extra=["--drain"]) as old:
        draining = Api(old.address)
        with pytest.raises(grpc.RpcError) as caught:
            draining.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "draining" in caught.value.details()
        draining.submit(match_id, tokens[0], ttt(4))
        assert draining.view(match_id).match.version == 4
        draining.close()
