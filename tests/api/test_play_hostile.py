"""A hostile audit of PlayService.Play: secrets, races, resume, abuse, and the Python
client's Session, against real servers. A test marked xfail(strict) is a bug found here,
left for the lead to fix and flip."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import secrets
import threading

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2
from grpc_status import rpc_status

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import admin_pb2, games_pb2, lobby_pb2, play_pb2, play_pb2_grpc
from cosmodrome_client import Client
from cosmodrome_client.errors import CosmodromeError
from tests.api import test_play_session
from tests.api.test_play_session import versions
from tests.api.test_redaction import card, cards_in
from tests.support import ADMIN_TOKEN, Api, ServerProcess, auth, ttt
from tests.unit.test_noninterference import shuffle_highcard

ENOUGH_S = 60  # bounds a wait that takes milliseconds when all is well: no timed assertion


class Session(test_play_session.Session):
    """test_play_session's step-by-step session, its call bounded (ENOUGH_S): a session
    that wrongly never ends fails its test instead of hanging the run."""

    def __init__(self, api: Api, match_id: str, token: str | None = None,
                 from_version: int = 0, with_chat: bool = False) -> None:
        self.requests: queue.Queue = queue.Queue()
        self.requests.put(play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=match_id, from_version=from_version, with_chat=with_chat)))
        self.call = api.play.Play(iter(self.requests.get, None), metadata=auth(token),
                                  timeout=ENOUGH_S)
        self.updates: list[play_pb2.MatchUpdate] = []
        self.results: list[play_pb2.MoveResult] = []


def play_move(move, version: int, request_id: str = "m", key: str = "") -> play_pb2.PlayRequest:
    return play_pb2.PlayRequest(move=play_pb2.PlayMove(
        request_id=request_id, expected_version=version, idempotency_key=key, move=move))


def reason(status) -> tuple[int, str, dict]:
    """A google.rpc.Status's code, ErrorInfo reason and metadata."""
    found = error_details_pb2.ErrorInfo()
    for detail in status.details:
        if detail.Unpack(found):
            return status.code, found.reason, dict(found.metadata)
    return status.code, "", {}


def highcard_table(api: Api, players: int = 3, seed: int = 2024):
    """A high-card match, every seat taken: (match_id, tokens, hands dealt)."""
    match_id, tokens = api.new_match("highcard", players=players, seed=seed)
    state = api.export(match_id).record.state.highcard
    return match_id, tokens, [list(h.cards) for h in state.hands]


# -- secrets ---------------------------------------------------------------------------


