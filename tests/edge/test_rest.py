"""REST/JSON through the Envoy edge: every annotated route reaches the server, zero values
are printed, errors come back as google.rpc.Status with their details."""

from __future__ import annotations

from tests.edge.http import call


def create(edge, game="tictactoe", **extra):
    reply = call(edge.url, "POST", "/v1/matches", {"game": game, **extra})
    assert reply.status == 200, reply.body
    return reply.json


def join(edge, match_id, **body):
    reply = call(edge.url, "POST", f"/v1/matches/{match_id}:join", body)
    assert reply.status == 200, reply.body
    return reply.json


def test_rest_game_of_tictactoe_from_create_to_result(edge):
    games = call(edge.url, "GET", "/v1/games").json["games"]
    assert "tictactoe" in {g["name"] for g in games}
    match = create(edge, seed="3")
    match_id = match["matchId"]
    tokens = [join(edge, match_id, displayName=n)["seatToken"] for n in ("x", "o")]
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        view = call(edge.url, "GET", f"/v1/matches/{match_id}/view", token=tokens[seat]).json
        reply = call(edge.url, "POST", f"/v1/matches/{match_id}/moves", {
            "expectedVersion": view["match"]["version"], "idempotencyKey": f"k{cell}",
            "move": {"tictactoe": {"cell": cell}}}, token=tokens[seat])
        assert reply.status == 200, reply.body
    final = reply.json["view"]["match"]
    assert final["status"] == "MATCH_STATUS_FINISHED"
    assert final["result"]["winners"] == [0]
    log = call(edge.url, "GET", f"/v1/matches/{match_id}/log?fromVersion=3&pageSize=2").json
    assert [e["version"] for e in log["entries"]] == ["4", "5"]


def test_zero_values_are_printed(edge):
    """Seat 0, cell 0, version 0 fields: present, not dropped as proto3 defaults."""
    match = create(edge)
    assert match["seats"][0]["index"] == 0
    assert match["seats"][0]["occupied"] is False
    assert match["options"]["tictactoe"]["turnTimeoutMs"] == 0
    joined = join(edge, match["matchId"], seat=0)
    assert joined["seat"] == 0
    join(edge, match["matchId"])
    view = call(edge.url, "GET", f"/v1/matches/{match['matchId']}/view",
                token=joined["seatToken"]).json
    cells = [o["tictactoe"]["cell"] for o in view["decisions"][0]["options"]]
    assert cells[0] == 0


def test_error_is_a_status_with_its_error_info(edge):
    reply = call(edge.url, "POST", "/v1/matches", {"game": "chess"})
    assert reply.status == 404
    assert reply.headers["content-type"] == "application/json"
    assert reply.json["code"] == 5  # NOT_FOUND
    assert "chess" in reply.json["message"]
    assert reply.json["details"][0]["@type"] == "type.googleapis.com/google.rpc.ErrorInfo"


def test_rule_broken_names_the_rule_with_http_400(edge):
    match = create(edge)
    tokens = [join(edge, match["matchId"])["seatToken"] for _ in range(2)]
    move = {"expectedVersion": "3", "move": {"tictactoe": {"cell": 4}}}
    path = f"/v1/matches/{match['matchId']}/moves"
    assert call(edge.url, "POST", path, move, token=tokens[0]).status == 200
    reply = call(edge.url, "POST", path, {**move, "expectedVersion": "4"}, token=tokens[1])
    assert reply.status == 400
    assert reply.json["code"] == 9  # FAILED_PRECONDITION
    assert reply.json["details"][0]["reason"] == "cell_empty"


def test_stale_version_is_409_with_the_current_version(edge):
    match = create(edge)
    tokens = [join(edge, match["matchId"])["seatToken"] for _ in range(2)]
    reply = call(edge.url, "POST", f"/v1/matches/{match['matchId']}/moves",
                 {"expectedVersion": "1", "move": {"tictactoe": {"cell": 4}}}, token=tokens[0])
    assert reply.status == 409
    assert reply.json["code"] == 10  # ABORTED
    assert reply.json["details"][0]["metadata"]["current_version"] == "3"


