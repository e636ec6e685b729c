"""Admin export, import and delete: a whole match moves out and back intact, scenarios can
be set up from chosen states, and a bad import writes nothing."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import admin_pb2, lobby_pb2
from tests.support import ADMIN_TOKEN, Api, ServerProcess, auth, ttt

X, O = tictactoe_pb2.MARK_X, tictactoe_pb2.MARK_O  # noqa: E741


def admin_import(api: Api, export, overwrite: bool = False):
    return api.admin.ImportMatch(admin_pb2.ImportMatchRequest(export=export, overwrite=overwrite),
                                 metadata=auth(ADMIN_TOKEN))


def admin_delete(api: Api, match_id: str, token: str = ADMIN_TOKEN):
    return api.admin.DeleteMatch(admin_pb2.DeleteMatchRequest(match_id=match_id),
                                 metadata=auth(token))


def test_export_delete_import_gives_back_the_same_match_and_play_goes_on(api):
    match_id, tokens = api.new_match("tictactoe")
    api.submit(match_id, tokens[0], ttt(4))
    export = api.export(match_id)
    admin_delete(api, match_id)
    with pytest.raises(grpc.RpcError) as caught:
        api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id))
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    imported = admin_import(api, export)
    assert imported.record.incarnation != export.record.incarnation  # a new incarnation
    imported.record.incarnation = export.record.incarnation
    assert imported == export
    again = admin_import(api, export, overwrite=True)
    assert api.export(match_id) == again
    reply = api.submit(match_id, tokens[1], ttt(0))  # the seat tokens still work
    assert reply.version == export.record.match.version + 1


def test_import_of_a_chosen_state_sets_up_a_scenario(api):
    match_id, tokens = api.new_match("tictactoe")
    export = api.export(match_id)
    board = export.record.state.tictactoe
    board.cells[:] = [X, X, 0, O, O, 0, 0, 0, 0]  # X to move and win on cell 2
    admin_import(api, export, overwrite=True)
    reply = api.submit(match_id, tokens[0], ttt(2))
    assert reply.view.match.result.winners == [0]
    assert list(reply.view.game.tictactoe.cells[:3]) == [X, X, X]


def test_import_onto_an_existing_match_needs_overwrite(api):
    match_id, _ = api.new_match("tictactoe")
    export = api.export(match_id)
    with pytest.raises(grpc.RpcError) as caught:
        admin_import(api, export)
    assert caught.value.code() == grpc.StatusCode.ALREADY_EXISTS
    assert admin_import(api, export, overwrite=True).record.match == export.record.match


def test_a_replica_never_builds_on_its_copy_of_a_match_replaced_by_an_import(api, redis_url):
    """Replica B remembers the match at version v; an import on A replaces the state at the
    same version v; B's next move must be judged on the imported state."""
    match_id, tokens = api.new_match("tictactoe")
    with ServerProcess(redis_url=redis_url) as b:
        other = Api(b.address)
        other.submit(match_id, tokens[0], ttt(4))  # B now holds the match in its cache
        export = api.export(match_id)
        export.record.state.tictactoe.cells[:] = [O, O, 0, X, X, 0, 0, 0, 0]
        export.record.state.tictactoe.to_move = 1
        admin_import(api, export, overwrite=True)  # same version, O to move and win
        reply = other.submit(match_id, tokens[1], ttt(2),
                             version=export.record.match.version)
        assert reply.view.match.result.winners == [1]
        assert list(api.view(match_id).game.tictactoe.cells[:3]) == [O, O, O]
        other.close()


@pytest.mark.parametrize("breakage, words", [
    (lambda e: e.record.match.seats.pop(), "one entry per player"),
    (lambda e: e.record.state.ClearField("game"), "state must hold"),
    (lambda e: setattr(e.record.match, "game", "chess"), "no game named"),
    (lambda e: e.log[1].CopyFrom(e.log[0]), "log versions"),
])
def test_a_bad_import_is_refused_and_writes_nothing(api, breakage, words):
    match_id, _ = api.new_match("tictactoe")
    before = api.export(match_id)
    broken = admin_pb2.MatchExport()
    broken.CopyFrom(before)
    breakage(broken)
    with pytest.raises(grpc.RpcError) as caught:
        admin_import(api, broken, overwrite=True)
    assert caught.value.code() in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND)
    assert words in caught.value.details()
    assert api.export(match_id) == before


def test_delete_needs_the_admin_token(api):
    match_id, tokens = api.new_match("tictactoe")
    with pytest.raises(grpc.RpcError) as caught:
        admin_delete(api, match_id, tokens[0])
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert api.view(match_id).match.match_id == match_id


def test_an_inconsistent_cosmic_position_is_refused_naming_what(api):
    """The import checks the game's own audit: a card in two places is named in the error."""
    match_id, _ = api.new_match("cosmic", players=3)
    before = api.export(match_id)
    broken = admin_pb2.MatchExport()
    broken.CopyFrom(before)
    state = broken.record.state.cosmic
    card = state.seats[1].hand[0]
    state.discard.append(card)
    with pytest.raises(grpc.RpcError) as caught:
        admin_import(api, broken, overwrite=True)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert f"card {card} is in 2 places" in caught.value.details()
    assert api.export(match_id) == before