def test_a_seats_play_stream_shows_no_card_it_may_not_see(api):
    """High card, 3 seats, a round and a half played over Play: every card a seat's (or the
    spectator's) stream shows, updates and answers, is its own or one revealed."""
    match_id, tokens, hands = highcard_table(api)
    start = api.view(match_id).match.version
    seats = [Session(api, match_id, t, from_version=0) for t in tokens]
    spectator = Session(api, match_id, from_version=0)
    try:
        version = start
        for turn in range(5):  # seats 1, 2, 0, 1, 2: a reveal, then two face down
            seat = (turn + 1) % 3
            seats[seat].update_at(version)
            seats[seat].send(play_move(card(hands[seat][turn // 3]), version, f"r{turn}"))
            answer = seats[seat].result()
            assert not answer.HasField("error"), answer
            version = answer.version
        revealed = {hand[0] for hand in hands}  # round 1, all face up; round 2 face down
        for seat, session in enumerate([*seats, spectator]):
            shown = set()
            for update in [session.update_at(version), *session.updates]:
                shown |= cards_in(update)
            own = set(hands[seat]) if seat < 3 else set()
            assert shown - own <= revealed, f"viewer {seat} saw cards not his nor revealed"
            assert revealed <= shown, "the reveal was shown: the check compares something"
    finally:
        for session in (*seats, spectator):
            session.close()


def test_an_answer_for_another_seats_card_reveals_nothing(api):
    """A seat's Play answer for a card another seat holds equals the one for a card nobody
    holds (bar the card's own number)."""
    match_id, tokens, hands = highcard_table(api, seed=77)
    undealt = api.export(match_id).record.state.highcard.deck[0]
    version = api.view(match_id).match.version
    session = Session(api, match_id, tokens[0], from_version=version)
    try:
        answers = []
        for n in (hands[1][0], undealt):
            session.send(play_move(card(n), version, request_id="probe"))
            error = session.result().error
            answers.append((error.code, error.message.replace(str(n), "N"), reason(error)))
        assert answers[0] == answers[1]
        assert answers[0][0] == code_pb2.FAILED_PRECONDITION
    finally:
        session.close()


def import_as_new_match(api: Api, record, log) -> str:
    """The exported match under a fresh id (same seat tokens): its id."""
    record.match.match_id = secrets.token_hex(8)
    api.admin.ImportMatch(admin_pb2.ImportMatchRequest(
        export=admin_pb2.MatchExport(record=record, log=log)), metadata=auth(ADMIN_TOKEN))
    return record.match.match_id


def replayed(api: Api, match_id: str, token: str | None, version: int) -> bytes:
    """The bytes of a Play stream from version 0 to `version`, the match id blanked."""
    session = Session(api, match_id, token, from_version=0)
    try:
        session.update_at(version)
        return b"".join(u.SerializeToString() for u in session.updates).replace(
            match_id.encode(), b"<match>")
    finally:
        session.close()


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_play_stream_bytes_do_not_depend_on_what_the_viewer_may_not_know(api, viewer):
    """Non-interference over Play: the same match with every card `viewer` has not seen
    dealt again (other hands, face-down cards, the deck) gives his stream the same bytes."""
    match_id, tokens, hands = highcard_table(api, seed=5)
    version = api.view(match_id).match.version
    api.submit(match_id, tokens[1], card(hands[1][0]), version=version)  # face down
    export = api.export(match_id)
    version = export.record.match.version
    rng = random.Random(9)
    shuffled = admin_pb2.MatchExport()
    shuffled.CopyFrom(export)
    shuffle_highcard(shuffled.record.state.highcard, viewer, rng)
    assert shuffled.record.state != export.record.state
    same = import_as_new_match(api, export.record, export.log)
    other = import_as_new_match(api, shuffled.record, shuffled.log)
    token = tokens[viewer] if viewer is not None else None
    assert replayed(api, same, token, version) == replayed(api, other, token, version)


def watched_bytes(api: Api, match_id: str, token: str | None, version: int) -> bytes:
    """The bytes of a WatchMatch stream from version 0 to `version`."""
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id),
                                metadata=auth(token), timeout=ENOUGH_S)
    updates = []
    try:
        for update in watch:
            updates.append(update.SerializeToString())
            if update.entry.version == version:
                return b"".join(updates)
    finally:
        watch.cancel()
    raise AssertionError(f"the watch ended before version {version}")


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_play_updates_are_byte_for_byte_those_of_watch_match(api, viewer):
    match_id, tokens, hands = highcard_table(api, seed=13)
    version = api.view(match_id).match.version
    version = api.submit(match_id, tokens[2], card(hands[2][0]), version=version).version
    token = tokens[viewer] if viewer is not None else None
    played = replayed(api, match_id, token, version).replace(b"<match>", match_id.encode())
    assert played == watched_bytes(api, match_id, token, version)


def test_chat_comes_on_a_session_that_asked_and_only_there(api):
    match_id, (x, o) = api.new_match()
    chatty = Session(api, match_id, o, from_version=3, with_chat=True)
    quiet = Session(api, match_id, o, from_version=3)
    try:
        api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text="hello"),
                          metadata=auth(x))
        api.submit(match_id, x, ttt(4), version=3)
        chatty.update_at(4)
        quiet.update_at(4)
        assert [u.chat.text for u in chatty.updates if u.HasField("chat")] == ["hello"]
        assert all(u.HasField("entry") for u in quiet.updates)
    finally:
        chatty.close()
        quiet.close()


