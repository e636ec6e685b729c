"""The match chat over gRPC: seated players speak, everyone reads, the match version never
moves, bad lines are refused with the right status and change nothing."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from cosmodrome.v1 import lobby_pb2, play_pb2
from tests.support import auth, error_info, ttt


def say(api, match_id, token, text, request_id=""):
    return api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text=text,
                                                      request_id=request_id),
                             metadata=auth(token))


def chat(api, match_id, from_sequence=0, page_size=0):
    return api.play.GetChat(play_pb2.GetChatRequest(
        match_id=match_id, from_sequence=from_sequence, page_size=page_size))


def refused(call, *args, **kwargs) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_two_seats_speak_and_a_spectator_reads_every_line_in_order(api):
    match_id, tokens = api.new_match()
    first = say(api, match_id, tokens[0], "bonjour")
    second = say(api, match_id, tokens[1], "salut, ça va ? 🚀")
    assert (first.line.sequence, first.line.seat) == (1, 0)
    assert (second.line.sequence, second.line.seat) == (2, 1)
    lines = chat(api, match_id).lines  # no token: a spectator
    assert [(c.sequence, c.seat, c.text) for c in lines] == [
        (1, 0, "bonjour"), (2, 1, "salut, ça va ? 🚀")]
    assert lines[0].time.seconds > 0 and lines[0].time.ToMilliseconds() <= \
        lines[1].time.ToMilliseconds()
    assert lines[0].match_version == api.view(match_id).match.version


def test_a_chat_line_never_changes_the_match_version(api):
    match_id, tokens = api.new_match()
    before = api.view(match_id).match
    for n in range(3):
        say(api, match_id, tokens[n % 2], f"line {n}")
    after = api.view(match_id).match
    assert after.version == before.version and after.update_time == before.update_time
    # a move made against the version seen before the chat still passes the compare-and-set
    reply = api.submit(match_id, tokens[0], ttt(4), version=before.version)
    assert reply.version == before.version + 1
    assert [e.version for e in api.play.GetLog(play_pb2.GetLogRequest(
        match_id=match_id)).entries] == list(range(1, before.version + 2))


def test_chat_pages_from_a_sequence(api):
    match_id, tokens = api.new_match()
    for n in range(5):
        say(api, match_id, tokens[n % 2], f"line {n}")
    page = chat(api, match_id, from_sequence=1, page_size=2)
    assert [c.sequence for c in page.lines] == [2, 3] and page.next_from_sequence == 3
    rest = chat(api, match_id, from_sequence=page.next_from_sequence)
    assert [c.text for c in rest.lines] == ["line 3", "line 4"]
    assert chat(api, match_id, from_sequence=5).lines == []


def test_only_seated_players_may_speak(api):
    match_id, tokens = api.new_match()
    error = refused(say, api, match_id, None, "I am only watching")
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED
    error = refused(say, api, match_id, "not-a-seat-token", "let me in")
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED
    assert chat(api, match_id).lines == []


@pytest.mark.parametrize(("text", "named"), [
    ("", "empty"),
    ("   ", "blank"),
    ("x" * 501, "501 characters"),
    ("ding\adong", "U+0007"),
    ("two\nlines", "U+000A"),
    ("evil \u202egnp.exe", "U+202E"),
])
def test_a_bad_line_is_refused_naming_what_is_wrong_and_never_echoed(api, text, named):
    match_id, tokens = api.new_match()
    error = refused(say, api, match_id, tokens[0], text)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert named in error.details()
    if text.strip():
        assert text.strip()[:4] not in error.details()
    assert chat(api, match_id).lines == []


def test_a_line_of_500_characters_is_accepted(api):
    match_id, tokens = api.new_match()
    assert len(say(api, match_id, tokens[0], "é" * 500).line.text) == 500


def test_a_seat_saying_too_much_too_fast_is_told_when_to_retry(api):
    match_id, tokens = api.new_match()
    for n in range(5):
        say(api, match_id, tokens[0], f"spam {n}")
    error = refused(say, api, match_id, tokens[0], "one more")
    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    status = rpc_status.from_call(error)
    retry = error_details_pb2.RetryInfo()
    assert any(d.Unpack(retry) for d in status.details)
    assert 0 < retry.retry_delay.ToMilliseconds() <= 10_000
    assert int(error_info(error).metadata["retry_after_ms"]) == \
        retry.retry_delay.ToMilliseconds()
    assert say(api, match_id, tokens[1], "the other seat may still speak").line.sequence == 6
    assert len(chat(api, match_id).lines) == 6


def test_a_retried_request_is_said_once(api):
    match_id, tokens = api.new_match()
    first = say(api, match_id, tokens[0], "gg", request_id="r-1")
    again = say(api, match_id, tokens[0], "gg", request_id="r-1")
    assert again.line == first.line
    assert [c.text for c in chat(api, match_id).lines] == ["gg"]
    error = refused(say, api, match_id, tokens[0], "not gg", request_id="r-1")
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(error).reason == "request_id_reused"
    # another seat's request ids are its own
    assert say(api, match_id, tokens[1], "gg", request_id="r-1").line.sequence == 2


def test_a_finished_match_keeps_its_chat_to_read_not_to_add_to(api):
    match_id, tokens = api.new_match()
    say(api, match_id, tokens[0], "good luck")
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], ttt(cell))
    error = refused(say, api, match_id, tokens[1], "well played")
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(error).reason == "match_finished"
    assert [c.text for c in chat(api, match_id).lines] == ["good luck"]


def test_another_seat_sees_the_line_live_in_its_watch_stream(api):
    match_id, tokens = api.new_match()
    version = api.view(match_id).match.version
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=version, with_chat=True), metadata=auth(tokens[1]),
        timeout=20)
    say(api, match_id, tokens[0], "à toi")
    update = next(watch)
    assert update.chat.text == "à toi" and update.chat.seat == 0
    assert not update.HasField("entry") and not update.HasField("view")
    api.submit(match_id, tokens[0], ttt(4))
    move = next(watch)
    assert move.entry.version == version + 1 and move.view.viewer_seat == 1
    say(api, match_id, tokens[0], "et maintenant ?")
    assert next(watch).chat.match_version == version + 1
    watch.cancel()


def test_a_watch_replays_the_chat_after_its_sequence_then_the_moves(api):
    match_id, tokens = api.new_match()
    for n in range(3):
        say(api, match_id, tokens[0], f"line {n}")
    api.submit(match_id, tokens[0], ttt(0))
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=3, with_chat=True, chat_from_sequence=1), timeout=20)
    first, second, move = next(watch), next(watch), next(watch)
    assert [first.chat.sequence, second.chat.sequence] == [2, 3]
    assert move.entry.version == 4 and move.entry.move_kind == "place"
    watch.cancel()


def test_a_watch_without_chat_gets_moves_only(api):
    """Clients that know no chat (with_chat unset) never see an update without an entry."""
    match_id, tokens = api.new_match()
    say(api, match_id, tokens[0], "unheard")
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id, from_version=3),
                                timeout=20)
    say(api, match_id, tokens[1], "unheard too")
    api.submit(match_id, tokens[0], ttt(0))
    update = next(watch)
    assert update.entry.version == 4
    watch.cancel()


def test_chat_of_an_unknown_match_is_not_found(api):
    error = refused(chat, api, "nosuchmatch")
    assert error.code() == grpc.StatusCode.NOT_FOUND
    error = refused(say, api, "nosuchmatch", "token", "hello")
    assert error.code() == grpc.StatusCode.NOT_FOUND


def test_bad_paging_is_refused(api):
    match_id, _ = api.new_match()
    assert refused(chat, api, match_id, page_size=1001).code() == \
        grpc.StatusCode.INVALID_ARGUMENT
    assert refused(chat, api, match_id, from_sequence=-1).code() == \
        grpc.StatusCode.INVALID_ARGUMENT


def test_a_seat_given_up_before_the_start_speaks_no_more(api):
    match_id = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe")).match_id
    token = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id)).seat_token
    say(api, match_id, token, "I have to go")
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id), metadata=auth(token))
    error = refused(say, api, match_id, token, "one more thing")
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED
    assert [c.text for c in chat(api, match_id).lines] == ["I have to go"]


def test_a_seat_abandoned_during_play_still_speaks_under_its_name(api):
    """Its player is away, not gone: the seat keeps its token, which reclaims it."""
    match_id, tokens = api.new_match()
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                         metadata=auth(tokens[1]))
    assert say(api, match_id, tokens[1], "back soon").line.seat == 1


def test_a_watch_of_a_finished_match_sends_the_chat_it_asked_for_then_ends(api):
    """`chat_from_sequence` 0 is every line kept, even when the moves asked for are none:
    a watch of a finished match from its last version still gets the chat, then ends."""
    match_id, tokens = api.new_match()
    say(api, match_id, tokens[0], "good luck")
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], ttt(cell))
    final = api.view(match_id).match.version
    for viewer in (None, tokens[1]):
        updates = list(api.play.WatchMatch(play_pb2.WatchMatchRequest(
            match_id=match_id, from_version=final, with_chat=True), metadata=auth(viewer),
            timeout=20))
        assert [u.chat.text for u in updates] == ["good luck"]
    assert list(api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=final, with_chat=True, chat_from_sequence=1),
        timeout=20)) == []


def test_a_seats_new_holder_never_meets_the_last_holders_request_ids(api):
    """Request ids are kept per holder (as a move's idempotency keys are): a player who
    takes a seat given up says his own lines, whatever ids the last holder used."""
    match_id = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe")).match_id

    def take_seat_0(name):
        return api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
            match_id=match_id, seat=0, display_name=name)).seat_token
    first = take_seat_0("first")
    say(api, match_id, first, "salut", request_id="chat-1")
    say(api, match_id, first, "gg", request_id="chat-2")
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id), metadata=auth(first))
    second = take_seat_0("second")
    assert say(api, match_id, second, "bonjour", request_id="chat-1").line.sequence == 3
    assert say(api, match_id, second, "gg", request_id="chat-2").line.sequence == 4
    assert [c.text for c in chat(api, match_id).lines] == ["salut", "gg", "bonjour", "gg"]


def test_a_line_names_who_said_it_even_once_the_seat_changed_hands(api):
    """A seat given up may be taken by another player: a line keeps the display name of
    the one who said it, so nobody is shown saying what the last holder said."""
    match_id = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe")).match_id
    alice = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match_id, seat=0, display_name="alice")).seat_token
    said = say(api, match_id, alice, "bob cheats")
    assert said.line.display_name == "alice"
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id), metadata=auth(alice))
    bob = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match_id, seat=0, display_name="bob")).seat_token
    say(api, match_id, bob, "I do not")
    assert [(c.seat, c.display_name, c.text) for c in chat(api, match_id).lines] == [
        (0, "alice", "bob cheats"), (0, "bob", "I do not")]


def test_paging_at_the_extremes_answers_and_echoes_nothing_large(api):
    match_id, tokens = api.new_match()
    say(api, match_id, tokens[0], "one")
    last = 2 ** 63 - 1
    page = chat(api, match_id, from_sequence=last, page_size=1000)
    assert list(page.lines) == [] and page.next_from_sequence == last
    assert [c.text for c in chat(api, match_id, page_size=1000).lines] == ["one"]
    error = refused(say, api, match_id, tokens[0], "x" * 100_000, request_id="r" * 129)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT and len(error.details()) < 200
    error = refused(say, api, match_id, tokens[0], "x" * 100_000)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT and len(error.details()) < 200
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=3, with_chat=True, chat_from_sequence=last),
        timeout=20)
    say(api, match_id, tokens[1], "unheard: before the watch's chat position")
    api.submit(match_id, tokens[0], ttt(4))
    assert next(watch).entry.version == 4
    watch.cancel()


@pytest.mark.parametrize(("name", "named"), [
    ("x: hi\n[chat] alice", "U+000A"),      # a second, forged line in a terminal
    ("\u202eecnoc I", "U+202E"),            # reverses the line shown after the name
    ("\x1b[2J", "U+001B"),                  # a terminal's escape sequence
    ("\u200b ", "blank"),
])
def test_a_display_name_cannot_forge_what_a_chat_line_shows(api, name, named):
    """Lines are shown under their speaker's name: a name is held to the rules a line is
    (one line of text that shows what it holds), or it could forge or reverse lines."""
    match_id = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe")).match_id
    error = refused(api.lobby.JoinMatch, lobby_pb2.JoinMatchRequest(
        match_id=match_id, display_name=name))
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "display_name" in error.details() and named in error.details()
    assert not any(s.occupied for s in api.lobby.GetMatch(
        lobby_pb2.GetMatchRequest(match_id=match_id)).seats)
