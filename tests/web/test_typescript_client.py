"""The TypeScript client's own tests (clients/typescript/test, node --test) through the edge,
and the example docs/client.md shows."""

from __future__ import annotations

import re
import subprocess

from cosmodrome.v1 import match_pb2
from tests.web.conftest import TS, built, run_node_tests


def test_typescript_client_suite_passes_through_the_edge(edge) -> None:
    built(TS, "dist/test/client.test.js")
    out = run_node_tests(TS, {"COSMODROME_EDGE_URL": edge.url, "NODE_TEST_PATHS": "dist/test/"})
    assert "# tests" in out


def test_typescript_example_plays_a_match_to_its_end(edge, api) -> None:
    built(TS, "dist/src/index.js")
    result = subprocess.run(["node", "examples/random-match.mjs", edge.url], cwd=TS,
                            capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-3000:]
    found = re.fullmatch(r"([a-z0-9]+): (.+) \(winners ([0-9,]*)\)\n", result.stdout)
    assert found, result.stdout
    match = api.view(found[1]).match  # over gRPC, as a spectator
    assert match.status == match_pb2.MATCH_STATUS_FINISHED
    assert found[2] == match.result.summary
    assert found[3] == ",".join(map(str, match.result.winners))
