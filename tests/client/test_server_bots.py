"""Seats the server plays (CreateMatch `bots`, StartMatch): real servers, real Redis."""

from __future__ import annotations

import asyncio
import signal

import pytest

from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, CosmodromeError, RandomBot, play
from tests.support import ServerProcess

FINISHED = match_pb2.MATCH_STATUS_FINISHED
GAME, RANDOM = match_pb2.BOT_KIND_GAME, match_pb2.BOT_KIND_RANDOM


async def finished(client: Client, match_id: str, timeout: float = 180.0) -> match_pb2.Match:
    """The match once finished, followed through its watch stream."""
    async def follow() -> match_pb2.Match:
        async for _ in client.spectate(match_id).watch():
            pass
        return await client.get_match(match_id)
    return await asyncio.wait_for(follow(), timeout)


async def test_a_person_plays_against_the_servers_bot(client):
    match = await client.create_match("tictactoe", bots=[1], seed=3)
    assert match.seats[1].bot == GAME and match.seats[1].occupied
    me = await client.join(match.match_id, name="me")
    assert me.seat == 0
    final = await asyncio.wait_for(play(me, RandomBot(1)), 30)
    assert final.status == FINISHED
    log = await client.spectate(match.match_id).log()
    bot_moves = [e for e in log if e.seat == 1]
    assert bot_moves and all(e.move_kind == "place" for e in bot_moves)


async def test_every_seat_a_server_bot_plays_the_whole_match(client):
    match = await client.create_match("mlem", players=3, bots={0: GAME, 1: RANDOM, 2: GAME})
    assert match.status == match_pb2.MATCH_STATUS_ACTIVE  # nobody to wait for
    final = await finished(client, match.match_id)
    assert final.status == FINISHED and not final.result.closed
    versions = [e.version for e in await client.spectate(match.match_id).log()]
    assert versions == list(range(1, final.version + 1))  # each move applied once


async def test_a_bot_seat_cannot_be_joined_and_has_no_token(client):
    match = await client.create_match("tictactoe", bots=[0])
    with pytest.raises(CosmodromeError) as e:
        await client.join(match.match_id, seat=0)
    assert e.value.reason == "seat_taken"


async def test_bad_bot_seats_are_refused_naming_what(client):
    for bots, text in (({5: GAME}, "bots: seat must be between 0 and 1"),
                       ({0: 9}, "bot kind 9 is not a BotKind")):
        with pytest.raises(CosmodromeError) as e:
            await client.create_match("tictactoe", bots=bots)
        assert e.value.code.name == "INVALID_ARGUMENT" and text in e.value.message


async def test_bot_moves_survive_a_replicas_death_and_apply_once(redis_url):
    """Two replicas fire the same deadlines; one is killed mid-game, the other carries on."""
    with ServerProcess(redis_url=redis_url) as a, ServerProcess(redis_url=redis_url) as b:
        async with Client.connect(f"{a.address},{b.address}") as client:
            match = await client.create_match("tictactoe", bots=[0, 1], seed=5)
            while (now := await client.get_match(match.match_id)).version < 3:
                await asyncio.sleep(0.02)  # the bots are under way
            assert now.status != FINISHED
            a.stop(signal.SIGKILL)
            final = await finished(client, match.match_id)
            assert final.status == FINISHED
            log = await client.spectate(match.match_id).log()
            assert [e.version for e in log] == list(range(1, final.version + 1))
            assert {e.seat for e in log[1:]} == {0, 1}


async def test_catalog_says_which_games_have_their_own_bot(client):
    games = {g.name: g for g in await client.list_games()}
    assert games["mlem"].has_game_bot and games["cosmic"].has_game_bot
    assert not games["tictactoe"].has_game_bot


async def test_a_browser_plays_against_a_server_bot_over_rest(server):
    """What a web page does through the edge: REST/JSON only, no bot of its own."""
    from tests.edge.conftest import start_edge
    from tests.edge.http import call

    def rest(*args, **kwargs):
        return asyncio.to_thread(call, *args, **kwargs)

    with start_edge([server.address]) as edge:
        created = await rest(edge.url, "POST", "/v1/matches",
                             {"game": "tictactoe", "bots": [{"seat": 1, "kind": "BOT_KIND_GAME"}],
                              "private": True})
        assert created.status == 200, created.body
        match = created.json
        assert match["seats"][1]["bot"] == "BOT_KIND_GAME" and match["private"] is True
        joined = await rest(edge.url, "POST", f"/v1/matches/{match['matchId']}:join",
                            {"joinSecret": match["secrets"]["joinSecret"], "displayName": "web"})
        assert joined.status == 200, joined.body
        token = joined.json["seatToken"]
        content = await rest(edge.url, "GET", "/v1/games/mlem/content")
        assert content.status == 200 and content.json["mlem"]["layouts"]
        for _ in range(60):
            view = (await rest(edge.url, "GET", f"/v1/matches/{match['matchId']}/view",
                               token=token)).json
            if view["match"]["status"] == "MATCH_STATUS_FINISHED":
                break
            mine = [d for d in view["decisions"] if d["seat"] == 0 and d["options"]]
            if mine:
                moved = await rest(edge.url, "POST", f"/v1/matches/{match['matchId']}/moves",
                                   {"expectedVersion": view["match"]["version"],
                                    "idempotencyKey": f"web-{view['match']['version']}",
                                    "move": mine[0]["options"][0]}, token=token)
                assert moved.status in (200, 409), moved.body
            else:
                await asyncio.sleep(0.1)  # the server's bot is thinking
        assert view["match"]["status"] == "MATCH_STATUS_FINISHED"
        closed = await rest(edge.url, "POST", f"/v1/matches/{match['matchId']}:close", {},
                            token=match["secrets"]["creatorToken"])
        assert closed.status == 400 and "the match is over" in closed.json["message"]
