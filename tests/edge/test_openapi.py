"""The OpenAPI document: generated from the contract, served by the edge, valid, and true
to the live edge (schemathesis sends bounded examples of every route and checks each reply
against the document)."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from cosmodrome.edge.config import DESCRIPTOR_SET
from cosmodrome.edge.openapi import load, routes
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
    annotated = {(verb, path.replace("{match_id}", "{matchId}"))
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
