"""Player tokens through the Envoy edge (issue 23, point 1): its jwt_authn filter refuses
what the replicas refuse, before any replica is asked, and passes good tokens (the host's
and guests') on; seat tokens pass as before."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.v1 import player_pb2, player_pb2_grpc
from tests.edge.conftest import start_edge
from tests.edge.http import call
from tests.players import AUDIENCE, ISSUER, IdentityProvider, server_flags
from tests.support import ServerProcess, auth

MINE = "/v1/players/me/matches"


@pytest.fixture(scope="module")
def provider() -> IdentityProvider:
    return IdentityProvider()


@pytest.fixture(scope="module")
def identity_edge(redis_url, provider, tmp_path_factory):
    jwks = provider.write_jwks(tmp_path_factory.mktemp("idp"))
    with ServerProcess(redis_url=redis_url, extra=server_flags(jwks)) as server, \
            start_edge([server.address], jwks_file=jwks, jwt_issuer=ISSUER,
                       jwt_audiences=[AUDIENCE]) as edge:
        yield edge


@pytest.mark.parametrize("kind", list(IdentityProvider().refused()))
def test_the_edge_refuses_a_bad_player_token_itself(identity_edge, provider, kind):
    token = provider.refused()[kind]
    reply = call(identity_edge.url, "GET", MINE, token=token)
    assert reply.status == 401
    assert reply.json["code"] == 16  # UNAUTHENTICATED
    assert "Jwt" in reply.json["message"]  # Envoy's reason: refused before any replica
    assert token not in reply.body.decode()
    target = identity_edge.url.removeprefix("http://")
    with grpc.insecure_channel(target) as channel:  # gRPC through the same edge
        stub = player_pb2_grpc.PlayerServiceStub(channel)
        with pytest.raises(grpc.RpcError) as refused:
            stub.ListMyMatches(player_pb2.ListMyMatchesRequest(), metadata=auth(token))
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_the_hosts_token_passes_the_edge_and_the_replica(identity_edge, provider):
    for token in (provider.token("edge-rsa"), provider.es256("edge-ec")):
        reply = call(identity_edge.url, "GET", MINE, token=token)
        assert reply.status == 200, reply.body
        assert reply.json["matches"] == []
    target = identity_edge.url.removeprefix("http://")
    with grpc.insecure_channel(target) as channel:  # gRPC through the edge: the same
        stub = player_pb2_grpc.PlayerServiceStub(channel)
        reply = stub.ListMyMatches(player_pb2.ListMyMatchesRequest(),
                                   metadata=auth(provider.token("edge-grpc")))
    assert list(reply.matches) == []


def test_a_guest_plays_and_resumes_over_rest(identity_edge):
    created = call(identity_edge.url, "POST", "/v1/players:guest", {})
    assert created.status == 200, created.body
    token = created.json["guestToken"]
    match = call(identity_edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json
    path = f"/v1/matches/{match['matchId']}:join"
    first = call(identity_edge.url, "POST", path, {}, token=token)
    assert first.status == 200, first.body  # the edge verified the guest with its keys
    again = call(identity_edge.url, "POST", path, {}, token=token)
    assert again.json["seat"] == first.json["seat"]
    assert again.json["seatToken"] != first.json["seatToken"]
    view = call(identity_edge.url, "GET", f"/v1/matches/{match['matchId']}/view",
                token=again.json["seatToken"])  # a seat token: not a JWT, passed on
    assert view.status == 200 and view.json["viewerSeat"] == first.json["seat"]
    mine = call(identity_edge.url, "GET", MINE, token=token).json["matches"]
    assert [m["match"]["matchId"] for m in mine] == [match["matchId"]]


def test_the_guest_keys_are_served_as_a_jwks(identity_edge):
    keys = call(identity_edge.url, "GET", "/v1/players/guest-keys").json["keys"]
    assert keys and all(k["kty"] == "OKP" and k["alg"] == "EdDSA" and "d" not in k
                        for k in keys)


def test_the_openapi_document_names_the_bearer_jwt(identity_edge):
    document = call(identity_edge.url, "GET", "/openapi.json").json
    scheme = document["components"]["securitySchemes"]["playerToken"]
    assert scheme == {**scheme, "type": "http", "scheme": "bearer", "bearerFormat": "JWT"}
    assert document["paths"][MINE]["get"]["security"] == [{"playerToken": []}]


def test_the_edge_fetches_the_hosts_keys_from_a_url(identity_edge, provider):
    """The host's keys from --jwks-url: the edge fetches them itself (remote_jwks)."""
    from tests.players import JwksServer
    jwks = JwksServer(provider)
    upstream = identity_edge.config.upstreams
    try:
        with start_edge(upstream, jwks_url=jwks.url, jwt_issuer=ISSUER,
                        jwt_audiences=[AUDIENCE]) as edge:
            good = call(edge.url, "GET", MINE, token=provider.token("edge-by-url"))
            assert good.status == 200, good.body
            bad = call(edge.url, "GET", MINE, token=provider.refused()["wrong key"])
            assert bad.status == 401 and "Jwt" in bad.json["message"]
    finally:
        jwks.close()
