"""A seat's Play session: its moves up, their answers and the match's updates down, on one
gRPC stream (PlayService.Play), or on the server's Play socket (a WebSocket carrying the same
messages) when given its URL: `socket_url=`, or `client.play_socket_url` for every session
of a client (so `play()` and the bots too). gRPC stays the default: measured, the socket
costs the server about as much CPU per move (docs/operations.md, the realtime path).

    async with seat.session() as session:
        async for update in session.updates():
            for decision in seat.decisions(update.view):
                await session.submit(decision.options[0],
                                     expected_version=update.view.match.version)

A reader task owns the stream: it hands answers to the `submit` awaiting them and updates to
`updates()`, in version order. When the stream breaks (a replica restarts, the network
drops), it opens a new one from the last version received and resends the moves not yet
answered with their idempotency keys: none is missed, repeated or applied twice. Its
`on_connection` is told how the stream stands (channels.ConnectionStatus): live at the first
response (the server sends no headers before one: an update, a move's answer or a heartbeat),
reconnecting before each wait to reopen it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import uuid
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import grpc
import websockets.asyncio.client
from google.protobuf.message import Message
from google.rpc import status_pb2
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cosmodrome.v1 import match_pb2, play_pb2
from cosmodrome_client.channels import OnConnection, Reconnects
from cosmodrome_client.errors import CosmodromeError
from cosmodrome_client.messages import wrap_move

if TYPE_CHECKING:
    from cosmodrome_client.client import Viewer

FINISHED = match_pb2.MATCH_STATUS_FINISHED
# A session that ends with one of these was dropped, not refused: open it again.
RESUMABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                       grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNKNOWN,
                       grpc.StatusCode.INTERNAL, grpc.StatusCode.RESOURCE_EXHAUSTED})
_END = object()
SOCKET_CLOSE_BASE = 4000  # a Play socket refused: 4000 + its gRPC status code


class Session:
    """One viewer's Play session (a spectator's only follows). Use as an async context
    manager; `max_retries` bounds reopenings in a row without progress (None: no bound);
    `on_connection` is told how the stream stands."""

    def __init__(self, viewer: Viewer, from_version: int = 0, *, chat: bool = False,
                 chat_from_sequence: int = 0, max_retries: int | None = None,
                 socket_url: str | None = None,
                 on_connection: OnConnection | None = None) -> None:
        self.viewer = viewer
        self.socket_url = socket_url or getattr(viewer.client, "play_socket_url", None)
        self.last = from_version     # the newest version received
        self.said = chat_from_sequence  # the newest chat line received
        self.chat = chat
        self.max_retries = max_retries
        self._reconnects = Reconnects(f"session of {viewer.match_id}", max_retries,
                                      on_connection)
        self._ids = itertools.count(1)
        self._pending: dict[str, tuple[play_pb2.PlayMove, asyncio.Future]] = {}
        self._updates: asyncio.Queue = asyncio.Queue()
        self._call: grpc.aio.StreamStreamCall | _Socket | None = None
        self._writing = asyncio.Lock()  # grpc.aio takes one write at a time on a call
        self._reader: asyncio.Task | None = None
        self._ended: CosmodromeError | None = None  # why the session is over, once it is
        self._progressed = False  # the open stream brought something
        self._dropped: CosmodromeError | None = None  # why the last stream failed, if it did

    async def __aenter__(self) -> Session:
        self._reader = asyncio.get_running_loop().create_task(self._run())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, CosmodromeError):
                await self._reader
        self._end(CosmodromeError(grpc.StatusCode.CANCELLED, "the session was closed"))

    async def updates(self) -> AsyncIterator[play_pb2.MatchUpdate]:
        """Every update after the session's first version, in order, until the match ends
        (with `chat`: chat lines among them, updates with `chat` set and no entry)."""
        while True:
            update = await self._updates.get()
            if update is _END:
                return
            if isinstance(update, BaseException):
                raise update
            yield update

    async def submit(self, move: Message, *, expected_version: int | None = None,
                     idempotency_key: str | None = None) -> int:
        """Send a move (the game's own Move, or a GameMove); the version it produced.
        A refusal raises as Seat.submit's do (StaleVersionError, IllegalMoveError, ...)."""
        if self._ended is not None:
            raise self._ended
        request_id = str(next(self._ids))
        request = play_pb2.PlayMove(
            request_id=request_id, move=wrap_move(move),
            expected_version=self.viewer.version if expected_version is None
            else expected_version, idempotency_key=idempotency_key or uuid.uuid4().hex)
        answered = asyncio.get_running_loop().create_future()
        self._pending[request_id] = (request, answered)
        if self._call is not None:
            with contextlib.suppress(Exception):  # a broken stream: the reader resends it
                await self._send(self._call, play_pb2.PlayRequest(move=request))
        result: play_pb2.MoveResult = await answered
        if result.HasField("error"):
            raise CosmodromeError.from_status(result.error)
        return result.version

    async def _send(self, call: grpc.aio.StreamStreamCall | _Socket,
                    request: play_pb2.PlayRequest) -> None:
        async with self._writing:
            await call.write(request)

    async def _run(self) -> None:
        try:
            while True:
                progressed = await self._follow()
                if progressed is None:
                    self._end(CosmodromeError(grpc.StatusCode.FAILED_PRECONDITION,
                                              "the match is over: the session has ended"))
                    self._updates.put_nowait(_END)
                    return
                if progressed:
                    self._reconnects.progressed()
                await self._reconnects.wait(self._dropped, f" at version {self.last}")
        except CosmodromeError as error:
            self._end(error)
            self._updates.put_nowait(error)
        except Exception as exc:  # a bug here must not leave a submit waiting for ever
            error = CosmodromeError(grpc.StatusCode.INTERNAL, f"the session failed: {exc!r}")
            self._end(error)
            self._updates.put_nowait(error)

    async def _follow(self) -> bool | None:
        """One stream: True/False when it broke having brought something or not, None when
        the match ended. Refusals of the session itself raise."""
        if self.socket_url:
            return await self._follow_socket()
        client = self.viewer.client
        call = self._call = client.play.Play(metadata=_auth(self.viewer.token),
                                             wait_for_ready=True)
        self._progressed, self._dropped = False, None
        try:
            return await self._exchange(call)
        except grpc.aio.AioRpcError as e:
            self._dropped = CosmodromeError.from_rpc(e)
            if e.code() not in RESUMABLE or client.closed:
                raise self._dropped from e
            return self._progressed
        except asyncio.InvalidStateError:  # a write on a call that had just failed
            return self._progressed
        finally:
            self._call = None
            call.cancel()

    async def _follow_socket(self) -> bool | None:
        """`_follow` on the Play socket: the same messages, a close code for a status."""
        self._progressed, self._dropped, call = False, None, None
        try:
            async with websockets.asyncio.client.connect(
                    self.socket_url, compression=None,
                    additional_headers=dict(_auth(self.viewer.token))) as ws:
                call = self._call = _Socket(ws)
                try:
                    return await self._exchange(call)
                finally:
                    self._call = None
        except ConnectionClosed as closed:
            refusal = call.refusal(closed) if call is not None else None
            self._dropped = CosmodromeError(grpc.StatusCode.UNAVAILABLE, str(closed))
            if refusal is not None:
                error = self._dropped = CosmodromeError.from_status(refusal)
                if error.code not in RESUMABLE or self.viewer.client.closed:
                    raise error from None
            return self._progressed
        except (OSError, InvalidHandshake, TimeoutError) as exc:  # no replica there now: retry
            self._dropped = CosmodromeError(grpc.StatusCode.UNAVAILABLE, str(exc))
            return self._progressed

    async def _exchange(self, call: grpc.aio.StreamStreamCall | _Socket) -> bool | None:
        """One stream's traffic, whatever carries it: the opening, the moves not answered
        yet again, then the responses (`_progressed` once one came). None once the match
        is over, else whether the stream brought something before it ended."""
        await self._send(call, play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=self.viewer.match_id, from_version=self.last, with_chat=self.chat,
            chat_from_sequence=self.said)))
        for request, _ in list(self._pending.values()):  # unanswered: resend
            await self._send(call, play_pb2.PlayRequest(move=request))
        async for response in call:
            self._progressed = True
            self._reconnects.live()
            if response.HasField("result"):
                self._answer(response.result)
            if response.HasField("update") and self._take(response.update):
                return None
        return None if self._finished() else self._progressed

    def _answer(self, result: play_pb2.MoveResult) -> None:
        pending = self._pending.pop(result.request_id, None)
        if pending is not None and not pending[1].done():
            pending[1].set_result(result)

    def _take(self, update: play_pb2.MatchUpdate) -> bool:
        """Queue an update not seen before; True once the match is over."""
        if update.HasField("chat"):
            if update.chat.sequence > self.said:
                self.said = update.chat.sequence
                self._updates.put_nowait(update)
            return False
        if update.entry.version <= self.last:
            return False  # already received before a reconnect
        self.last = update.entry.version
        if update.HasField("view"):
            self.viewer._remember(update.view)
        self._updates.put_nowait(update)
        return update.HasField("view") and update.view.match.status == FINISHED \
            and not self.chat and not self._pending

    def _finished(self) -> bool:
        seen = self.viewer.last_view
        return seen is not None and seen.match.status == FINISHED and \
            self.last >= seen.match.version

    def _end(self, error: CosmodromeError) -> None:
        """The session is over: pending and later submits fail with `error`."""
        if self._ended is None:
            self._ended = error
        for _, answered in self._pending.values():
            if not answered.done():
                answered.set_exception(error)
        self._pending.clear()


