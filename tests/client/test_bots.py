"""Bots play whole matches through the real server with `play()`."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, RandomBot, game_view, play
from cosmodrome_client.bots import GAME_BOTS, has_bot

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


class Capped:
    """Wraps a bot; fails loudly when a match runs far longer than the game allows."""

    def __init__(self, bot, shared: list[int], cap: int) -> None:
        self.bot, self.shared, self.cap = bot, shared, cap

    def choose(self, view, kind, options):
        self.shared[0] += 1
        if self.shared[0] > self.cap:
            raise AssertionError(f"{type(self.bot).__name__} made {self.cap} choices without "
                                 f"ending the match (last decision: {kind})")
        return self.bot.choose(view, kind, options)


@pytest.mark.parametrize("game", [g for g in sorted(GAME_BOTS) if has_bot(g)])
async def test_each_game_heuristic_bot_plays_from_its_redacted_view_over_grpc(client, game):
    """Game bots see only what the server sends their seat, and still finish the match."""
    hosted = {g.name: g for g in await client.list_games()}
    assert game in hosted
    for seed in (1, 2):
        match = await client.create_match(game, players=hosted[game].min_players, seed=seed)
        seats = [await client.join(match.match_id) for _ in range(match.players)]
        made = [0]
        bots = [Capped(await client.game_bot(game, seed=s.seat), made, cap=5_000)
                for s in seats]
        assert all(type(b.bot) is not RandomBot for b in bots)
        async with asyncio.TaskGroup() as group:  # one bot failing stops the others
            tasks = [group.create_task(play(s, b)) for s, b in zip(seats, bots, strict=True)]
        finals = [t.result() for t in tasks]
        assert finals[0].status == FINISHED, game
        assert finals[0].HasField("result"), game
