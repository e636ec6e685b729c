"""Prometheus metrics of one replica (prometheus-client), served on `--metrics-port`.

Counted whether or not the endpoint is on, so a benchmark measures what production pays.
What every call or move counts is kept in plain lists and exported by a collector when
scraped (`_Histogram`, `_Counter`): prometheus-client's own metrics take a lock per
update, about 5 microseconds an observation, here a fraction of that. The rare events
use prometheus-client's metrics as they are.

    cosmodrome_rpc_seconds{method,code}      every call: count (calls) and latency
    cosmodrome_moves_total{game}             moves applied (SubmitMove that committed)
    cosmodrome_watchers                      WatchMatch streams open now
    cosmodrome_play_sessions                 Play session streams open now (their moves
                                             count in rpc_seconds as "PlayService/Play:move")
    cosmodrome_store_seconds{op}             store round trips: op="commit", the compare-and-set
                                             of every change; op="ping", the health probe
    cosmodrome_store_errors_total{op}        store failures (op="call": a call that found
                                             the store unreachable; op="ping": a failed probe;
                                             op="memory": its memory could not be read)
    cosmodrome_store_up                      1 while the store answers the probe, else 0
    cosmodrome_deadlines_fired_total{game}   game deadlines (turn clocks, the deal's minute)
                                             this replica applied through the compare-and-set
    cosmodrome_chat_lines_total{game}        chat lines kept (SendChat, retries not counted)
    cosmodrome_watch_dropped_total{reason}   watch streams the server ended because their
                                             reader fell behind (reason="slow"); the client
                                             resumes from its last version
    cosmodrome_ladder_rated_total{game}      rated matches this replica rated
    cosmodrome_ladder_tickets_total{game,outcome}  tickets: created, matched, cancelled
    cosmodrome_ladder_wait_seconds{game}     a matched ticket's wait, creation to seat
    cosmodrome_notices_queued_total          "your turn"/"match ended" notices queued
    cosmodrome_notices_delivered_total{kind} notices the webhook answered 2xx
    cosmodrome_notices_failed_total{reason}  failed attempts (timeout, connect, http_5xx...)
    cosmodrome_notices_retried_total         of those, the ones scheduled again (backoff)
    cosmodrome_notices_dropped_total{reason} notices given up (attempts, backlog)
    cosmodrome_notices_rebuilt_total         versions whose notices this replica built from
                                             the store: their replica never queued them
    cosmodrome_notices_withdrawn_total       "your turn" notices withdrawn unsent (the
                                             seat moved within --webhook-wait-seconds)
    cosmodrome_notices_in_flight             webhook POSTs in flight on this replica
    cosmodrome_store_memory_bytes            the store's memory in use, read by the probe
    cosmodrome_store_memory_limit_bytes      its limit (maxmemory, else the machine's): past
                                             --store-memory-mark of it, no new match
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

import grpc
from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily

# Latency buckets in seconds: a move takes about a millisecond, a slow store call seconds.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)


class _Histogram:
    """A labelled histogram updated on the event loop's thread only, read by the scrape.

    Per label values: a count per bucket (the last one: above every bound) and the sum.
    """

    def __init__(self, name: str, documentation: str, labels: list[str]) -> None:
        self.name, self.documentation, self.labels = name, documentation, labels
        self.series: dict[tuple[str, ...], list] = {}
        REGISTRY.register(self)

    def observe(self, values: tuple[str, ...], seconds: float) -> None:
        series = self.series.get(values)
        if series is None:
            series = self.series[values] = [[0] * (len(BUCKETS) + 1), 0.0]
        series[0][bisect_left(BUCKETS, seconds)] += 1
        series[1] += seconds

    def collect(self):
        family = HistogramMetricFamily(self.name, self.documentation, labels=self.labels)
        bounds = [*map(str, BUCKETS), "+Inf"]
        for values, (counts, total) in list(self.series.items()):
            cumulative = zip(bounds, accumulate(counts), strict=True)
            family.add_metric(list(values), list(cumulative), total)
        yield family


class _Counter:
    """A labelled counter updated on the event loop's thread only, read by the scrape."""

    def __init__(self, name: str, documentation: str, labels: list[str]) -> None:
        self.name, self.documentation, self.labels = name, documentation, labels
        self.counts: dict[tuple[str, ...], int] = {}
        REGISTRY.register(self)

    def inc(self, values: tuple[str, ...]) -> None:
        self.counts[values] = self.counts.get(values, 0) + 1

    def collect(self):
        family = CounterMetricFamily(self.name, self.documentation, labels=self.labels)
        for values, count in list(self.counts.items()):
            family.add_metric(list(values), count)
        yield family


