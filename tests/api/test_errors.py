"""Every kind of bad input gets the right status, a message naming what was wrong, and
changes nothing (the match's exported record and log are byte-identical afterwards)."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.games.crafting.v1 import crafting_pb2
from cosmodrome.games.highcard.v1 import highcard_pb2
from cosmodrome.games.mlem.v1 import mlem_pb2
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import games_pb2, lobby_pb2, play_pb2
from tests.support import Api, auth, error_info, ttt


@pytest.fixture
def match(api):
    """A tic-tac-toe match in play, seat 0 (X) on move."""
    return api.new_match("tictactoe")


def snapshot(api: Api, match_id: str) -> bytes:
    return api.export(match_id).SerializeToString(deterministic=True)


def fails(code: grpc.StatusCode, call, *args, **kwargs) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    assert caught.value.code() == code, caught.value.details()
    return caught.value


def test_malformed_request_bytes_are_invalid_argument(api, match):
    match_id, _ = match
    before = snapshot(api, match_id)
    raw = api.channel.unary_unary("/cosmodrome.v1.PlayService/GetView",
                                  request_serializer=None, response_deserializer=None)
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, raw, b"\xff\xff\xff\xff")
    assert "not a valid protobuf" in err.details()
    assert snapshot(api, match_id) == before


def test_malformed_match_id_is_invalid_argument(api):
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.play.GetView,
                play_pb2.GetViewRequest(match_id="../etc"))
    assert "match_id" in err.details()


def test_empty_move_is_invalid_argument_and_changes_nothing(api, match):
    match_id, tokens = match
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.submit, match_id, tokens[0],
                games_pb2.GameMove())
    assert "move is empty" in err.details()
    assert snapshot(api, match_id) == before


def test_move_for_another_game_is_invalid_argument(api, match):
    match_id, tokens = match
    before = snapshot(api, match_id)
    move = games_pb2.GameMove(highcard=highcard_pb2.Move(card=3))
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.submit, match_id, tokens[0], move)
    assert "highcard" in err.details() and "tictactoe" in err.details()
    assert snapshot(api, match_id) == before


def test_unknown_game_is_not_found(api):
    err = fails(grpc.StatusCode.NOT_FOUND, api.lobby.CreateMatch,
                lobby_pb2.CreateMatchRequest(game="chess"))
    assert "chess" in err.details()


def test_unknown_match_is_not_found(api):
    fails(grpc.StatusCode.NOT_FOUND, api.view, "0000000000000000")


@pytest.mark.parametrize("request_, words", [
    (lobby_pb2.CreateMatchRequest(game="tictactoe", players=3), "players"),
    (lobby_pb2.CreateMatchRequest(game="highcard", options=games_pb2.GameOptions(
        highcard=highcard_pb2.Options(hand_size=99))), "hand_size"),
    (lobby_pb2.CreateMatchRequest(game="tictactoe", options=games_pb2.GameOptions(
        highcard=highcard_pb2.Options())), "options are for highcard"),
    (lobby_pb2.CreateMatchRequest(game="tictactoe", options=games_pb2.GameOptions(
        tictactoe=tictactoe_pb2.Options(turn_timeout_ms=-5))), "turn_timeout_ms"),
])
def test_bad_options_are_invalid_argument(api, request_, words):
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.lobby.CreateMatch, request_)
    assert words in err.details()


def test_missing_token_is_unauthenticated_and_changes_nothing(api, match):
    match_id, _ = match
    before = snapshot(api, match_id)
    fails(grpc.StatusCode.UNAUTHENTICATED, api.submit, match_id, None, ttt(4), version=3)
    assert snapshot(api, match_id) == before


def test_token_of_another_match_is_unauthenticated(api, match):
    match_id, _ = match
    _, other_tokens = api.new_match("tictactoe")
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.UNAUTHENTICATED, api.submit, match_id, other_tokens[0], ttt(4),
                version=3)
    assert "not valid for this match" in err.details()
    fails(grpc.StatusCode.UNAUTHENTICATED, api.view, match_id, "forged-token")
    assert snapshot(api, match_id) == before


def test_malformed_authorization_is_unauthenticated(api, match):
    match_id, tokens = match
    fails(grpc.StatusCode.UNAUTHENTICATED, api.play.GetView,
          play_pb2.GetViewRequest(match_id=match_id),
          metadata=(("authorization", f"Basic {tokens[0]}"),))


def test_move_by_seat_that_owes_no_decision_is_failed_precondition(api, match):
    match_id, tokens = match
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.submit, match_id, tokens[1], ttt(4))
    assert error_info(err).reason == "no_decision_owed"
    assert snapshot(api, match_id) == before


def test_illegal_move_names_the_rule_and_changes_nothing(api, match):
    match_id, tokens = match
    api.submit(match_id, tokens[0], ttt(4))
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.submit, match_id, tokens[1], ttt(4))
    assert error_info(err).reason == "cell_empty"
    assert "cell 4 is already taken" in err.details()
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.submit, match_id, tokens[1], ttt(42))
    assert error_info(err).reason == "cell_on_board"
    assert snapshot(api, match_id) == before


def test_stale_version_is_aborted_carrying_the_current_version(api, match):
    match_id, tokens = match
    version = api.view(match_id).match.version
    api.submit(match_id, tokens[0], ttt(0), version=version)
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.ABORTED, api.submit, match_id, tokens[1], ttt(1),
                version=version)
    assert error_info(err).metadata["current_version"] == str(version + 1)
    assert snapshot(api, match_id) == before


def test_repeated_idempotency_key_returns_the_first_result_and_applies_once(api, match):
    match_id, tokens = match
    version = api.view(match_id).match.version
    first = api.submit(match_id, tokens[0], ttt(8), version=version, key="move-1")
    again = api.submit(match_id, tokens[0], ttt(8), version=version, key="move-1")
    assert again == first
    assert api.view(match_id).match.version == version + 1
    cells = api.view(match_id).game.tictactoe.cells
    assert list(cells).count(tictactoe_pb2.MARK_X) == 1


def test_idempotency_key_reused_for_another_move_is_refused(api, match):
    match_id, tokens = match
    version = api.view(match_id).match.version
    api.submit(match_id, tokens[0], ttt(8), version=version, key="k")
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.submit, match_id, tokens[0], ttt(7),
                version=version, key="k")
    assert error_info(err).reason == "idempotency_key_reused"
    assert snapshot(api, match_id) == before


def test_overlong_idempotency_key_is_invalid_argument(api, match):
    match_id, tokens = match
    fails(grpc.StatusCode.INVALID_ARGUMENT, api.submit, match_id, tokens[0], ttt(0),
          key="k" * 129)


def test_oversized_request_is_resource_exhausted(api, match):
    match_id, tokens = match
    before = snapshot(api, match_id)
    huge = play_pb2.SubmitMoveRequest(match_id=match_id, expected_version=3,
                                      idempotency_key="x" * (1024 * 1024), move=ttt(0))
    fails(grpc.StatusCode.RESOURCE_EXHAUSTED, api.play.SubmitMove, huge,
          metadata=auth(tokens[0]))
    assert snapshot(api, match_id) == before


def test_join_of_a_full_match_is_failed_precondition(api, match):
    match_id, _ = match
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.lobby.JoinMatch,
                lobby_pb2.JoinMatchRequest(match_id=match_id))
    assert error_info(err).reason == "match_full"


def test_move_after_the_end_is_failed_precondition(api, match):
    match_id, tokens = match
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], ttt(cell))
    assert api.view(match_id).match.result.winners == [0]
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.submit, match_id, tokens[1], ttt(5))
    assert error_info(err).reason in ("match_not_active", "no_decision_owed")


def with_unknown_field(message, number: int, payload: bytes):
    """`message` carrying a length-delimited field `number` its schema does not have."""
    from google.protobuf.internal.encoder import _VarintBytes
    raw = message.SerializeToString() + _VarintBytes(number << 3 | 2) + \
        _VarintBytes(len(payload)) + payload
    return type(message).FromString(raw)


def test_unknown_option_fields_are_neither_stored_nor_served(api):
    options = with_unknown_field(tictactoe_pb2.Options(turn_timeout_ms=5000), 999,
                                 b"z" * 200_000)
    created = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
        game="tictactoe", options=games_pb2.GameOptions(tictactoe=options)))
    served = api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=created.match_id))
    for match in (created, served, api.export(created.match_id).record.match):
        assert match.options.tictactoe == tictactoe_pb2.Options(turn_timeout_ms=5000)
        assert match.options.ByteSize() < 16
    page = api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(game="tictactoe"))
    assert page.ByteSize() < 50 * 1024


def test_options_over_the_size_limit_are_invalid_argument(api):
    options = cosmic_pb2.Options(powers=["none" * 300] * 5)  # 6 KB of known fields
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.lobby.CreateMatch,
                lobby_pb2.CreateMatchRequest(game="cosmic", players=5,
                                             options=games_pb2.GameOptions(cosmic=options)))
    assert "at most 4096" in err.details()


def test_page_token_that_overflows_is_invalid_argument(api):
    import base64
    token = base64.urlsafe_b64encode(b"9" * 400 + b":abc").decode()
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.lobby.ListMatches,
                lobby_pb2.ListMatchesRequest(page_token=token))
    assert "page_token" in err.details()


def test_a_long_game_name_is_clipped_in_the_error(api):
    name = "x" * 100_000
    err = fails(grpc.StatusCode.NOT_FOUND, api.lobby.CreateMatch,
                lobby_pb2.CreateMatchRequest(game=name))
    assert len(err.details()) < 200 and "100000 chars" in err.details()
    err = fails(grpc.StatusCode.NOT_FOUND, api.lobby.ListMatches,
                lobby_pb2.ListMatchesRequest(game=name))
    assert len(err.details()) < 200


def test_health_answers_garbage_with_invalid_argument(server):
    with grpc.insecure_channel(server.address) as channel:
        for method in ("Check", "Watch"):
            call = (channel.unary_unary if method == "Check" else channel.unary_stream)(
                f"/grpc.health.v1.Health/{method}", request_serializer=None,
                response_deserializer=None)
            with pytest.raises(grpc.RpcError) as caught:
                reply = call(b"\x0a\x02\xff\xfe", timeout=5)  # field 1: bytes, not UTF-8
                if method == "Watch":
                    next(reply)
            assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, method


def test_leave_of_a_finished_match_is_refused_and_writes_nothing(api, match):
    match_id, tokens = match
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], ttt(cell))
    before = snapshot(api, match_id)
    err = fails(grpc.StatusCode.FAILED_PRECONDITION, api.lobby.LeaveMatch,
                lobby_pb2.LeaveMatchRequest(match_id=match_id), metadata=auth(tokens[1]))
    assert error_info(err).reason == "match_finished"
    assert snapshot(api, match_id) == before


@pytest.mark.parametrize("game, players, options", [
    ("cosmic", 3, lambda text: games_pb2.GameOptions(
        cosmic=cosmic_pb2.Options(powers=[text, "none", "none"]))),
    ("mlem", 2, lambda text: games_pb2.GameOptions(mlem=mlem_pb2.Options(layout=text))),
    ("crafting", 2, lambda text: games_pb2.GameOptions(
        crafting=crafting_pb2.Options(content=text))),
])
def test_a_long_option_a_game_refuses_is_clipped_in_the_error(api, game, players, options):
    text = "q" * 3000
    err = fails(grpc.StatusCode.INVALID_ARGUMENT, api.lobby.CreateMatch,
                lobby_pb2.CreateMatchRequest(game=game, players=players, options=options(text)))
    assert "q" * 100 not in err.details() and "3000 chars" in err.details()
