"""One interceptor around every Cosmodrome RPC: credentials, structured access log and
error mapping.

It reads the caller's bearer token from the `authorization` metadata into `credential`
(None: no token, a spectator); handlers resolve it against the match they load. What
handlers learn (match, seat, version, move kind) they `requestlog.note`; the access line
carries it with the status and latency.
"""

from __future__ import annotations

import time
from contextlib import asynccontextmanager
from contextvars import ContextVar

import grpc
import structlog
from google.protobuf.message import DecodeError

from cosmodrome.api.errors import abort
from cosmodrome.core import requestlog
from cosmodrome.core.errors import CosmodromeError, InvalidArgument, Unauthenticated

log = structlog.get_logger("cosmodrome.api")
PREFIX = "/cosmodrome.v1."

credential: ContextVar[str | None] = ContextVar("credential", default=None)


def bearer_token(metadata) -> str | None:
    """The token of the `authorization: Bearer <token>` metadata, if any."""
    for key, value in metadata or ():
        if key == "authorization":
            scheme, _, token = value.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise Unauthenticated("authorization metadata must be 'Bearer <token>'")
            return token.strip()
    return None


class ApiInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self) -> None:
        self._wrapped: dict[str, grpc.RpcMethodHandler] = {}  # built once per method

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is None:
            handler = await continuation(handler_call_details)
            if handler is None or not method.startswith(PREFIX):
                return handler  # health, reflection: as they are
            wrapped = self._wrapped[method] = _wrap(method[len(PREFIX):], handler)
        return wrapped


def _wrap(rpc: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
    # Requests arrive as bytes and are parsed inside the wrapper, so a malformed one is
    # INVALID_ARGUMENT rather than grpcio's INTERNAL.
    parse = handler.request_deserializer
    if handler.unary_unary:
        return grpc.unary_unary_rpc_method_handler(
            _unary(rpc, parse, handler.unary_unary), None, handler.response_serializer)
    if handler.unary_stream:
        return grpc.unary_stream_rpc_method_handler(
            _stream(rpc, parse, handler.unary_stream), None, handler.response_serializer)
    return handler


def _parse(parse, raw: bytes):
    try:
        return parse(raw)
    except DecodeError:
        raise InvalidArgument("the request is not a valid protobuf message") from None


@asynccontextmanager
async def _served(rpc: str, context: grpc.aio.ServicerContext):
    """Around one call: its credential, its access line, its errors as gRPC statuses."""
    fields = requestlog.start()
    start = time.perf_counter()
    outcome = "OK"
    try:
        credential.set(bearer_token(context.invocation_metadata()))
        yield
    except CosmodromeError as exc:
        outcome = exc.reason
        await abort(context, exc)
    except Exception:
        if context.code() is None:  # not an abort we already made
            outcome = "INTERNAL"
            log.exception("unhandled error", rpc=rpc, **fields)
        raise
    finally:
        _access(rpc, outcome, start, fields)


def _unary(rpc, parse, behaviour):
    async def wrapped(raw, context):
        async with _served(rpc, context):
            return await behaviour(_parse(parse, raw), context)
    return wrapped


def _stream(rpc, parse, behaviour):
    async def wrapped(raw, context):
        async with _served(rpc, context):
            async for item in behaviour(_parse(parse, raw), context):
                yield item
    return wrapped


def _access(rpc: str, outcome: str, start: float, fields: dict) -> None:
    log.info("rpc", rpc=rpc, status=outcome,
             latency_ms=round((time.perf_counter() - start) * 1000, 3), **fields)
