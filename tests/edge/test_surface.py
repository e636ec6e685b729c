"""What the public edge serves, and how (issue 24, operations 1, 3 and 8): TLS to TLS
replicas, a wrong content type on a REST route, the admin API off the public listener."""

from __future__ import annotations

import json
import time
import urllib.request

import grpc
import pytest
import trustme

from cosmodrome.store.embedded import free_port
from cosmodrome.v1 import admin_pb2, admin_pb2_grpc
from tests.edge.conftest import start_edge
from tests.edge.http import call
from tests.support import ADMIN_TOKEN, ServerProcess


def counter(edge, name: str) -> int:
    with urllib.request.urlopen(f"{edge.admin_url}/stats?format=json&filter=^{name}$") as r:
        stats = json.load(r)["stats"]
    return stats[0]["value"] if stats else 0


@pytest.mark.parametrize("content_type", ["application/grpc-web+proto",
                                          "application/grpc-web-text", "application/grpc-x"])
def test_grpc_web_on_a_rest_route_is_415_and_never_reaches_a_replica(edge, content_type):
    sent = counter(edge, "cluster.replicas.upstream_rq_total")
    reply = call(edge.url, "POST", "/v1/matches", raw=b"\x00\x00\x00\x00\x00",
                 headers={"Content-Type": content_type})
    assert reply.status == 415, reply
    assert reply.json["code"] == 3 and "REST route" in reply.json["message"]
    assert counter(edge, "cluster.replicas.upstream_rq_total") == sent
    assert counter(edge, "cluster.replicas.upstream_rq_retry") == 0


def test_grpc_on_a_rest_route_is_unimplemented_and_never_reaches_a_replica(edge):
    """A gRPC client reads only grpc-status (Envoy shapes its replies to gRPC requests so):
    UNIMPLEMENTED, what gRPC says of a method it does not serve."""
    sent = counter(edge, "cluster.replicas.upstream_rq_total")
    host = f"{edge.config.host}:{edge.config.http_port}"
    with grpc.insecure_channel(host) as channel:
        call_rest = channel.unary_unary("/v1/matches")
        with pytest.raises(grpc.RpcError) as refused:
            call_rest(b"", timeout=5)
    assert refused.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert "REST route" in refused.value.details()
    assert counter(edge, "cluster.replicas.upstream_rq_total") == sent
    assert counter(edge, "cluster.replicas.upstream_rq_retry") == 0


def test_the_admin_api_is_not_served_on_the_public_edge(edge):
    match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
    sent = counter(edge, "cluster.replicas.upstream_rq_total")
    rest = call(edge.url, "GET", f"/v1/admin/matches/{match_id}:export", token=ADMIN_TOKEN)
    assert rest.status == 404, rest
    assert counter(edge, "cluster.replicas.upstream_rq_total") == sent
    host = f"{edge.config.host}:{edge.config.http_port}"
    with grpc.insecure_channel(host) as channel:
        with pytest.raises(grpc.RpcError) as refused:
            admin_pb2_grpc.AdminServiceStub(channel).ExportMatch(
                admin_pb2.ExportMatchRequest(match_id=match_id),
                metadata=(("authorization", f"Bearer {ADMIN_TOKEN}"),), timeout=5)
    assert refused.value.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.UNIMPLEMENTED)


def test_the_admin_api_has_its_own_listener_when_asked(server):
    with start_edge([server.address], admin_api_port=free_port()) as edge:
        admin = f"http://{edge.config.host}:{edge.config.admin_api_port}"
        match_id = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"}).json["matchId"]
        exported = call(admin, "GET", f"/v1/admin/matches/{match_id}:export",
                        token=ADMIN_TOKEN)
        public = call(admin, "GET", "/v1/games")
    assert exported.status == 200, exported
    assert public.status == 404  # only the admin API there


@pytest.fixture(scope="module")
def tls_files(tmp_path_factory):
    """A certificate authority, and a certificate it issued for 127.0.0.1 (chain, key)."""
    authority = trustme.CA()
    folder = tmp_path_factory.mktemp("edge-tls")
    issued = authority.issue_cert("127.0.0.1", "localhost")
    cert, key, ca = folder / "server.pem", folder / "server.key", folder / "ca.pem"
    for i, pem in enumerate(issued.cert_chain_pems):
        pem.write_to_path(str(cert), append=i > 0)
    issued.private_key_pem.write_to_path(str(key))
    authority.cert_pem.write_to_path(str(ca))
    return authority, cert, key, ca


@pytest.fixture(scope="module")
def tls_server(redis_url, tls_files):
    authority, cert, key, _ = tls_files
    with ServerProcess(redis_url=redis_url, tls_roots=authority.cert_pem.bytes(),
                       extra=["--tls-cert", str(cert), "--tls-key", str(key)]) as proc:
        yield proc


def test_the_edge_speaks_tls_to_tls_replicas_it_trusts(tls_server, tls_files):
    _, _, _, ca = tls_files
    with start_edge([tls_server.address], upstream_tls_ca=str(ca)) as edge:
        assert call(edge.url, "GET", "/v1/games").status == 200
        created = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe"})
    assert created.status == 200, created


def test_the_edge_refuses_a_replica_signed_by_another_authority(tls_server, tmp_path):
    stranger = tmp_path / "stranger.pem"
    trustme.CA().cert_pem.write_to_path(str(stranger))
    with pytest.raises(RuntimeError, match="did not start"):
        start_edge([tls_server.address], upstream_tls_ca=str(stranger), ready_timeout=3)


def test_http_port_beside_a_tls_server_serves_http(redis_url, tls_files):
    """`--tls-cert/--tls-key --http-port`: the edge this replica starts trusts its
    certificate, and the replica keeps serving."""
    authority, cert, key, _ = tls_files
    http_port = free_port()
    with ServerProcess(redis_url=redis_url, tls_roots=authority.cert_pem.bytes(),
                       extra=["--tls-cert", str(cert), "--tls-key", str(key),
                              "--http-port", str(http_port)]) as server:
        url = f"http://127.0.0.1:{http_port}"
        deadline = time.monotonic() + 30
        while (status := _status(url)) != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert status == 200
        assert server.process.poll() is None


def _status(url: str) -> int | None:
    try:
        return call(url, "GET", "/v1/games").status
    except OSError:
        return None
