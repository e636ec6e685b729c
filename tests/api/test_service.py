"""The service surface: catalog, lobby (listing, paging, leave and take-over),
reflection and health."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import catalog_pb2, games_pb2, lobby_pb2, match_pb2, play_pb2
from tests.support import auth


def test_reflection_lists_every_service(server):
    with grpc.insecure_channel(server.address) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        replies = stub.ServerReflectionInfo(iter([
            reflection_pb2.ServerReflectionRequest(list_services="")]))
        names = {s.name for r in replies for s in r.list_services_response.service}
    assert {"cosmodrome.v1.CatalogService", "cosmodrome.v1.LobbyService",
            "cosmodrome.v1.PlayService", "cosmodrome.v1.AdminService",
            "grpc.health.v1.Health"} <= names


def test_health_reports_serving(server):
    with grpc.insecure_channel(server.address) as channel:
        reply = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service="cosmodrome.v1.PlayService"))
    assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_catalog_lists_games_with_player_counts_and_options(api):
    games = {g.name: g for g in api.catalog.ListGames(catalog_pb2.ListGamesRequest()).games}
    ttt = games["tictactoe"]
    assert (ttt.min_players, ttt.max_players) == (2, 2)
    assert [o.name for o in ttt.options if "." not in o.name] == ["turn_timeout_ms"]
    assert games["highcard"].hidden_information


def test_new_match_waits_for_players_then_starts(api):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    assert match.status == match_pb2.MATCH_STATUS_WAITING and match.version == 1
    assert not api.view(match.match_id).HasField("game")
    first = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id,
                                                           display_name="ada"))
    second = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    assert (first.seat, second.seat) == (0, 1)
    assert second.match.status == match_pb2.MATCH_STATUS_ACTIVE
    assert second.match.seats[0].display_name == "ada"
    assert api.view(match.match_id).game.tictactoe.cells == [0] * 9


def test_list_matches_filters_by_game_and_status_and_pages(api):
    made = [api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="highcard")).match_id
            for _ in range(5)]
    seen, token = [], ""
    while True:
        page = api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(
            game="highcard", status=match_pb2.MATCH_STATUS_WAITING, page_size=2,
            page_token=token))
        assert len(page.matches) <= 2
        assert all(m.game == "highcard" and m.status == match_pb2.MATCH_STATUS_WAITING
                   for m in page.matches)
        seen += list(page.matches)
        token = page.next_page_token
        if not token:
            break
    ids = [m.match_id for m in seen]
    assert len(ids) == len(set(ids))  # no match twice across pages
    assert set(made) <= set(ids)
    # Newest first; matches created in the same millisecond come in descending id order.
    order = [(m.create_time.ToMilliseconds(), m.match_id) for m in seen]
    assert order == sorted(order, reverse=True)


def test_leave_before_start_frees_the_seat(api):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    joined = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    left = api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match.match_id),
                                metadata=auth(joined.seat_token))
    assert not left.seats[0].occupied
    again = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    assert again.seat == 0


def test_a_seat_left_mid_game_is_the_server_bots_until_reclaimed(api):
    match_id, tokens = api.new_match("tictactoe")
    left = api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                                metadata=auth(tokens[0]))
    assert left.seats[0].abandoned and left.seats[0].bot == match_pb2.BOT_KIND_GAME
    with pytest.raises(grpc.RpcError) as caught:
        api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id))
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION  # nobody else takes it
    assert api.view(match_id, tokens[0]).viewer_seat == 0  # the token still views


def test_log_pages_from_a_version(api):
    match_id, tokens = api.new_match("tictactoe")
    for cell, seat in ((0, 0), (4, 1), (8, 0)):
        api.submit(match_id, tokens[seat], games_pb2.GameMove(
            tictactoe=tictactoe_pb2.Move(cell=cell)))
    page = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id, from_version=2,
                                                  page_size=2))
    assert [e.version for e in page.entries] == [3, 4]
    rest = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id,
                                                  from_version=page.next_from_version))
    assert [e.version for e in rest.entries] == [5, 6]
    assert [e.move_kind for e in rest.entries] == ["place", "place"]


def test_watch_of_a_finished_match_replays_it_and_ends(api):
    match_id, tokens = api.new_match("tictactoe")
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], games_pb2.GameMove(
            tictactoe=tictactoe_pb2.Move(cell=cell)))
    updates = list(api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id),
                                       timeout=10))  # ends by itself, no deadline needed
    assert [u.entry.version for u in updates] == list(range(1, 9))
    assert updates[-1].view.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert list(api.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=8), timeout=10)) == []


def test_a_seeded_match_says_so_to_everyone(api):
    seeded = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="highcard", seed=42))
    fresh = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="highcard"))
    assert seeded.seeded and not fresh.seeded
    joined = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=seeded.match_id))
    assert joined.match.seeded
    assert api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=seeded.match_id)).seeded
    assert api.view(seeded.match_id, joined.seat_token).match.seeded
    listed = {m.match_id: m.seeded for m in api.lobby.ListMatches(
        lobby_pb2.ListMatchesRequest(game="highcard", page_size=200)).matches}
    assert listed[seeded.match_id] and not listed[fresh.match_id]
