"""SIGTERM ends every SSE watch with the clean end the docs promise (issue 24, operations 6):
the body's last chunk, not a cut connection, so an EventSource simply reconnects."""

from __future__ import annotations

import signal
import time

from cosmodrome.store.embedded import free_port
from tests.edge.http import EventStream, call
from tests.support import ServerProcess


def wait_http(url: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            if call(url, "GET", "/v1/games").status == 200:
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, "no HTTP edge beside the server"
        time.sleep(0.1)


def test_sigterm_ends_sse_watches_cleanly(redis_url):
    http_port = free_port()
    url = f"http://127.0.0.1:{http_port}"
    server = ServerProcess(redis_url=redis_url, extra=["--http-port", str(http_port)]).start()
    try:
        wait_http(url)
        match_id = call(url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
        streams = [EventStream(url, f"/v1/matches/{match_id}:watch?fromVersion=0")
                   for _ in range(3)]
        for stream in streams:
            assert stream.next_fields()["id"] == "1"
        server.process.send_signal(signal.SIGTERM)
        # http.client raises IncompleteRead if the chunked body is cut before its end
        rests = [stream.rest() for stream in streams]
        assert server.process.wait(30) == 0
    finally:
        server.stop()
    assert rests == [b""] * 3
