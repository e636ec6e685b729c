"""What the edge does for the replicas: rate limits per client, health checks and retries."""

from __future__ import annotations

import http.client
import json
import signal

from tests.edge.conftest import start_edge
from tests.edge.http import call
from tests.support import ServerProcess


def get_games(edge, source: str) -> tuple[int, dict, bytes]:
    """GET /v1/games from the client address `source` (any of 127.0.0.0/8)."""
    connection = http.client.HTTPConnection(edge.config.host, edge.config.http_port,
                                            timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", "/v1/games")
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_rate_limit_is_per_client_address(server):
    with start_edge([server.address], rate_limit=1, rate_burst=3) as edge:
        first = [get_games(edge, "127.0.0.3") for _ in range(6)]
        other = get_games(edge, "127.0.0.4")
    assert [status for status, _, _ in first[:3]] == [200, 200, 200]
    status, headers, body = first[-1]
    assert status == 429
    assert json.loads(body)["code"] == 8  # RESOURCE_EXHAUSTED
    assert headers["x-ratelimit-limit"] == "3"
    assert other[0] == 200  # another client has its own bucket


def test_reads_survive_a_replica_killed(redis_url):
    with ServerProcess(redis_url=redis_url) as one, ServerProcess(redis_url=redis_url) as two:
        with start_edge([one.address, two.address]) as edge:
            match_id = call(edge.url, "POST", "/v1/matches",
                            {"game": "tictactoe"}).json["matchId"]
            two.stop(signal.SIGKILL)
            statuses = [call(edge.url, "GET", f"/v1/matches/{match_id}").status
                        for _ in range(20)]
    assert statuses == [200] * 20


def test_no_healthy_replica_is_503_in_the_error_shape(redis_url):
    with ServerProcess(redis_url=redis_url) as one:
        edge = start_edge([one.address])
        try:
            one.stop()
            reply = call(edge.url, "GET", "/v1/games")
        finally:
            edge.stop()
            edge.folder.cleanup()
    assert reply.status == 503
    assert reply.json["code"] == 14  # UNAVAILABLE
