"""A frontend developer's path: generate a client from /openapi.json, write no glue, play.

Each generated client plays a whole match of every hosted game against server bots under
strict type checking (tsc --strict, mypy --strict), with no cast, `!` or ignore in the plays
(ts/, py/); a move with two games set (a wrong oneof) fails to type-check with each."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from openapi_schema_validator import OAS31Validator

from cosmodrome.edge.config import OPENAPI
from tests.edge.http import EventStream, call
from tests.openapi_clients.conftest import BIN, HERE, PY_BIN, checked, run

PLAYS = [HERE / "ts" / "fetch_play.ts", HERE / "ts" / "hey_play.ts", HERE / "py" / "play.py"]
WRONG = re.compile(r"wrong oneof", re.IGNORECASE)


def games(edge) -> list[str]:
    return [game["name"] for game in call(edge.url, "GET", "/v1/games").json["games"]]


def assert_whole_matches(edge, output: str) -> None:
    """One finished match per hosted game, as the edge itself reports it, and everything the
    edge says of it (match, view, log, every watch event) as the document describes it."""
    played = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    assert [p["game"] for p in played] == games(edge)
    for match in played:
        reply = call(edge.url, "GET", f"/v1/matches/{match['matchId']}").json
        assert reply["status"] == "MATCH_STATUS_FINISHED", match
        assert reply["version"] == match["version"] and reply["result"]["summary"]
        assert_as_documented(edge, match["matchId"])


def assert_as_documented(edge, match_id: str) -> None:
    document = json.loads(OPENAPI.read_text())

    def check(value, name: str) -> None:
        schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
        errors = list(OAS31Validator(schema).iter_errors(value))
        assert not errors, (name, errors[0].message[:300], list(errors[0].absolute_path))

    check(call(edge.url, "GET", f"/v1/matches/{match_id}").json, "Match")
    check(call(edge.url, "GET", f"/v1/matches/{match_id}/view").json, "MatchView")
    check(call(edge.url, "GET", f"/v1/matches/{match_id}/log?pageSize=1000").json,
          "GetLogResponse")
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch") as stream:
        while True:
            try:
                check(stream.next_event(), "MatchUpdate")
            except EOFError:
                break


BANNED = {".ts": (r"\bas\s+(const\b|[\w{<\[])",  # a cast
                  r"[\w)\]]!\s*[.;,)\]]"),         # a non-null assertion
          ".py": (r"\bcast\(", r"\bAny\b")}


def test_plays_have_no_cast_assertion_or_ignore():
    for play in PLAYS:
        text = play.read_text()
        assert not re.search(r"@ts-|type:\s*ignore|noqa", text), play.name  # ignores
        code = re.sub(r'//.*|#.*|"""[\s\S]*?"""', "", text)  # comments and docstrings
        for banned in BANNED[play.suffix]:
            assert not re.search(banned, code), f"{play.name}: {re.search(banned, code)}"


@pytest.mark.parametrize("play", ["fetch_play", "hey_play"])
def test_typescript_client_plays_every_game(fast_edge, typescript_clients, play):
    output = checked(["node", typescript_clients / f"{play}.mjs", fast_edge.url], timeout=600)
    assert_whole_matches(fast_edge, output)


def test_python_client_plays_every_game(fast_edge, python_client):
    checked([PY_BIN / "mypy", "--strict", "py/play.py"], MYPYPATH=str(python_client))
    output = checked([PY_BIN / "python", "py/play.py", fast_edge.url], timeout=600,
                     PYTHONPATH=str(python_client))
    assert_whole_matches(fast_edge, output)


def wrong_lines(path: Path) -> set[int]:
    return {n for n, line in enumerate(path.read_text().splitlines(), 1) if WRONG.search(line)}


def test_a_wrong_oneof_fails_to_type_check_in_typescript(typescript_clients):
    """Every line marked `wrong oneof` in wrong/*.ts is an error, and nothing else is."""
    result = run([BIN / "tsc", "-p", "wrong/tsconfig.json"])
    errors = re.findall(r"^wrong/(\w+)\.ts\((\d+),\d+\): error", result.stdout, re.MULTILINE)
    for name in ("fetch_wrong", "hey_wrong"):
        found = {int(line) for file, line in errors if file == name}
        assert found == wrong_lines(HERE / "wrong" / f"{name}.ts"), result.stdout


def test_a_wrong_oneof_fails_to_type_check_in_python(python_client):
    result = run([PY_BIN / "mypy", "--strict", "wrong/py_wrong.py"],
                 MYPYPATH=str(python_client))
    found = {int(n) for n in re.findall(r"^wrong/py_wrong\.py:(\d+): error", result.stdout,
                                        re.MULTILINE)}
    assert found == wrong_lines(HERE / "wrong" / "py_wrong.py"), result.stdout
