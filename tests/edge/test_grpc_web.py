"""gRPC-Web through the edge, as a browser's client (protobuf-es / Connect) sends it."""

from __future__ import annotations

import base64
import struct

from google.rpc import error_details_pb2, status_pb2

from cosmodrome.v1 import catalog_pb2, lobby_pb2
from tests.edge.http import call

ORIGIN = "http://localhost:5173"


def grpc_web(edge, method: str, request, token: str | None = None):
    """One unary gRPC-Web call: (messages, trailers, headers)."""
    body = request.SerializeToString()
    reply = call(edge.url, "POST", f"/cosmodrome.v1.{method}", token=token,
                 raw=b"\x00" + struct.pack(">I", len(body)) + body,
                 headers={"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1",
                          "Origin": ORIGIN})
    assert reply.status == 200
    messages, trailers, data = [], {}, reply.body
    while data:
        flag, size = data[0], struct.unpack(">I", data[1:5])[0]
        frame, data = data[5:5 + size], data[5 + size:]
        if flag & 0x80:
            for line in frame.decode().strip().split("\r\n"):
                key, _, value = line.partition(":")
                trailers[key.strip().lower()] = value.strip()
        else:
            messages.append(frame)
    return messages, trailers or reply.headers, reply.headers


def test_grpc_web_call_reaches_the_server(edge):
    messages, trailers, headers = grpc_web(edge, "CatalogService/ListGames",
                                           catalog_pb2.ListGamesRequest())
    assert trailers["grpc-status"] == "0"
    games = catalog_pb2.ListGamesResponse.FromString(messages[0]).games
    assert "tictactoe" in {g.name for g in games}
    assert headers["content-type"].startswith("application/grpc-web")
    assert headers["access-control-allow-origin"] == ORIGIN


def test_grpc_web_error_keeps_its_status_details(edge):
    _, trailers, headers = grpc_web(edge, "LobbyService/CreateMatch",
                                    lobby_pb2.CreateMatchRequest(game="chess"))
    assert trailers["grpc-status"] == "5"
    status = status_pb2.Status.FromString(
        base64.b64decode(trailers["grpc-status-details-bin"] + "=="))
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.domain == "cosmodrome"
    assert "grpc-status-details-bin" in headers["access-control-expose-headers"]
