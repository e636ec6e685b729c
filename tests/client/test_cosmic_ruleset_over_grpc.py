"""A match of Cosmic's `cosmic` ruleset (seed 000) plays to its end over gRPC, the server
playing every seat with its bots, for 2 to 8 players: real server, real Redis."""

from __future__ import annotations

import pytest

from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.v1 import match_pb2
from cosmodrome_client import game_view
from tests.client.test_server_bots import finished

GAME, RANDOM = match_pb2.BOT_KIND_GAME, match_pb2.BOT_KIND_RANDOM


@pytest.mark.parametrize("players", range(2, 9))
async def test_a_cosmic_ruleset_match_plays_to_its_end_with_server_bots(client, players):
    # turn_limit: random seats on a board with moon 34 ("le vainqueur ... doit donc se trouver
    # sur cette lune") can play thousands of moves; 10 turns end it, a win or a draw at the cap
    options = cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_COSMIC, deal_timeout_ms=0,
                                 turn_limit=10)
    bots = {s: GAME if s % 2 == 0 else RANDOM for s in range(players)}
    match = await client.create_match("cosmic", options, players=players, seed=players,
                                      bots=bots)
    final = await finished(client, match.match_id, timeout=300)
    assert final.status == match_pb2.MATCH_STATUS_FINISHED and not final.result.closed
    log = await client.spectate(match.match_id).log()
    assert [e.version for e in log] == list(range(1, final.version + 1))
    view = game_view(await client.spectate(match.match_id).view())
    assert len(view.seats) == players and len(view.piles) == 4  # seed 000's four piles