rpc_seconds = _Histogram("cosmodrome_rpc_seconds", "gRPC calls by method and status code",
                         ["method", "code"])
moves = _Counter("cosmodrome_moves", "Moves applied, by game", ["game"])
store_seconds = _Histogram("cosmodrome_store_seconds", "Store round trips, by operation",
                           ["op"])
watchers = Gauge("cosmodrome_watchers", "WatchMatch streams open")
play_sessions = Gauge("cosmodrome_play_sessions", "Play session streams open")
store_errors = Counter("cosmodrome_store_errors", "Store failures, by operation", ["op"])
store_up = Gauge("cosmodrome_store_up", "1 while the store answers the health probe")
deadlines_fired = Counter("cosmodrome_deadlines_fired",
                          "Game deadlines this replica applied, by game", ["game"])
chat_lines = Counter("cosmodrome_chat_lines", "Chat lines kept, by game", ["game"])
watch_dropped = Counter("cosmodrome_watch_dropped",
                        "Watch streams ended because their reader fell behind", ["reason"])
# Ratings and matchmaking (cosmodrome.ladder): matches rated (each once, by one replica),
# tickets by how they ended, and the wait from ticket to seat.
ladder_rated = Counter("cosmodrome_ladder_rated", "Matches rated, by game", ["game"])
ladder_tickets = Counter("cosmodrome_ladder_tickets",
                         "Tickets created and ended, by game and outcome", ["game", "outcome"])
ladder_wait = Histogram("cosmodrome_ladder_wait_seconds",
                        "From a ticket's creation to its seat, by game", ["game"],
                        buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300))
# "Your turn" notices (cosmodrome/notices): queued by commits, POSTed to the host's webhook
notices_queued = Counter("cosmodrome_notices_queued", "Notices put in the store's outbox")
notices_delivered = Counter("cosmodrome_notices_delivered",
                            "Notices the webhook accepted (2xx), by kind", ["kind"])
notices_failed = Counter("cosmodrome_notices_failed", "Failed delivery attempts, by reason "
                         "(timeout, connect, protocol, http_4xx, http_5xx)", ["reason"])
notices_retried = Counter("cosmodrome_notices_retried", "Failed attempts scheduled again")
notices_dropped = Counter("cosmodrome_notices_dropped", "Notices given up, by reason "
                          "(attempts: the last one failed; backlog: the store was away too "
                          "long, left to the commit's marker)", ["reason"])
notices_rebuilt = Counter("cosmodrome_notices_rebuilt", "Versions whose notices a drainer "
                          "built from the store (their replica never queued them)")
notices_withdrawn = Counter("cosmodrome_notices_withdrawn", "\"Your turn\" notices "
                            "withdrawn: the seat moved before --webhook-wait-seconds")
notices_in_flight = Gauge("cosmodrome_notices_in_flight", "Webhook POSTs in flight")
store_memory = Gauge("cosmodrome_store_memory_bytes", "The store's memory in use")
store_memory_limit = Gauge("cosmodrome_store_memory_limit_bytes",
                           "The store's memory limit (maxmemory, else the machine's)")


def observe_call(method: str, code: grpc.StatusCode | str, seconds: float) -> None:
    rpc_seconds.observe((method, code if isinstance(code, str) else code.name), seconds)


def observe_store(op: str, seconds: float) -> None:
    store_seconds.observe((op,), seconds)


def count_move(game: str) -> None:
    moves.inc((game,))


def serve(host: str, port: int) -> int:
    """Serve /metrics on host:port in a thread; returns the port (0 picks a free one)."""
    server, _ = start_http_server(port, addr=host)
    return server.server_port
