"""The Play socket: PlayService.Play's session over a WebSocket (binary frames of the same
PlayRequest and PlayResponse messages), against the real server and its valkey, with
every guarantee of gRPC's Play; and hostile clients, each ending with the close code of
the gRPC status its gRPC Play would end with (4000 + code), that status in a last frame."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time

import pytest
from google.rpc import code_pb2
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from cosmodrome.v1 import match_pb2, play_pb2
from tests.api import test_play_session
from tests.api.test_play_hostile import highcard_table, reason
from tests.api.test_play_session import info, versions
from tests.support import Api, ServerProcess, ttt

ENOUGH_S = 10  # a bound on each read: a session that wrongly hangs fails instead
ABORTED, FAILED_PRECONDITION = code_pb2.ABORTED, code_pb2.FAILED_PRECONDITION
FINISHED = match_pb2.MATCH_STATUS_FINISHED


def socket_url(server: ServerProcess) -> str:
    return f"ws://127.0.0.1:{server.socket_port}/v1/play"


def with_socket(redis_url: str, *extra: str) -> ServerProcess:
    """A replica whose Play socket is on a port of its own (`socket_port`): its default,
    the gRPC port + 1, may be any client connection's own on a busy machine."""
    from cosmodrome.store.embedded import free_port
    proc = ServerProcess(redis_url=redis_url, extra=[
        "--play-socket-port", str(port := free_port()), *extra])
    proc.socket_port = port
    return proc


@pytest.fixture(scope="module")
def server(redis_url):
    """This module's replica (the session's has no Play socket port of its own)."""
    with with_socket(redis_url) as proc:
        yield proc


class Ended(Exception):
    """The socket closed: its close code and reason, and the `ended` status sent before."""

    def __init__(self, code: int, reason: str, status) -> None:
        super().__init__(f"closed {code}: {reason}")
        self.code, self.reason, self.status = code, reason, status


class SocketSession(test_play_session.Session):
    """test_play_session's step-by-step session, on the Play socket."""

    def __init__(self, url: str, match_id: str, token: str | None = None,
                 from_version: int = 0, with_chat: bool = False, headers=None,
                 **connect_args) -> None:
        headers = headers or ({"Authorization": f"Bearer {token}"} if token else {})
        self.ws = connect(url, additional_headers=headers, open_timeout=ENOUGH_S,
                          **connect_args).__enter__()
        self.status = None  # the `ended` status, once sent
        self.call = self._responses()
        self.updates: list[play_pb2.MatchUpdate] = []
        self.results: list[play_pb2.MoveResult] = []
        if match_id is not None:
            self.send(play_pb2.PlayRequest(open=play_pb2.OpenPlay(
                match_id=match_id, from_version=from_version, with_chat=with_chat)))

    def _responses(self):
        while True:
            try:
                frame = self.ws.recv(timeout=ENOUGH_S)
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code != 1000:
                    raise Ended(closed.rcvd.code, closed.rcvd.reason, self.status) from None
                return
            response = play_pb2.PlayResponse.FromString(frame)
            if response.HasField("ended"):
                self.status = response.ended
                continue
            yield response

    def send(self, request: play_pb2.PlayRequest | bytes | str) -> None:
        """(A session the server already ended tells why when read.)"""
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(request if isinstance(request, (bytes, str))
                         else request.SerializeToString())

    def ended(self) -> Ended:
        """Read to the end of the session (updates kept): how it closed."""
        with pytest.raises(Ended) as closed:
            for response in self.call:
                if response.HasField("update"):
                    self.updates.append(response.update)
        return closed.value

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def url(server) -> str:
    return socket_url(server)


def test_socket_carries_moves_answers_and_every_update_in_order(api, url):
    match_id, (x, o) = api.new_match()
    sx, so = SocketSession(url, match_id, x), SocketSession(url, match_id, o)
    try:
        start = sx.update_at(3)
        assert versions(sx.updates) == [1, 2, 3]
        assert start.view.viewer_seat == 0 and start.view.decisions[0].options
        sx.move(4, 3, request_id="x-first")
        answer = sx.result()
        assert (answer.request_id, answer.version) == ("x-first", 4)
        assert not answer.HasField("error")
        seen_by_o = so.update_at(4)
        assert seen_by_o.view.game.tictactoe.cells[4] == 1 and seen_by_o.view.viewer_seat == 1
        assert versions(so.updates) == [1, 2, 3, 4]
    finally:
        sx.close()
        so.close()