def test_a_session_whose_seat_was_abandoned_moves_nothing_for_the_old_token(api):
    """A seat given up mid-match is the server bot's (docs/api.md, Clocks and abandonment):
    nobody else may take it, and the session of the token that left moves nothing."""
    match_id, tokens, hands = highcard_table(api, seed=31)
    version = api.view(match_id).match.version
    old = Session(api, match_id, tokens[0], from_version=version)
    try:
        api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                             metadata=auth(tokens[0]))
        with pytest.raises(grpc.RpcError) as taken:
            api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id, seat=0))
        assert taken.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        current = api.view(match_id).match.version
        old.send(play_move(card(hands[0][0]), current, request_id="late"))
        error = old.result().error
        assert reason(error)[:2] == (code_pb2.FAILED_PRECONDITION, "seat_abandoned")
        log = api.export(match_id).log
        assert [e.seat for e in log if e.version > version + 1] == \
            [0] * (len(log) - version - 1)  # after the leave, only the bot played seat 0
    finally:
        old.close()


# -- errors: the same as a unary SubmitMove's ------------------------------------------


def bad_moves(match_id: str):
    """(name, version, move) a hostile seat x sends on a tic-tac-toe match at version 3."""
    chess_like = games_pb2.GameMove(highcard=card(5).highcard)
    return [
        ("empty", 3, games_pb2.GameMove()),
        ("wrong game", 3, chess_like),
        ("negative version", -1, ttt(4)),
        ("stale", 2, ttt(4)),
        ("future", 10**15, ttt(4)),
        ("off board", 3, games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=-7))),
    ]


def test_a_refused_play_move_carries_the_status_a_unary_submit_ends_with(api):
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x, from_version=3)
    try:
        for name, version, move in bad_moves(match_id):
            session.send(play_move(move, version, request_id=name))
            answer = session.result()
            assert answer.request_id == name and answer.version == 0
            with pytest.raises(grpc.RpcError) as unary:
                api.submit(match_id, x, move, version=version)
            expected = rpc_status.from_call(unary.value)
            assert reason(answer.error) == reason(expected), name
            assert answer.error.message == expected.message, name
        assert api.view(match_id).match.version == 3
    finally:
        session.close()


# -- races -----------------------------------------------------------------------------


def test_two_sessions_of_one_seat_racing_one_version_make_one_move(api):
    match_id, (x, _) = api.new_match()
    first, second = (Session(api, match_id, x, from_version=3) for _ in range(2))
    try:
        first.send(play_move(ttt(0), 3, "first"))
        second.send(play_move(ttt(8), 3, "second"))
        answers = [first.result(), second.result()]
        won = [a for a in answers if not a.HasField("error")]
        lost = [a for a in answers if a.HasField("error")]
        assert len(won) == 1 and won[0].version == 4
        assert reason(lost[0].error)[:2] == (code_pb2.ABORTED, "STALE_VERSION")
        cell = 0 if won[0].request_id == "first" else 8
        for session in (first, second):
            assert session.update_at(4).view.game.tictactoe.cells[cell] == 1
            assert versions(session.updates) == [4]
        assert api.view(match_id).match.version == 4
    finally:
        first.close()
        second.close()


def test_one_idempotency_key_on_two_sessions_and_a_unary_call_at_once_moves_once(api):
    """A client that resends everywhere at once: every copy is answered with the one
    version the move made, and the log holds it once."""
    match_id, (x, _) = api.new_match()
    sessions = [Session(api, match_id, x, from_version=3) for _ in range(2)]
    unary: list = []
    try:
        caller = threading.Thread(target=lambda: unary.append(
            api.submit(match_id, x, ttt(4), version=3, key="everywhere")))
        for n, session in enumerate(sessions):
            session.send(play_move(ttt(4), 3, f"s{n}", key="everywhere"))
        caller.start()
        answers = [s.result() for s in sessions]
        caller.join(ENOUGH_S)
        assert [a.version for a in answers] == [4, 4]
        assert not any(a.HasField("error") for a in answers)
        assert unary[0].version == 4
        log = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id))
        assert [e.version for e in log.entries] == [1, 2, 3, 4]
    finally:
        for session in sessions:
            session.close()


def test_a_unary_resend_of_a_move_made_over_play_carries_the_movers_view(api):
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x, from_version=3)
    try:
        session.send(play_move(ttt(4), 3, key="play-then-unary"))
        assert session.result().version == 4
    finally:
        session.close()
    resent = api.submit(match_id, x, ttt(4), version=3, key="play-then-unary")
    assert resent.version == 4
    assert resent.view.match.version == 4 and resent.view.game.tictactoe.cells[4] == 1


