"""200 concurrent tickets of mixed games and sizes over two replicas, one of them SIGKILLed
in the middle: no player seated twice, no ticket lost, no match short, every match rated
once; and the sweep rates a finish no replica rated (its replica died after the commit)."""

from __future__ import annotations

import asyncio
import re
import signal
import time
from collections import Counter, defaultdict

import grpc
import pytest
import redis.asyncio as aioredis

from cosmodrome.ladder.ratings import RatedSeat, Ratings
from cosmodrome.v1 import ladder_pb2, ladder_pb2_grpc, match_pb2
from tests.ladder.support import identity_flags, key_of, new_player, play_out, watch_to_end
from tests.support import Api, ServerProcess, auth, ttt

T = ladder_pb2
# (game, seats, tickets): 200 tickets, each queue's count a multiple of its seats
QUEUES = [("tictactoe", 2, 60), ("highcard", 2, 40), ("highcard", 3, 48), ("highcard", 4, 52)]
LIVE = re.compile(r"live ticket in this queue: (\S+) ")


async def create(channels, token: str, game: str, seats: int, first: int) -> str:
    """A ticket, created once: a retry after a lost reply finds the ticket it made."""
    n = first
    while True:
        stub = ladder_pb2_grpc.MatchmakerServiceStub(channels[n % len(channels)])
        try:
            made = await stub.CreateTicket(T.CreateTicketRequest(
                game=game, players=seats, display_name="p", ttl_seconds=600),
                metadata=auth(token))
            return made.ticket_id
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.FAILED_PRECONDITION:
                return LIVE.search(exc.details())[1]  # made before the reply was lost
            if exc.code() != grpc.StatusCode.UNAVAILABLE:
                raise
            n += 1
            await asyncio.sleep(0.1)


@pytest.mark.slow
async def test_200_tickets_and_a_replica_sigkill(redis_url):
    with ServerProcess(redis_url=redis_url, extra=[*identity_flags()]) as survivor, \
            ServerProcess(redis_url=redis_url, extra=[*identity_flags()]) as doomed:
        channels = [grpc.aio.insecure_channel(s.address) for s in (survivor, doomed)]
        players = [(game, seats, new_player()) for game, seats, count in QUEUES
                   for _ in range(count)]
        matched = asyncio.Event()
        ended: list[T.Ticket] = []
        broken = 0

        async def one(n: int, game: str, seats: int, token: str) -> T.Ticket:
            nonlocal broken
            ticket_id = await create(channels, token, game, seats, n)
            end, breaks = await watch_to_end(channels, token, ticket_id, n)
            broken += breaks
            ended.append(end)
            if len(ended) >= len(players) // 2:
                matched.set()
            assert end.status == T.TICKET_STATUS_MATCHED, end
            view = await play_out(channels, end.match_id, end.seat_token, n)
            assert view.match.status == match_pb2.MATCH_STATUS_FINISHED
            return end

        async def kill_in_the_middle() -> None:
            await matched.wait()
            doomed.stop(signal.SIGKILL)

        results = await asyncio.gather(*(one(n, *p) for n, p in enumerate(players)),
                                       kill_in_the_middle())
        ends = results[:-1]
        assert doomed.process is None  # killed while tickets were still being matched

        # 0 tickets lost: every one matched; 0 double-seated; 0 matches short
        assert len(ends) == 200 and all(e.status == T.TICKET_STATUS_MATCHED for e in ends)
        seats_taken = Counter((e.match_id, e.seat) for e in ends)
        assert max(seats_taken.values()) == 1
        by_match: dict[str, list[T.Ticket]] = defaultdict(list)
        for end in ends:
            by_match[end.match_id].append(end)
        assert sum(len(v) for v in by_match.values()) == 200
        for tickets in by_match.values():
            assert len(tickets) == tickets[0].players
            assert {t.seat for t in tickets} == set(range(tickets[0].players))
            assert len({(t.game, t.players) for t in tickets}) == 1

        # each match rated once: every player's rating counts exactly one match
        ladder = ladder_pb2_grpc.LadderServiceStub(channels[0])
        for game, _, token in players:
            while True:
                mine = await ladder.GetRating(T.GetRatingRequest(game=game),
                                              metadata=auth(token))
                if mine.matches:
                    break
                await asyncio.sleep(0.1)
            assert mine.matches == 1
        for channel in channels:
            await channel.close()


@pytest.mark.slow
async def test_the_sweep_rates_a_finish_no_replica_rated(redis_url):
    """A finished match whose replica died before rating it: the match is on the sweep's
    list (made so by the matchmaker) but no commit will come; a replica's sweep rates it."""
    with ServerProcess(redis_url=redis_url, extra=[*identity_flags()]) as server:
        api = Api(server.address)
        match_id, tokens = api.new_match("tictactoe")
        for seat, cell in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2)):  # seat 0 wins a row
            api.submit(match_id, tokens[seat], ttt(cell))
        players = [new_player(), new_player()]
        client = aioredis.from_url(redis_url)
        ratings = Ratings(client)
        await ratings.register(match_id, "tictactoe", "",
                               [RatedSeat(key_of(p), "p") for p in players],
                               check_after_ms=time.time_ns() // 1_000_000)
        while True:  # the sweep runs every few seconds on every replica
            mine, theirs = await ratings.read("tictactoe", "", [key_of(p) for p in players])
            if mine.matches:
                break
            await asyncio.sleep(0.2)
        assert (mine.matches, theirs.matches) == (1, 1) and mine.mu > theirs.mu
        await client.aclose()
        api.close()
