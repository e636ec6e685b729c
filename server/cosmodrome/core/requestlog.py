"""What one request learned (match, seat, version, move kind), for its access log line.

The API interceptor starts a fresh record per call and logs it when the call ends; code on
the request's path adds to it with `note(...)`. One plain dict per request: cheaper on the
hot path than binding context variables field by field.
"""

from __future__ import annotations

from contextvars import ContextVar

_fields: ContextVar[dict] = ContextVar("request_fields")


def start() -> dict:
    fields: dict = {}
    _fields.set(fields)
    return fields


def note(**fields) -> None:
    """Add to the current request's access line (does nothing outside a request)."""
    current = _fields.get(None)
    if current is not None:
        current.update(fields)
