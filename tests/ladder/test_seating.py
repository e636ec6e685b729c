"""Seating a group in process, on a real store: idempotent when two replicas seat it (a
lease handed over while the first still worked), and a group whose match is gone ends its
tickets EXPIRED rather than leaving them grouped for ever."""

from __future__ import annotations

import secrets

import pytest

from cosmodrome.auth import Player
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.ladder.matchmaker import Matchmaker, MatchmakerSettings, prefix
from cosmodrome.ladder.ratings import Ratings
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import ladder_pb2

T = ladder_pb2


@pytest.fixture
async def matchmakers(redis_url):
    """Two matchmakers (two replicas' worth) on one store; their loops are not started."""
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, records())
    ratings = Ratings(store.redis)
    yield [Matchmaker(runner, ratings, MatchmakerSettings(), replica=name)
           for name in ("a", "b")]
    await store.close()


async def grouped(mm: Matchmaker) -> tuple[list[Player], list[str], str]:
    """Two tickets grouped by one pass of the match script."""
    players = [Player("https://login.example.test", secrets.token_hex(6)) for _ in range(2)]
    tickets = [await mm.create_ticket(p, T.CreateTicketRequest(
        game="tictactoe", ttl_seconds=600)) for p in players]
    queue = await mm.queue(tickets[0].ticket_id.split("-")[0])
    p = prefix(queue.id)
    groups, _, _ = await mm.scripts["match"](
        keys=[f"{p}wait", f"{p}form", f"{p}players"],
        args=[p, tickets[0].create_time_ms, 2, 2.0, 1.0, 0, 10_000, "a", secrets.token_hex(4),
              1000, 100])
    return players, [t.ticket_id for t in tickets], groups[-1].decode()


async def test_two_replicas_seating_one_group_make_one_match(matchmakers):
    a, b = matchmakers
    players, tickets, group = await grouped(a)
    queue = await a.queue(tickets[0].split("-")[0])
    await a.seat(queue, group)
    await b.seat(queue, group)  # the lease passed to b meanwhile: it finds the work done
    ends = [await a.ticket(p, t) for p, t in zip(players, tickets, strict=True)]
    assert [e.status for e in ends] == [T.TICKET_STATUS_MATCHED] * 2
    assert ends[0].match_id == ends[1].match_id and {e.seat for e in ends} == {0, 1}


async def test_a_group_whose_match_is_gone_ends_its_tickets(matchmakers):
    a, _ = matchmakers
    players, tickets, group = await grouped(a)
    queue = await a.queue(tickets[0].split("-")[0])
    p = prefix(queue.id)
    await a.scripts["bind"](keys=[f"{p}g:{group}"], args=[secrets.token_hex(8), "secret"])
    await a.seat(queue, group)
    ends = [await a.ticket(pl, t) for pl, t in zip(players, tickets, strict=True)]
    assert [e.status for e in ends] == [T.TICKET_STATUS_EXPIRED] * 2
    assert await a.redis.zscore(f"{p}form", group) is None
