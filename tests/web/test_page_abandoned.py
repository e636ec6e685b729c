"""Headless Chromium on the page, through the real edge in front of a real server on valkey
whose bots never move (its deadline tick is an hour, its valkey its own: no other replica
fires them): a player who leaves during play while the move is his sees that the server's bot
plays his seat, no move offered and no "Your move", though the server still lists the decision
as his seat's; "My matches" does not call it his turn; taken back, "Your move" returns
(clients/web/test/abandoned.test.mjs). Screenshot and axe report in tests/web/artifacts/
(`abandoned-bot-plays.png`, `axe-bot-plays.json`).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cosmodrome.edge.config import EdgeConfig
from cosmodrome.edge.launcher import EdgeProcess
from cosmodrome.store.embedded import EmbeddedRedis, free_port
from tests.support import ServerProcess
from tests.web.conftest import WEB, run_node_tests
from tests.web.test_page import ARTIFACTS, CHROMIUM, page_server  # noqa: F401 (a fixture)

NEVER_MS = 3_600_000  # the deadline tick: no bot move comes within the test


@pytest.fixture(scope="module")
def idle_bots_edge(tmp_path_factory) -> EdgeProcess:
    """An edge in front of a server on a valkey of its own whose deadlines never fire."""
    store = EmbeddedRedis(tmp_path_factory.mktemp("idle-bots-redis"), appendonly=False)
    url = store.start()
    try:
        with ServerProcess(redis_url=url, extra=["--deadline-tick-ms", str(NEVER_MS),
                                                 "--play-socket-port", str(free_port())]) as srv:
            port = free_port()
            log = Path(os.environ.get("TMPDIR", "/tmp")) / f"cosmodrome-edge-{port}.log"
            config = EdgeConfig(upstreams=[srv.address], http_port=port,
                                health_interval_s=0.5, rate_limit=0)
            with EdgeProcess(config, log_path=log) as proc:
                yield proc
    finally:
        store.stop()


def test_a_seat_the_servers_bot_plays_is_not_the_players_turn(idle_bots_edge,
                                                              page_server) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the page test did not run "
                    "(bash .ci/run installs it)")
    run_node_tests(WEB, {"COSMODROME_PAGE_URL": f"{page_server}/?edge={idle_bots_edge.url}",
                         "COSMODROME_ARTIFACTS": str(ARTIFACTS), "CHROMIUM": CHROMIUM,
                         "NODE_TEST_PATHS": "test/abandoned.test.mjs"}, timeout=120)
