"""Prometheus metrics of one replica (prometheus-client), served on `--metrics-port`.

Counted whether or not the endpoint is on, so a benchmark measures what production pays.
A call's histogram child is looked up once per (method, code) and kept: `labels()` on
every call would cost more than the observation itself.

    cosmodrome_rpc_seconds{method,code}      every call: count (calls) and latency
    cosmodrome_moves_total{game}             moves applied (SubmitMove that committed)
    cosmodrome_watchers                      WatchMatch streams open now
    cosmodrome_store_seconds{op}             store round trips: op="commit", the compare-and-set
                                             of every change; op="ping", the health probe
    cosmodrome_store_errors_total{op}        store failures (op="call": a call that found
                                             the store unreachable; op="ping": a failed probe)
    cosmodrome_store_up                      1 while the store answers the probe, else 0
    cosmodrome_deadlines_fired_total{game}   game deadlines (turn clocks, the deal's minute)
                                             this replica applied through the compare-and-set
    cosmodrome_watch_dropped_total{reason}   watch streams the server ended because their
                                             reader fell behind (reason="slow"); the client
                                             resumes from its last version
"""

from __future__ import annotations

import grpc
from prometheus_client import Counter, Gauge, Histogram, start_http_server

# Latency buckets in seconds: a move takes about a millisecond, a slow store call seconds.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)

rpc_seconds = Histogram("cosmodrome_rpc_seconds", "gRPC calls by method and status code",
                        ["method", "code"], buckets=BUCKETS)
moves = Counter("cosmodrome_moves", "Moves applied, by game", ["game"])
watchers = Gauge("cosmodrome_watchers", "WatchMatch streams open")
store_seconds = Histogram("cosmodrome_store_seconds", "Store round trips timed, by operation",
                          ["op"], buckets=BUCKETS)
store_errors = Counter("cosmodrome_store_errors", "Store failures, by operation", ["op"])
store_up = Gauge("cosmodrome_store_up", "1 while the store answers the health probe")
deadlines_fired = Counter("cosmodrome_deadlines_fired",
                          "Game deadlines this replica applied, by game", ["game"])
watch_dropped = Counter("cosmodrome_watch_dropped",
                        "Watch streams ended because their reader fell behind", ["reason"])

_calls: dict[tuple[str, str], object] = {}
_moves: dict[str, object] = {}
_store_ops: dict[str, object] = {}


def observe_call(method: str, code: grpc.StatusCode | str, seconds: float) -> None:
    name = code if isinstance(code, str) else code.name
    child = _calls.get((method, name))
    if child is None:
        child = _calls[(method, name)] = rpc_seconds.labels(method, name)
    child.observe(seconds)


def observe_store(op: str, seconds: float) -> None:
    child = _store_ops.get(op)
    if child is None:
        child = _store_ops[op] = store_seconds.labels(op)
    child.observe(seconds)


def count_move(game: str) -> None:
    child = _moves.get(game)
    if child is None:
        child = _moves[game] = moves.labels(game)
    child.inc()


def serve(host: str, port: int) -> int:
    """Serve /metrics on host:port in a thread; returns the port (0 picks a free one)."""
    server, _ = start_http_server(port, addr=host)
    return server.server_port
