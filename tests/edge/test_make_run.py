"""`make run`: one command serves gRPC and, through an edge it starts, HTTP."""

from __future__ import annotations

import signal
import time
import urllib.error
import urllib.request

import pytest

from cosmodrome.store.embedded import free_port
from tests.support import ServerProcess


def get(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status
    except (OSError, urllib.error.URLError):
        return None


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL])
def test_server_with_http_port_serves_http_and_takes_its_edge_along(redis_url, stop):
    http_port = free_port()
    url = f"http://127.0.0.1:{http_port}"
    server = ServerProcess(redis_url=redis_url, extra=["--http-port", str(http_port)]).start()
    try:
        deadline = time.monotonic() + 30
        while get(f"{url}/v1/games") != 200:
            assert time.monotonic() < deadline, "no HTTP edge beside the server"
            time.sleep(0.1)
        assert get(f"{url}/openapi.json") == 200
    finally:
        server.stop(stop)
    deadline = time.monotonic() + 10
    while get(f"{url}/openapi.json") is not None:
        assert time.monotonic() < deadline, "the edge outlived its server"
        time.sleep(0.1)
