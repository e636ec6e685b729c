"""No surprise when full: past --store-memory-mark of the store's memory, CreateMatch is
refused (RESOURCE_EXHAUSTED) while moves of live matches go on; below it, creates again."""

from __future__ import annotations

import grpc
import pytest
import redis

from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.v1 import lobby_pb2
from tests.integration.test_listing_indexes import wait_until
from tests.support import Api, ServerProcess, ttt


@pytest.fixture
def own_store(tmp_path):
    store = EmbeddedRedis(tmp_path / "store", appendonly=False)
    yield store.start()
    store.stop()


def create_refused(api: Api) -> bool:
    try:
        api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "moves of matches in play go on" in error.details()
        return True
    return False


def test_past_the_mark_creates_are_refused_and_moves_go_on(own_store):
    with ServerProcess(redis_url=own_store, extra=["--store-memory-mark", "0.9"]) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")
        db = redis.Redis.from_url(own_store)
        used = db.info("memory")["used_memory"]
        db.config_set("maxmemory", int(used / 0.95))  # 95% full: past the mark, not at the end
        wait_until(lambda: create_refused(api))
        for cell, seat in ((0, 0), (3, 1), (1, 0)):
            api.submit(match_id, tokens[seat], ttt(cell))  # the match in play goes on
        assert api.view(match_id).match.version == 6  # created, joined twice, three moves
        db.config_set("maxmemory", 0)  # room again (the machine's memory is the limit)
        wait_until(lambda: not create_refused(api))
        api.close()
