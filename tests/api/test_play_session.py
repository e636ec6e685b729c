"""PlayService.Play: a seat's moves, their answers and the match's updates on one stream,
with every guarantee of SubmitMove and WatchMatch."""

from __future__ import annotations

import queue

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2

from cosmodrome.v1 import lobby_pb2, play_pb2
from tests.support import Api, ServerProcess, auth, ttt

ABORTED, FAILED_PRECONDITION = code_pb2.ABORTED, code_pb2.FAILED_PRECONDITION


class Session:
    """One Play stream, driven step by step from a test."""

    def __init__(self, api: Api, match_id: str, token: str | None = None,
                 from_version: int = 0, with_chat: bool = False) -> None:
        self.requests: queue.Queue = queue.Queue()
        self.requests.put(play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=match_id, from_version=from_version, with_chat=with_chat)))
        self.call = api.play.Play(iter(self.requests.get, None), metadata=auth(token))
        self.updates: list[play_pb2.MatchUpdate] = []
        self.results: list[play_pb2.MoveResult] = []  # answers met while looking for updates

    def send(self, request: play_pb2.PlayRequest) -> None:
        self.requests.put(request)

    def move(self, cell: int, version: int, request_id: str = "m", key: str = "") -> None:
        self.send(play_pb2.PlayRequest(move=play_pb2.PlayMove(
            request_id=request_id, expected_version=version, idempotency_key=key,
            move=ttt(cell))))

    def result(self) -> play_pb2.MoveResult:
        """The next answer to a move (updates met on the way are kept in `updates`)."""
        if self.results:
            return self.results.pop(0)
        for response in self.call:
            if response.HasField("update"):
                self.updates.append(response.update)
            if response.HasField("result"):
                return response.result
        raise AssertionError("the session ended with no answer")

    def update_at(self, version: int) -> play_pb2.MatchUpdate:
        """Updates up to `version` (kept in `updates`); the one of `version`."""
        for seen in self.updates:
            if seen.entry.version == version:
                return seen
        for response in self.call:
            if response.HasField("result"):
                self.results.append(response.result)
            if response.HasField("update"):
                self.updates.append(response.update)
                if response.update.entry.version == version:
                    return response.update
        raise AssertionError(f"the session ended before version {version}")

    def close(self) -> None:
        self.requests.put(None)
        self.call.cancel()


def versions(updates) -> list[int]:
    return [u.entry.version for u in updates if u.HasField("entry")]


def info(status) -> error_details_pb2.ErrorInfo:
    found = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(found)
    return found


def test_play_carries_moves_answers_and_every_update_in_order(api):
    match_id, (x, o) = api.new_match()
    sx, so = Session(api, match_id, x), Session(api, match_id, o)
    try:
        start = sx.update_at(3)  # create, two joins: the last one with x's view
        assert versions(sx.updates) == [1, 2, 3]
        assert start.view.viewer_seat == 0 and start.view.decisions[0].options
        sx.move(4, 3, request_id="x-first")
        answer = sx.result()
        assert (answer.request_id, answer.version) == ("x-first", 4)
        assert not answer.HasField("error")
        seen_by_o = so.update_at(4)
        assert seen_by_o.view.game.tictactoe.cells[4] == 1
        assert seen_by_o.view.viewer_seat == 1
        assert versions(so.updates) == [1, 2, 3, 4]
    finally:
        sx.close()
        so.close()


def test_play_refused_move_is_answered_with_its_status_and_the_session_goes_on(api):
    match_id, (x, o) = api.new_match()
    sx = Session(api, match_id, x)
    try:
        sx.move(4, 2, request_id="stale")
        stale = sx.result()
        assert stale.request_id == "stale" and stale.version == 0
        assert stale.error.code == ABORTED
        assert info(stale.error).reason == "STALE_VERSION"
        assert info(stale.error).metadata["current_version"] == "3"
        sx.move(9, 3, request_id="off-board")
        illegal = sx.result()
        assert illegal.error.code in (FAILED_PRECONDITION, code_pb2.INVALID_ARGUMENT)
        sx.move(4, 3, request_id="good")
        assert sx.result().version == 4
        assert api.view(match_id).match.version == 4
    finally:
        sx.close()


