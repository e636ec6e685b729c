"""Headless Chromium plays on the page by clicks, through the real edge in front of a real
server on valkey: a whole match of each game against the server's bots, a private match joined
by its invite link, a spectator and the chat, the lobby at phone width, the page when the edge
is down; axe-core checks the lobby, the invite and edge-down pages and every board.

Each case runs one test of clients/web/test/page.test.mjs (COSMODROME_PAGE_TEST names it).
Screenshots and axe reports stay in tests/web/artifacts/ (gitignored): `<game>-final.png` for
each whole match, `<game>-move-N.png` along the way, `axe-<page>.json`.
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
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
MARKS = {tictactoe_pb2.MARK_X: "X", tictactoe_pb2.MARK_O: "O", tictactoe_pb2.MARK_UNSPECIFIED: ""}
# the tests of page.test.mjs, by their names there; the longest marked slow (make test runs them)
TICTACTOE = "tictactoe: a whole match by clicks on the grid"  # checked against GetView below
PAGE_TESTS = [
    "highcard: a whole match by clicks on the cards, its hand size from the options form",
    pytest.param("mlem: a whole match by clicks", marks=pytest.mark.slow),
    pytest.param("crafting: a whole match by clicks on options and the hex board",
                 marks=pytest.mark.slow),
    pytest.param("cosmic: a whole match by clicks, windows passed automatically",
                 marks=pytest.mark.slow),
    "replay: a finished tic-tac-toe match replayed by its slider",
    "lobby: accessible, usable at phone width, open and active matches before finished ones",
    "invite: a private match is joined by its link only, names shown to both; start with bots",
    "spectator: follows live, sees no hand, reads the chat as text",
    "edge down: a page that says so, and a way back",
]


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


def run_page_test(name: str, edge, page_server) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the page test did not run "
                    "(bash .ci/run installs it)")
    nobody = f"http://127.0.0.1:{free_port()}"  # an edge nobody listens on
    run_node_tests(WEB, {"COSMODROME_PAGE_URL": f"{page_server}/?edge={edge.url}",
                         "COSMODROME_DOWN_URL": f"{page_server}/?edge={nobody}",
                         "COSMODROME_ARTIFACTS": str(ARTIFACTS), "CHROMIUM": CHROMIUM,
                         "COSMODROME_PAGE_TEST": name,
                         "NODE_TEST_PATHS": "test/page.test.mjs"}, timeout=400)


@pytest.mark.parametrize("name", PAGE_TESTS, ids=lambda n: n.split(":")[0])
def test_page(name, edge, page_server) -> None:
    run_page_test(name, edge, page_server)


def test_the_tictactoe_page_shows_the_servers_view(edge, page_server, api) -> None:
    """After a whole match by clicks, the page shows what GetView (over gRPC, with the page's
    seat token) says: cells, version, result, winners."""
    run_page_test(TICTACTOE, edge, page_server)
    shown = json.loads((ARTIFACTS / "page.json").read_text())
    assert (ARTIFACTS / "tictactoe-final.png").stat().st_size > 10_000

    view = api.view(shown["matchId"], shown["token"])  # straight to the server, over gRPC
    assert view.viewer_seat == shown["seat"] == 0
    assert view.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert shown["status"] == "finished"
    assert int(shown["version"]) == view.match.version
    assert shown["cells"] == [MARKS[c] for c in view.game.tictactoe.cells]
    assert shown["winners"] == ",".join(map(str, view.match.result.winners))
    # the server's summary, with its seats named as the page names them
    names = {s.index: s.display_name for s in view.match.seats}
    summary = view.match.result.summary
    for index, name in names.items():
        summary = summary.replace(f"seat {index}", name)
    assert shown["summary"] == summary
