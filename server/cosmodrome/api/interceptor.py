"""Around every Cosmodrome RPC: credentials, structured access log, metrics and error
mapping.

It reads the caller's bearer token from the `authorization` metadata: a JWT (three
dot-separated parts) is a player's, verified here into `player` (a bad one: UNAUTHENTICATED
with the reason); any other token goes into `credential` (None: no token, a spectator), a
seat, creator or admin token that handlers resolve against the match they load. What
handlers learn (match, seat, version, move kind) they `requestlog.note`; the access line
carries it with the status and latency.
"""

from __future__ import annotations

import asyncio
import atexit
import time
from collections.abc import Callable
from contextvars import ContextVar

import grpc
import structlog
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import DecodeError
from google.protobuf.message_factory import GetMessageClass
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from cosmodrome import metrics
from cosmodrome.api.errors import abort, status_code
from cosmodrome.auth import Player, looks_like_jwt
from cosmodrome.auth.verify import TokenVerifier
from cosmodrome.core import requestlog
from cosmodrome.core.errors import (
    CosmodromeError,
    InvalidArgument,
    Unauthenticated,
    Unavailable,
)

log = structlog.get_logger("cosmodrome.api")
LOG_FIELD_LIMIT = 80  # characters of a logged field (a field may carry the caller's input)

credential: ContextVar[str | None] = ContextVar("credential", default=None)
player: ContextVar[Player | None] = ContextVar("player", default=None)
# Set by serve.py: the verifier of player tokens (None: no token is a player's).
players: TokenVerifier | None = None
RedisUnreachable = (RedisConnectionError, RedisTimeoutError)


def bearer_token(metadata) -> str | None:
    """The token of the `authorization: Bearer <token>` metadata, if any."""
    for key, value in metadata or ():
        if key == "authorization":
            scheme, _, token = value.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise Unauthenticated("authorization metadata must be 'Bearer <token>'")
            return token.strip()
    return None


def add_service(server: grpc.aio.Server, service: ServiceDescriptor, servicer) -> None:
    """Serve `servicer`'s methods for `service`, each wrapped here once.

    This is the interceptor, applied when the methods are registered rather than looked up
    on every call (grpc.aio's interceptor chain costs a coroutine per call).
    """
    handlers = {}
    for method in service.methods:
        rpc = f"{service.name}/{method.name}"
        parse = GetMessageClass(method.input_type).FromString
        respond = GetMessageClass(method.output_type).SerializeToString
        behaviour = getattr(servicer, method.name)
        if method.client_streaming:  # Play: the handler parses each request itself
            handlers[method.name] = grpc.stream_stream_rpc_method_handler(
                _session(rpc, behaviour), None, _serialized(respond))
        elif method.server_streaming:
            handlers[method.name] = grpc.unary_stream_rpc_method_handler(
                _stream(rpc, parse, behaviour), None, _serialized(respond))
        else:
            handlers[method.name] = grpc.unary_unary_rpc_method_handler(
                _unary(rpc, parse, behaviour), None, respond)
    # Generic handlers only: grpc.aio keeps a pending request per registered method and
    # waits on all of them (asyncio.wait) for every call it accepts, about 12 microseconds
    # more per call with this contract's 18 methods than with the one generic request.
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(service.full_name, handlers),))


def _serialized(serialize):
    """A stream's serializer: messages, or bytes a handler serialized once for several
    streams (a watch update shown to every stream of one viewer)."""
    def serialized(message) -> bytes:
        return message if isinstance(message, bytes) else serialize(message)
    return serialized


def _parse(parse, raw: bytes):
    try:
        return parse(raw)
    except DecodeError:
        raise InvalidArgument("the request is not a valid protobuf message") from None


