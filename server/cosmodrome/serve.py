"""`cosmodrome-server`: run one stateless replica.

Configuration by flags or environment (flags win):
    --host/COSMODROME_HOST            listen address (127.0.0.1)
    --port/COSMODROME_PORT            gRPC port (50051; 0 picks a free one)
    --redis-url/COSMODROME_REDIS_URL  Redis or Valkey URL; unset: the embedded store;
                                      redis+cluster://host:port for a Cluster (any node)
    --store-wait-replicas/COSMODROME_STORE_WAIT_REPLICAS  acknowledge a write only once this
                                      many replicas hold it (WAIT; 0: at once, the default)
    --store-wait-ms/COSMODROME_STORE_WAIT_MS  how long a write waits for them (1000)
    --data-dir/COSMODROME_DATA_DIR    embedded store's folder (./data)
    --admin-token/COSMODROME_ADMIN_TOKEN  enables the admin API
    --log-format/COSMODROME_LOG_FORMAT    json (default) or console
    --log-level/COSMODROME_LOG_LEVEL      info (default), warning, ...
    --retention-hours/COSMODROME_RETENTION_HOURS  keep finished matches (168)
    --max-message-bytes/COSMODROME_MAX_MESSAGE_BYTES  largest request accepted (262144)
    --http-port/COSMODROME_HTTP_PORT  also serve HTTP here through an Envoy edge started
                                      beside this replica (REST/JSON, SSE, gRPC-Web); 0: no
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TextIO

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from cosmodrome.api.interceptor import access_log, add_service
from cosmodrome.api.servicers import (
    AdminServicer,
    CatalogServicer,
    LobbyServicer,
    PlayServicer,
)
from cosmodrome.api.watch_hub import WatchHub
from cosmodrome.core.runner import Runner
from cosmodrome.games import registry
from cosmodrome.store.deadlines import DeadlineLoop
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import admin_pb2, catalog_pb2, lobby_pb2, play_pb2

log = structlog.get_logger("cosmodrome.serve")
SERVICES = (catalog_pb2, lobby_pb2, play_pb2, admin_pb2)


@dataclass
class Config:
    host: str = "127.0.0.1"
    port: int = 50051
    redis_url: str = ""
    store_wait_replicas: int = 0
    store_wait_ms: int = 1000
    data_dir: str = "data"
    admin_token: str = ""
    log_format: str = "json"
    log_level: str = "info"
    retention_hours: float = 168.0
    max_message_bytes: int = 256 * 1024
    http_port: int = 0


def parse_config(argv: list[str] | None = None) -> Config:
    env = os.environ.get
    d = Config()
    p = argparse.ArgumentParser(prog="cosmodrome-server", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default=env("COSMODROME_HOST", d.host))
    p.add_argument("--port", type=int, default=int(env("COSMODROME_PORT", d.port)))
    p.add_argument("--redis-url", default=env("COSMODROME_REDIS_URL", d.redis_url))
    p.add_argument("--store-wait-replicas", type=int,
                   default=int(env("COSMODROME_STORE_WAIT_REPLICAS", d.store_wait_replicas)))
    p.add_argument("--store-wait-ms", type=int,
                   default=int(env("COSMODROME_STORE_WAIT_MS", d.store_wait_ms)))
    p.add_argument("--data-dir", default=env("COSMODROME_DATA_DIR", d.data_dir))
    p.add_argument("--admin-token", default=env("COSMODROME_ADMIN_TOKEN", d.admin_token))
    p.add_argument("--log-format", choices=("json", "console"),
                   default=env("COSMODROME_LOG_FORMAT", d.log_format))
    p.add_argument("--log-level", default=env("COSMODROME_LOG_LEVEL", d.log_level))
    p.add_argument("--retention-hours", type=float,
                   default=float(env("COSMODROME_RETENTION_HOURS", d.retention_hours)))
    p.add_argument("--max-message-bytes", type=int,
                   default=int(env("COSMODROME_MAX_MESSAGE_BYTES", d.max_message_bytes)))
    p.add_argument("--http-port", type=int, default=int(env("COSMODROME_HTTP_PORT", d.http_port)))
    return Config(**vars(p.parse_args(argv)))


class LineWriter:
    """structlog's output: lines are kept and written together every FLUSH_S seconds (or
    every MAX_LINES). Writing each access line at once cost a syscall, and flushing at the
    end of each event-loop turn an extra turn, per call. Outside a running loop a line is
    written at once; `flush` also runs at exit. A crash loses at most FLUSH_S of lines."""

    FLUSH_S = 0.05
    MAX_LINES = 512

    def __init__(self, file: TextIO) -> None:
        self.file = file
        self.lines: list[str] = []
        atexit.register(self.flush)

    def msg(self, message: str) -> None:
        if not self.lines:
            try:
                asyncio.get_running_loop().call_later(self.FLUSH_S, self.flush)
            except RuntimeError:  # no loop running: start-up, shutdown
                self.file.write(message + "\n")
                self.file.flush()
                return
        self.lines.append(message)
        if len(self.lines) >= self.MAX_LINES:
            self.flush()

    debug = info = warning = warn = error = critical = exception = fatal = log = msg

    def flush(self) -> None:
        if self.lines:
            self.lines.append("")
            self.file.write("\n".join(self.lines))
            self.file.flush()
            self.lines.clear()


def timestamp(_, __, event: dict) -> dict:
    """ISO 8601 UTC time of the event: the `timestamp` (epoch seconds) a line logged later
    carries (access lines are rendered in batches), else now."""
    at = event.get("timestamp")
    at = at if isinstance(at, float) else time.time()
    event["timestamp"] = datetime.fromtimestamp(at, UTC).isoformat("T", "microseconds")[:-6] + "Z"
    return event


def configure_logging(fmt: str, level: str) -> None:
    writer = LineWriter(sys.stdout)
    renderer = (structlog.processors.JSONRenderer() if fmt == "json"
                else structlog.dev.ConsoleRenderer())
    structlog.configure(
        processors=[structlog.processors.add_log_level,
                    timestamp,
                    structlog.processors.format_exc_info, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=lambda *_: writer,
        cache_logger_on_first_use=True)


async def serve(config: Config, ready: asyncio.Event | None = None) -> None:
    embedded = None
    url = config.redis_url
    if not url:
        embedded = EmbeddedRedis(config.data_dir)
        url = embedded.start()  # in the main thread: the store ends with this process
    store = RedisStore.from_url(url, retention_ms=int(config.retention_hours * 3_600_000),
                                wait_replicas=config.store_wait_replicas,
                                wait_ms=config.store_wait_ms)
    await store.redis.ping()
    runner = Runner(store, registry())
    hub = WatchHub(store)
    deadlines = DeadlineLoop(runner)

    limit = config.max_message_bytes
    server = grpc.aio.server(
        options=[("grpc.max_receive_message_length", limit),
                 ("grpc.so_reuseport", 0),
                 # long watch streams: accept clients' keepalive pings every 10 s or more,
                 # and ping idle clients every minute to find the dead ones
                 ("grpc.keepalive_permit_without_calls", 1),
                 ("grpc.http2.min_recv_ping_interval_without_data_ms", 10_000),
                 ("grpc.http2.max_ping_strikes", 0),
                 ("grpc.keepalive_time_ms", 60_000),
                 ("grpc.keepalive_timeout_ms", 20_000)])
    servicers = {"CatalogService": CatalogServicer(runner), "LobbyService": LobbyServicer(runner),
                 "PlayService": PlayServicer(runner, hub),
                 "AdminService": AdminServicer(runner, config.admin_token or None)}
    for module in SERVICES:
        for name, service in module.DESCRIPTOR.services_by_name.items():
            add_service(server, service, servicers[name])
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = [m.DESCRIPTOR.services_by_name[s].full_name
             for m in SERVICES for s in m.DESCRIPTOR.services_by_name]
    reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME],
                                        server)
    port = server.add_insecure_port(f"{config.host}:{config.port}")
    await server.start()
    for name in ["", *names]:
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    deadlines.start()
    edge = await start_edge(config, port) if config.http_port else None
    log.info("serving", address=f"{config.host}:{port}", store=url,
             embedded=embedded is not None, games=sorted(runner.games),
             admin_api=bool(config.admin_token))
    print(f"cosmodrome serving on {config.host}:{port}", file=sys.stderr, flush=True)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if ready:
        ready.set()
    await stop.wait()

    log.info("shutting down")
    await health_servicer.enter_graceful_shutdown()
    if edge:
        await asyncio.to_thread(edge.stop)
    await deadlines.stop()
    await hub.close()  # watch streams end cleanly; clients resume elsewhere
    await server.stop(grace=5)
    await store.close()
    access_log.flush()
    if embedded:
        await embedded.astop()
    log.info("stopped")


async def start_edge(config: Config, grpc_port: int):
    """The HTTP edge for this replica alone (`make run`). Spawned here, in the main thread,
    so it ends with this process; awaited in a thread, since it answers through us."""
    from cosmodrome.edge.config import EdgeConfig
    from cosmodrome.edge.launcher import EdgeProcess
    edge = EdgeProcess(EdgeConfig(upstreams=[f"127.0.0.1:{grpc_port}"], host=config.host,
                                  http_port=config.http_port, health_interval_s=2.0))
    edge.spawn()
    try:
        await asyncio.to_thread(edge.wait_ready)
    except RuntimeError as exc:  # Envoy said why above (a port taken, most often)
        raise SystemExit(f"cosmodrome: {exc}") from None
    print(f"cosmodrome HTTP edge on {edge.url}", file=sys.stderr, flush=True)
    return edge


def main(argv: list[str] | None = None) -> None:
    config = parse_config(argv)
    configure_logging(config.log_format, config.log_level)
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    asyncio.run(serve(config))


if __name__ == "__main__":
    main()
