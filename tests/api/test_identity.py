"""Player identity over a real server on a real store (issue 23, point 1): the host's JWTs
and guest tokens, seats that belong to players, and ListMyMatches."""

from __future__ import annotations

import subprocess
import sys

import grpc
import pytest

from cosmodrome.v1 import games_pb2, lobby_pb2, play_pb2, player_pb2, player_pb2_grpc
from tests.players import ISSUER, IdentityProvider, server_flags
from tests.support import Api, ServerProcess, auth


@pytest.fixture(scope="module")
def provider() -> IdentityProvider:
    return IdentityProvider()


@pytest.fixture(scope="module")
def identity_server(redis_url, provider, tmp_path_factory):
    jwks = provider.write_jwks(tmp_path_factory.mktemp("idp"))
    with ServerProcess(redis_url=redis_url, extra=server_flags(jwks)) as server:
        yield server


@pytest.fixture
def api(identity_server):
    api = Api(identity_server.address)
    api.players = player_pb2_grpc.PlayerServiceStub(api.channel)
    yield api
    api.close()


def new_match(api: Api, players: int = 2) -> str:
    game = "tictactoe" if players == 2 else "highcard"
    return api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game=game,
                                                              players=players)).match_id


def join(api: Api, match_id: str, token: str | None = None, seat: int | None = None):
    request = lobby_pb2.JoinMatchRequest(match_id=match_id)
    if seat is not None:
        request.seat = seat
    return api.lobby.JoinMatch(request, metadata=auth(token))


def my_matches(api: Api, token: str) -> player_pb2.ListMyMatchesResponse:
    return api.players.ListMyMatches(player_pb2.ListMyMatchesRequest(), metadata=auth(token))


def guest(api: Api) -> player_pb2.CreateGuestResponse:
    return api.players.CreateGuest(player_pb2.CreateGuestRequest(
        resume_base_url="https://games.example.test/play"))


@pytest.mark.parametrize("kind", list(IdentityProvider().refused()))
def test_a_bad_player_token_is_unauthenticated_with_a_reason(api, provider, kind):
    token = provider.refused()[kind]
    with pytest.raises(grpc.RpcError) as refused:
        my_matches(api, token)
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert "player token" in refused.value.details() or "JWT" in refused.value.details()
    assert token not in refused.value.details()  # never echoed
    with pytest.raises(grpc.RpcError) as on_join:  # a join with it takes no seat
        join(api, new_match(api), token)
    assert on_join.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_the_hosts_tokens_are_accepted_rsa_and_ec(api, provider):
    for token in (provider.token("rsa-user"), provider.es256("ec-user")):
        assert my_matches(api, token).matches == []


def test_a_token_within_the_leeway_is_accepted(api, provider):
    """exp and nbf are checked with 30 s of leeway (auth/verify.py LEEWAY_S)."""
    assert my_matches(api, provider.token("late", expires_in=-10)).matches == []
    assert my_matches(api, provider.token("early", not_before=10)).matches == []


def test_a_player_who_joins_again_gets_his_seat_back_with_a_fresh_token(api, provider):
    ada = provider.token("ada-rejoins")
    match_id = new_match(api)
    first = join(api, match_id, ada)
    again = join(api, match_id, ada)
    assert again.seat == first.seat and again.seat_token != first.seat_token
    assert api.view(match_id, again.seat_token).viewer_seat == first.seat
    with pytest.raises(grpc.RpcError) as old:  # the old token stops working
        api.view(match_id, first.seat_token)
    assert old.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert sum(s.occupied for s in again.match.seats) == 1  # one seat, not two


def test_a_player_holding_a_seat_cannot_ask_for_another(api, provider):
    ada = provider.token("ada-one-seat")
    match_id = new_match(api, players=3)
    join(api, match_id, ada, seat=0)
    with pytest.raises(grpc.RpcError) as refused:
        join(api, match_id, ada, seat=2)
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "seat 0" in refused.value.details()


def test_a_player_cannot_take_another_players_seat(api, provider):
    """Left during play (LeaveMatch), a player's seat stays his while the server's bot plays
    it: no other player, nor an anonymous joiner, may take it; he reclaims it by joining."""
    ada, bob, eve = (provider.token(n) for n in ("ada-owner", "bob-owner", "eve-thief"))
    match_id = new_match(api)
    seat = join(api, match_id, ada, seat=0)
    join(api, match_id, bob, seat=1)
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                         metadata=auth(seat.seat_token))
    for thief in (eve, None):
        for asked in (0, None):  # that seat, or "the first open seat"
            with pytest.raises(grpc.RpcError) as refused:
                join(api, match_id, thief, seat=asked)
            assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    back = join(api, match_id, ada)
    mine = back.match.seats[0]
    assert back.seat == 0 and mine.occupied and not mine.abandoned and not mine.bot
    assert back.seat_token != seat.seat_token  # a fresh token


