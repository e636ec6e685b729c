"""The Play socket: PlayService.Play's session over a WebSocket, served by the event loop.

A seat's session is the same `PlaySession` as gRPC's Play (the same hub, runner, limits
and answers), carried by binary WebSocket frames, one serialized PlayRequest or
PlayResponse per frame, on `PATH`. Why a second transport: grpc.aio hands every message
between its own threads and the event loop, which alone costs a move more CPU than a
whole in-memory peer server spends (docs/operations.md, the realtime path); a WebSocket
served by the loop itself (the `websockets` library) makes no such hop. It is also what a
browser can open (gRPC bidi is not), through the edge's `/v1/play` route.

Credentials as for every call: `authorization: Bearer <token>` on the upgrade request,
or, where a client cannot set headers (a browser), the subprotocol `bearer.<token>`
offered beside `PROTOCOL` (the server answers with `PROTOCOL`, never the token).

How a session ends, as the close frame says it:
- 1000: the match ended (every update sent), or the client closed;
- 4000 + the gRPC status code (4003 INVALID_ARGUMENT, 4008 RESOURCE_EXHAUSTED, 4013
  INTERNAL, 4014 UNAVAILABLE, 4016 UNAUTHENTICATED, ...): the session was refused, as a
  gRPC Play call would end; a last frame before it carries the whole status
  (`PlayResponse.ended`, with its ErrorInfo and RetryInfo), the reason its message, cut;
- 1009: a frame over the size limit (the library's own code, before any parsing);
- 1001: the server is shutting down.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
import time
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import TYPE_CHECKING

import structlog
from google.protobuf.message import Message
from google.rpc import code_pb2, status_pb2
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from cosmodrome import metrics
from cosmodrome.api import errors
from cosmodrome.api.interceptor import RedisUnreachable, access_log, bearer_token
from cosmodrome.api.play_session import PlaySession
from cosmodrome.core import requestlog
from cosmodrome.core.errors import CosmodromeError, InvalidArgument, Unavailable
from cosmodrome.v1 import play_pb2

if TYPE_CHECKING:
    from cosmodrome.api.servicers import PlayServicer

log = structlog.get_logger("cosmodrome.play_socket")

PATH = "/v1/play"
PROTOCOL = "cosmodrome.play.v1"
BEARER_PROTOCOL = "bearer."  # a subprotocol offered as `bearer.<token>`: the credential
RPC = "PlayService/Play:socket"  # the session's access line and metrics
CLOSE_BASE = 4000  # + the gRPC status code
CLOSE_REASON_BYTES = 123  # a close frame's reason is at most this long
# The kernel's send buffer of a socket, fixed (Linux doubles it): autotuned, it grows to
# megabytes (net.ipv4.tcp_wmem) and hides a reader that stopped reading from the hub's
# slow-reader drop, where gRPC's flow control window (64 KiB a stream) finds it.
SEND_BUFFER_BYTES = 32 * 1024


async def start(servicer: PlayServicer, host: str, port: int, max_message_bytes: int,
                reuse_port: bool = False, tls: ssl.SSLContext | None = None) -> Server:
    """Listen for Play sockets on host:port (0: a free port: `bound_port`)."""
    sockets = PlaySockets(servicer)
    return await serve(sockets.handle, host, port, process_request=sockets.check_path,
                       select_subprotocol=select_subprotocol, max_size=max_message_bytes,
                       compression=None,  # per-message deflate: CPU on every frame
                       ssl=tls, reuse_port=reuse_port or None)


def tls_context(cert: str, key: str) -> ssl.SSLContext | None:
    """The gRPC port's certificate for the socket too (wss://), when it has one."""
    if not cert:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def bound_port(server: Server) -> int:
    return server.sockets[0].getsockname()[1]


def select_subprotocol(connection: ServerConnection, offered) -> str | None:
    """`PROTOCOL` if offered; never a `bearer.` one (it would echo the token)."""
    return PROTOCOL if PROTOCOL in offered else None


