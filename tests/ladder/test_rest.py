"""The ladder's REST routes through the Envoy edge (transcoded from ladder.proto)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from tests.edge.conftest import start_edge
from tests.edge.http import call
from tests.ladder.support import BOARD, new_player, provider
from tests.players import AUDIENCE, ISSUER


def edge_for(replicas):
    """An edge before the replicas that checks the tests' player tokens as they do."""
    folder = Path(tempfile.mkdtemp(prefix="cosmodrome-ladder-edge-"))
    return start_edge([r.address for r in replicas], jwks_file=provider().write_jwks(folder),
                      jwt_issuer=ISSUER, jwt_audiences=[AUDIENCE])


def test_leaderboards_and_tickets_over_rest_through_the_edge(replicas, ranked):
    with edge_for(replicas) as edge:
        page = call(edge.url, "GET", f"/v1/ladders/{BOARD}/leaderboard?pageSize=3")
        assert page.status == 200, page.body
        assert [e["rank"] for e in page.json["entries"]] == ["1", "2", "3"]
        assert page.json["nextPageToken"] == "3"
        me = ranked[6]
        mine = call(edge.url, "GET", f"/v1/ladders/{BOARD}/rating", token=me)
        assert mine.status == 200 and mine.json["rank"] == "1"
        player = new_player()
        made = call(edge.url, "POST", "/v1/tickets", {"game": "highcard", "players": 4,
                                                       "ttlSeconds": 600}, token=player)
        assert made.status == 200, made.body
        assert made.json["status"] == "TICKET_STATUS_WAITING"
        cancelled = call(edge.url, "POST", f"/v1/tickets/{made.json['ticketId']}:cancel", {},
                         token=player)
        assert cancelled.status == 200 and \
            cancelled.json["status"] == "TICKET_STATUS_CANCELLED"
        assert call(edge.url, "POST", "/v1/tickets", {"game": "highcard"}).status == 401


def test_a_ticket_streams_as_server_sent_events_through_the_edge(replicas):
    """Two players over REST: each ticket's stream ends MATCHED with a seat token."""
    with edge_for(replicas) as edge:
        players = [new_player(), new_player()]
        made = [call(edge.url, "POST", "/v1/tickets", {"game": "tictactoe"}, token=p).json
                for p in players]
        for player, ticket in zip(players, made, strict=True):
            watched = call(edge.url, "GET", f"/v1/tickets/{ticket['ticketId']}:watch",
                           token=player, headers={"Accept": "text/event-stream"})
            assert watched.status == 200, watched.body
            events = [json.loads(line[len("data: "):])
                      for line in watched.body.decode().splitlines()
                      if line.startswith("data: ")]
            assert events[-1]["status"] == "TICKET_STATUS_MATCHED"
            assert events[-1]["seatToken"]