def test_before_the_start_a_seat_left_is_free_for_anyone(api, provider):
    ada, bob = provider.token("ada-leaves-early"), provider.token("bob-takes-it")
    match_id = new_match(api, players=3)
    seat = join(api, match_id, ada, seat=0)
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                         metadata=auth(seat.seat_token))
    assert join(api, match_id, bob, seat=0).seat == 0
    assert join(api, match_id, ada).seat == 1  # his old seat is bob's now
    assert [m.seat for m in my_matches(api, bob).matches if m.match.match_id == match_id] \
        == [0]


def test_a_guest_resumes_from_another_device(api, identity_server):
    created = guest(api)
    assert created.player.issuer == "cosmodrome-guest" and created.player.subject
    assert created.resume_url == f"https://games.example.test/play#guest={created.guest_token}"
    match_id = new_match(api)
    first = join(api, match_id, created.guest_token)
    other_device = Api(identity_server.address)  # a second client, its own connection
    try:
        back = other_device.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id),
                                            metadata=auth(created.guest_token))
        assert back.seat == first.seat
        assert other_device.view(match_id, back.seat_token).viewer_seat == first.seat
    finally:
        other_device.close()


def test_guests_are_distinct_players(api):
    match_id = new_match(api)
    one, two = guest(api), guest(api)
    assert one.player.subject != two.player.subject
    assert {join(api, match_id, one.guest_token).seat,
            join(api, match_id, two.guest_token).seat} == {0, 1}


def test_the_guest_keys_are_public_keys_only(api):
    keys = api.players.GetGuestKeys(player_pb2.GetGuestKeysRequest()).keys
    assert len(keys) >= 2  # the signing epoch's and the next one's, published ahead
    assert {(k.kty, k.crv, k.alg) for k in keys} == {("OKP", "Ed25519", "EdDSA")}
    assert all(k.kid.startswith("guest-") and k.x for k in keys)


def test_list_my_matches_says_whose_turn_it_is(api, provider):
    ada, bob = provider.token("ada-lists"), provider.token("bob-lists")
    match_id = new_match(api)
    ada_seat = join(api, match_id, ada, seat=0)
    join(api, match_id, bob, seat=1)
    waiting = new_match(api)
    join(api, waiting, ada)
    listed = {m.match.match_id: m for m in my_matches(api, ada).matches}
    assert set(listed) == {match_id, waiting}
    playing = listed[match_id]
    assert playing.seat == 0 and list(playing.to_act) == [0] and playing.my_turn
    assert not listed[waiting].my_turn and list(listed[waiting].to_act) == []
    assert not playing.HasField("time_left_ms")  # this match plays without a clock
    view = api.view(match_id, ada_seat.seat_token)
    api.submit(match_id, ada_seat.seat_token, view.decisions[0].options[0])
    bobs = {m.match.match_id: m for m in my_matches(api, bob).matches}
    assert bobs[match_id].my_turn and bobs[match_id].seat == 1
    assert not {m.match.match_id: m for m in my_matches(api, ada).matches}[match_id].my_turn


def test_list_my_matches_gives_his_time_left_on_a_clock(api, provider):
    """His running clock counts down in the list (the seat's time left at listing time)."""
    clock = games_pb2.Clock(kind=games_pb2.CLOCK_KIND_FISCHER, bank_ms=600_000,
                            increment_ms=5_000, on_timeout=games_pb2.TIMEOUT_POLICY_ZOMBIE)
    match_id = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
        game="tictactoe", options=games_pb2.GameOptions(clock=clock))).match_id
    eve, fay = provider.token("eve-clock"), provider.token("fay-clock")
    join(api, match_id, eve, seat=0)
    join(api, match_id, fay, seat=1)
    mine = {m.match.match_id: m for m in my_matches(api, eve).matches}[match_id]
    theirs = {m.match.match_id: m for m in my_matches(api, fay).matches}[match_id]
    assert mine.my_turn and 0 < mine.time_left_ms <= 600_000  # running: he owes the move
    assert theirs.time_left_ms == 600_000                    # stopped: a full bank


