"""Bots play whole matches through the real server with `play()`."""

from __future__ import annotations

import asyncio

from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, RandomBot, game_view, play

FINISHED = match_pb2.MATCH_STATUS_FINISHED


async def bots_play(client: Client, game: str, players: int = 0, seed: int | None = None,
                    bot_seed: int = 0) -> tuple[match_pb2.Match, list]:
    match = await client.create_match(game, players=players, seed=seed)
    seats = [await client.join(match.match_id, name=f"bot{i}") for i in range(match.players)]
    finals = await asyncio.gather(*(play(s, RandomBot(bot_seed * 10 + s.seat)) for s in seats))
    views = [await s.view() for s in seats]
    return finals[0], views


async def test_random_bots_finish_hundreds_of_concurrent_tictactoe_matches(client):
    slots = asyncio.Semaphore(60)

    async def one(i: int):
        async with slots:
            return await bots_play(client, "tictactoe", seed=i, bot_seed=i)

    outcomes = await asyncio.gather(*(one(i) for i in range(300)))
    assert len(outcomes) == 300
    for final, views in outcomes:
        assert final.status == FINISHED
        board = game_view(views[0])
        assert board.finished
        winners = list(final.result.winners)
        assert winners == ([board.winner] if board.winner >= 0 else [])
        marks = [c for c in board.cells if c]
        assert 5 <= len(marks) <= 9
        assert all(not v.decisions for v in views), "nobody owes anything after the end"
    stored = await client.get_match(outcomes[0][0].match_id)
    assert stored.status == FINISHED and stored.result == outcomes[0][0].result


async def test_random_bots_finish_highcard_for_every_player_count(client):
    games = {g.name: g for g in await client.list_games()}
    info = games["highcard"]
    for players in range(info.min_players, info.max_players + 1):
        final, views = await bots_play(client, "highcard", players=players, seed=players)
        assert final.status == FINISHED
        tricks = list(game_view(views[0]).tricks)
        assert sum(tricks) == 3  # the default hand size: one trick per round
        assert set(final.result.winners) == {s for s, t in enumerate(tricks) if t == max(tricks)}
        for seat, view in enumerate(views):
            assert view.viewer_seat == seat
            assert list(game_view(view).my_hand) == []


async def test_random_bots_finish_a_match_of_every_hosted_game(client):
    """Generic: any game the server lists can be played to the end by RandomBots."""
    for info in await client.list_games():
        final, views = await asyncio.wait_for(
            bots_play(client, info.name, players=info.min_players, seed=1), 300)
        assert final.status == FINISHED, info.name
        assert final.HasField("result"), info.name
        assert all(not v.decisions for v in views), info.name
