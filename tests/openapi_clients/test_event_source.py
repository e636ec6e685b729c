"""A real EventSource, in Node and in Chromium, watches a whole match through the edge with a
reconnect in the middle and at the end: nothing replayed, nothing missed, and it stops by
itself once the match is over (event_source.test.mjs; sse.lua does the work)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.edge.conftest import start_edge
from tests.openapi_clients.conftest import HERE, node_tools
from tests.web.conftest import run_node_tests

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WATCH_IDLE_S = 1  # the edge cuts a quiet watch this soon: the EventSource must reconnect
RETRY_MS = 200    # and tells it to come back this soon (3 s in production)


@pytest.fixture(scope="module")
def cutting_edge(server):
    with start_edge([server.address], watch_idle_timeout_s=WATCH_IDLE_S,
                    sse_retry_ms=RETRY_MS) as edge:
        yield edge


def run(edge, runtime: str) -> None:
    run_node_tests(HERE, {"COSMODROME_EDGE_URL": edge.url, "CHROMIUM": CHROMIUM,
                          "COSMODROME_RUNTIME": runtime,
                          "NODE_TEST_PATHS": "event_source.test.mjs"})


def test_event_source_in_node_resumes_without_replay(cutting_edge):
    node_tools()
    run(cutting_edge, "node")


def test_event_source_in_chromium_resumes_without_replay(cutting_edge):
    node_tools()
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): bash .ci/run installs it")
    run(cutting_edge, "chromium")
