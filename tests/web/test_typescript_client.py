"""The TypeScript client's own tests (clients/typescript/test, node --test) against a real
server: through the edge (gRPC-Web), straight to its gRPC port (Play sessions under Node),
and to a replica the tests kill and start again; and the examples docs/client.md shows."""

from __future__ import annotations

import re
import signal
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from cosmodrome.v1 import match_pb2
from tests.support import ServerProcess
from tests.web.conftest import TS, built, run_node_tests


class ReplicaControl(BaseHTTPRequestHandler):
    """POST /kill: SIGKILL the replica; POST /start: start it again on its port, answered
    once it serves. How a Node test restarts the server it plays on."""

    replica: ServerProcess

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        if self.path == "/kill":
            self.replica.stop(signal.SIGKILL)
        elif self.path == "/start":
            self.replica.start()
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def restartable(redis_url) -> Iterator[tuple[str, str]]:
    """A replica of its own on the session's store, and the URL of its ReplicaControl."""
    replica = ServerProcess(redis_url=redis_url).start()
    handler = type("Control", (ReplicaControl,), {"replica": replica})
    control = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=control.serve_forever, daemon=True)
    thread.start()
    try:
        yield replica.address, f"http://127.0.0.1:{control.server_address[1]}"
    finally:
        control.shutdown()
        replica.stop()


def test_typescript_client_suite_passes(edge, server, restartable) -> None:
    built(TS, "dist/test/client.test.js")
    address, control = restartable
    out = run_node_tests(TS, {"COSMODROME_EDGE_URL": edge.url,
                              "COSMODROME_GRPC_ADDRESS": server.address,
                              "COSMODROME_PLAY_SOCKET_URL":
                                  f"ws://127.0.0.1:{server.socket_port}/v1/play",
                              "COSMODROME_RESTARTABLE_ADDRESS": address,
                              "COSMODROME_REPLICA_CONTROL": control,
                              "NODE_TEST_PATHS": "dist/test/"})
    assert "# tests" in out


@pytest.mark.parametrize("example", ["random-match.mjs", "grpc-match.mjs"])
def test_typescript_example_plays_a_match_to_its_end(example, edge, server, api) -> None:
    """random-match: gRPC-Web through the edge; grpc-match: Node's gRPC to the server."""
    built(TS, "dist/src/index.js")
    target = edge.url if example == "random-match.mjs" else server.address
    result = subprocess.run(["node", f"examples/{example}", target], cwd=TS,
                            capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-3000:]
    found = re.fullmatch(r"([a-z0-9]+): (.+) \(winners ([0-9,]*)\)\n", result.stdout)
    assert found, result.stdout
    match = api.view(found[1]).match  # over gRPC, as a spectator
    assert match.status == match_pb2.MATCH_STATUS_FINISHED
    assert found[2] == match.result.summary
    assert found[3] == ",".join(map(str, match.result.winners))