def test_list_my_matches_drops_a_match_whose_join_failed(api, provider):
    """The list is written before the join: a join refused (or lost in a crash) leaves an
    entry, which the list drops since he holds no seat there."""
    match_id = new_match(api)
    join(api, match_id, provider.token("first"))
    join(api, match_id, provider.token("second"))
    late = provider.token("too-late")
    with pytest.raises(grpc.RpcError) as full:
        join(api, match_id, late)
    assert full.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert my_matches(api, late).matches == []


def test_list_my_matches_pages(api, provider):
    carol = provider.token("carol-pages")
    ids = [new_match(api) for _ in range(3)]
    for match_id in ids:
        join(api, match_id, carol)
    pages, token = [], ""
    while True:
        page = api.players.ListMyMatches(
            player_pb2.ListMyMatchesRequest(page_size=2, page_token=token), metadata=auth(carol))
        pages.append([m.match.match_id for m in page.matches])
        token = page.next_page_token
        if not token:
            break
    seen = [match_id for page in pages for match_id in page]
    # each once, newest first by join time (joins within one millisecond tie: any order)
    assert [len(page) for page in pages] == [2, 1] and sorted(seen) == sorted(ids)


def test_list_my_matches_needs_a_player(api):
    with pytest.raises(grpc.RpcError) as refused:
        api.players.ListMyMatches(player_pb2.ListMyMatchesRequest())
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_seat_tokens_keep_working_beside_player_tokens(api, provider):
    """Anonymous play and bots: a join without a player token, a seat token after."""
    match_id = new_match(api)
    anonymous = join(api, match_id)
    join(api, match_id, provider.token("dan-mixed"))
    view = api.view(match_id, anonymous.seat_token)
    assert view.viewer_seat == anonymous.seat
    assert api.play.GetView(play_pb2.GetViewRequest(match_id=match_id),
                            metadata=auth(anonymous.seat_token)).viewer_seat == anonymous.seat


def test_the_issuer_is_part_of_the_player(api, provider):
    """A guest whose subject equals a host player's is another player: (issuer, subject)."""
    assert ISSUER != "cosmodrome-guest"
    created = guest(api)
    same_subject = provider.token(created.player.subject)
    match_id = new_match(api)
    assert join(api, match_id, created.guest_token).seat != \
        join(api, match_id, same_subject).seat


def test_the_keys_may_come_from_a_jwks_url(redis_url, provider):
    from tests.players import AUDIENCE, JwksServer
    jwks = JwksServer(provider)
    flags = ["--jwks-url", jwks.url, "--jwt-issuer", ISSUER, "--jwt-audience", AUDIENCE]
    try:
        with ServerProcess(redis_url=redis_url, extra=flags) as server:
            api = Api(server.address)
            players = player_pb2_grpc.PlayerServiceStub(api.channel)
            try:
                assert players.ListMyMatches(player_pb2.ListMyMatchesRequest(),
                                             metadata=auth(provider.es256("by-url"))).matches == []
                with pytest.raises(grpc.RpcError) as refused:
                    players.ListMyMatches(player_pb2.ListMyMatchesRequest(),
                                          metadata=auth(provider.refused()["wrong key"]))
                assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
            finally:
                api.close()
    finally:
        jwks.close()


def test_a_jwks_that_cannot_be_read_stops_the_start(redis_url, tmp_path):
    bad = tmp_path / "jwks.json"
    bad.write_text('{"keys": [{"kty": "oct", "k": "c2VjcmV0"}]}')
    started = subprocess.run(
        [sys.executable, "-m", "cosmodrome.serve", "--port", "0", "--redis-url", redis_url,
         "--jwks-file", str(bad), "--jwt-issuer", ISSUER], capture_output=True, text=True,
        timeout=60, stdin=subprocess.DEVNULL)
    assert started.returncode != 0
    assert "key type 'oct' is not accepted" in started.stderr


def test_a_seat_given_up_before_the_start_is_not_taken_back_from_a_bot(api, provider):
    """Left (or kicked) before the start, then filled by a server bot at StartMatch: the
    player's join takes another seat, or none, never the bot's."""
    ada = provider.token("ada-gives-up")
    created = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="highcard", players=3))
    seat = join(api, created.match_id, ada, seat=0)
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=created.match_id),
                         metadata=auth(seat.seat_token))
    api.lobby.StartMatch(lobby_pb2.StartMatchRequest(match_id=created.match_id),
                         metadata=auth(created.secrets.creator_token))
    with pytest.raises(grpc.RpcError) as full:
        join(api, created.match_id, ada)
    assert full.value.code() == grpc.StatusCode.FAILED_PRECONDITION  # match_full
    assert my_matches(api, ada).matches == []