def test_socket_ends_with_the_match_cleanly_after_the_last_answer(api, url):
    match_id, (x, o) = api.new_match()
    for cell, token in ((0, x), (3, o), (1, x), (4, o)):
        api.submit(match_id, token, ttt(cell))
    sx = SocketSession(url, match_id, x, from_version=7)
    sx.move(2, 7)
    assert sx.result().version == 8
    assert list(sx.call) == []  # nothing more: closed with 1000
    assert sx.ws.close_code == 1000


def test_a_refused_socket_move_carries_the_status_of_a_unary_submit(api, url):
    match_id, (x, o) = api.new_match()
    sx = SocketSession(url, match_id, x)
    try:
        sx.move(4, 2, request_id="stale")
        stale = sx.result()
        assert (stale.request_id, stale.version, stale.error.code) == ("stale", 0, ABORTED)
        assert info(stale.error).reason == "STALE_VERSION"
        assert info(stale.error).metadata["current_version"] == "3"
        sx.move(4, 3, request_id="good")  # the session goes on
        assert sx.result().version == 4
    finally:
        sx.close()


def test_a_socket_spectator_follows_sees_no_hand_and_may_not_move(api, url):
    match_id, tokens, _ = highcard_table(api)
    last = api.view(match_id).match.version
    spectator, seat = SocketSession(url, match_id), SocketSession(url, match_id, tokens[0])
    try:
        assert not spectator.update_at(last).view.game.highcard.my_hand
        assert seat.update_at(last).view.game.highcard.my_hand
        spectator.move(4, last)
        assert spectator.result().error.code == code_pb2.UNAUTHENTICATED
        assert api.view(match_id).match.version == last
    finally:
        spectator.close()
        seat.close()


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_socket_updates_are_byte_for_byte_those_of_grpc_play(api, url, viewer):
    match_id, tokens, _ = highcard_table(api)
    token = None if viewer is None else tokens[viewer]
    last = api.view(match_id).match.version
    over_socket = SocketSession(url, match_id, token)
    over_grpc = test_play_session.Session(api, match_id, token)
    try:
        assert over_socket.update_at(last).SerializeToString() == \
            over_grpc.update_at(last).SerializeToString()
    finally:
        over_socket.close()
        over_grpc.close()


def test_a_socket_and_a_grpc_session_racing_one_version_make_one_move(api, url):
    match_id, (x, _) = api.new_match()
    over_socket, over_grpc = SocketSession(url, match_id, x), \
        test_play_session.Session(api, match_id, x)
    try:
        over_socket.move(4, 3)
        over_grpc.move(5, 3)
        answers = [over_socket.result(), over_grpc.result()]
        assert sorted(a.version for a in answers) == [0, 4]
        assert [a.error.code for a in answers if a.version == 0] == [ABORTED]
        assert api.view(match_id).match.version == 4
    finally:
        over_socket.close()
        over_grpc.close()


def test_one_idempotency_key_over_the_socket_then_a_unary_call_moves_once(api, url):
    match_id, (x, _) = api.new_match()
    first = SocketSession(url, match_id, x)
    try:
        first.move(4, 3, key="k-socket")
        assert first.result().version == 4
    finally:
        first.close()
    again = SocketSession(url, match_id, x, from_version=4)  # a reconnect resends it
    try:
        again.move(4, 3, key="k-socket", request_id="resent")
        resent = again.result()
        assert (resent.request_id, resent.version) == ("resent", 4)
        assert not resent.HasField("error")
    finally:
        again.close()
    assert api.submit(match_id, x, ttt(4), version=3, key="k-socket").version == 4
    assert api.view(match_id).match.version == 4


def test_a_socket_resumes_after_the_last_version_seen(api, url):
    match_id, (x, o) = api.new_match()
    api.submit(match_id, x, ttt(0))
    api.submit(match_id, o, ttt(1))
    resumed = SocketSession(url, match_id, x, from_version=4)
    try:
        resumed.update_at(5)
        assert versions(resumed.updates) == [5]
    finally:
        resumed.close()


