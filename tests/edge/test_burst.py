"""Watches through the edge weigh no more than they must (issue 24, operations 4 and 5): a
burst of 300 SSE watches cannot make the edge's health checks eject the only replica, and
watchers that never read cannot starve other clients."""

from __future__ import annotations

import json
import os
import signal
import socket
import time
import urllib.request
from contextlib import ExitStack

from tests.edge.conftest import start_edge
from tests.edge.http import call
from tests.support import ServerProcess

BURST = 300


def stats(edge, prefix: str) -> dict[str, int]:
    with urllib.request.urlopen(f"{edge.admin_url}/stats?format=json&filter=^{prefix}") as r:
        return {s["name"]: s.get("value", 0) for s in json.load(r)["stats"] if "value" in s}


def ejected(edge) -> bool:
    """Whether the health checks have failed enough to take the replica out."""
    seen = stats(edge, "cluster.replicas.")
    return (seen["cluster.replicas.health_check.failure"] > 0
            and seen["cluster.replicas.membership_healthy"] == 0)


def wait_for_watches(edge, count: int) -> None:
    """Until the edge has taken `count` watches in (sent on, or refused)."""
    deadline = time.monotonic() + 30
    while True:
        seen = stats(edge, "cluster.")
        taken = sum(v for k, v in seen.items() if k.endswith((
            "upstream_rq_active", "upstream_rq_pending_active", "overflow")))
        if taken >= count:
            return
        assert time.monotonic() < deadline, f"{taken} of {count} watches taken in"
        time.sleep(0.05)


def open_watches(edge, match_id: str, count: int) -> list[socket.socket]:
    """`count` SSE watches of the match, sent at once and never read."""
    request = (f"GET /v1/matches/{match_id}:watch?fromVersion=0 HTTP/1.1\r\n"
               f"Host: edge\r\nAccept: text/event-stream\r\n\r\n").encode()
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((edge.config.host, edge.config.http_port))
        sock.sendall(request)
        sockets.append(sock)
    return sockets


def test_bursts_of_300_watches_that_never_read_leave_calls_served(redis_url):
    """Four bursts: more watches than Envoy lets one cluster hold by default (1024)."""
    with ServerProcess(redis_url=redis_url) as replica, ExitStack() as opened:
        edge = opened.enter_context(start_edge([replica.address]))
        match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
        statuses = []
        for burst in range(1, 5):
            for sock in open_watches(edge, match_id, BURST):
                opened.callback(sock.close)
            wait_for_watches(edge, burst * BURST)
            statuses += [call(edge.url, "GET", "/v1/games").status for _ in range(30)]
        counts = {k: v for k, v in stats(edge, "cluster.").items() if v and (
            "overflow" in k or k.endswith(("rq_active", "health_check.failure")))}
        print(f"4 bursts of {BURST} watches: {statuses.count(200)} of {len(statuses)} calls "
              f"answered 200; {counts}")
    assert statuses == [200] * len(statuses)


def test_watches_beyond_the_bound_are_refused_and_calls_still_served(redis_url):
    with ServerProcess(redis_url=redis_url) as replica, ExitStack() as opened:
        edge = opened.enter_context(start_edge([replica.address], max_watches=200))
        match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
        for sock in open_watches(edge, match_id, BURST):
            opened.callback(sock.close)
        wait_for_watches(edge, BURST)
        refused = sum(v for k, v in stats(edge, "cluster.watches.").items()
                      if k.endswith("overflow"))
        statuses = [call(edge.url, "GET", "/v1/games").status for _ in range(30)]
    assert refused == BURST - 200
    assert statuses == [200] * len(statuses)


def test_health_checks_that_time_out_leave_the_only_replica_in_service(redis_url):
    """A replica too busy to answer health checks in time (here: stopped until they fail)
    still serves: with every replica unhealthy the edge routes to all (panic routing)
    rather than answer "no healthy upstream"."""
    with ServerProcess(redis_url=redis_url) as replica:
        with start_edge([replica.address], health_timeout_s=0.2) as edge:
            os.kill(replica.process.pid, signal.SIGSTOP)
            try:
                deadline = time.monotonic() + 20
                while not ejected(edge):
                    assert time.monotonic() < deadline, "the health checks never failed"
                    time.sleep(0.1)
            finally:
                os.kill(replica.process.pid, signal.SIGCONT)
            reply = call(edge.url, "GET", "/v1/games")
    assert reply.status == 200, reply
