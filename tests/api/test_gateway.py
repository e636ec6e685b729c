"""The REST/JSON gateway: every annotated route reaches the server, errors keep their
meaning, credentials pass through, the watch stream arrives as JSON lines."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from cosmodrome.store.embedded import free_port


@pytest.fixture(scope="module")
def gateway(server):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "cosmodrome.api.gateway", "--grpc",
                                server.address, "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/v1/games", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield base
    process.terminate()
    process.wait(10)


def call(base: str, verb: str, path: str, body: dict | None = None, token: str | None = None
         ) -> tuple[int, dict]:
    request = urllib.request.Request(
        base + path, method=verb, data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_rest_game_of_tictactoe_from_create_to_result(gateway):
    status, games = call(gateway, "GET", "/v1/games")
    assert status == 200 and "tictactoe" in {g["name"] for g in games["games"]}
    _, match = call(gateway, "POST", "/v1/matches", {"game": "tictactoe", "seed": "3"})
    match_id = match["matchId"]
    tokens = [call(gateway, "POST", f"/v1/matches/{match_id}:join", {"displayName": n})[1]
              ["seatToken"] for n in ("x", "o")]
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        _, view = call(gateway, "GET", f"/v1/matches/{match_id}/view", token=tokens[seat])
        status, reply = call(gateway, "POST", f"/v1/matches/{match_id}/moves", {
            "expectedVersion": view["match"]["version"],
            "move": {"tictactoe": {"cell": cell}}}, token=tokens[seat])
        assert status == 200, reply
    assert reply["view"]["match"]["status"] == "MATCH_STATUS_FINISHED"
    assert reply["view"]["match"]["result"]["winners"] == [0]
    _, log = call(gateway, "GET", f"/v1/matches/{match_id}/log?fromVersion=3&pageSize=2")
    assert [e["version"] for e in log["entries"]] == ["4", "5"]  # int64 travels as a string


def test_rest_errors_keep_status_and_details(gateway):
    status, body = call(gateway, "POST", "/v1/matches", {"game": "chess"})
    assert status == 404 and body["error"]["status"] == "NOT_FOUND"
    _, match = call(gateway, "POST", "/v1/matches", {"game": "tictactoe"})
    match_id = match["matchId"]
    token = call(gateway, "POST", f"/v1/matches/{match_id}:join", {})[1]["seatToken"]
    call(gateway, "POST", f"/v1/matches/{match_id}:join", {})
    status, body = call(gateway, "POST", f"/v1/matches/{match_id}/moves", {
        "expectedVersion": "1", "move": {"tictactoe": {"cell": 0}}}, token=token)
    assert status == 409 and body["error"]["status"] == "ABORTED"
    assert body["error"]["details"][0]["metadata"]["current_version"] == "3"
    status, body = call(gateway, "POST", f"/v1/matches/{match_id}/moves", {"bogus": 1},
                        token=token)
    assert status == 400 and body["error"]["status"] == "INVALID_ARGUMENT"
    status, _ = call(gateway, "GET", "/v1/nowhere")
    assert status == 404
    status, body = call(gateway, "GET", f"/v1/admin/matches/{match_id}:export")
    assert status == 401 and body["error"]["status"] == "UNAUTHENTICATED"


def test_rest_watch_streams_json_lines(gateway):
    _, match = call(gateway, "POST", "/v1/matches", {"game": "tictactoe"})
    match_id = match["matchId"]
    call(gateway, "POST", f"/v1/matches/{match_id}:join", {})
    call(gateway, "POST", f"/v1/matches/{match_id}:join", {})
    with urllib.request.urlopen(f"{gateway}/v1/matches/{match_id}:watch", timeout=10) as reply:
        assert reply.headers["Content-Type"].startswith("application/x-ndjson")
        updates = [json.loads(reply.readline()) for _ in range(3)]
    assert [u["entry"]["version"] for u in updates] == ["1", "2", "3"]
    assert updates[-1]["view"]["match"]["status"] == "MATCH_STATUS_ACTIVE"
