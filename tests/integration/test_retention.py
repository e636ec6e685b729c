"""Finished matches are kept for the retention period, then leave the store and listings."""

from __future__ import annotations

import time

import grpc
import pytest
import redis

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.indexes import match_indexes
from cosmodrome.store.redis_store import idem_key, log_key, match_key
from cosmodrome.v1 import games_pb2, lobby_pb2, play_pb2
from tests.support import Api, ServerProcess, ttt

RETENTION_S = 1.8


def test_finished_match_expires_after_retention_and_leaves_the_listing(redis_url):
    with ServerProcess(redis_url=redis_url,
                       extra=["--retention-hours", str(RETENTION_S / 3600)]) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")
        db = redis.Redis.from_url(redis_url)
        keys = [match_key(match_id), log_key(match_id)]
        for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1)):
            api.submit(match_id, tokens[seat], games_pb2.GameMove(
                tictactoe=tictactoe_pb2.Move(cell=cell)), key=f"k{cell}")
        assert all(db.pttl(k) == -1 for k in keys)  # in play: kept
        api.submit(match_id, tokens[0], games_pb2.GameMove(
            tictactoe=tictactoe_pb2.Move(cell=2)), key="last")
        assert not db.exists(log_key(match_id))  # finished: its log compacted into the hash
        ttls = [db.pttl(k) for k in [match_key(match_id), idem_key(match_id)]]
        assert all(0 < t <= RETENTION_S * 1000 for t in ttls), ttls
        time.sleep(RETENTION_S + 0.5)
        with pytest.raises(grpc.RpcError) as caught:
            api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id))
        assert caught.value.code() == grpc.StatusCode.NOT_FOUND
        listed = api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(game="tictactoe",
                                                                    page_size=200))
        assert match_id not in {m.match_id for m in listed.matches}
        for key in match_indexes("tictactoe"):  # dropped at its due time, or as met
            assert db.zscore(key, match_id) is None
        api.close()


def test_a_finished_matchs_kept_results_expire_within_the_hour_and_the_match_stays(
        api, redis_url):
    """The first results kept for resent moves are half a finished match's bytes or more; a
    resend comes within seconds: they stay an hour, the match its retention (a week)."""
    match_id, tokens = api.new_match("tictactoe")
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], ttt(cell), key=f"k{cell}")
    db = redis.Redis.from_url(redis_url)
    assert 0 < db.pttl(idem_key(match_id)) <= 3600 * 1000
    assert db.pttl(match_key(match_id)) > 3600 * 1000


def test_a_finished_matchs_log_is_compacted_and_still_read_whole(api, redis_url):
    match_id, tokens = api.new_match("tictactoe")
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1)):
        api.submit(match_id, tokens[seat], ttt(cell))
    before = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id)).entries
    api.submit(match_id, tokens[0], ttt(2))
    db = redis.Redis.from_url(redis_url)
    assert not db.exists(log_key(match_id)) and db.hexists(match_key(match_id), "logz")
    after = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id)).entries
    assert list(after)[:len(before)] == list(before) and len(after) == len(before) + 1
    last = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id,
                                                  from_version=len(before))).entries
    assert [e.version for e in last] == [after[-1].version]
    assert len(api.export(match_id).log) == len(after)
