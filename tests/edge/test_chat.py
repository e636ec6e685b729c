"""The chat through the real Envoy edge: its REST routes, the chat in the server-sent events
of the watch, and its errors as google.rpc.Status JSON (RetryInfo included)."""

from __future__ import annotations

from tests.edge.http import EventStream, call
from tests.edge.test_watch import new_match


def say(edge, match_id, token, text, **extra):
    return call(edge.url, "POST", f"/v1/matches/{match_id}/chat",
                {"text": text, **extra}, token=token)


def test_rest_chat_said_by_a_seat_is_read_by_anyone(edge):
    match_id, tokens = new_match(edge, seats=2)
    reply = say(edge, match_id, tokens[1], "salut", requestId="r-1")
    assert reply.status == 200, reply.body
    line = reply.json["line"]
    assert (line["sequence"], line["seat"], line["text"]) == ("1", 1, "salut")
    assert reply.json["judgedVersion"] == "0"
    read = call(edge.url, "GET", f"/v1/matches/{match_id}/chat?fromSequence=0&pageSize=10")
    assert read.status == 200, read.body
    assert read.json["lines"] == [line] and read.json["nextFromSequence"] == "1"


def test_rest_chat_errors_are_statuses_naming_the_problem(edge):
    match_id, tokens = new_match(edge, seats=2)
    spectator = say(edge, match_id, None, "hello")
    assert spectator.status == 401 and spectator.json["code"] == 16
    long = say(edge, match_id, tokens[0], "a" * 501)
    assert long.status == 400 and "501 characters" in long.json["message"]
    unknown = say(edge, match_id, tokens[0], "hi", color="red")  # not a field: the edge
    assert unknown.status == 400
    for n in range(5):
        assert say(edge, match_id, tokens[0], f"line {n}").status == 200
    limited = say(edge, match_id, tokens[0], "one too many")
    assert limited.status == 429 and limited.json["code"] == 8
    types = {d["@type"].rsplit(".", 1)[-1]: d for d in limited.json["details"]}
    assert types["RetryInfo"]["retryDelay"].endswith("s")
    assert types["ErrorInfo"]["metadata"]["retry_after_ms"]


def test_the_watch_events_carry_chat_lines_when_asked(edge):
    match_id, tokens = new_match(edge, seats=2)
    say(edge, match_id, tokens[0], "before the watch")
    path = f"/v1/matches/{match_id}:watch?fromVersion=3&withChat=true&chatFromSequence=0"
    with EventStream(edge.url, path, token=tokens[1]) as stream:
        replayed = stream.next_event()
        say(edge, match_id, tokens[0], "during the watch")
        live = stream.next_event()
    assert replayed["chat"]["text"] == "before the watch" and "entry" not in replayed
    assert live["chat"]["text"] == "during the watch" and live["chat"]["sequence"] == "2"
