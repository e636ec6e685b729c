"""Map platform errors to gRPC statuses with google.rpc.ErrorInfo details."""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2

from cosmodrome.core import errors

DOMAIN = "cosmodrome"
MAX_MESSAGE = 512  # characters: a status message never carries a large echo of the input

CODES: dict[type[errors.CosmodromeError], grpc.StatusCode] = {
    errors.InvalidArgument: grpc.StatusCode.INVALID_ARGUMENT,
    errors.NotFound: grpc.StatusCode.NOT_FOUND,
    errors.AlreadyExists: grpc.StatusCode.ALREADY_EXISTS,
    errors.Unauthenticated: grpc.StatusCode.UNAUTHENTICATED,
    errors.PermissionDenied: grpc.StatusCode.PERMISSION_DENIED,
    errors.FailedPrecondition: grpc.StatusCode.FAILED_PRECONDITION,
    errors.Stale: grpc.StatusCode.ABORTED,
    errors.Unavailable: grpc.StatusCode.UNAVAILABLE,
    errors.ResourceExhausted: grpc.StatusCode.RESOURCE_EXHAUSTED,
}


def status_code(exc: errors.CosmodromeError) -> grpc.StatusCode:
    """The status of the nearest class of `exc` in CODES (a subclass shares its parent's)."""
    for kind in type(exc).__mro__:
        code = CODES.get(kind)
        if code is not None:
            return code
    return grpc.StatusCode.UNKNOWN


def trailers(exc: errors.CosmodromeError) -> tuple[tuple[str, bytes], ...]:
    """The google.rpc.Status trailer that grpcio-status clients decode."""
    return (("grpc-status-details-bin", status(exc).SerializeToString()),)


def status(exc: errors.CosmodromeError) -> status_pb2.Status:
    """`exc` as a google.rpc.Status with its ErrorInfo (and RetryInfo): a call's trailer, or
    a Play session's answer to one refused move."""
    code = status_code(exc)
    info = error_details_pb2.ErrorInfo(reason=getattr(exc, "rule", exc.reason), domain=DOMAIN,
                                       metadata=exc.details)
    details = [_packed(info)]
    retry_after_ms = getattr(exc, "retry_after_ms", None)
    if retry_after_ms is not None:  # what grpcio-status and Google's clients read to wait
        delay = duration_pb2.Duration()
        delay.FromMilliseconds(retry_after_ms)
        details.append(_packed(error_details_pb2.RetryInfo(retry_delay=delay)))
    return status_pb2.Status(code=getattr(code_pb2, code.name), message=message(exc),
                             details=details)


def _packed(detail) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(detail)
    return packed


def message(exc: errors.CosmodromeError) -> str:
    """The status message, cut to MAX_MESSAGE (messages quote input through errors.clip;
    this is the last guard)."""
    text = exc.message
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "..."


async def abort(context: grpc.aio.ServicerContext, exc: errors.CosmodromeError) -> None:
    await context.abort(status_code(exc), message(exc), trailing_metadata=trailers(exc))