def test_the_subprotocol_credential_acts_for_the_seat_and_is_never_echoed(api, url):
    """A browser cannot set headers: it offers `bearer.<token>` beside the protocol."""
    match_id, (x, _) = api.new_match()
    sx = SocketSession(url, match_id, subprotocols=["cosmodrome.play.v1", f"bearer.{x}"])
    try:
        assert sx.ws.subprotocol == "cosmodrome.play.v1"
        sx.move(4, 3)
        assert sx.result().version == 4
    finally:
        sx.close()


# -- hostile clients -------------------------------------------------------------------


def expect_end(session: SocketSession, code: int) -> tuple[int, str, dict]:
    """The session closes with 4000 + `code`, its `ended` status saying the same."""
    ended = session.ended()
    assert ended.code == 4000 + code
    assert ended.status is not None and ended.status.code == code
    assert ended.reason == ended.status.message[:len(ended.reason)]
    return reason(ended.status)


def test_a_text_frame_ends_the_session_invalid_argument(api, url):
    match_id, (x, _) = api.new_match()
    session = SocketSession(url, match_id, x)
    session.send("{\"move\": 4}")
    expect_end(session, code_pb2.INVALID_ARGUMENT)


def test_garbage_bytes_end_the_session_invalid_argument(api, url):
    match_id, (x, _) = api.new_match()
    session = SocketSession(url, match_id, x)
    session.send(b"\xff\xff\xff\xff not protobuf")
    expect_end(session, code_pb2.INVALID_ARGUMENT)


def test_a_first_frame_that_is_no_opening_is_invalid_argument(api, url):
    session = SocketSession(url, None)
    session.send(play_pb2.PlayRequest(move=play_pb2.PlayMove(move=ttt(4))))
    expect_end(session, code_pb2.INVALID_ARGUMENT)


def test_a_frame_over_the_size_limit_closes_1009_and_touches_nothing(api, url):
    match_id, (x, _) = api.new_match()
    session = SocketSession(url, match_id, x)
    session.update_at(3)
    session.send(bytes(300 * 1024))  # the server's --max-message-bytes is 256 KiB
    with pytest.raises(Ended) as closed:
        list(session.call)
    assert closed.value.code == 1009
    assert api.view(match_id).match.version == 3


def test_a_malformed_authorization_is_unauthenticated(api, url):
    match_id, _ = api.new_match()
    session = SocketSession(url, match_id, headers={"Authorization": "Basic eDp5"})
    assert expect_end(session, code_pb2.UNAUTHENTICATED)[1] == "UNAUTHENTICATED"


def test_another_matchs_token_is_unauthenticated(api, url):
    match_id, _ = api.new_match()
    _, (stranger, _) = api.new_match()
    session = SocketSession(url, match_id, stranger)
    expect_end(session, code_pb2.UNAUTHENTICATED)


def test_the_wrong_seat_moving_is_refused_and_changes_nothing(api, url):
    match_id, (_, o) = api.new_match()
    so = SocketSession(url, match_id, o)
    try:
        so.move(4, 3)
        refused = so.result()
        assert refused.error.code == FAILED_PRECONDITION
        assert info(refused.error).reason == "no_decision_owed"
        assert api.view(match_id).match.version == 3
    finally:
        so.close()


def test_an_unknown_path_is_404(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server.socket_port}/v1/elsewhere", open_timeout=ENOUGH_S)
    assert refused.value.response.status_code == 404


@pytest.fixture(scope="module")
def stingy(redis_url):
    """A replica whose Play sessions may send 2 moves at once, then 1 a minute; must open
    within a second; and hear a heartbeat after 0.3 s of quiet."""
    with with_socket(redis_url, "--play-rate", "0.016", "--play-burst", "2",
                     "--play-open-seconds", "1", "--play-heartbeat-seconds", "0.3") as proc:
        yield proc


def test_a_quiet_socket_hears_heartbeats_with_its_version(stingy):
    api = Api(stingy.address)
    try:
        match_id, (x, _) = api.new_match()
        sx = SocketSession(socket_url(stingy), match_id, x)
        beats = []
        for response in sx.call:
            if response.HasField("heartbeat"):
                beats.append(response.heartbeat.version)
                if len(beats) == 2:
                    break
        assert beats == [3, 3]
        sx.close()
    finally:
        api.close()