def test_unknown_query_parameter_is_refused_with_400(edge):
    reply = call(edge.url, "GET", "/v1/matches?pageSize=2&colour=blue")
    assert reply.status == 400
    assert reply.json["code"] == 3  # INVALID_ARGUMENT
    assert "colour" in reply.json["message"]


def test_malformed_json_is_refused_with_400_in_the_error_shape(edge):
    reply = call(edge.url, "POST", "/v1/matches", raw=b"{not json")
    assert reply.status == 400
    assert reply.json["code"] == 3
    assert reply.json["details"] == []


def test_unknown_route_is_404_in_the_error_shape(edge):
    reply = call(edge.url, "GET", "/v1/nothing")
    assert reply.status == 404
    assert reply.json["code"] == 5


def test_request_over_the_size_limit_is_refused(edge):
    reply = call(edge.url, "POST", "/v1/matches",
                 raw=b'{"game": "' + b"x" * (300 * 1024) + b'"}')
    assert reply.status == 413
    assert reply.json["code"] == 8  # RESOURCE_EXHAUSTED
    assert len(reply.body) < 1000


def test_cors_preflight_allows_the_browser_call(edge):
    reply = call(edge.url, "OPTIONS", "/v1/matches", headers={
        "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,authorization"})
    assert reply.status == 200
    assert reply.headers["access-control-allow-origin"] == "http://localhost:5173"
    assert "authorization" in reply.headers["access-control-allow-headers"]
    simple = call(edge.url, "GET", "/v1/games", headers={"Origin": "http://localhost:5173"})
    assert simple.headers["access-control-allow-origin"] == "http://localhost:5173"


def test_unknown_body_field_is_refused_with_400(edge):
    reply = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe", "colour": "blue"})
    assert reply.status == 400
    assert reply.json["code"] == 3
    assert '"colour"' in reply.json["message"]
    assert "CreateMatchRequest" in reply.json["message"]


def test_unknown_nested_field_is_refused_and_nothing_is_created(edge):
    before = call(edge.url, "GET", "/v1/matches?pageSize=1").json
    reply = call(edge.url, "POST", "/v1/matches",
                 {"game": "tictactoe", "options": {"tictactoe": {"turnTimeoutMs": 0, "x": 1}}})
    assert reply.status == 400
    assert '"x"' in reply.json["message"] and "tictactoe" in reply.json["message"]
    assert call(edge.url, "GET", "/v1/matches?pageSize=1").json == before


def test_proto_field_names_are_accepted_as_well_as_json_names(edge):
    reply = call(edge.url, "POST", "/v1/matches", {"game": "tictactoe", "players": 2,
                                                  "options": {"tictactoe": {
                                                      "turn_timeout_ms": 0}}})
    assert reply.status == 200, reply.body


def test_url_over_the_header_limit_is_refused_before_the_server(edge):
    reply = call(edge.url, "GET", "/v1/matches?game=" + "x" * 20_000)
    assert reply.status == 431
    assert reply.json["code"] == 8  # RESOURCE_EXHAUSTED
    assert len(reply.body) < 1000


def test_deeply_nested_json_is_a_clear_400(edge):
    body = b'{"game": "tictactoe", "options": {"tictactoe": ' + b"[" * 20_000 + b"]" * 20_000
    reply = call(edge.url, "POST", "/v1/matches", raw=body + b"}}")
    assert reply.status == 400
    assert reply.json["code"] == 3


def test_a_header_name_grpc_cannot_carry_is_dropped_not_a_500(edge):
    """HTTP allows `~` in a header name, gRPC metadata does not (the replica would answer
    INTERNAL): the edge drops such a header and the call goes through."""
    reply = call(edge.url, "GET", "/v1/games", headers={"x-odd~name": "1", "X-Fine": "2"})
    assert reply.status == 200, reply.body[:300]
