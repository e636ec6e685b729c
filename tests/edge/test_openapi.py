"""The OpenAPI document: generated from the contract, served by the edge, valid, and true
to the live edge (schemathesis sends bounded examples of every route and checks each reply
against the document)."""

from __future__ import annotations

import json
import re

import pytest
import schemathesis
from google.protobuf import descriptor_pb2
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from cosmodrome.edge.config import DESCRIPTOR_SET
from cosmodrome.edge.openapi import generate, load, routes, type_name
from tests.edge.http import call


@pytest.fixture(scope="session")
def document(edge) -> dict:
    reply = call(edge.url, "GET", "/openapi.json")
    assert reply.status == 200
    assert reply.headers["content-type"] == "application/json"
    return reply.json


def test_served_document_is_valid_openapi(document):
    validate(document)
    assert document["openapi"].startswith("3.")


def test_every_annotated_route_is_documented(document):
    annotated = {(verb, re.sub(r"_(\w)", lambda m: m[1].upper(), path))  # {match_id}: {matchId}
                 for verb, path, _, _ in routes(load(DESCRIPTOR_SET))}
    documented = {(verb, path) for path, item in document["paths"].items() for verb in item}
    assert documented == annotated
    assert ("post", "/v1/matches/{matchId}:watchTicket") in documented


def test_document_says_what_the_edge_does(document):
    watch = document["paths"]["/v1/matches/{matchId}:watch"]["get"]
    assert "text/event-stream" in watch["responses"]["200"]["content"]
    names = {p["name"] for p in watch["parameters"]}
    assert {"matchId", "fromVersion", "ticket"} <= names
    error = document["components"]["schemas"]["Status"]["properties"]
    assert set(error) == {"code", "message", "details"}
    version = document["components"]["schemas"]["Match"]["properties"]["version"]
    assert version["type"] == "string"  # int64 in the JSON mapping


@pytest.fixture(scope="session")
def live_schema(edge, document):
    schema = schemathesis.openapi.from_dict(document)
    schema.config.update(base_url=edge.url)
    # the watch streams until the match ends: tests/edge/test_watch.py covers it
    return schema.exclude(path_regex=r":watch$")


def test_every_route_answers_as_documented(live_schema):
    """Bounded examples of each route; every reply must be as the document says (status,
    content type, body schema) and no 5xx."""
    operations = [result.ok() for result in live_schema.get_all_operations()]
    assert len(operations) >= 12
    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=8, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck), phases=[Phase.generate])
        def answers_as_documented(case):
            # the server also refuses what the document cannot say (a page size over its
            # limit, a rule broken) with 400: not a sign that the document is wrong
            case.call_and_validate(excluded_checks=[positive_data_acceptance])

        answers_as_documented()


@pytest.mark.slow
def test_no_malformed_request_makes_the_edge_or_server_fail(live_schema):
    """Requests that break the document (wrong types, missing or extra fields, bad paths):
    each is refused with a 4xx in the error shape, never a 5xx."""
    fuzzed = 0
    for result in live_schema.get_all_operations():
        operation = result.ok()

        @given(case=operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
        @settings(max_examples=6, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck), phases=[Phase.generate])
        def refused_cleanly(case):
            response = case.call()
            assert response.status_code < 500, (case.as_curl_command(), response.text[:300])
            assert "code" in response.json(), response.text[:300]

        try:
            refused_cleanly()
            fuzzed += 1
        except Unsatisfiable:  # nothing to break: no parameters, no body (ListGames)
            continue
    assert fuzzed >= 8  # the others take only strings in their path


# -- what generators need from the document (issue 26) ---------------------------------

def schema(document: dict, name: str) -> dict:
    return document["components"]["schemas"][name]


def test_fields_always_sent_are_required_and_the_others_optional(document):
    match = schema(document, "Match")
    assert {"matchId", "version", "status", "seats", "createTime"} <= set(match["required"])
    assert "result" not in match["required"]          # a message field, set at the end
    assert "secrets" not in match["required"]         # in CreateMatch's reply only
    assert "seed" not in schema(document, "CreateMatchRequest").get("required", [])  # optional
    view = schema(document, "MatchView")
    assert set(view["required"]) == {"match", "viewerSeat", "decisions"}  # not game


def test_a_oneof_is_a_union_of_single_member_variants(document):
    move = schema(document, "GameMove")
    variants = [ref["$ref"].rsplit("/", 1)[1] for ref in move["oneOf"]]
    assert "GameMoveTictactoe" in variants and len(variants) == 5
    tictactoe = schema(document, "GameMoveTictactoe")
    assert tictactoe["required"] == ["tictactoe"] and tictactoe["maxProperties"] == 1
    assert tictactoe["properties"]["highcard"] == {"type": "null"}
    assert "allOf" not in json.dumps(document) and '"not"' not in json.dumps(document)