def test_moves_past_the_sessions_rate_are_refused_with_retry_info(stingy):
    api = Api(stingy.address)
    try:
        match_id, (x, o) = api.new_match()
        sx = SocketSession(socket_url(stingy), match_id, x)
        for n in range(3):
            sx.move(9, 3, request_id=str(n))  # off the board: refused, but counted
        codes = [sx.result().error.code for _ in range(3)]
        assert codes[2] == code_pb2.RESOURCE_EXHAUSTED and code_pb2.RESOURCE_EXHAUSTED \
            not in codes[:2]
        sx.close()
    finally:
        api.close()


def test_a_socket_that_never_opens_is_ended_invalid_argument(stingy):
    session = SocketSession(socket_url(stingy), None)
    expect_end(session, code_pb2.INVALID_ARGUMENT)


def port_pair() -> tuple[int, socket.socket]:
    """A free port P whose P + 1 is free too, held by a listening socket until released."""
    from cosmodrome.store.embedded import free_port
    while True:
        port, held = free_port(), socket.socket()
        try:
            held.bind(("127.0.0.1", port + 1))
            held.listen()
            return port, held
        except OSError:
            held.close()


def test_the_play_socket_is_on_the_grpc_port_plus_one_by_default(redis_url):
    port, held = port_pair()
    held.close()
    with ServerProcess(redis_url=redis_url, port=port):
        with connect(f"ws://127.0.0.1:{port + 1}/v1/play", open_timeout=ENOUGH_S) as ws:
            assert ws.response.status_code == 101


def test_a_replica_whose_next_port_is_taken_starts_without_a_socket(redis_url):
    port, held = port_pair()  # held: a listener of another program on --port + 1
    try:
        with ServerProcess(redis_url=redis_url, port=port) as proc:
            api = Api(proc.address)
            assert api.view(api.new_match()[0]).match.version  # serving all the same
            api.close()
            for _ in range(ENOUGH_S * 10):  # the log is written every 50 ms (bounded wait)
                if "no Play socket" in proc.log_path.read_text():
                    break
                time.sleep(0.1)
            assert "no Play socket" in proc.log_path.read_text()
    finally:
        held.close()


def test_no_play_socket_when_switched_off(redis_url):
    port, held = port_pair()
    held.close()
    with ServerProcess(redis_url=redis_url, port=port, extra=["--no-play-socket"]):
        with pytest.raises(OSError):
            connect(f"ws://127.0.0.1:{port + 1}/v1/play", open_timeout=ENOUGH_S)


@pytest.fixture(scope="module")
def watched(redis_url):
    """A replica with a slow-reader buffer of 2 updates."""
    with with_socket(redis_url, "--watch-buffer", "2") as proc:
        yield proc


