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
    --max-options-bytes/COSMODROME_MAX_OPTIONS_BYTES  largest match options accepted (4096)
    --tls-cert/COSMODROME_TLS_CERT    PEM certificate chain: serve gRPC over TLS (with --tls-key)
    --tls-key/COSMODROME_TLS_KEY      PEM private key of that certificate
    --metrics-port/COSMODROME_METRICS_PORT  serve Prometheus /metrics on --host:PORT
                                      (unset: no endpoint; 0: a free port, logged)
    --drain/COSMODROME_DRAIN=1        create no match (UNAVAILABLE: clients retry elsewhere),
                                      play on: the old release during an upgrade
    --whole-replays/COSMODROME_WHOLE_REPLAYS=1  anyone may replay a finished match whole
                                      (every seat's secrets and moves; off: as a seat saw it)
    --silent-match-hours/COSMODROME_SILENT_MATCH_HOURS  an active match with no change for
                                      that long ends as abandoned, no winners (0: never)
    --max-streams-per-connection/COSMODROME_MAX_STREAMS_PER_CONNECTION  calls and watch
                                      streams open at once on one connection (1000)
    --max-watchers-per-match/COSMODROME_MAX_WATCHERS_PER_MATCH  watch streams of one match
                                      on this replica (10000; 0: no limit)
    --watch-catch-up/COSMODROME_WATCH_CATCH_UP  log entries a watch replays at a time (100)
    --watch-buffer/COSMODROME_WATCH_BUFFER  updates waiting for a slow watcher before its
                                      stream is dropped (64)
    --max-idle-seconds/COSMODROME_MAX_IDLE_SECONDS  a connection with no call open this
                                      long is closed (300)
    --chat-max-chars/COSMODROME_CHAT_MAX_CHARS  characters a chat line may hold (500)
    --chat-kept-lines/COSMODROME_CHAT_KEPT_LINES  chat lines kept per match (500)
    --chat-rate-lines/COSMODROME_CHAT_RATE_LINES  chat lines a seat may say per window (5)
    --chat-rate-seconds/COSMODROME_CHAT_RATE_SECONDS  that window (10)
    --deadline-tick-ms/COSMODROME_DEADLINE_TICK_MS  how often due deadlines (turn clocks,
                                      server bots' moves) are fired (100)
    --play-rate/COSMODROME_PLAY_RATE  moves a Play session may send per second (500; 0: any)
    --play-burst/COSMODROME_PLAY_BURST  moves it may send at once above that rate (1000)
    --play-heartbeat-seconds/COSMODROME_PLAY_HEARTBEAT_SECONDS  a quiet Play session gets a
                                      heartbeat this often (15)
    --play-open-seconds/COSMODROME_PLAY_OPEN_SECONDS  a Play stream must send its opening
                                      request within this (30)
    --play-socket-port/COSMODROME_PLAY_SOCKET_PORT  the Play socket (the Play session over a
                                      WebSocket, ws://HOST:PORT/v1/play; api/play_socket.py):
                                      its port (default: --port + 1, none if that one is
                                      taken, said in the log; a free one with --port 0)
    --no-play-socket/COSMODROME_PLAY_SOCKET=0  serve no Play socket
    --workers/COSMODROME_WORKERS      run this many replica processes on the port
                                      (SO_REUSEPORT), each restarted if it dies (1); see
                                      cosmodrome.workers
    --webhook-url/COSMODROME_WEBHOOK_URL  POST "your turn" and "match ended" notices here
                                      (http:// or https://; unset: no notices)
    --webhook-secret/COSMODROME_WEBHOOK_SECRET  their HMAC-SHA256 key (prefer the variable
                                      or the file: a command line is readable by any user)
    --webhook-secret-file/COSMODROME_WEBHOOK_SECRET_FILE  a file of keys, one a line: each
                                      signs (two while rotating)
    --webhook-timeout-seconds (5)  --webhook-concurrency (16: POSTs in flight per replica)
    --webhook-attempts (15)  --webhook-backoff-seconds (1, doubled per failure, jittered)
    --webhook-backoff-max-seconds (300)   (each also COSMODROME_WEBHOOK_...)
    --webhook-wait-seconds (0)  a "your turn" is sent only if the seat still owes after
                                      this long (a player at the table is not told)
  Player identity (docs/api.md, "Identity"): bearer JWTs of the host's identity provider
    --jwks-file/COSMODROME_JWKS_FILE or --jwks-url/COSMODROME_JWKS_URL  its public keys
    --jwt-issuer/COSMODROME_JWT_ISSUER  its `iss`; --jwt-audience/COSMODROME_JWT_AUDIENCE
                                      the `aud` accepted (comma-separated; empty: any)
    --guest-key-secret/COSMODROME_GUEST_KEY_SECRET  derive guest signing keys from this
                                      secret (unset: keys made once and kept in the store)
    --guest-issuer (cosmodrome-guest), --guest-rotate-hours (168), --guest-token-days (30)
    --waiting-expiry-hours/COSMODROME_WAITING_EXPIRY_HOURS  a waiting match nobody joins
                                      leaves the store after this (24; 0: never)
    --archive-dir/COSMODROME_ARCHIVE_DIR  finished matches past retention go to this folder
                                      (gzip files: ExportMatch, GetMatch, GetLog still find
                                      them); unset: they expire
    --store-memory-mark/COSMODROME_STORE_MEMORY_MARK  past this share of the store's memory
                                      (maxmemory, else the machine's), CreateMatch answers
                                      RESOURCE_EXHAUSTED; moves go on (0.9; 0: never)
    --max-pending-calls/COSMODROME_MAX_PENDING_CALLS  calls arrived and not yet taken up
                                      that the server holds (a reconnect burst) (20000)
    --ladder-window-mu, --ladder-window-mu-per-second  the matchmaker's rating window (in mu)
                                      at once (2) and its widening per second waited (1)
    --ladder-bot-fill-seconds         server bots fill a match after this wait (0: never)
    --ladder-ticket-ttl-seconds       a ticket's default time to live (300)
                                      (each also COSMODROME_LADDER_...; docs/api.md, ladder)
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import errno
import hashlib
import json
import logging
import os
import signal
import socket
import ssl
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TextIO
from urllib.parse import urlsplit, urlunsplit

import grpc
import redis
import structlog
from grpc_health.v1 import health
from grpc_reflection.v1alpha import reflection

from cosmodrome import metrics
from cosmodrome.api import interceptor, play_socket
from cosmodrome.api.health import StoreProbe, add_health
from cosmodrome.api.interceptor import access_log, add_service
from cosmodrome.api.ladder import Ladder
from cosmodrome.api.play_session import PlayLimits
from cosmodrome.api.players import PlayerServicer
from cosmodrome.api.replay import ReplayServicer
from cosmodrome.api.servicers import (
    AdminServicer,
    CatalogServicer,
    LobbyServicer,
    PlayServicer,
)
from cosmodrome.api.watch_hub import WatchHub, WatchLimits
from cosmodrome.auth import looks_like_jwt
from cosmodrome.auth.identity import Identity, IdentitySettings
from cosmodrome.auth.jwks import JwksError
from cosmodrome.core.chat import Chat, ChatLimits
from cosmodrome.core.runner import Committed, Runner
from cosmodrome.games import records
from cosmodrome.ladder.matchmaker import MatchmakerSettings
from cosmodrome.notices.delivery import Webhook
from cosmodrome.notices.drainer import Notices
from cosmodrome.notices.drainer import Policy as NoticePolicy
from cosmodrome.store.archive import DirectoryArchive
from cosmodrome.store.deadlines import DeadlineLoop
from cosmodrome.store.embedded import EmbeddedRedis, EmbeddedStoreError
from cosmodrome.store.lifecycle import LifecycleLoop
from cosmodrome.store.players import PlayerStore
from cosmodrome.store.redis_store import Lifecycle, RedisStore
from cosmodrome.v1 import (
    admin_pb2,
    catalog_pb2,
    ladder_pb2,
    lobby_pb2,
    play_pb2,
    player_pb2,
    replay_pb2,
)

log = structlog.get_logger("cosmodrome.serve")
SERVICES = (catalog_pb2, lobby_pb2, play_pb2, admin_pb2, player_pb2, ladder_pb2, replay_pb2)


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
    max_options_bytes: int = 4096
    tls_cert: str = ""
    tls_key: str = ""
    metrics_port: int | None = None
    drain: bool = False
    max_streams_per_connection: int = 1000
    max_watchers_per_match: int = WatchLimits.per_match
    watch_catch_up: int = WatchLimits.catch_up
    watch_buffer: int = WatchLimits.buffer
    max_idle_seconds: float = 300.0
    chat_max_chars: int = ChatLimits.max_chars
    chat_kept_lines: int = ChatLimits.kept
    chat_rate_lines: int = ChatLimits.rate_lines
    chat_rate_seconds: float = ChatLimits.rate_window_ms / 1000
    deadline_tick_ms: int = 100
    play_rate: float = PlayLimits.rate
    play_burst: int = PlayLimits.burst
    play_heartbeat_seconds: float = PlayLimits.heartbeat_s
    play_open_seconds: float = PlayLimits.open_s
    play_socket_port: int | None = None  # None: --port + 1
    no_play_socket: bool = False
    workers: int = 1
    reuse_port: bool = False  # a worker of --workers: others bind the same port
    # notices (cosmodrome.notices): the secret is never logged nor put on a command line
    webhook_url: str = ""
    webhook_secret: str = field(default="", repr=False)
    webhook_secret_file: str = ""
    webhook_timeout_seconds: float = 5.0
    webhook_concurrency: int = 16
    webhook_attempts: int = 15
    webhook_backoff_seconds: float = 1.0
    webhook_backoff_max_seconds: float = 300.0
    webhook_wait_seconds: float = 0.0
    # identity (auth/identity.py)
    jwks_file: str = ""
    jwks_url: str = ""
    jwt_issuer: str = ""
    jwt_audience: str = ""
    guest_key_secret: str = field(default="", repr=False)
    guest_issuer: str = "cosmodrome-guest"
    guest_rotate_hours: float = 168.0
    guest_token_days: float = 30.0
    # the store's lifecycle and limits (store/indexes.py, store/lifecycle.py)
    waiting_expiry_hours: float = 24.0
    archive_dir: str = ""
    store_memory_mark: float = 0.9
    max_pending_calls: int = 20_000
    ladder_window_mu: float = MatchmakerSettings.window_mu
    ladder_window_mu_per_second: float = MatchmakerSettings.window_mu_per_s
    ladder_bot_fill_seconds: float = MatchmakerSettings.bot_fill_after_s
    ladder_ticket_ttl_seconds: float = MatchmakerSettings.ticket_ttl_s
    whole_replays: bool = False  # replays: anyone may see a finished match whole (api/replay.py)
    silent_match_hours: float = 0.0  # an active match silent this long ends abandoned (0: never)


def optional_int(text: str | None) -> int | None:
    return int(text) if text not in (None, "") else None


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
    p.add_argument("--max-options-bytes", type=int,
                   default=int(env("COSMODROME_MAX_OPTIONS_BYTES", d.max_options_bytes)))
    p.add_argument("--tls-cert", default=env("COSMODROME_TLS_CERT", d.tls_cert))
    p.add_argument("--tls-key", default=env("COSMODROME_TLS_KEY", d.tls_key))
    p.add_argument("--metrics-port", type=optional_int,
                   default=optional_int(env("COSMODROME_METRICS_PORT")))
    p.add_argument("--drain", action="store_true",
                   default=env("COSMODROME_DRAIN", "") not in ("", "0"))
    p.add_argument("--play-socket-port", type=optional_int,
                   default=optional_int(env("COSMODROME_PLAY_SOCKET_PORT")))
    p.add_argument("--no-play-socket", action="store_true",
                   default=env("COSMODROME_PLAY_SOCKET", "1") in ("0", "false", "off"))
    p.add_argument("--workers", type=int, default=int(env("COSMODROME_WORKERS", d.workers)))
    p.add_argument("--reuse-port", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--whole-replays", action="store_true",
                   default=env("COSMODROME_WHOLE_REPLAYS", "") == "1")
    for name, kind in (("max_streams_per_connection", int), ("max_watchers_per_match", int),
                       ("watch_catch_up", int), ("watch_buffer", int),
                       ("max_idle_seconds", float), ("chat_max_chars", int),
                       ("chat_kept_lines", int), ("chat_rate_lines", int),
                       ("chat_rate_seconds", float), ("deadline_tick_ms", int),
                       ("play_rate", float), ("play_burst", int),
                       ("play_heartbeat_seconds", float), ("play_open_seconds", float),
                       ("webhook_url", str), ("webhook_secret", str),
                       ("webhook_secret_file", str), ("webhook_timeout_seconds", float),
                       ("webhook_concurrency", int), ("webhook_attempts", int),
                       ("webhook_backoff_seconds", float),
                       ("webhook_backoff_max_seconds", float),
                       ("webhook_wait_seconds", float),
                       ("jwks_file", str), ("jwks_url", str), ("jwt_issuer", str),
                       ("jwt_audience", str), ("guest_key_secret", str), ("guest_issuer", str),
                       ("guest_rotate_hours", float), ("guest_token_days", float),
                       ("waiting_expiry_hours", float), ("archive_dir", str),
                       ("store_memory_mark", float), ("max_pending_calls", int),
                       ("ladder_window_mu", float), ("ladder_window_mu_per_second", float),
                       ("ladder_bot_fill_seconds", float), ("ladder_ticket_ttl_seconds", float),
                       ("silent_match_hours", float)):
        default = kind(env(f"COSMODROME_{name.upper()}", getattr(d, name)))
        p.add_argument(f"--{name.replace('_', '-')}", type=kind, default=default)
    config = Config(**vars(p.parse_args(argv)))
    if (config.jwks_file or config.jwks_url) and (not config.jwt_issuer or
                                                   (config.jwks_file and config.jwks_url)):
        p.error("--jwks-file or --jwks-url (one) goes with --jwt-issuer")
    if config.guest_rotate_hours * 60 < 1 or config.guest_token_days * 1440 < 1 or \
            config.guest_issuer == config.jwt_issuer:
        p.error("--guest-rotate-hours and --guest-token-days must be a minute or more, and "
                "--guest-issuer differ from --jwt-issuer")
    if not 0 <= config.store_memory_mark <= 1 or config.waiting_expiry_hours < 0 \
            or config.max_pending_calls < 1:
        p.error("--store-memory-mark must be between 0 and 1, --waiting-expiry-hours >= 0, "
                "--max-pending-calls >= 1")
    if looks_like_jwt(config.admin_token):  # (auth: a bearer with two dots is a player's)
        p.error("--admin-token must not have exactly two dots: it would read as a player's "
                "JWT and be refused (`openssl rand -hex 32` makes a good one)")
    if config.silent_match_hours < 0:
        p.error("--silent-match-hours must be >= 0 (0: never)")
    if config.workers < 1:
        p.error("--workers must be at least 1")
    if config.watch_catch_up < 1 or config.watch_buffer < 1:
        p.error("--watch-catch-up and --watch-buffer must be at least 1")
    if config.deadline_tick_ms < 1:
        p.error("--deadline-tick-ms must be at least 1")
    if config.play_rate < 0 or config.play_burst < 1 or \
            min(config.play_heartbeat_seconds, config.play_open_seconds) <= 0:
        p.error("--play-rate must be >= 0, --play-burst >= 1, --play-heartbeat-seconds and "
                "--play-open-seconds > 0")
    if min(config.chat_max_chars, config.chat_kept_lines, config.chat_rate_lines) < 1 \
            or config.chat_rate_seconds <= 0:
        p.error("--chat-max-chars, --chat-kept-lines, --chat-rate-lines and "
                "--chat-rate-seconds must be positive")
    if bool(config.tls_cert) != bool(config.tls_key):
        p.error("--tls-cert and --tls-key go together")
    for path in filter(None, (config.tls_cert, config.tls_key, config.webhook_secret_file)):
        if not os.path.isfile(path):
            p.error(f"no such file: {path}")
    if config.webhook_url:
        try:
            webhook(config)
        except ValueError as exc:
            p.error(f"--webhook-url: {exc} (--webhook-secret or --webhook-secret-file)")
    if config.webhook_concurrency < 1 or config.webhook_attempts < 1 or \
            min(config.webhook_timeout_seconds, config.webhook_backoff_seconds) <= 0 or \
            config.webhook_wait_seconds < 0:
        p.error("--webhook-concurrency and --webhook-attempts must be at least 1, "
                "--webhook-timeout-seconds and --webhook-backoff-seconds positive, "
                "--webhook-wait-seconds not negative")
    return config


def webhook(config: Config) -> Webhook:
    """Where notices go, signed with the secret and every key of the secret file."""
    keys = [config.webhook_secret] if config.webhook_secret else []
    if config.webhook_secret_file:
        with open(config.webhook_secret_file) as lines:
            keys += [line.strip() for line in lines if line.strip()]
    return Webhook(config.webhook_url, tuple(k.encode() for k in keys),
                   config.webhook_timeout_seconds)


def start_notices(config: Config, runner: Runner) -> Notices:
    notices = Notices(runner, webhook(config), NoticePolicy(
        concurrency=config.webhook_concurrency, attempts=config.webhook_attempts,
        backoff_s=config.webhook_backoff_seconds,
        backoff_max_s=config.webhook_backoff_max_seconds,
        wait_s=config.webhook_wait_seconds))
    notices.start()
    return notices


def fan_out(*listeners: Committed) -> Committed:
    """One `on_commit` calling each listener in turn (each returns at once: none awaits)."""
    def committed(entry, snapshot) -> None:
        for listener in listeners:
            listener(entry, snapshot)
    return committed


class StartError(Exception):
    """Why this replica cannot start, in one line (a port taken, the store unreachable)."""


def check_port_free(host: str, port: int, flag: str) -> None:
    """Refuse a taken port before anything else binds it (gRPC and Envoy would only say so
    in a traceback or a page of log; Envoy and --workers share ports through
    SO_REUSEPORT, so the check is a plain bind)."""
    if not port:
        return
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        # as gRPC and Envoy bind: a port whose last connections linger in TIME_WAIT (a
        # replica restarted on its port) is free; one with a listener is not
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be bound ({exc})"
            raise StartError(f"{flag}: port {port} {why} on {host}") from None


def identity_settings(config: Config) -> IdentitySettings:
    audiences = tuple(a.strip() for a in config.jwt_audience.split(",") if a.strip())
    return IdentitySettings(
        jwks_file=config.jwks_file, jwks_url=config.jwks_url, jwt_issuer=config.jwt_issuer,
        jwt_audiences=audiences, guest_issuer=config.guest_issuer,
        guest_key_secret=config.guest_key_secret,
        guest_rotate_s=int(config.guest_rotate_hours * 3600),
        guest_lifetime_s=int(config.guest_token_days * 86400))
def store_lifecycle(config: Config) -> Lifecycle:
    return Lifecycle(retention_ms=int(config.retention_hours * 3_600_000),
                     waiting_ms=int(config.waiting_expiry_hours * 3_600_000),
                     archive=DirectoryArchive(config.archive_dir) if config.archive_dir else None)


def chat_limits(config: Config) -> ChatLimits:
    return ChatLimits(max_chars=config.chat_max_chars, kept=config.chat_kept_lines,
                      rate_lines=config.chat_rate_lines,
                      rate_window_ms=int(config.chat_rate_seconds * 1000))


def without_password(url: str) -> str:
    """The store's URL as a log may show it: any password replaced by `***`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = f"{parts.username}:" if parts.username else ":"
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}***@{host}"))


def play_limits(config: Config) -> PlayLimits:
    return PlayLimits(rate=config.play_rate, burst=config.play_burst,
                      heartbeat_s=config.play_heartbeat_seconds,
                      open_s=config.play_open_seconds)


def tls_credentials(config: Config) -> grpc.ServerCredentials | None:
    """Server credentials from the PEM files of --tls-cert and --tls-key, if given."""
    if not config.tls_cert:
        return None
    with open(config.tls_key, "rb") as key, open(config.tls_cert, "rb") as chain:
        return grpc.ssl_server_credentials([(key.read(), chain.read())])


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
    threshold = logging.getLevelNamesMapping()[level.upper()]
    structlog.configure(
        processors=[structlog.processors.add_log_level,
                    timestamp,
                    structlog.processors.format_exc_info, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(threshold),
        logger_factory=lambda *_: writer,
        cache_logger_on_first_use=True)
    access_log.enabled = threshold <= logging.INFO
    if fmt == "json":  # access lines, the bulk of the log, rendered the same way but directly
        def emit(line: dict) -> None:
            line["event"], line["level"] = "rpc", "info"
            writer.msg(json.dumps(timestamp(None, None, line), default=repr))
        access_log.emit = emit
    else:
        access_log.emit = None


async def serve(config: Config, ready: asyncio.Event | None = None) -> None:
    embedded = None
    url = config.redis_url
    if not url:
        embedded = EmbeddedRedis(config.data_dir)
        url = embedded.start()  # in the main thread: the store ends with this process
    store = RedisStore.from_url(url, retention_ms=int(config.retention_hours * 3_600_000),
                                wait_replicas=config.store_wait_replicas,
                                wait_ms=config.store_wait_ms,
                                lifecycle=store_lifecycle(config),
                                memory_mark=config.store_memory_mark)
    try:
        await store.redis.ping()
    except (redis.RedisError, OSError) as exc:
        raise StartError(f"the store at {without_password(url)} cannot be reached: "
                         f"{exc}") from None
    if not config.reuse_port:
        check_port_free(config.host, config.port, "--port")
    check_port_free(config.host, config.http_port, "--http-port")
    if config.metrics_port is not None:
        check_port_free(config.host, config.metrics_port, "--metrics-port")
    if config.play_socket_port and not config.no_play_socket and not config.reuse_port:
        check_port_free(config.host, config.play_socket_port, "--play-socket-port")
    runner = Runner(store, records(), max_options_bytes=config.max_options_bytes,
                    silent_match_ms=int(config.silent_match_hours * 3_600_000))
    hub = WatchHub(store, WatchLimits(per_match=config.max_watchers_per_match,
                                      catch_up=config.watch_catch_up,
                                      buffer=config.watch_buffer))
    runner.on_commit = hub.committed  # this replica's watchers see its commits at once
    deadlines = DeadlineLoop(runner, interval_s=config.deadline_tick_ms / 1000)
    players = PlayerStore(store.redis)
    identity = Identity(identity_settings(config), players)
    try:
        await identity.start()
    except JwksError as exc:
        raise StartError(str(exc)) from None
    interceptor.players = identity.verifier

    limit = config.max_message_bytes
    server = grpc.aio.server(
        options=[("grpc.max_receive_message_length", limit),
                 ("grpc.so_reuseport", int(config.reuse_port)),
                 # long watch streams: accept clients' keepalive pings every 10 s or more,
                 # and ping idle clients every minute to find the dead ones
                 ("grpc.keepalive_permit_without_calls", 1),
                 ("grpc.http2.min_recv_ping_interval_without_data_ms", 10_000),
                 ("grpc.http2.max_ping_strikes", 0),
                 ("grpc.keepalive_time_ms", 60_000),
                 ("grpc.keepalive_timeout_ms", 20_000),
                 # hostile or forgotten clients: HTTP/2's own cap on streams per
                 # connection, and connections with no call open closed after a while
                 ("grpc.max_concurrent_streams", config.max_streams_per_connection),
                 ("grpc.max_connection_idle_ms", int(config.max_idle_seconds * 1000)),
                 # a reconnect burst: calls wait here for the server to take them up; past
                 # gRPC's defaults (1000, and 3000 at most) they were cancelled, unexplained
                 ("grpc.server.max_pending_requests", config.max_pending_calls),
                 ("grpc.server.max_pending_requests_hard_limit", config.max_pending_calls)])
    servicers = {"CatalogService": CatalogServicer(runner),
                 "LobbyService": LobbyServicer(runner, config.drain, players),
                 "PlayerService": PlayerServicer(runner, identity.guests, players),
                 "PlayService": PlayServicer(runner, hub, Chat(runner, chat_limits(config)),
                                             play_limits(config)),
                 "AdminService": AdminServicer(runner, config.admin_token or None)}
    # ratings fed by the commits that finish a rated match; the matchmaker's loop
    ladder = Ladder(runner, MatchmakerSettings(
        window_mu=config.ladder_window_mu, window_mu_per_s=config.ladder_window_mu_per_second,
        bot_fill_after_s=config.ladder_bot_fill_seconds,
        ticket_ttl_s=config.ladder_ticket_ttl_seconds, matching=not config.drain))
    servicers |= ladder.servicers()
    servicers["ReplayService"] = ReplayServicer(runner, config.whole_replays)
    for module in SERVICES:
        for name, service in module.DESCRIPTOR.services_by_name.items():
            add_service(server, service, servicers[name])
    health_servicer = health.aio.HealthServicer()
    add_health(server, health_servicer)
    names = [m.DESCRIPTOR.services_by_name[s].full_name
             for m in SERVICES for s in m.DESCRIPTOR.services_by_name]
    reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME],
                                        server)
    address = f"{config.host}:{config.port}"
    credentials = tls_credentials(config)
    port = (server.add_secure_port(address, credentials) if credentials
            else server.add_insecure_port(address))
    metrics_port = (metrics.serve(config.host, config.metrics_port)
                    if config.metrics_port is not None else None)
    await server.start()
    sockets = None if config.no_play_socket else await start_play_socket(
        config, servicers["PlayService"], port)
    probe = StoreProbe(health_servicer, store, names, embedded)
    await probe.start()
    deadlines.start()
    ladder.start()
    notices = start_notices(config, runner) if config.webhook_url else None
    if notices:  # after the watchers: a notice is queued, never awaited, by a commit
        # (runner.on_commit: the watchers, then the ratings' feed, cosmodrome.ladder)
        runner.on_commit = fan_out(runner.on_commit, notices.committed)
    lifecycle = LifecycleLoop(store)
    lifecycle.start()
    # From here a signal stops gracefully, even one that comes while the edge starts: the
    # edge answers HTTP before it is ready (it waits for the guest keys), and a SIGTERM
    # then, with Python's default action, cut its streams
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    edge = await start_edge(config, port, sockets) if config.http_port else None
    log.info("serving", address=f"{config.host}:{port}", store=without_password(url),
             embedded=embedded is not None, games=sorted(runner.games),
             admin_api=bool(config.admin_token), tls=credentials is not None,
             metrics_port=metrics_port, webhook=bool(notices),
             play_socket=play_socket.bound_port(sockets) if sockets else None)

    if ready:
        ready.set()
    await stop.wait()

    log.info("shutting down")
    await probe.stop()
    await health_servicer.enter_graceful_shutdown()
    await deadlines.stop()
    await ladder.stop()
    await identity.stop()
    await lifecycle.stop()
    await hub.close()  # watch streams end cleanly; clients resume elsewhere
    if sockets is not None:  # (their sessions ended with the hub's watches)
        sockets.close()
        await sockets.wait_closed()
    await server.stop(grace=5)
    if notices:  # once no more commits come: their notices are queued
        await notices.stop()
    if edge:  # last: it passes on the watches' clean ends and the calls' last answers
        await asyncio.to_thread(edge.drain_and_stop)
    await store.close()
    access_log.flush()
    if embedded:
        await embedded.astop()
    log.info("stopped")


async def start_play_socket(config: Config, servicer: PlayServicer, grpc_port: int):
    """The Play socket, or None when its port was not asked for (--port + 1) and is taken:
    a replica never fails to start for a port it was not told to use (the next one may be
    a client connection's own, on a busy host)."""
    port = socket_port(config, grpc_port)
    try:
        return await play_socket.start(servicer, config.host, port, config.max_message_bytes,
                                       config.reuse_port,
                                       play_socket.tls_context(config.tls_cert, config.tls_key))
    except OSError as exc:
        if config.play_socket_port is not None:
            raise StartError(f"--play-socket-port: port {port} cannot be bound ({exc})") \
                from None
        log.warning("no Play socket: port --port + 1 is taken (set --play-socket-port)",
                    port=port, error=str(exc))
        return None


def socket_port(config: Config, grpc_port: int) -> int:
    """The Play socket's port: --play-socket-port, else the gRPC port + 1 (0: a free one,
    when the gRPC port is a free one too)."""
    if config.play_socket_port is not None:
        return config.play_socket_port
    return grpc_port + 1 if config.port else 0


async def start_edge(config: Config, grpc_port: int, sockets=None):
    """The HTTP edge for this replica alone (`make run`). Spawned here, in the main thread,
    so it ends with this process; awaited in a thread, since it answers through us."""
    from cosmodrome.edge.config import EdgeConfig
    from cosmodrome.edge.launcher import EdgeProcess
    edge = EdgeProcess(EdgeConfig(upstreams=[f"127.0.0.1:{grpc_port}"], host=config.host,
                                  http_port=config.http_port, health_interval_s=2.0,
                                  upstream_tls_sha256=certificate_sha256(config.tls_cert),
                                  log_format=config.log_format,
                                  play_sockets=[f"127.0.0.1:{play_socket.bound_port(sockets)}"]
                                  if sockets else [],
                                  **edge_identity(identity_settings(config))))
    edge.spawn()
    try:
        await asyncio.to_thread(edge.wait_ready)
    except RuntimeError as exc:  # Envoy said why above (a port taken, most often)
        raise SystemExit(f"cosmodrome: {exc}") from None
    log.info("http edge", url=edge.url)
    return edge


def edge_identity(settings: IdentitySettings) -> dict:
    """The edge's jwt_authn settings: the same issuers and keys as this replica's."""
    return {"jwks_file": settings.jwks_file, "jwks_url": settings.jwks_url,
            "jwt_issuer": settings.jwt_issuer, "jwt_audiences": list(settings.jwt_audiences),
            "guest_issuer": settings.guest_issuer, "guest_audience": settings.guest_audience}


def certificate_sha256(chain_path: str) -> str:
    """The SHA-256 of the first certificate of a PEM chain (this replica's own): the edge
    beside it trusts exactly that one, whatever names it holds or authority signed it.
    "" without TLS."""
    if not chain_path:
        return ""
    with open(chain_path) as chain:
        first = chain.read().split("-----END CERTIFICATE-----")[0] + "-----END CERTIFICATE-----"
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(first.strip())).hexdigest()


def main(argv: list[str] | None = None) -> None:
    config = parse_config(argv)
    configure_logging(config.log_format, config.log_level)
    if config.workers > 1:
        from cosmodrome.workers import supervise
        try:
            sys.exit(supervise(config))
        except EmbeddedStoreError as exc:
            sys.exit(f"cosmodrome-server: {exc}")
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    try:
        asyncio.run(serve(config))
    except (EmbeddedStoreError, StartError) as exc:
        sys.exit(f"cosmodrome-server: {exc}")


if __name__ == "__main__":
    main()
