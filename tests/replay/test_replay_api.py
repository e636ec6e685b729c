"""GetReplay over gRPC on a real server: seek, a seat's own moves, and the refusals."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.v1 import replay_pb2, replay_pb2_grpc
from tests.support import auth, error_info, ttt


def replay(api, match_id: str, token: str | None = None, **fields):
    stub = replay_pb2_grpc.ReplayServiceStub(api.channel)
    return stub.GetReplay(replay_pb2.GetReplayRequest(match_id=match_id, **fields),
                          metadata=auth(token))


def test_a_finished_match_replays_at_each_version_as_its_seat_saw_it(api):
    match_id, tokens = api.new_match()
    with pytest.raises(grpc.RpcError) as refused:
        replay(api, match_id, tokens[0])
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(refused.value).reason == "match_not_finished"
    for seat, cell in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2)):
        api.submit(match_id, tokens[seat], ttt(cell))
    last = replay(api, match_id, tokens[1])
    assert last.version == last.last_version == api.view(match_id).match.version
    assert last.view.game == api.view(match_id, tokens[1]).game
    assert [e.move for e in last.entries if e.HasField("move")] == \
        [ttt(c) for c in (0, 3, 1, 4, 2)]
    fourth = replay(api, match_id, None, version=4)
    assert fourth.version == 4 and fourth.view.match.version == 4
    assert sum(1 for c in fourth.view.game.tictactoe.cells if c) == 1
    for version in (-1, last.last_version + 1):
        with pytest.raises(grpc.RpcError) as bad:
            replay(api, match_id, version=version)
        assert bad.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_whole_replay_needs_the_hosts_leave(api):
    match_id, tokens = api.new_match()
    with pytest.raises(grpc.RpcError) as refused:
        replay(api, match_id, whole=True)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
