"""A loopback webhook receiver for the tests: records every POST, may hold or refuse them."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cosmodrome.store.embedded import free_port

HOLD_LIMIT_S = 120  # a held request is answered anyway after this (no thread waits forever)


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    answered: int | None = None  # the status sent back; None while held

    @property
    def notice(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    """`gate` cleared: requests are held (a slow receiver) until it is set again."""

    port: int = 0
    status: int = 200
    delay_s: float = 0.0
    received: list[Received] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0

    def __post_init__(self) -> None:
        self.port = self.port or free_port()
        self.changed = threading.Condition()
        self.gate = threading.Event()
        self.gate.set()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks/cosmodrome"

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                got = Received(dict(self.headers.items()), body)
                with receiver.changed:
                    receiver.received.append(got)
                    receiver.in_flight += 1
                    receiver.max_in_flight = max(receiver.max_in_flight, receiver.in_flight)
                    receiver.changed.notify_all()
                receiver.gate.wait(HOLD_LIMIT_S)
                if receiver.delay_s:
                    threading.Event().wait(receiver.delay_s)
                try:
                    self.send_response(receiver.status)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                finally:
                    with receiver.changed:
                        receiver.in_flight -= 1
                        got.answered = receiver.status
                        receiver.changed.notify_all()

            def log_message(self, *args) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def wait_until(self, predicate, timeout: float = 60.0) -> None:
        """Wait until `predicate(self)` holds (a bound for a hung test, not a timing)."""
        with self.changed:
            reached = self.changed.wait_for(lambda: predicate(self), timeout)
        ids = [r.headers.get("Cosmodrome-Notice-Id") for r in self.received]
        assert reached, f"not reached; received {ids}"

    def delivered(self) -> set[str]:
        """Ids of the notices answered 2xx (each at least once)."""
        return {r.notice["id"] for r in self.received if r.answered and r.answered < 300}

    def __enter__(self) -> Receiver:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.gate.set()
        self.stop()
