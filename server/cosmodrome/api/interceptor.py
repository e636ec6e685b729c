"""One interceptor around every Cosmodrome RPC: structured access log and error mapping.

Handlers bind what they learn (match, seat, version, move kind) with structlog's
contextvars; the access line carries it with the status and latency.
"""

from __future__ import annotations

import time

import grpc
import structlog

from cosmodrome.api.errors import abort
from cosmodrome.core.errors import CosmodromeError

log = structlog.get_logger("cosmodrome.api")
PREFIX = "/cosmodrome.v1."


class ApiInterceptor(grpc.aio.ServerInterceptor):
    async def intercept_service(self, continuation, handler_call_details):
        handler = await continuation(handler_call_details)
        method = handler_call_details.method
        if handler is None or not method.startswith(PREFIX):
            return handler  # health, reflection: as they are
        rpc = method[len(PREFIX):]
        if handler.unary_unary:
            return grpc.unary_unary_rpc_method_handler(
                _unary(rpc, handler.unary_unary), handler.request_deserializer,
                handler.response_serializer)
        if handler.unary_stream:
            return grpc.unary_stream_rpc_method_handler(
                _stream(rpc, handler.unary_stream), handler.request_deserializer,
                handler.response_serializer)
        return handler


def _unary(rpc, behaviour):
    async def wrapped(request, context):
        structlog.contextvars.clear_contextvars()
        start = time.perf_counter()
        outcome = "OK"
        try:
            return await behaviour(request, context)
        except CosmodromeError as exc:
            outcome = exc.reason
            await abort(context, exc)
        except Exception:
            if context.code() is None:  # not an abort we already made
                outcome = "INTERNAL"
                log.exception("unhandled error", rpc=rpc)
            raise
        finally:
            _access(rpc, outcome, start)
    return wrapped


def _stream(rpc, behaviour):
    async def wrapped(request, context):
        structlog.contextvars.clear_contextvars()
        start = time.perf_counter()
        outcome = "OK"
        try:
            async for item in behaviour(request, context):
                yield item
        except CosmodromeError as exc:
            outcome = exc.reason
            await abort(context, exc)
        finally:
            _access(rpc, outcome, start)
    return wrapped


def _access(rpc: str, outcome: str, start: float) -> None:
    log.info("rpc", rpc=rpc, status=outcome,
             latency_ms=round((time.perf_counter() - start) * 1000, 3))
