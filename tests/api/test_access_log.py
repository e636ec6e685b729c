"""The structured access log: one JSON line per call, with what the call learned."""

from __future__ import annotations

import json
import re
import time

import grpc
import pytest

from tests.support import Api, ServerProcess, ttt


def access_lines(replica: ServerProcess, count: int, timeout: float = 10.0) -> list[dict]:
    """The first `count` access lines the replica wrote (they are written in batches)."""
    deadline = time.monotonic() + timeout
    while True:
        lines = []
        for text in replica.log_path.read_text().splitlines():
            if text.startswith("{"):
                line = json.loads(text)
                if line.get("event") == "rpc":
                    lines.append(line)
        if len(lines) >= count or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def test_each_call_logs_a_line_with_match_seat_version_move_kind_and_latency(redis_url):
    with ServerProcess(redis_url=redis_url, extra=["--log-level", "info"]) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")  # create, two joins
        api.submit(match_id, tokens[0], ttt(4), version=3)
        with pytest.raises(grpc.RpcError):
            api.submit(match_id, tokens[1], ttt(0), version=3)  # stale
        api.close()
        lines = access_lines(replica, 5)
    moves = [line for line in lines if line["rpc"] == "PlayService/SubmitMove"]
    assert len(moves) == 2
    played, stale = moves
    assert played | {"timestamp": None, "latency_ms": None} == {
        "event": "rpc", "level": "info", "rpc": "PlayService/SubmitMove", "status": "OK",
        "match": match_id, "expected_version": 3, "seat": 0, "move_kind": "place",
        "version": 4, "timestamp": None, "latency_ms": None}
    assert isinstance(played["latency_ms"], float) and played["latency_ms"] > 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", played["timestamp"])
    assert stale["status"] == "STALE_VERSION" and stale["seat"] == 1
    assert "version" not in stale
    assert played["timestamp"] <= stale["timestamp"]
    assert [line["rpc"] for line in lines[:3]] == [
        "LobbyService/CreateMatch", "LobbyService/JoinMatch", "LobbyService/JoinMatch"]
    assert all(token not in json.dumps(lines) for token in tokens)  # secrets stay out


def test_a_watch_its_reader_leaves_is_logged_cancelled_not_as_an_error(redis_url):
    from cosmodrome.v1 import play_pb2

    with ServerProcess(redis_url=redis_url, extra=["--log-level", "info"]) as replica:
        api = Api(replica.address)
        match_id, _ = api.new_match("tictactoe")
        updates = api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id),
                                      timeout=20)
        assert next(updates).entry.version == 1
        updates.cancel()
        api.close()
        lines = access_lines(replica, 4)
        watches = [line for line in lines if line["rpc"] == "PlayService/WatchMatch"]
        assert [w["status"] for w in watches] == ["CANCELLED"]
        assert "unhandled error" not in replica.log_path.read_text()


def test_a_long_input_is_clipped_in_the_access_line(redis_url):
    from cosmodrome.v1 import lobby_pb2

    with ServerProcess(redis_url=redis_url, extra=["--log-level", "info"]) as replica:
        api = Api(replica.address)
        with pytest.raises(grpc.RpcError):
            api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="g" * 100_000))
        api.close()
        [line] = access_lines(replica, 1)
    assert line["status"] == "NOT_FOUND"
    assert line["game"].startswith("ggg") and line["game"].endswith("(100000 chars)")
    assert len(replica.log_path.read_text()) < 10_000