def test_play_moves_out_of_turn_change_nothing(api):
    match_id, (x, o) = api.new_match()
    so = Session(api, match_id, o)
    try:
        so.move(4, 3)
        refused = so.result()
        assert refused.error.code == FAILED_PRECONDITION
        assert info(refused.error).reason == "no_decision_owed"
        assert api.view(match_id).match.version == 3
    finally:
        so.close()


def test_play_spectator_follows_but_may_not_move(api):
    match_id, (x, _) = api.new_match()
    spectator = Session(api, match_id)
    try:
        assert spectator.update_at(3).view.viewer_seat == -1
        spectator.move(4, 3)
        refused = spectator.result()
        assert refused.error.code == code_pb2.UNAUTHENTICATED
        assert api.view(match_id).match.version == 3
    finally:
        spectator.close()


def test_play_spectator_sees_no_hand_of_high_card(api):
    match_id, tokens = api.new_match("highcard")
    spectator, seat = Session(api, match_id), Session(api, match_id, tokens[0])
    try:
        last = api.view(match_id).match.version
        assert not spectator.update_at(last).view.game.highcard.my_hand
        assert seat.update_at(last).view.game.highcard.my_hand
    finally:
        spectator.close()
        seat.close()


def test_play_idempotency_key_answers_a_resend_once_across_sessions_and_calls(api):
    match_id, (x, o) = api.new_match()
    first = Session(api, match_id, x)
    try:
        first.move(4, 3, key="k-1")
        assert first.result().version == 4
    finally:
        first.close()
    again = Session(api, match_id, x, from_version=4)  # a reconnect resends it
    try:
        again.move(4, 3, key="k-1", request_id="resent")
        resent = again.result()
        assert (resent.request_id, resent.version) == ("resent", 4)
        assert not resent.HasField("error")
    finally:
        again.close()
    unary = api.submit(match_id, x, ttt(4), version=3, key="k-1")
    assert unary.version == 4
    assert api.view(match_id).match.version == 4


def test_play_resumes_after_the_last_version_seen(api):
    match_id, (x, o) = api.new_match()
    api.submit(match_id, x, ttt(0))
    api.submit(match_id, o, ttt(1))
    resumed = Session(api, match_id, x, from_version=4)
    try:
        resumed.update_at(5)
        assert versions(resumed.updates) == [5]
        resumed.move(2, 5)
        assert resumed.result().version == 6
        assert versions(resumed.updates + [resumed.update_at(6)])[-1] == 6
        assert versions(resumed.updates) == [5, 6]
    finally:
        resumed.close()


def test_play_session_ends_with_the_match_after_answering_the_last_move(api):
    match_id, (x, o) = api.new_match()
    for cell, token in ((0, x), (3, o), (1, x), (4, o)):
        api.submit(match_id, token, ttt(cell))
    sx = Session(api, match_id, x, from_version=7)
    sx.move(2, 7)  # the third in a row
    answer = sx.result()
    assert answer.version == 8
    final = sx.update_at(8)
    assert final.view.match.result.winners == [0]
    assert list(sx.call) == []  # then the stream ends, cleanly
    assert sx.call.code() == grpc.StatusCode.OK


def test_play_must_open_first(api):
    match_id, (x, _) = api.new_match()
    requests = iter([play_pb2.PlayRequest(move=play_pb2.PlayMove(move=ttt(4)))])
    with pytest.raises(grpc.RpcError) as caught:
        list(api.play.Play(requests, metadata=auth(x)))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "open" in caught.value.details()


def test_play_refuses_a_second_open_and_names_it(api):
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x)
    session.send(play_pb2.PlayRequest(open=play_pb2.OpenPlay(match_id=match_id)))
    with pytest.raises(grpc.RpcError) as caught:
        session.result()
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "only `move`" in caught.value.details()
    assert api.view(match_id).match.version == 3