class _Socket:
    """A Play socket as the session drives a gRPC Play call: `write` a request, iterate the
    responses; the `ended` status, if the server sent one before closing."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.ended = None

    async def write(self, request: play_pb2.PlayRequest) -> None:
        await self.ws.send(request.SerializeToString())

    async def __aiter__(self) -> AsyncIterator[play_pb2.PlayResponse]:
        async for frame in self.ws:  # (a close other than 1000 raises ConnectionClosed)
            response = play_pb2.PlayResponse.FromString(frame)
            if response.HasField("ended"):
                self.ended = response.ended
                continue
            yield response

    def refusal(self, closed: ConnectionClosed) -> status_pb2.Status | None:
        """Why the server closed the session, if it refused it (4000 + a status code)."""
        if closed.rcvd is not None and closed.rcvd.code == 1009:  # resent, as large again
            return status_pb2.Status(code=grpc.StatusCode.INVALID_ARGUMENT.value[0],
                                     message="a frame over the server's size limit")
        if closed.rcvd is None or closed.rcvd.code < SOCKET_CLOSE_BASE:
            return None
        return self.ended or status_pb2.Status(code=closed.rcvd.code - SOCKET_CLOSE_BASE,
                                               message=closed.rcvd.reason)

    def cancel(self) -> None:
        pass  # (the connection closes with its `async with`)


def _auth(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()
