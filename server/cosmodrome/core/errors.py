"""Errors the platform raises; the API maps each to its gRPC status (api/errors.py).

Every one carries a message written for the caller, so it must never contain another
seat's secrets.
"""

from __future__ import annotations

ECHO_LIMIT = 40  # characters of the caller's own input an error message may quote


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` quoted for an error message or a log line, cut to `limit` characters: a
    request's input is echoed only as far as it helps the caller see what was wrong."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} chars)"


class CosmodromeError(Exception):
    reason = "ERROR"

    def __init__(self, message: str, **details: str) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidArgument(CosmodromeError):
    reason = "INVALID_ARGUMENT"


class NotFound(CosmodromeError):
    reason = "NOT_FOUND"


class AlreadyExists(CosmodromeError):
    reason = "ALREADY_EXISTS"


class Unauthenticated(CosmodromeError):
    reason = "UNAUTHENTICATED"


class PermissionDenied(CosmodromeError):
    reason = "PERMISSION_DENIED"


class FailedPrecondition(CosmodromeError):
    """The rules or the match's state forbid this now. `rule` names what forbids it."""

    reason = "FAILED_PRECONDITION"

    def __init__(self, rule: str, message: str, **details: str) -> None:
        super().__init__(f"{rule}: {message}", rule=rule, **details)
        self.rule = rule


class Stale(CosmodromeError):
    """The caller's expected version is not the match's current one."""

    reason = "STALE_VERSION"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"match is at version {current}, not {expected}",
                         current_version=str(current))
        self.current = current


class ResourceExhausted(CosmodromeError):
    """A limit the host set was reached (streams, buffers)."""

    reason = "RESOURCE_EXHAUSTED"


class RateLimited(ResourceExhausted):
    """Too many calls too fast: one is accepted again in `retry_after_ms` (sent to the
    caller as a google.rpc.RetryInfo detail)."""

    def __init__(self, message: str, retry_after_ms: int) -> None:
        super().__init__(message, retry_after_ms=str(retry_after_ms))
        self.retry_after_ms = retry_after_ms


class Unavailable(CosmodromeError):
    reason = "UNAVAILABLE"