def creator_match(api: Api) -> tuple[str, str, list[str]]:
    """A tic-tac-toe match with its creator token: (match_id, creator token, seat tokens)."""
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    tokens = [api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match.match_id, seat=i)).seat_token for i in range(2)]
    return match.match_id, match.secrets.creator_token, tokens


def test_moves_racing_the_end_of_the_match_never_pass_it(api):
    """The creator closes the match while x keeps sending moves: the stream ends cleanly
    with the final update last; no answer claims a version after it."""
    match_id, creator, (x, _) = creator_match(api)
    session = Session(api, match_id, x, from_version=3)
    for n in range(20):
        session.send(play_move(ttt(n % 9), 3 + n % 2, f"r{n}"))
    api.lobby.CloseMatch(lobby_pb2.CloseMatchRequest(match_id=match_id),
                         metadata=auth(creator))
    responses = list(session.call)  # to the end: the match is over
    assert session.call.code() == grpc.StatusCode.OK
    final = api.view(match_id).match.version
    updates = [r.update for r in responses if r.HasField("update")]
    assert updates[-1].entry.version == final and updates[-1].view.match.result.closed
    for answer in (r.result for r in responses if r.HasField("result")):
        assert answer.version <= final
        assert answer.version or answer.error.code in (
            code_pb2.ABORTED, code_pb2.FAILED_PRECONDITION, code_pb2.RESOURCE_EXHAUSTED)


def test_a_session_of_a_finished_match_ends_cleanly_whatever_it_sends(api):
    match_id, creator, (x, _) = creator_match(api)
    api.lobby.CloseMatch(lobby_pb2.CloseMatchRequest(match_id=match_id),
                         metadata=auth(creator))
    for from_version in (0, 4, 10**6):
        session = Session(api, match_id, x, from_version=from_version)
        session.send(play_move(ttt(4), 4, "after-the-end"))
        responses = list(session.call)
        assert session.call.code() == grpc.StatusCode.OK
        for answer in (r.result for r in responses if r.HasField("result")):
            assert reason(answer.error)[:2] == (code_pb2.FAILED_PRECONDITION,
                                                "match_not_active")
        assert api.view(match_id).match.version == 4


# -- abuse -----------------------------------------------------------------------------


def test_a_message_over_the_size_limit_ends_only_its_own_session(api):
    match_id, (x, o) = api.new_match()
    bystander = Session(api, match_id, o, from_version=3)
    huge = Session(api, match_id, x, from_version=3)
    huge.send(play_move(ttt(4), 3, key="k" * (300 * 1024)))  # over 256 KiB
    with pytest.raises(grpc.RpcError) as ended:
        huge.result()
    assert ended.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    try:
        api.submit(match_id, x, ttt(4), version=3)
        assert bystander.update_at(4).view.game.tictactoe.cells[4] == 1
        assert api.view(match_id).match.version == 4
    finally:
        bystander.close()


def test_ten_kilobytes_of_request_id_or_key_are_never_echoed(api):
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x, from_version=3)
    try:
        for request_id, key in (("r" * 10_240, ""), ("short", "k" * 10_240),
                                ("r" * 10_240, "k" * 10_240)):
            session.send(play_move(ttt(4), 3, request_id, key))
            answer = session.result()
            assert answer.error.code == code_pb2.INVALID_ARGUMENT
            assert len(answer.SerializeToString()) < 1024
        assert api.view(match_id).match.version == 3
    finally:
        session.close()


@pytest.mark.parametrize("opening", [
    play_pb2.OpenPlay(from_version=-1),
    play_pb2.OpenPlay(chat_from_sequence=-5, with_chat=True),
    play_pb2.OpenPlay(match_id="m" * 10_240),
    play_pb2.OpenPlay(match_id=""),
])
def test_a_bad_opening_is_invalid_argument_and_short(api, opening):
    match_id, (x, _) = api.new_match()
    if not opening.match_id:
        opening.match_id = match_id if opening.from_version or opening.with_chat else ""
    with pytest.raises(grpc.RpcError) as refused:
        list(api.play.Play(iter([play_pb2.PlayRequest(open=opening)]), metadata=auth(x),
                           timeout=ENOUGH_S))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert len(refused.value.details()) < 300


