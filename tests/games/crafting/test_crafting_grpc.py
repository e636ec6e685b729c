"""A whole Crafting the Cosmos match over gRPC (real server, real store) at 2, 3 and 4
players, the game's own bot on every seat, each playing from the view the server sends it."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome.games import registry
from cosmodrome.games.crafting.bot import CraftingBot
from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, game_view, play

FINISHED = match_pb2.MATCH_STATUS_FINISHED
GAME = registry()["crafting"]


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_crafting_match_plays_to_its_end_over_grpc_with_bots_on_every_seat(server,
                                                                                  players):
    async with Client.connect(server.address) as client:
        match = await client.create_match("crafting", players=players, seed=players)
        seats = [await client.join(match.match_id, seat=i) for i in range(players)]
        bots = [CraftingBot(seed=i) for i in range(players)]
        async with asyncio.timeout(600):
            finals = await asyncio.gather(*(play(s, b) for s, b in zip(seats, bots,
                                                                       strict=True)))
        assert all(f.status == FINISHED for f in finals)
        result = finals[0].result
        assert 1 <= len(result.winners) <= players and len(result.scores) == players
        view = await seats[0].view()
        assert not view.decisions
        final = game_view(view)
        assert list(final.final_scores) == [int(s) for s in result.scores]
        assert list(final.winners) == list(result.winners)
        # at the end every advanced-life token is revealed to everyone
        for p in final.seats:
            assert len(p.advanced_values) == len(p.advanced_cells)