class PlaySockets:
    def __init__(self, servicer: PlayServicer) -> None:
        self.servicer = servicer

    def check_path(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.path.partition("?")[0] != PATH:
            return connection.respond(HTTPStatus.NOT_FOUND, f"the Play socket is {PATH}\n")
        return None

    async def handle(self, ws: ServerConnection) -> None:
        start = time.perf_counter()
        fields = requestlog.start()
        metrics.play_sessions.inc()
        outcome = code = "OK"
        try:
            _bound_send_buffer(ws)
            session = PlaySession(self.servicer, _writer(ws), credential(ws.request),
                                  self.servicer.play_limits)
            await _until_closed(ws, session.run(_requests(ws)))
            await ws.close()
        except ConnectionClosed:
            outcome = code = "CANCELLED"
        except Exception as exc:  # every end is a close code
            outcome, code = await _refuse(ws, exc, fields)
        finally:
            metrics.play_sessions.dec()
            metrics.observe_call(RPC, code, time.perf_counter() - start)
            access_log.add(RPC, outcome, start, fields)


def _bound_send_buffer(ws: ServerConnection) -> None:
    sock = ws.transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)


def credential(request: Request) -> str | None:
    """The upgrade request's bearer token (Unauthenticated if malformed), else one offered
    as a subprotocol, else None (a spectator)."""
    token = bearer_token([("authorization", v) for v in
                          request.headers.get_all("Authorization")])
    if token is not None:
        return token
    for offered in request.headers.get_all("Sec-WebSocket-Protocol"):
        for name in offered.split(","):
            name = name.strip()
            if name.startswith(BEARER_PROTOCOL) and len(name) > len(BEARER_PROTOCOL):
                return name[len(BEARER_PROTOCOL):]
    return None


def _writer(ws: ServerConnection):
    async def write(response: Message | bytes) -> None:
        await ws.send(response if isinstance(response, bytes)
                      else response.SerializeToString())
    return write


async def _requests(ws: ServerConnection) -> AsyncIterator[bytes]:
    """The frames as serialized requests, until the client closes. A text frame is no
    request."""
    try:
        async for frame in ws:
            if isinstance(frame, str):
                raise InvalidArgument("Play socket frames are binary: one serialized "
                                      "PlayRequest each")
            yield frame
    except ConnectionClosed:
        return


async def _until_closed(ws: ServerConnection, running) -> None:
    """Run the session until it ends, or the connection does (a WebSocket has no half
    close: a client gone ends the session at once, not at its next update)."""
    session = asyncio.ensure_future(running)
    closed = asyncio.ensure_future(ws.wait_closed())
    try:
        await asyncio.wait((session, closed), return_when=asyncio.FIRST_COMPLETED)
    finally:
        closed.cancel()
        if not session.done():
            session.cancel()
            await asyncio.gather(session, return_exceptions=True)  # its own end, quietly
            raise ConnectionClosed(ws.close_rcvd, ws.close_sent)
    session.result()


async def _refuse(ws: ServerConnection, exc: Exception, fields: dict) -> tuple[str, str]:
    """End the session as gRPC would end the call: its status in a last frame, then the
    close code 4000 + its code."""
    if isinstance(exc, RedisUnreachable):
        log.warning("match store unreachable", rpc=RPC, error=str(exc))
        metrics.store_errors.labels("call").inc()
        exc = Unavailable("the match store is unreachable; retry later")
    if isinstance(exc, CosmodromeError):
        status = errors.status(exc)
        outcome, code = exc.reason, errors.status_code(exc).name
    else:
        log.error("unhandled error", rpc=RPC, exc_info=exc, **fields)
        status = status_pb2.Status(code=code_pb2.INTERNAL, message="internal error")
        outcome = code = "INTERNAL"
    try:
        await ws.send(play_pb2.PlayResponse(ended=status).SerializeToString())
        await ws.close(CLOSE_BASE + status.code, _reason(status.message))
    except ConnectionClosed:
        pass
    return outcome, code


def _reason(message: str) -> str:
    cut = message.encode()[:CLOSE_REASON_BYTES]
    return cut.decode(errors="ignore")

