"""A match of Cosmic's `cosmic` ruleset (seed 000) plays to its natural end over gRPC, the
server playing every seat with its bots, for 2 to 8 players: real server, real Redis.

The server fires bot moves on its deadline tick, 2 ms here (`--deadline-tick-ms`) so that
games of a thousand moves and more end in seconds. Bots are seeded from the match's seed, so
each seed below plays the same game every time, picked with `python -m
bench.cosmic_server_bots` as one that ends by the rules, not by the turn limit (among them a
last player standing and a shared victory). An engine or bot change that alters these games
may need new seeds.
"""

from __future__ import annotations

import pytest

from bench import cosmic_server_bots
from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, game_view
from tests.client.test_server_bots import finished
from tests.support import ServerProcess

SEEDS = {2: 2, 3: 2, 4: 8, 5: 2, 6: 3, 7: 4, 8: 2}  # players: a seed that ends by the rules
NATURAL_ENDS = ("five foreign bases", "shared victory: five foreign bases at once",
                "last player standing")


@pytest.fixture(scope="module")
def quick_bots_server(redis_url):
    with ServerProcess(redis_url=redis_url, extra=["--deadline-tick-ms", "2"]) as proc:
        yield proc


@pytest.fixture
async def quick_client(quick_bots_server):
    async with Client.connect(quick_bots_server.address) as c:
        yield c


@pytest.mark.parametrize("players", range(2, 9))
async def test_a_cosmic_ruleset_match_plays_to_its_natural_end_with_server_bots(
        quick_client, players):
    client = quick_client
    bots = dict(enumerate(cosmic_server_bots.seat_bots(players)))  # heuristic and random
    match = await client.create_match("cosmic", cosmic_server_bots.OPTIONS, players=players,
                                      seed=SEEDS[players], bots=bots)
    final = await finished(client, match.match_id, timeout=240)
    assert final.status == match_pb2.MATCH_STATUS_FINISHED and not final.result.closed
    assert final.result.summary in NATURAL_ENDS and final.result.winners
    # the very game the engine plays in process with the same bots: bot moves depend on
    # nothing but the match (any replica computes the same one)
    state, moves = cosmic_server_bots.play(players, SEEDS[players])
    assert (final.version, list(final.result.winners)) == (1 + moves, list(state.winners))
    log = await client.spectate(match.match_id).log()
    assert [e.version for e in log] == list(range(1, final.version + 1))
    view = game_view(await client.spectate(match.match_id).view())
    assert len(view.seats) == players and len(view.piles) == 4  # seed 000's four piles
    assert sorted(view.winners) == sorted(final.result.winners) and view.game_end