def test_play_refuses_bytes_that_are_no_request(server):
    channel = grpc.insecure_channel(server.address)
    raw = channel.stream_stream("/cosmodrome.v1.PlayService/Play")
    with pytest.raises(grpc.RpcError) as caught:
        list(raw(iter([b"\xff\xff\xff"])))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    channel.close()


def test_play_unknown_match_is_not_found(api):
    session = Session(api, "nosuchmatch")
    with pytest.raises(grpc.RpcError) as caught:
        session.result()
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND


def test_play_long_request_id_is_refused_without_echo(api):
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x)
    try:
        session.move(4, 3, request_id="r" * 5000)
        refused = session.result()
        assert refused.error.code == code_pb2.INVALID_ARGUMENT
        assert len(refused.request_id) <= 128 and "r" * 200 not in refused.error.message
        assert api.view(match_id).match.version == 3
    finally:
        session.close()


@pytest.fixture(scope="module")
def strict_server(redis_url):
    """A replica whose Play sessions may send 2 moves at once, then 1 a second, hear a
    heartbeat after a quiet 0.2 s, and must open within 0.5 s."""
    with ServerProcess(redis_url=redis_url, extra=[
            "--play-rate", "1", "--play-burst", "2",
            "--play-heartbeat-seconds", "0.2", "--play-open-seconds", "0.5"]) as proc:
        yield proc


def test_play_session_rate_limit_refuses_with_retry_info(strict_server):
    api = Api(strict_server.address)
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x)
    try:
        for _ in range(3):
            session.move(4, 2)  # stale: cheap, and still counted
        answers = [session.result() for _ in range(3)]
        assert [a.error.code for a in answers[:2]] == [ABORTED, ABORTED]
        limited = answers[2].error
        assert limited.code == code_pb2.RESOURCE_EXHAUSTED
        retry = error_details_pb2.RetryInfo()
        assert any(d.Unpack(retry) for d in limited.details)
        assert retry.retry_delay.ToMilliseconds() > 0
    finally:
        session.close()
        api.close()


def test_play_quiet_session_hears_heartbeats_with_its_version(strict_server):
    api = Api(strict_server.address)
    match_id, (x, _) = api.new_match()
    session = Session(api, match_id, x)
    try:
        session.update_at(3)
        beat = next(r for r in session.call if r.HasField("heartbeat"))
        assert beat.heartbeat.version == 3
    finally:
        session.close()
        api.close()


def test_play_takes_a_seat_given_up_no_more(api):
    """A seat token stops working once its seat is left: the session's moves are refused."""
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    joined = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match.match_id),
                         metadata=auth(joined.seat_token))
    session = Session(api, match.match_id, joined.seat_token)
    with pytest.raises(grpc.RpcError) as caught:
        session.result()
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_play_answer_comes_with_or_after_the_update_of_the_version_it_made(api):
    """The mover never hears "done" before seeing what it did: the answer rides in the
    message of its version's update (usually: one write), or follows it."""
    for _ in range(5):
        match_id, (x, _) = api.new_match()
        session = Session(api, match_id, x, from_version=3)
        try:
            session.move(4, 3, request_id="one")
            seen = []
            for response in session.call:
                seen.append(response)
                if response.HasField("result"):
                    break
            answer = seen[-1]
            assert answer.result.request_id == "one" and answer.result.version == 4
            updates = [r.update for r in seen if r.HasField("update")]
            assert [u.entry.version for u in updates] == [4]
            assert updates[0].view.game.tictactoe.cells[4] == 1
        finally:
            session.close()



def test_play_stream_that_never_opens_is_ended_naming_the_open(strict_server):
    """A stream that holds a slot and says nothing is not kept forever."""
    api = Api(strict_server.address)
    requests: queue.Queue = queue.Queue()
    call = api.play.Play(iter(requests.get, None))
    try:
        with pytest.raises(grpc.RpcError) as caught:
            next(call)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "within 0.5 s" in caught.value.details()
    finally:
        requests.put(None)
        api.close()
