"""Headless Chromium plays tic-tac-toe on the page against a bot, through the edge; the final
page must show what the server's view says (GetView over gRPC, with the page's seat token).

The screenshot stays in clients/web/test-results/tictactoe-final.png.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.embedded import free_port
from cosmodrome.v1 import match_pb2
from tests.web.conftest import WEB, built, run_node_tests

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = WEB / "test-results"
MARKS = {tictactoe_pb2.MARK_X: "X", tictactoe_pb2.MARK_O: "O", tictactoe_pb2.MARK_UNSPECIFIED: ""}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def page_server():
    """The built page on its own origin (so the edge's CORS is exercised too)."""
    built(WEB, "dist/app.js")
    handler = functools.partial(_Quiet, directory=str(WEB / "dist"))
    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_page_plays_tictactoe_against_a_bot_and_shows_the_servers_view(edge, page_server,
                                                                        api) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the page test did not run "
                    "(bash .ci/run installs it)")
    run_node_tests(WEB, {"COSMODROME_PAGE_URL": f"{page_server}/?edge={edge.url}",
                         "COSMODROME_ARTIFACTS": str(ARTIFACTS), "CHROMIUM": CHROMIUM,
                         "NODE_TEST_PATHS": "test/play.test.mjs"})
    shown = json.loads((ARTIFACTS / "page.json").read_text())
    assert (ARTIFACTS / "tictactoe-final.png").stat().st_size > 10_000

    view = api.view(shown["matchId"], shown["token"])  # straight to the server, over gRPC
    assert view.viewer_seat == shown["seat"] == 0
    assert view.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert shown["status"] == "finished"
    assert int(shown["version"]) == view.match.version
    assert shown["cells"] == [MARKS[c] for c in view.game.tictactoe.cells]
    assert shown["summary"] == view.match.result.summary
    assert shown["winners"] == ",".join(map(str, view.match.result.winners))