def raw_play(channel: grpc.Channel):
    return channel.stream_stream("/cosmodrome.v1.PlayService/Play")


def move_then_garbage(server, api, timeout: float = ENOUGH_S):
    """A session that opens, makes a move, then sends bytes that are no PlayRequest: its
    responses, how it ended, and the match."""
    match_id, (x, _) = api.new_match()
    opening = play_pb2.PlayRequest(open=play_pb2.OpenPlay(match_id=match_id, from_version=3))
    sent = [opening.SerializeToString(), play_move(ttt(4), 3, "before").SerializeToString(),
            b"\x12\xff\xff\xff\x0f garbage"]
    responses = []
    with grpc.insecure_channel(server.address) as channel:
        call = raw_play(channel)(iter(sent), metadata=auth(x), timeout=timeout)
        with pytest.raises(grpc.RpcError) as ended:
            for raw in call:
                responses.append(play_pb2.PlayResponse.FromString(raw))
    return responses, ended.value.code(), match_id


def test_garbage_mid_stream_ends_the_session_after_answering_what_came_before(server, api):
    responses, code, match_id = move_then_garbage(server, api, timeout=10)
    assert api.view(match_id).match.version == 4  # the move before the garbage was made
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert [(r.result.request_id, r.result.version) for r in responses
            if r.HasField("result")] == [("before", 4)]


def test_a_bad_request_always_ends_the_session(server, api):
    """The same hostile session, again and again: each one ends, INVALID_ARGUMENT. (A hang
    shows as DEADLINE_EXCEEDED after 10 s; the loop stops at the first.)"""
    for _ in range(40):
        _, code, _ = move_then_garbage(server, api, timeout=10)
        assert code == grpc.StatusCode.INVALID_ARGUMENT


def test_a_half_closed_session_still_answers_and_follows(api):
    """The client says it has no more moves: it still hears its answer and the match."""
    match_id, (x, o) = api.new_match()
    requests = [play_pb2.PlayRequest(open=play_pb2.OpenPlay(match_id=match_id,
                                                            from_version=3)),
                play_move(ttt(4), 3, "last words")]
    call = api.play.Play(iter(requests), metadata=auth(x), timeout=ENOUGH_S)
    try:
        # (the answer rides with its update, or follows it when the store's notice came
        # to the replica before the script's reply)
        first = next(r for r in call if r.HasField("result"))
        assert first.result.request_id == "last words" and first.result.version == 4
        api.submit(match_id, o, ttt(0), version=4)
        later = next(r for r in call if r.HasField("update"))
        assert later.update.entry.version == 5
    finally:
        call.cancel()


@pytest.fixture(scope="module")
def stingy(redis_url):
    """A replica whose Play sessions may send 3 moves, and then next to none."""
    with ServerProcess(redis_url=redis_url, extra=[
            "--play-rate", "0.0001", "--play-burst", "3"]) as proc:
        api = Api(proc.address)
        yield proc, api
        api.close()


def test_thousands_of_tiny_moves_are_each_answered_once_in_order_then_limited(stingy):
    _, api = stingy
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x, from_version=3)
    try:
        count = 2000
        for n in range(count):
            session.send(play_move(ttt(4), 2, f"r{n}"))  # stale: refused, still counted
        answers = [session.result() for _ in range(count)]
        assert [a.request_id for a in answers] == [f"r{n}" for n in range(count)]
        codes = [a.error.code for a in answers]
        assert codes[:3] == [code_pb2.ABORTED] * 3
        assert set(codes[3:]) == {code_pb2.RESOURCE_EXHAUSTED}
        assert api.view(match_id).match.version == 3
        assert api.view(match_id, x).decisions  # the server still answers the seat
    finally:
        session.close()


# -- the Python client's Session -------------------------------------------------------


