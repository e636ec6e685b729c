"""The watch through the edge: server-sent events, headers at once, a client that leaves
ends the server's stream, and watch tickets for EventSource (which cannot send headers)."""

from __future__ import annotations

import json
import time

import pytest
import redis

from tests.edge.conftest import start_edge
from tests.edge.http import EventStream, call
from tests.support import ServerProcess


def new_match(edge, seats: int = 0) -> tuple[str, list[str]]:
    match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
    tokens = [call(edge.url, "POST", f"/v1/matches/{match_id}:join", {}).json["seatToken"]
              for _ in range(seats)]
    return match_id, tokens


def ticket_for(edge, match_id: str, token: str | None) -> dict:
    return call(edge.url, "POST", f"/v1/matches/{match_id}:watchTicket", {}, token=token)


def test_watch_sends_its_headers_before_any_update(edge):
    match_id, _ = new_match(edge)
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1") as stream:
        assert stream.response.status == 200
        assert stream.response.getheader("content-type") == "text/event-stream"


def test_watch_streams_each_new_version_as_an_event(edge):
    match_id, _ = new_match(edge)
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1") as stream:
        call(edge.url, "POST", f"/v1/matches/{match_id}:join", {"displayName": "late"})
        update = stream.next_event()
    assert update["entry"]["version"] == "2"
    assert update["entry"]["moveKind"] == "join"
    assert update["view"]["match"]["seats"][0]["displayName"] == "late"
    assert update["view"]["viewerSeat"] == -1


def test_ticket_watches_with_the_seat_redaction(edge):
    match_id, tokens = new_match(edge, seats=2)
    ticket = ticket_for(edge, match_id, tokens[0]).json["ticket"]
    path = f"/v1/matches/{match_id}:watch?fromVersion=2"
    with EventStream(edge.url, f"{path}&ticket={ticket}") as seat, \
            EventStream(edge.url, path) as spectator:
        as_seat, as_spectator = seat.next_event()["view"], spectator.next_event()["view"]
    assert as_seat["viewerSeat"] == 0
    assert len(as_seat["decisions"][0]["options"]) == 9  # its own decision, with options
    assert as_spectator["viewerSeat"] == -1
    assert as_spectator["decisions"][0]["options"] == []


def test_ticket_needs_a_seat_token(edge):
    match_id, _ = new_match(edge, seats=1)
    reply = ticket_for(edge, match_id, None)
    assert reply.status == 401
    assert reply.json["code"] == 16


def test_ticket_is_good_for_its_own_match_only(edge):
    match_id, tokens = new_match(edge, seats=1)
    other, _ = new_match(edge)
    ticket = ticket_for(edge, match_id, tokens[0]).json["ticket"]
    reply = call(edge.url, "GET", f"/v1/matches/{other}:watch?ticket={ticket}")
    assert reply.status == 401
    assert "ticket" in reply.json["message"]


def test_ticket_and_seat_token_together_are_refused(edge):
    match_id, tokens = new_match(edge, seats=1)
    ticket = ticket_for(edge, match_id, tokens[0]).json["ticket"]
    reply = call(edge.url, "GET", f"/v1/matches/{match_id}:watch?ticket={ticket}",
                 token=tokens[0])
    assert reply.status == 400


def test_ticket_is_short_lived_and_shared_by_replicas(edge, redis_url):
    """Stored in Redis (every replica reads it) with a time to live, under its hash."""
    match_id, tokens = new_match(edge, seats=1)
    reply = ticket_for(edge, match_id, tokens[0]).json
    store = redis.Redis.from_url(redis_url)
    keys = store.keys(f"m:{{{match_id}}}:ticket:*")
    assert len(keys) == 1 and reply["ticket"].encode() not in keys[0]
    assert 0 < store.ttl(keys[0]) <= 300
    expire = reply["expireTime"]
    assert time.time() < time.mktime(time.strptime(expire[:19], "%Y-%m-%dT%H:%M:%S")) + 1


def test_ticket_stops_with_the_seat_it_stands_for(edge):
    match_id, tokens = new_match(edge, seats=1)
    ticket = ticket_for(edge, match_id, tokens[0]).json["ticket"]
    call(edge.url, "POST", f"/v1/matches/{match_id}:leave", {}, token=tokens[0])
    reply = call(edge.url, "GET", f"/v1/matches/{match_id}:watch?ticket={ticket}")
    assert reply.status == 401


def test_ticket_never_reaches_the_edge_log(edge):
    match_id, tokens = new_match(edge, seats=1)
    ticket = ticket_for(edge, match_id, tokens[0]).json["ticket"]
    with EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1&ticket={ticket}"):
        pass
    deadline = time.monotonic() + 20  # Envoy writes its log every few seconds
    while f"{match_id}:watch" not in edge.log_path.read_text():
        assert time.monotonic() < deadline, "no access line for the watch"
        time.sleep(0.05)
    assert ticket not in edge.log_path.read_text()


@pytest.fixture
def logged_server(redis_url):
    """A replica of its own whose access log (info level) the test reads."""
    with ServerProcess(redis_url=redis_url, extra=["--log-level", "info"]) as proc:
        yield proc


def test_client_that_leaves_ends_the_server_stream(logged_server):
    with start_edge([logged_server.address]) as edge:
        match_id, _ = new_match(edge)
        stream = EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1")
        assert stream.response.status == 200
        time.sleep(0.2)
        assert not watch_lines(logged_server, match_id), "the watch ended too soon"
        stream.close()
        deadline = time.monotonic() + 10
        while not watch_lines(logged_server, match_id):
            assert time.monotonic() < deadline, "the server's watch outlived its client"
            time.sleep(0.05)
    assert watch_lines(logged_server, match_id)[0]["status"] == "CANCELLED"


def watch_lines(server: ServerProcess, match_id: str) -> list[dict]:
    """The server's access lines for ended watches of `match_id`."""
    lines = []
    for line in server.log_path.read_text().splitlines():
        if '"WatchMatch' in line or "PlayService/WatchMatch" in line:
            record = json.loads(line)
            if record.get("match") == match_id:
                lines.append(record)
    return lines


def test_quiet_watch_outlives_the_idle_timeout_of_other_calls(server):
    """A watch has its own idle timeout: silent for longer than any other request may be,
    it stays open (here 1 s for others, 30 s for watches)."""
    with start_edge([server.address], idle_timeout_s=1, watch_idle_timeout_s=30) as edge:
        match_id, _ = new_match(edge)
        with EventStream(edge.url, f"/v1/matches/{match_id}:watch?fromVersion=1") as stream:
            time.sleep(2.5)
            call(edge.url, "POST", f"/v1/matches/{match_id}:join", {})
            assert stream.next_event()["entry"]["version"] == "2"
