"""One log format on one stdout (issue 24): the server's lines, the edge's access lines and
Envoy's own lines are JSON objects with the same keys (timestamp, level, event)."""

from __future__ import annotations

import json

from cosmodrome.store.embedded import free_port
from tests.edge.http import call
from tests.edge.test_drain import wait_http
from tests.support import ServerProcess

KEYS = {"timestamp", "level", "event"}


def test_server_edge_and_envoy_lines_share_one_json_shape(redis_url):
    http_port = free_port()
    url = f"http://127.0.0.1:{http_port}"
    server = ServerProcess(redis_url=redis_url,
                           extra=["--http-port", str(http_port), "--log-level", "info"]).start()
    try:
        wait_http(url)
        assert call(url, "GET", "/v1/games").status == 200
    finally:
        server.stop()
    lines = [line for line in server.log_path.read_text().splitlines() if line.strip()]
    shapes = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all(KEYS <= set(shape) for shape in shapes), [s for s in shapes if KEYS - set(s)]
    events = {shape["event"] for shape in shapes}
    assert {"serving", "http", "rpc"} <= events
    http = next(shape for shape in shapes if shape["event"] == "http")
    rpc = next(shape for shape in shapes if shape["event"] == "rpc")
    assert http["timestamp"].endswith("Z") and rpc["timestamp"].endswith("Z")
    assert http["rpc"] == "/cosmodrome.v1.CatalogService/ListGames" and http["http_status"] == 200