async def test_client_session_updates_end_with_the_match(server):
    async with Client.connect(server.address) as client:
        match = await client.create_match("tictactoe")
        x, o = [await client.join(match.match_id) for _ in range(2)]
        seen = []
        async with x.session(from_version=3) as sx, o.session(from_version=3) as so:
            turns = [(0, sx, x), (3, so, o), (1, sx, x), (4, so, o), (2, sx, x)]
            for cell, session, seat in turns:
                version = (await seat.view()).match.version
                await session.submit(ttt(cell), expected_version=version)
            async def drain():
                async for update in sx.updates():
                    seen.append(update.entry.version)
            await asyncio.wait_for(drain(), ENOUGH_S)  # ends: the match is over
    assert seen == [4, 5, 6, 7, 8]


@pytest.mark.parametrize("ending", ["match closed", "session refused"])
async def test_client_session_submit_after_the_session_ended_raises(server, ending):
    async with Client.connect(server.address) as client:
        match = await client.create_match("tictactoe")
        x, _ = [await client.join(match.match_id) for _ in range(2)]
        if ending == "match closed":
            await client.creator(match).close()
        else:
            x = client.seat("0123456789abcdef", 0, x.token)
        async with x.session(from_version=3) as session:
            with contextlib.suppress(CosmodromeError):
                async for _ in session.updates():
                    pass  # the close, then the end; or the refusal
            with pytest.raises(CosmodromeError):
                await asyncio.wait_for(session.submit(ttt(4), expected_version=4), 10)


async def test_client_session_refusal_of_the_session_itself_surfaces(server):
    async with Client.connect(server.address) as client:
        nowhere = client.spectate("0123456789abcdef")
        async with nowhere.session() as session:
            with pytest.raises(CosmodromeError) as refused:
                await asyncio.wait_for(anext(session.updates()), ENOUGH_S)
            assert refused.value.code == grpc.StatusCode.NOT_FOUND


class Proxy:
    """A TCP relay to a server, whose connections a test cuts as a network would."""

    def __init__(self, address: str) -> None:
        self.target = address.rsplit(":", 1)
        self.links: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> Proxy:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.address = f"127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        return self

    async def __aexit__(self, *exc) -> None:
        self.cut()
        self.server.close()

    def cut(self) -> None:
        for writer in self.links:
            writer.transport.abort()
        self.links.clear()

    async def _relay(self, down_r, down_w) -> None:
        up_r, up_w = await asyncio.open_connection(*self.target)
        self.links += [down_w, up_w]

        async def pipe(reader, writer) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            writer.transport.abort()
        await asyncio.gather(pipe(down_r, up_w), pipe(up_r, down_w))


async def test_client_session_resends_a_move_across_a_cut_connection_and_it_counts_once(
        server):
    """The connection is cut right after a move is sent: the session reopens from its last
    version and resends the move with its key; the caller hears one answer, and the match
    holds the move once."""
    async with Proxy(server.address) as proxy, Client.connect(proxy.address) as client:
        match = await client.create_match("tictactoe")
        x, o = [await client.join(match.match_id) for _ in range(2)]
        async with x.session(from_version=3) as session:
            while session._call is None:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)  # the stream is open (not a bound on anything)
            moving = asyncio.create_task(session.submit(ttt(4), expected_version=3))
            while not session._pending:
                await asyncio.sleep(0)
            proxy.cut()
            assert await asyncio.wait_for(moving, ENOUGH_S) == 4
            await o.submit(ttt(0), expected_version=4)
            seen = []
            async for update in session.updates():
                seen.append(update.entry.version)
                if update.entry.version == 5:
                    break
        assert seen == [4, 5]
        assert [e.version for e in await x.log()] == [1, 2, 3, 4, 5]


async def test_client_session_racing_submits_are_each_answered(server):
    """Three submits at once on one session (three tasks of a client), on ten matches:
    each time one move is made and two are refused as stale; none hangs (a hang fails
    after 10 s, at the first)."""
    async with Client.connect(server.address) as client:
        for _ in range(10):
            match = await client.create_match("tictactoe")
            x, _ = [await client.join(match.match_id) for _ in range(2)]
            async with x.session(from_version=3) as session:
                outcomes = await asyncio.wait_for(asyncio.gather(
                    *(session.submit(ttt(cell), expected_version=3) for cell in (0, 4, 8)),
                    return_exceptions=True), 10)
            assert [o for o in outcomes if isinstance(o, int)] == [4]
            assert [o.code for o in outcomes if not isinstance(o, int)] == \
                [grpc.StatusCode.ABORTED] * 2


