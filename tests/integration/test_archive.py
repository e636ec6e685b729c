"""Finished matches past retention go to the archive (--archive-dir): out of the store and
its listings, still exported, read and replayed from there."""

from __future__ import annotations

import pytest
import redis

from cosmodrome.store.archive import DirectoryArchive
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.indexes import match_indexes
from cosmodrome.store.redis_store import idem_key, log_key, match_key
from cosmodrome.v1 import lobby_pb2, match_pb2, play_pb2
from tests.integration.test_listing_indexes import wait_until
from tests.support import Api, ServerProcess, ttt

RETENTION_H = 1 / 3600  # a second


@pytest.fixture
def own_store(tmp_path):
    """A store of this test's own: no other replica sweeps it."""
    store = EmbeddedRedis(tmp_path / "store", appendonly=False)
    yield store.start()
    store.stop()


def test_a_finished_match_past_retention_is_archived_and_still_exports(own_store, tmp_path):
    archive, redis_url = tmp_path / "archive", own_store
    with ServerProcess(redis_url=redis_url, extra=["--retention-hours", str(RETENTION_H),
                                                   "--archive-dir", str(archive)]) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")
        for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
            api.submit(match_id, tokens[seat], ttt(cell), key=f"k{cell}")
        before = api.export(match_id)
        assert before.record.match.status == match_pb2.MATCH_STATUS_FINISHED
        db = redis.Redis.from_url(redis_url)
        assert db.pttl(match_key(match_id)) == -1  # kept until archived, not expired

        wait_until(lambda: not db.exists(match_key(match_id), log_key(match_id),
                                         idem_key(match_id)))
        assert DirectoryArchive(archive).path(match_id).is_file()
        assert all(db.zscore(key, match_id) is None for key in match_indexes("tictactoe"))

        assert api.export(match_id) == before  # ExportMatch, from the archive
        assert api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id)) == \
            before.record.match
        log = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id))
        assert [e.version for e in log.entries] == [e.version for e in before.log]
        assert api.view(match_id).match.status == match_pb2.MATCH_STATUS_FINISHED  # replay
        api.close()
