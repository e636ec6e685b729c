"""Errors the client raises, and the reading of the server's structured error details.

The server answers a refused call with a canonical gRPC code and a google.rpc.Status whose
details hold a google.rpc.ErrorInfo (domain "cosmodrome"): `reason` names the rule or cause,
`metadata` carries facts such as the match's `current_version`.
"""

from __future__ import annotations

import grpc
from google.rpc import error_details_pb2, status_pb2

from cosmodrome.v1 import ladder_pb2

STATUS_DETAILS_KEY = "grpc-status-details-bin"


def error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo | None:
    """The ErrorInfo detail of a failed call, if the server sent one."""
    metadata = error.trailing_metadata() if hasattr(error, "trailing_metadata") else None
    for key, value in metadata or ():
        if key == STATUS_DETAILS_KEY:
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info
    return None


class CosmodromeError(Exception):
    """A call the server refused. `code` is the gRPC status, `reason` the ErrorInfo reason."""

    def __init__(self, code: grpc.StatusCode, message: str, reason: str = "",
                 metadata: dict[str, str] | None = None) -> None:
        super().__init__(f"{code.name}: {message}" + (f" [{reason}]" if reason else ""))
        self.code = code
        self.message = message
        self.reason = reason
        self.metadata = dict(metadata or {})

    @classmethod
    def from_rpc(cls, error: grpc.RpcError) -> CosmodromeError:
        info = error_info(error)
        reason, metadata = (info.reason, dict(info.metadata)) if info else ("", {})
        return cls._of(error.code(), error.details() or "", reason, metadata)

    @classmethod
    def from_status(cls, status: status_pb2.Status) -> CosmodromeError:
        """A refusal carried in a message (a Play session's MoveResult.error)."""
        code = _CODES.get(status.code, grpc.StatusCode.UNKNOWN)
        reason, metadata = "", {}
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                reason, metadata = info.reason, dict(info.metadata)
        return cls._of(code, status.message, reason, metadata)

    @classmethod
    def _of(cls, code: grpc.StatusCode, message: str, reason: str,
            metadata: dict[str, str]) -> CosmodromeError:
        kind = {grpc.StatusCode.FAILED_PRECONDITION: IllegalMoveError,
                grpc.StatusCode.ABORTED: StaleVersionError}.get(code, cls)
        return kind(code, message, reason, metadata)


_CODES = {code.value[0]: code for code in grpc.StatusCode}


class IllegalMoveError(CosmodromeError):
    """FAILED_PRECONDITION: the rules forbid this move now. `rule` names the rule."""

    @property
    def rule(self) -> str:
        return self.reason


class StaleVersionError(CosmodromeError):
    """ABORTED: the match moved on since the version the move was based on."""

    @property
    def current_version(self) -> int | None:
        value = self.metadata.get("current_version")
        return int(value) if value is not None else None


class MoveNoLongerLegal(CosmodromeError):
    """The match moved on while a move was in flight, and the move is no longer offered.

    Raised by `Seat.submit` instead of retrying; read the fresh view and choose again.
    """


class NoMatchFound(CosmodromeError):
    """A matchmaker ticket ended without a match: cancelled, or expired (no players of a
    near rating within its time to live). `ticket` is its last state (None: never seen)."""

    def __init__(self, ticket: ladder_pb2.Ticket | None) -> None:
        expired = ticket is not None and ticket.status == ladder_pb2.TICKET_STATUS_EXPIRED
        super().__init__(grpc.StatusCode.DEADLINE_EXCEEDED if expired
                         else grpc.StatusCode.CANCELLED,
                         f"ticket {ticket.ticket_id if ticket is not None else '?'} ended "
                         "without a match", "ticket_expired" if expired else "ticket_cancelled")
        self.ticket = ticket