class _Call:
    """Around one call: its access line, and its errors as gRPC statuses.

    A plain class: this runs on every call, and a generator-based context manager cost more.
    """

    __slots__ = ("rpc", "context", "fields", "start")

    def __init__(self, rpc: str, context: grpc.aio.ServicerContext) -> None:
        self.rpc = rpc
        self.context = context
        self.fields = requestlog.start()
        self.start = time.perf_counter()

    def credential(self) -> None:
        token = bearer_token(self.context.invocation_metadata())
        if token is None or not looks_like_jwt(token):
            credential.set(token)
            player.set(None)
            return
        if players is None:
            raise Unauthenticated("this server accepts no player tokens (JWT)")
        credential.set(None)
        player.set(players.verify(token))

    async def __aenter__(self) -> _Call:
        return self

    async def __aexit__(self, kind, exc, traceback) -> None:
        outcome = code = "OK"
        try:
            if isinstance(exc, RedisUnreachable):
                log.warning("match store unreachable", rpc=self.rpc, error=str(exc))
                metrics.store_errors.labels("call").inc()
                exc = Unavailable("the match store is unreachable; retry later")
            if isinstance(exc, CosmodromeError):
                outcome, code = exc.reason, status_code(exc).name
                await abort(self.context, exc)
            elif exc is None:
                pass
            elif not isinstance(exc, Exception):  # cancelled, or a stream's reader left
                outcome = code = "CANCELLED"
            elif self.context.code() is None:  # not an abort of ours
                outcome = code = "INTERNAL"
                log.error("unhandled error", rpc=self.rpc, exc_info=exc, **self.fields)
            else:
                outcome = code = self.context.code().name
        finally:
            metrics.observe_call(self.rpc, code, time.perf_counter() - self.start)
            access_log.add(self.rpc, outcome, self.start, self.fields)


def _unary(rpc, parse, behaviour):
    async def wrapped(raw, context):
        async with _Call(rpc, context) as call:
            call.credential()
            return await behaviour(_parse(parse, raw), context)
    return wrapped


def _stream(rpc, parse, behaviour):
    """A streaming handler writes its messages itself (`await context.write(...)`), so it
    can tell a write held up by a slow reader from the end of the call."""
    async def wrapped(raw, context):
        async with _Call(rpc, context) as call:
            call.credential()
            metrics.watchers.inc()  # the one server stream is WatchMatch
            try:
                await behaviour(_parse(parse, raw), context)
            finally:
                metrics.watchers.dec()
    return wrapped


def _session(rpc, behaviour):
    """A bidirectional session (Play): the handler reads the raw requests itself, since a
    bad one refuses that request (`parse_request`), not always the whole call."""
    async def wrapped(requests, context):
        async with _Call(rpc, context) as call:
            call.credential()
            metrics.play_sessions.inc()
            try:
                await behaviour(requests, context)
            finally:
                metrics.play_sessions.dec()
    return wrapped


def parse_request(parse, raw: bytes):
    """A request of a session, parsed (INVALID_ARGUMENT if it is no protobuf message)."""
    return _parse(parse, raw)


class AccessLog:
    """One line per call, rendered in batches every FLUSH_S seconds.

    Rendered one at a time, amid request handling, an access line cost about 60
    microseconds of a move's CPU (bench A/B against the log level off); rendered together,
    a fraction of that. Each line keeps the time its call ended. serve.py turns it off
    below the info level, and for JSON logs gives it `emit`, which renders a line as
    structlog's JSON renderer would, without its processor chain (8 microseconds a line
    instead of 36).
    """

    FLUSH_S = 0.05

    def __init__(self) -> None:
        self.pending: list[tuple] = []
        self.enabled = True
        self.emit: Callable[[dict], None] | None = None
        atexit.register(self.flush)

    def add(self, rpc: str, outcome: str, start: float, fields: dict) -> None:
        if not self.enabled:
            return
        latency_ms = round((time.perf_counter() - start) * 1000, 3)
        if not self.pending:
            asyncio.get_running_loop().call_later(self.FLUSH_S, self.flush)
        self.pending.append((time.time(), rpc, outcome, latency_ms, fields))

    def flush(self) -> None:
        pending, self.pending = self.pending, []
        for at, rpc, outcome, latency_ms, fields in pending:
            line = {"timestamp": at, "rpc": rpc, "status": outcome, "latency_ms": latency_ms,
                    **{k: _clipped(v) for k, v in fields.items()}}
            if self.emit is None:
                log.info("rpc", **line)
            else:
                self.emit(line)


def _clipped(value):
    """A logged field cut to LOG_FIELD_LIMIT characters (here, off the request's path)."""
    if isinstance(value, str) and len(value) > LOG_FIELD_LIMIT:
        return f"{value[:LOG_FIELD_LIMIT]}... ({len(value)} chars)"
    return value


access_log = AccessLog()
