"""The chat across replicas: one seat's rate limit holds whichever replica it speaks to, and
a watcher on one replica hears lines said through another; on one Redis and on a real
Valkey Cluster."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.v1 import play_pb2
from tests.integration.local_cluster import LocalCluster
from tests.support import Api, ServerProcess, auth

RATE_LINES = 5  # the servers' default


def chat_across(a: Api, b: Api) -> None:
    match_id, tokens = a.new_match(seed=None)
    version = b.view(match_id).match.version
    watch = b.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=version, with_chat=True), metadata=auth(tokens[1]),
        timeout=30)
    for n in range(RATE_LINES):  # alternately through each replica
        api = (a, b)[n % 2]
        api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text=f"line {n}"),
                          metadata=auth(tokens[0]))
    for api in (a, b):
        with pytest.raises(grpc.RpcError) as refused:
            api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text="too much"),
                              metadata=auth(tokens[0]))
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    heard = [next(watch).chat for _ in range(RATE_LINES)]
    watch.cancel()
    assert [(c.sequence, c.text) for c in heard] == [(n + 1, f"line {n}")
                                                     for n in range(RATE_LINES)]
    kept = a.play.GetChat(play_pb2.GetChatRequest(match_id=match_id)).lines
    assert list(kept) == heard
    assert b.view(match_id).match.version == version  # no line moved the match on


def test_the_rate_limit_and_live_chat_hold_across_two_replicas(redis_url):
    with ServerProcess(redis_url=redis_url) as one, ServerProcess(redis_url=redis_url) as two:
        a, b = Api(one.address), Api(two.address)
        try:
            chat_across(a, b)
        finally:
            a.close()
            b.close()


@pytest.mark.slow
def test_the_chat_works_on_a_valkey_cluster(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster", replicas_each=0).start()
    try:
        with ServerProcess(redis_url=cluster.url) as one, \
                ServerProcess(redis_url=cluster.url) as two:
            a, b = Api(one.address), Api(two.address)
            try:
                for _ in range(3):  # matches in different slots, on different primaries
                    chat_across(a, b)
            finally:
                a.close()
                b.close()
    finally:
        cluster.stop()