def frame(payload: bytes) -> bytes:
    """A masked binary frame, as a client sends it (a zero mask: any key is valid)."""
    size = (bytes([0x80 | len(payload)]) if len(payload) < 126
            else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big"))
    return b"\x82" + size + bytes(4) + payload


def unread_session(port: int, opening: play_pb2.PlayRequest, token: str) -> socket.socket:
    """A Play socket opened by hand on a connection that takes in little (a 16 KiB receive
    buffer), then never read: no client library buffers for it behind the test's back."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /v1/play HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\nAuthorization: Bearer "
                 + token.encode() + b"\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    sock.sendall(frame(opening.SerializeToString()))
    return sock


def server_frames(sock: socket.socket) -> list[tuple[int, bytes]]:
    """The frames the server sent, (opcode, payload), up to its close frame."""
    sock.settimeout(ENOUGH_S)
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
        frames = parsed(data)
        if frames and frames[-1][0] == 0x8:
            return frames
    return parsed(data)


def parsed(data: bytes) -> list[tuple[int, bytes]]:
    """The whole frames at the start of `data` (unmasked: the server's)."""
    frames, at = [], 0
    while at + 2 <= len(data):
        opcode, size, start = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
        if size >= 126:
            width = 2 if size == 126 else 8
            size, start = int.from_bytes(data[start:start + width], "big"), start + width
        if start + size > len(data):
            break
        frames.append((opcode, data[start:start + size]))
        at = start + size
    return frames


async def test_a_socket_that_never_reads_is_dropped_resource_exhausted(watched):
    """A Cosmic match played by bots; a second session of a seat, on a socket that never
    reads, is dropped with 4008 RESOURCE_EXHAUSTED after the versions it had, in order,
    and holds the bots and a reading spectator back in nothing. (The server bounds its
    send buffer: else the kernel's would take megabytes before the drop.)"""
    from cosmodrome_client import Client, RandomBot, play
    moves = 600
    async with Client.connect(watched.address) as client:
        match = await client.create_match("cosmic", players=2, seed=3)
        seats = [await client.join(match.match_id) for _ in range(2)]
        start = (await seats[0].view()).match.version
        slow = unread_session(watched.socket_port, play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=match.match_id, from_version=start)), seats[0].token)
        bots = [asyncio.create_task(play(s, RandomBot(s.seat))) for s in seats]
        try:
            async with client.spectate(match.match_id).session(from_version=start) as fast:
                seen_fast = 0
                async for _ in fast.updates():
                    seen_fast += 1
                    if seen_fast == moves:
                        break
        finally:
            for bot in bots:
                bot.cancel()
            await asyncio.gather(*bots, return_exceptions=True)
    frames = await asyncio.to_thread(server_frames, slow)
    responses = [play_pb2.PlayResponse.FromString(p) for op, p in frames if op == 0x2]
    close = [p for op, p in frames if op == 0x8]
    assert close and int.from_bytes(close[0][:2], "big") == 4000 + code_pb2.RESOURCE_EXHAUSTED
    assert responses[-1].ended.code == code_pb2.RESOURCE_EXHAUSTED
    seen = versions(r.update for r in responses if r.HasField("update"))
    assert seen == list(range(start + 1, start + 1 + len(seen))) and len(seen) < moves


# -- the Python client's Session on the socket -----------------------------------------


async def test_client_bots_play_a_match_to_its_end_over_the_socket(server):
    """`client.play_socket_url`: every session of the client, the bots' too, on the socket."""
    from cosmodrome_client import Client, RandomBot, play
    async with Client.connect(server.address) as client:
        client.play_socket_url = socket_url(server)
        match = await client.create_match("tictactoe", players=2, seed=5)
        seats = [await client.join(match.match_id) for _ in range(2)]
        await asyncio.wait_for(asyncio.gather(
            *(play(s, RandomBot(s.seat)) for s in seats)), ENOUGH_S)
        view = await seats[0].view()
        assert view.match.status == FINISHED


async def test_client_socket_session_surfaces_refusals_as_grpc_would(server):
    from cosmodrome_client import Client
    from cosmodrome_client.errors import CosmodromeError, StaleVersionError
    async with Client.connect(server.address) as client:
        match = await client.create_match("tictactoe", players=2, seed=5)
        seat = await client.join(match.match_id)
        await client.join(match.match_id)
        async with seat.session(socket_url=socket_url(server)) as session:
            with pytest.raises(StaleVersionError):
                await session.submit(ttt(4).tictactoe, expected_version=1)
            assert await session.submit(ttt(4).tictactoe, expected_version=3) == 4
        stranger = client.spectate("no-such-match-0000")

        async def follow() -> None:
            async with stranger.session(socket_url=socket_url(server)) as session:
                async for _ in session.updates():
                    pass
        with pytest.raises(CosmodromeError) as refused:  # not retried: refused
            await asyncio.wait_for(follow(), ENOUGH_S)
        assert refused.value.code.name in ("NOT_FOUND", "INVALID_ARGUMENT")


def test_workers_share_one_play_socket_port(redis_url):
    """--workers 2: every replica listens on the same socket port (SO_REUSEPORT)."""
    with with_socket(redis_url, "--workers", "2") as proc:
        api = Api(proc.address)
        try:
            match_id, (x, o) = api.new_match()
            sessions = [SocketSession(socket_url(proc), match_id, token) for token in (x, o)]
            sessions[0].move(4, 3)
            assert sessions[0].result().version == 4
            assert sessions[1].update_at(4).view.game.tictactoe.cells[4] == 1
            for session in sessions:
                session.close()
        finally:
            api.close()
        log = proc.log_path.read_text()
        assert "worker died" not in log and "cannot be bound" not in log, log[-2000:]
