"""The TypeScript client's own tests (clients/typescript/test, node --test) through the edge."""

from __future__ import annotations

from tests.web.conftest import TS, built, run_node_tests


def test_typescript_client_suite_passes_through_the_edge(edge) -> None:
    built(TS, "dist/test/client.test.js")
    out = run_node_tests(TS, {"COSMODROME_EDGE_URL": edge.url, "NODE_TEST_PATHS": "dist/test/"})
    assert "# tests" in out
