"""Headless Chromium on the page while its edge dies and comes back: a tic-tac-toe match
against the server's bot, the edge (Envoy) stopped in mid-match, the page says "Connection
lost, reconnecting…" in its status line; the edge started again on its port, the line says
so and then goes, and the match is played to its end (clients/web/test/page.test.mjs,
"reconnect"). The page's edge is this test's own, stopped and started again by the Node
test through a small HTTP endpoint (POST /stop, /start), on this (the main) thread: Envoy
ends with the thread that spawns it."""

from __future__ import annotations

import os
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from cosmodrome.edge.config import EdgeConfig
from cosmodrome.edge.launcher import EdgeProcess
from cosmodrome.store.embedded import free_port
from tests.web.conftest import WEB, run_node_tests
from tests.web.test_page import ARTIFACTS, CHROMIUM, page_server  # noqa: F401 (a fixture)

RECONNECT = "reconnect: the edge dies in mid-match, the page says so, then plays on once it is back"


class EdgeControl(BaseHTTPRequestHandler):
    """POST /stop or /start: asks the main thread, answers once it is done."""

    asks: queue.Queue

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        action = self.path.strip("/")
        if action not in ("stop", "start"):
            self.send_error(404)
            return
        done: queue.Queue = queue.Queue()
        self.asks.put((action, done))
        error = done.get()
        self.send_response(500 if error else 200)
        self.end_headers()
        self.wfile.write(str(error or "").encode())

    def log_message(self, *args: object) -> None:
        pass


def test_the_page_says_when_its_connection_is_lost_and_back(server, page_server) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the page test did not run "
                    "(bash .ci/run installs it)")
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"cosmodrome-edge-{port}.log"
    config = EdgeConfig(upstreams=[server.address], http_port=port, health_interval_s=0.5,
                        rate_limit=0)
    asks: queue.Queue = queue.Queue()
    control = ThreadingHTTPServer(("127.0.0.1", 0), type("Control", (EdgeControl,),
                                                          {"asks": asks}))
    threading.Thread(target=control.serve_forever, daemon=True).start()
    outcome: dict[str, BaseException] = {}

    def run() -> None:
        try:
            run_node_tests(WEB, {
                "COSMODROME_PAGE_URL": f"{page_server}/?edge={edge.url}",
                "COSMODROME_EDGE_CONTROL": f"http://127.0.0.1:{control.server_address[1]}",
                "COSMODROME_ARTIFACTS": str(ARTIFACTS), "CHROMIUM": CHROMIUM,
                "COSMODROME_PAGE_TEST": RECONNECT,
                "NODE_TEST_PATHS": "test/page.test.mjs"}, timeout=240)
        except BaseException as error:  # noqa: BLE001 (raised again on the main thread)
            outcome["error"] = error

    try:
        with EdgeProcess(config, log_path=log) as edge:
            runner = threading.Thread(target=run, daemon=True)
            runner.start()
            while runner.is_alive():
                try:
                    action, done = asks.get(timeout=0.2)
                except queue.Empty:
                    continue
                try:
                    edge.stop() if action == "stop" else edge.start()
                    done.put(None)
                except Exception as error:  # noqa: BLE001 (told to the Node test)
                    done.put(error)
    finally:
        control.shutdown()
    if "error" in outcome:
        raise outcome["error"]
