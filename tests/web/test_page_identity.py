"""Headless Chromium on the page, through the real edge in front of a real server on valkey:
a guest's tic-tac-toe match with a Fischer clock against the server's bot survives his tab
(a new tab lists it under "My matches" with his time left and resumes it to its end), the
seats' clocks run on the page, axe-core checks "My matches", and the resume link brings the
same guest to another browser (clients/web/test/identity.test.mjs). Screenshots and the axe
report stay in tests/web/artifacts/ (`identity-*.png`, `axe-my-matches.json`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import WEB, run_node_tests
from tests.web.test_page import ARTIFACTS, CHROMIUM, page_server  # noqa: F401 (a fixture)


def test_a_guests_match_survives_his_tab(edge, page_server) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the page test did not run "
                    "(bash .ci/run installs it)")
    run_node_tests(WEB, {"COSMODROME_PAGE_URL": f"{page_server}/?edge={edge.url}",
                         "COSMODROME_ARTIFACTS": str(ARTIFACTS), "CHROMIUM": CHROMIUM,
                         "NODE_TEST_PATHS": "test/identity.test.mjs"}, timeout=120)
