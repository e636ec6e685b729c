"""PlayService.Play: one seat's session on one bidirectional stream, whatever carries it.

The session knows its transport by two things only: an async iterator of the raw requests
(serialized PlayRequests) and an async `write` of one response (a PlayResponse, or its
bytes). gRPC's Play (`PlayServicer.Play`) and the Play socket (`api.play_socket`, binary
WebSocket frames of the same messages) both run it; a refusal of the whole session is
raised from `run` as a CosmodromeError, which each transport ends its own way (a gRPC
status; a close code and a last frame).

The first request opens the session (`open`: the match, where to resume, the chat); then
come moves. Down the same stream go every update of the match, exactly as WatchMatch sends
them (`PlayServicer.follow`: the same hub, order, resume and slow-reader rules), an answer
(`MoveResult`) to each move, correlated by its request id, and a heartbeat when the stream
has been quiet for a while.

Two tasks share the stream. The call's own task follows the match; a reader task takes
the moves one at a time, in the order sent, each through the runner's compare-and-set as a
unary SubmitMove goes (idempotency, redaction, the same errors). The answer to a move that
committed rides in the same message as the update of the version it made (the committing
replica hands that update to this stream before the answer is known: see `_answer`), so a
move costs the mover one write, not two. A refused move is answered on its own, with its
google.rpc.Status, and the session goes on; a request that is no PlayRequest, or a second
`open`, ends it with INVALID_ARGUMENT. grpc.aio writes one message at a time: a lock orders
the writes (a WebSocket too).

Why a stream: a unary call per move costs grpc.aio more CPU than a whole in-memory peer
server spends per move (docs/operations.md, the realtime figures).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import grpc
import structlog
from google.protobuf.message import Message

from cosmodrome import metrics
from cosmodrome.api import errors
from cosmodrome.api.interceptor import RedisUnreachable, access_log, parse_request
from cosmodrome.api.watch_hub import Following
from cosmodrome.core import requestlog, wire
from cosmodrome.core.errors import (
    CosmodromeError,
    InvalidArgument,
    RateLimited,
    Unavailable,
)
from cosmodrome.core.runner import MAX_IDEMPOTENCY_KEY, check_match_id, token_hash
from cosmodrome.v1 import play_pb2

if TYPE_CHECKING:
    from cosmodrome.api.servicers import PlayServicer

log = structlog.get_logger("cosmodrome.play")

MOVE_RPC = "PlayService/Play:move"  # each move's latency and status, as a call's
Write = Callable[[Message | bytes], Awaitable[None]]


@dataclass(frozen=True)
class PlayLimits:
    """What one Play session may send. The edge's per-request limits never see the
    messages inside a stream, so the server counts them itself."""

    rate: float = 500.0        # moves per second, sustained (a token bucket)
    burst: int = 1000          # moves at once above the rate
    heartbeat_s: float = 15.0  # a quiet stream gets a Heartbeat this often
    open_s: float = 30.0       # the first request must come within this


class PlaySession:
    def __init__(self, servicer: PlayServicer, write: Write, token: str | None,
                 limits: PlayLimits) -> None:
        self.servicer = servicer
        self.runner = servicer.runner
        self.write = write  # the transport's: one response out
        self.limits = limits
        self.token = token  # the caller's credential (None: a spectator)
        self.digest: str | None = None  # its hash, computed once
        self.match_id = ""
        self.version = 0  # the newest version written (or being written) to the stream
        self.answers: dict[int, play_pb2.MoveResult] = {}  # by version: to go with its update
        self.lock = asyncio.Lock()
        self.last_write = time.monotonic()
        self.bucket = _Bucket(limits.rate, limits.burst)
        self.moving: asyncio.Future | None = None  # a move under way: its answer is owed
        self.failure: CosmodromeError | None = None
        self.task: asyncio.Task | None = None  # run's: it follows the match
        self.following_writes = False  # that task is in a write now

    async def run(self, requests: AsyncIterator[bytes]) -> None:
        self.task = asyncio.current_task()
        opening = await self._open(requests)
        self.digest = digest = token_hash(self.token) if self.token else None
        following = Following(opening.match_id, opening.from_version, opening.with_chat,
                              opening.chat_from_sequence, digest)
        known = await self.servicer.viewer(opening.match_id, digest)
        loop = asyncio.get_running_loop()
        reader = loop.create_task(self._read(requests, asyncio.current_task()))
        beats = loop.create_task(self._heartbeats())
        try:
            await self.servicer.follow(following, self._update, known=known)
            if self.moving is not None:  # the match ended as this seat moved: answer it
                await asyncio.shield(self.moving)
            await self._answer_pending()  # (none, unless an update never came)
        except asyncio.CancelledError:
            if self.failure is None:
                raise
            await self._end_failed()
        except CosmodromeError as exc:
            if exc is not self.failure:
                raise
            await self._end_failed()
        finally:
            reader.cancel()
            beats.cancel()

    async def _end_failed(self) -> None:
        """The reader refused a request: answer the moves committed before it, then end
        the call with the refusal."""
        failure, self.failure = self.failure, None  # (no longer raised by our writes)
        _uncancel()
        await self._answer_pending()
        raise failure from None

    async def _answer_pending(self) -> None:
        """Answers still waiting for their updates, sent alone (the session is ending)."""
        for version in sorted(self.answers):
            await self._write(play_pb2.PlayResponse(result=self.answers.pop(version)),
                              following=True)

    async def _open(self, requests) -> play_pb2.OpenPlay:
        try:
            raw = await asyncio.wait_for(anext(aiter(requests)), self.limits.open_s)
        except StopAsyncIteration:
            raise InvalidArgument("a Play session opens with a request whose `open` is set "
                                  "(the stream ended before any)") from None
        except TimeoutError:
            raise InvalidArgument(f"a Play session opens with a request whose `open` is set, "
                                  f"within {self.limits.open_s:g} s") from None
        request = parse_request(play_pb2.PlayRequest.FromString, raw)
        if request.WhichOneof("kind") != "open":
            raise InvalidArgument("the first request of a Play session must set `open`")
        opening = request.open
        check_match_id(opening.match_id)
        if opening.from_version < 0 or opening.chat_from_sequence < 0:
            raise InvalidArgument("from_version and chat_from_sequence must be >= 0")
        self.match_id = opening.match_id
        self.version = opening.from_version  # what the client holds already
        requestlog.note(match=opening.match_id)
        return opening

    async def _read(self, requests, session: asyncio.Task) -> None:
        """The moves, in order; a request that breaks the protocol ends the session."""
        loop = asyncio.get_running_loop()
        try:
            async for raw in requests:
                request = parse_request(play_pb2.PlayRequest.FromString, raw)
                if request.WhichOneof("kind") != "move":
                    raise InvalidArgument("after `open`, a Play session takes only `move`s")
                self.moving = loop.create_future()
                try:
                    await self._move(request.move)
                finally:
                    self.moving.set_result(None)
                    self.moving = None
        except CosmodromeError as exc:
            self.failure = exc
            if not self.following_writes:
                # (never while it writes: a write cancelled in flight leaves grpc.aio's
                # call unable to send its status, and the call hangs; the write's end
                # raises the failure instead. A socket's write is as safe either way.)
                session.cancel()
        except Exception as exc:  # the call is ending under us (the client went away)
            log.debug("play session reader ended", error=repr(exc))

    async def _move(self, move: play_pb2.PlayMove) -> None:
        """Apply one move and answer it, whatever happens (a refusal is an answer)."""
        start = time.perf_counter()
        fields = requestlog.start()
        requestlog.note(match=self.match_id, expected_version=move.expected_version)
        result = play_pb2.MoveResult(request_id=move.request_id[:MAX_IDEMPOTENCY_KEY])
        try:
            self._check(move)
            response = await self.runner.submit(self.match_id, self.token,
                                                move.expected_version, move.idempotency_key,
                                                move.move, with_view=False,
                                                credential=self.digest)
            result.version = response.version
            outcome = code = "OK"
        except RedisUnreachable as exc:
            log.warning("match store unreachable", rpc=MOVE_RPC, error=str(exc))
            metrics.store_errors.labels("call").inc()
            outcome, code = self._refused(result, Unavailable(
                "the match store is unreachable; retry later"))
        except CosmodromeError as exc:
            outcome, code = self._refused(result, exc)
        except Exception:  # an engine bug: logged, answered, and the session goes on
            log.exception("unhandled error", rpc=MOVE_RPC, **fields)
            result.error.code, result.error.message = grpc.StatusCode.INTERNAL.value[0], \
                "internal error"
            outcome = code = "INTERNAL"
        await self._answer(result)
        metrics.observe_call(MOVE_RPC, code, time.perf_counter() - start)
        access_log.add(MOVE_RPC, outcome, start, fields)

    async def _answer(self, result: play_pb2.MoveResult) -> None:
        """A refusal, or a version already written, is answered at once; else the answer
        waits for its version's update, already on its way to this stream (the commit
        handed it to the hub before the runner returned), and goes with it."""
        if result.version > self.version:
            self.answers[result.version] = result
        else:
            await self._write(play_pb2.PlayResponse(result=result))

    def _check(self, move: play_pb2.PlayMove) -> None:
        if len(move.request_id) > MAX_IDEMPOTENCY_KEY:
            raise InvalidArgument(f"request_id is longer than {MAX_IDEMPOTENCY_KEY}")
        wait_ms = self.bucket.take()
        if wait_ms:
            raise RateLimited(f"this Play session sends more than {self.limits.rate:g} moves "
                              "a second", retry_after_ms=wait_ms)

    @staticmethod
    def _refused(result: play_pb2.MoveResult, exc: CosmodromeError) -> tuple[str, str]:
        result.error.CopyFrom(errors.status(exc))
        return getattr(exc, "rule", exc.reason), errors.status_code(exc).name

    async def _update(self, update: Message | bytes, version: int) -> None:
        """One MatchUpdate, wrapped in a PlayResponse with the answer to the move that made
        it, if this session's: bytes serialized once for every stream of one viewer are
        wrapped as they are (each field's tag and length before it)."""
        self.version = max(self.version, version)
        answer = self.answers.pop(version, None) if version else None
        if isinstance(update, bytes):
            response = wire.field(1, update)  # PlayResponse.update
            if answer is not None:
                response += wire.field(2, answer.SerializeToString())  # .result
            await self._write(response, following=True)
        else:
            await self._write(play_pb2.PlayResponse(update=update, result=answer),
                              following=True)

    async def _write(self, response: Message | bytes, following: bool = False) -> None:
        """`following`: written by the task that follows the match (told, not looked up:
        asyncio.current_task() costs a getpid system call)."""
        async with self.lock:
            self.following_writes = following
            try:
                await self.write(response)
            finally:
                self.following_writes = False
            self.last_write = time.monotonic()
        if following and self.failure is not None:
            raise self.failure  # the reader refused a request while this write went out

    async def _heartbeats(self) -> None:
        interval = self.limits.heartbeat_s
        while True:
            await asyncio.sleep(max(0.0, self.last_write + interval - time.monotonic()))
            if time.monotonic() - self.last_write >= interval:
                with contextlib.suppress(Exception):  # the stream is ending: nothing to say
                    await self._write(play_pb2.PlayResponse(
                        heartbeat=play_pb2.Heartbeat(version=self.version)))


def _uncancel() -> None:
    """Clear the cancel requests of the current task (the reader's, or one grpc.aio
    swallowed), so the call can still end with its status."""
    task = asyncio.current_task()
    while task.cancelling():
        task.uncancel()


class _Bucket:
    """A token bucket: `rate` a second, `burst` at most."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> int:
        """0 if a token was taken, else the milliseconds until one is due."""
        if not self.rate:
            return 0
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0
        return max(1, int((1 - self.tokens) / self.rate * 1000))