# -- many sessions, slow readers -------------------------------------------------------


@pytest.fixture(scope="module")
def watched(tmp_path_factory, redis_url):
    """A replica with its metrics endpoint and a slow-reader buffer of 2 updates."""
    from cosmodrome.store.embedded import free_port
    port = free_port()
    with ServerProcess(redis_url=redis_url, extra=[
            "--metrics-port", str(port), "--watch-buffer", "2"]) as proc:
        proc.metrics_port = port
        yield proc


def open_request(match_id: str, from_version: int) -> play_pb2.PlayRequest:
    return play_pb2.PlayRequest(open=play_pb2.OpenPlay(match_id=match_id,
                                                       from_version=from_version))


async def test_a_thousand_sessions_all_follow_and_all_leave_no_trace(watched):
    """A thousand Play sessions on one match over four connections, seats and spectators:
    each hears the next move; cancelled, none is left on the server."""
    from tests.api.test_metrics import scrape
    api = Api(watched.address)
    match_id, tokens = api.new_match()
    channels = [grpc.aio.insecure_channel(watched.address) for _ in range(4)]
    try:
        calls = []
        for n in range(1000):
            call = play_pb2_grpc.PlayServiceStub(channels[n % 4]).Play(
                metadata=auth(tokens[n % 3] if n % 3 < 2 else None), timeout=ENOUGH_S * 3)
            await call.write(open_request(match_id, 3))
            calls.append(call)
        await asyncio.to_thread(api.submit, match_id, tokens[0], ttt(4), 3)

        async def next_version(call) -> int:
            while True:
                response = await call.read()
                if response.HasField("update"):
                    return response.update.entry.version
        seen = await asyncio.wait_for(asyncio.gather(*map(next_version, calls)), ENOUGH_S)
        assert set(seen) == {4}
        sessions = ("cosmodrome_play_sessions", ())
        assert scrape(watched.metrics_port)[sessions] >= 1000
        for call in calls:
            call.cancel()
        for _ in range(ENOUGH_S * 10):  # until the server has seen them go (bounded)
            if scrape(watched.metrics_port)[sessions] == 0:
                break
            await asyncio.sleep(0.1)
        assert scrape(watched.metrics_port)[sessions] == 0
        assert scrape(watched.metrics_port)[("cosmodrome_watchers", ())] == 0
    finally:
        for channel in channels:
            await channel.close()
        api.close()


async def test_a_play_session_that_never_reads_is_dropped_and_holds_nobody_back(watched):
    """A Cosmic match (views of a few KB) played by bots over Play; a spectator's session
    on a small window never reads. The bots and a session that reads see every version;
    the slow one is dropped with RESOURCE_EXHAUSTED, having had versions in order."""
    from cosmodrome_client import RandomBot, play
    from tests.integration.test_watch_limits import SMALL_WINDOW
    moves = 40
    async with Client.connect(watched.address) as client, \
            grpc.aio.insecure_channel(watched.address, options=SMALL_WINDOW) as slow_ch:
        match = await client.create_match("cosmic", players=2, seed=3)
        seats = [await client.join(match.match_id) for _ in range(2)]
        start = (await seats[0].view()).match.version
        slow = play_pb2_grpc.PlayServiceStub(slow_ch).Play(timeout=ENOUGH_S * 2)
        await slow.write(open_request(match.match_id, start))
        fast = client.spectate(match.match_id).session(from_version=start)
        async with fast:
            bots = [asyncio.create_task(play(s, RandomBot(s.seat))) for s in seats]
            fast_seen = []
            async for update in fast.updates():
                fast_seen.append(update.entry.version)
                if len(fast_seen) == moves:
                    break
            for bot in bots:
                bot.cancel()
            await asyncio.gather(*bots, return_exceptions=True)
        assert fast_seen == list(range(start + 1, start + 1 + moves))
        seen = []
        with pytest.raises(grpc.aio.AioRpcError) as dropped:
            while True:
                response = await slow.read()
                if response.HasField("update"):
                    seen.append(response.update.entry.version)
        assert dropped.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert seen == list(range(start + 1, start + 1 + len(seen)))
        assert len(seen) < moves
