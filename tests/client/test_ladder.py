"""The Python client's ladder and matchmaker calls, over a real server: two guests find each
other through the matchmaker, play tic-tac-toe to its end with `play`, and see their ratings
change on the leaderboard; tickets cancelled; matches listed by open seats."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from cosmodrome.v1 import ladder_pb2, match_pb2
from cosmodrome_client import Client, CosmodromeError, NoMatchFound, RandomBot, Seat, play

GAME = "tictactoe"


@pytest.fixture
async def guests(server):
    async with Client.connect(server.address) as ada, Client.connect(server.address) as bob:
        await ada.create_guest()
        await bob.create_guest()
        yield ada, bob


async def rated(client: Client, matches: int) -> ladder_pb2.Rating:
    """The player's rating once it counts `matches`: the replica that commits the final move
    rates the match right after it, so the reply that shows it finished may come first."""
    while (rating := await client.my_rating(GAME)).matches < matches:
        await asyncio.sleep(0.05)
    return rating


async def test_two_guests_meet_through_the_matchmaker_play_and_are_rated(guests):
    ada, bob = guests
    before = await ada.my_rating(GAME)
    assert (before.matches, before.rank) == (0, 0)
    x, o = await asyncio.gather(ada.find_match(GAME, players=2, name="ada"),
                                bob.find_match(GAME, players=2, name="bob"))
    assert isinstance(x, Seat) and isinstance(o, Seat)
    assert x.match_id == o.match_id and {x.seat, o.seat} == {0, 1}
    final, _ = await asyncio.gather(play(x, RandomBot(seed=1)), play(o, RandomBot(seed=2)))
    assert final.status == match_pb2.MATCH_STATUS_FINISHED
    ratings = [await rated(ada, 1), await rated(bob, 1)]
    assert all(r.rank > 0 and r.sigma < before.sigma for r in ratings)
    mine = {e.player: e for e in await ada.leaderboard_around_me(GAME, page_size=200)}
    for rating, name in zip(ratings, ["ada", "bob"], strict=True):
        entry = mine[rating.player]
        assert (entry.display_name, entry.matches, entry.rank) == (name, 1, rating.rank)
        assert entry.ordinal == pytest.approx(rating.ordinal)
    top = await ada.leaderboard(GAME, limit=1000)
    assert [e.rank for e in top] == list(range(1, len(top) + 1))
    assert {r.player for r in ratings} <= {e.player for e in top}


async def test_the_leaderboard_pages_follow_one_another(guests):
    ada, _ = guests
    first = await ada.leaderboard_page(GAME, page_size=1)
    if first.total < 2:
        pytest.skip("needs two rated players (the matchmaker test makes them)")
    second = await ada.leaderboard_page(GAME, page_size=1, page_token=first.next_page_token)
    assert [first.entries[0].rank, second.entries[0].rank] == [1, 2]
    assert await ada.leaderboard(GAME, limit=2, page_size=1) == [*first.entries, *second.entries]


async def test_a_ticket_cancelled_ends_the_wait_without_a_match(guests):
    ada, _ = guests
    # four players of high card: a queue of its own, where nobody else waits
    lone = await ada.create_ticket("highcard", players=4, ttl_seconds=60)
    assert lone.status == ladder_pb2.TICKET_STATUS_WAITING
    waiting = asyncio.ensure_future(ada.wait_for_match(lone))
    cancelled = await ada.cancel_ticket(lone.ticket_id)
    assert cancelled.status == ladder_pb2.TICKET_STATUS_CANCELLED
    with pytest.raises(NoMatchFound) as ended:
        await waiting
    assert ended.value.ticket.status == ladder_pb2.TICKET_STATUS_CANCELLED


async def test_find_match_cancelled_withdraws_its_ticket(guests):
    ada, _ = guests
    waiting = asyncio.Event()
    wait_for_match = ada.wait_for_match

    async def spy(ticket):
        waiting.set()  # the ticket exists: find_match waits on it
        return await wait_for_match(ticket)

    ada.wait_for_match = spy
    finding = asyncio.ensure_future(ada.find_match("highcard", players=4, ttl_seconds=60))
    await waiting.wait()
    finding.cancel()
    with pytest.raises(asyncio.CancelledError):
        await finding
    # withdrawn: a new ticket in that queue is not refused as a second live one
    again = await ada.create_ticket("highcard", players=4, ttl_seconds=60)
    await ada.cancel_ticket(again.ticket_id)


async def test_ladder_calls_need_a_player(client):
    with pytest.raises(CosmodromeError) as refused:
        await client.my_rating(GAME)
    assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
    page = await client.leaderboard_page(GAME)  # the leaderboard itself is public
    assert page.total >= len(page.entries)


async def test_list_matches_with_open_seats(client):
    open_match = await client.create_match(GAME)
    await client.join(open_match.match_id)
    full = await client.create_match(GAME)
    await client.join(full.match_id)
    await client.join(full.match_id)
    listed = {m.match_id for m in await client.list_matches(GAME, open_seats=True)}
    assert open_match.match_id in listed and full.match_id not in listed


async def test_a_tickets_watch_tells_live_once_it_answers(guests):
    ada, _ = guests
    ticket = await ada.create_ticket(GAME, players=2, name="ada")
    told = []
    async for state in ada.watch_ticket(ticket.ticket_id, on_connection=told.append):
        if state.status == ladder_pb2.TICKET_STATUS_WAITING:
            assert [s.state for s in told] == ["live"]
            await ada.cancel_ticket(ticket.ticket_id)
    assert state.status == ladder_pb2.TICKET_STATUS_CANCELLED
    assert [s.state for s in told] == ["live"], "said once"