def test_enums_are_named_components(document):
    status = schema(document, "MatchStatus")
    assert "MATCH_STATUS_FINISHED" in status["enum"]
    assert schema(document, "Match")["properties"]["status"]["$ref"].endswith("/MatchStatus")
    inline = [name for name, s in document["components"]["schemas"].items()
              if any("enum" in field for field in s.get("properties", {}).values())]
    assert inline == []


def test_each_route_says_which_token_it_takes(document):
    def security(path, verb="post"):
        return document["paths"][path][verb]["security"]
    assert security("/v1/games", "get") == []
    assert security("/v1/matches/{matchId}/moves") == [{"seatToken": []}]
    assert security("/v1/matches/{matchId}:start") == [{"creatorToken": []}]
    assert security("/v1/admin/matches:import") == [{"adminToken": []}]
    assert security("/v1/matches/{matchId}/view", "get") == [{}, {"seatToken": []}]
    assert security("/v1/matches/{matchId}:join") == []  # a player token is optional
    assert security("/v1/players/me/matches", "get") == [{"playerToken": []}]
    assert set(document["components"]["securitySchemes"]) == {
        "seatToken", "creatorToken", "adminToken", "playerToken"}
    assert security("/v1/tickets", "post") == [{"playerToken": []}]


def test_errors_are_listed_with_typed_details_and_rate_headers(document):
    move = document["paths"]["/v1/matches/{matchId}/moves"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "429", "503"} <= set(move)
    assert "default" not in move
    shared = document["components"]["responses"]
    conflict = shared[move["409"]["$ref"].rsplit("/", 1)[1]]
    assert conflict["content"]["application/json"]["schema"]["$ref"].endswith("/Status")
    limited = shared[move["429"]["$ref"].rsplit("/", 1)[1]]
    assert set(limited["headers"]) == {"X-RateLimit-Limit", "X-RateLimit-Remaining",
                                       "X-RateLimit-Reset"}
    games = document["paths"]["/v1/games"]["get"]["responses"]
    assert "401" not in games and "409" not in games
    detail = schema(document, "ErrorDetail")
    assert set(detail["discriminator"]["mapping"]) == {
        "type.googleapis.com/google.rpc.ErrorInfo", "type.googleapis.com/google.rpc.RetryInfo"}
    assert "current_version" in schema(document, "ErrorMetadata")["properties"]


def test_the_watch_types_its_events_and_says_how_it_resumes(document):
    watch = document["paths"]["/v1/matches/{matchId}:watch"]["get"]["responses"]
    stream = watch["200"]["content"]["text/event-stream"]
    assert stream["schema"]["$ref"].endswith("/MatchUpdate")
    assert "Last-Event-ID" in watch["200"]["description"] and "204" in watch


def test_responses_are_open_to_added_fields(document):
    """Only what clients send (the edge refuses unknown fields there) is closed."""
    schemas = document["components"]["schemas"]
    sent, todo = set(), [json.dumps(item["responses"]) for path in document["paths"].values()
                         for item in path.values()]
    while todo:
        for name in re.findall(r"#/components/schemas/(\w+)", todo.pop()):
            if name not in sent:
                sent.add(name)
                todo.append(json.dumps(schemas[name]))
    closed = {name for name, s in schemas.items() if s.get("additionalProperties") is False}
    assert "CreateMatchRequest" in closed and "MatchUpdate" in sent
    assert not closed & sent


def test_operations_have_summaries_and_descriptions(document):
    for path, item in document["paths"].items():
        for verb, operation in item.items():
            assert operation["summary"] and operation["description"], (verb, path)
            assert operation["operationId"][0].islower()


def test_version_follows_the_contract(document):
    assert re.fullmatch(r"1\.0\.0\+[0-9a-f]{12}", document["info"]["version"])
    again = generate(DESCRIPTOR_SET)
    assert again["info"]["version"] == document["info"]["version"]  # stable


def test_an_rpc_without_http_annotation_has_no_route(tmp_path):
    """A bidirectional stream (gRPC only) added to PlayService gets no path."""
    files = descriptor_pb2.FileDescriptorSet.FromString(DESCRIPTOR_SET.read_bytes())
    play = next(f for f in files.file if f.name == "cosmodrome/v1/play.proto")
    service = next(s for s in play.service if s.name == "PlayService")
    service.method.add(name="PlayStream", input_type=".cosmodrome.v1.SubmitMoveRequest",
                       output_type=".cosmodrome.v1.MatchUpdate",
                       client_streaming=True, server_streaming=True)
    changed = tmp_path / "contract.pb"
    changed.write_bytes(files.SerializeToString())
    before, after = generate(DESCRIPTOR_SET), generate(changed)
    assert after["paths"] == before["paths"]
    assert "PlayStream" not in json.dumps(after)


def test_type_names_are_short_and_name_their_game():
    assert type_name("cosmodrome.v1.Match") == "Match"
    assert type_name("cosmodrome.v1.Match.Result") == "MatchResult"
    assert type_name("cosmodrome.games.cosmic.v1.Task.Kind") == "CosmicTaskKind"
    assert type_name("google.rpc.Status") == "Status"
