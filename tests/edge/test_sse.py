"""The watch as server-sent events that resume the way browsers do (sse.lua at the edge):
each event's id is its version, a reconnect with Last-Event-ID resumes right after it (nothing
missed, nothing repeated), a finished match with nothing more to send answers 204 (so an
EventSource stops reconnecting), and the first event carries a retry hint. A real EventSource
in Node and in Chromium: tests/openapi_clients/test_event_source.py."""

from __future__ import annotations

from cosmodrome.edge.sse import RETRY_MS
from tests.edge.http import EventStream, call


def closed_match(edge) -> tuple[str, int]:
    """A finished match (joined twice, then closed by its creator) and its last version."""
    reply = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json
    match_id, creator = reply["matchId"], reply["secrets"]["creatorToken"]
    for _ in range(2):
        call(edge.url, "POST", f"/v1/matches/{match_id}:join", {})
    closed = call(edge.url, "POST", f"/v1/matches/{match_id}:close", {}, token=creator).json
    return match_id, int(closed["version"])


def events(edge, match_id: str, query: str = "", last_event_id: str | None = None):
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch{query}",
                     last_event_id=last_event_id) as stream:
        assert stream.response.status == 200
        sent = []
        while True:
            try:
                sent.append(stream.next_fields())
            except EOFError:
                return sent


def test_each_event_has_its_version_as_id(edge):
    match_id, last = closed_match(edge)
    sent = events(edge, match_id)
    assert [int(fields["id"]) for fields in sent] == list(range(1, last + 1))
    assert all(f'"version":"{fields["id"]}"' in fields["data"] for fields in sent)


def test_first_event_says_how_long_to_wait_before_reconnecting(edge):
    match_id, _ = closed_match(edge)
    sent = events(edge, match_id)
    assert sent[0]["retry"] == str(RETRY_MS)
    assert all("retry" not in fields for fields in sent[1:])


def test_last_event_id_resumes_right_after_it(edge):
    match_id, last = closed_match(edge)
    # an EventSource sends its URL again, fromVersion included: Last-Event-ID wins
    sent = events(edge, match_id, "?fromVersion=0", last_event_id="2")
    assert [int(fields["id"]) for fields in sent] == list(range(3, last + 1))


def test_a_finished_match_with_nothing_more_answers_204(edge):
    match_id, last = closed_match(edge)
    for headers in ({"Last-Event-ID": str(last)}, {}):
        path = f"/v1/matches/{match_id}:watch" + ("" if headers else f"?fromVersion={last}")
        reply = call(edge.url, "GET", path, headers=headers)
        assert reply.status == 204, reply
        assert reply.body == b""


def test_a_live_watch_gets_ids_as_the_match_moves(edge):
    match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1") as stream:
        call(edge.url, "POST", f"/v1/matches/{match_id}:join", {})
        assert stream.next_fields()["id"] == "2"


def test_a_malformed_last_event_id_is_ignored(edge):
    match_id, last = closed_match(edge)
    sent = events(edge, match_id, "?fromVersion=1", last_event_id="2;DROP")
    assert [int(fields["id"]) for fields in sent] == list(range(2, last + 1))


def test_other_routes_are_untouched(edge):
    reply = call(edge.url, "GET", "/v1/games", headers={"Last-Event-ID": "3"})
    assert reply.status == 200 and "games" in reply.json
