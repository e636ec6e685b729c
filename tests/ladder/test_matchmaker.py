"""The matchmaker over two real replicas: tickets from both meet, players are seated in one
match and handed their seat tokens on their ticket streams; cancel, expiry, one live ticket
per queue, bad input; the rating window widening with the wait (the match script alone)."""

from __future__ import annotations

import asyncio
import secrets

import grpc
import pytest
import redis.asyncio as aioredis

from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.ladder.matchmaker import prefix
from cosmodrome.store.redis_store import lua_source
from cosmodrome.v1 import (
    games_pb2,
    ladder_pb2,
    ladder_pb2_grpc,
    match_pb2,
    play_pb2,
    play_pb2_grpc,
    player_pb2,
    player_pb2_grpc,
)
from tests.ladder.support import new_player, watch_to_end
from tests.support import auth

T = ladder_pb2


def stubs(channel):
    return ladder_pb2_grpc.MatchmakerServiceStub(channel)


async def ticket(channel, token, game="highcard", players=2, **fields) -> T.Ticket:
    return await stubs(channel).CreateTicket(
        T.CreateTicketRequest(game=game, players=players, **fields), metadata=auth(token))


LIVE = (T.TICKET_STATUS_WAITING, T.TICKET_STATUS_MATCHING)


async def test_two_players_on_two_replicas_share_one_started_match(channels):
    tokens = [new_player(), new_player()]
    made = [await ticket(channels[i], t, players=2, display_name=f"p{i}")
            for i, t in enumerate(tokens)]
    # the second may be grouped (or seated) by either replica's tick before its answer
    assert made[0].status in LIVE and made[1].status in LIVE + (T.TICKET_STATUS_MATCHED,)
    ends = await asyncio.gather(*(watch_to_end(channels, t, m.ticket_id, i)
                                  for i, (t, m) in enumerate(zip(tokens, made, strict=True))))
    first, second = (e for e, _ in ends)
    assert first.status == second.status == T.TICKET_STATUS_MATCHED
    assert first.match_id == second.match_id
    assert {first.seat, second.seat} == {0, 1}
    assert first.match.status == match_pb2.MATCH_STATUS_ACTIVE or \
        second.match.status == match_pb2.MATCH_STATUS_ACTIVE
    play = play_pb2_grpc.PlayServiceStub(channels[0])
    for end in (first, second):  # each token is its own seat
        view = await play.GetView(play_pb2.GetViewRequest(match_id=end.match_id),
                                  metadata=auth(end.seat_token))
        assert view.viewer_seat == end.seat
    again, _ = await watch_to_end(channels, tokens[0], made[0].ticket_id, 1)
    assert again.seat_token == first.seat_token  # watched again: the same seat
    mine = await player_pb2_grpc.PlayerServiceStub(channels[1]).ListMyMatches(
        player_pb2.ListMyMatchesRequest(), metadata=auth(tokens[0]))
    assert [(m.match.match_id, m.seat) for m in mine.matches] == [(first.match_id, first.seat)]


async def test_a_waiting_ticket_is_cancelled_once_and_only_by_its_owner(channels):
    owner = new_player()
    made = await ticket(channels[0], owner, players=4, ttl_seconds=600)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await stubs(channels[1]).CancelTicket(T.CancelTicketRequest(ticket_id=made.ticket_id),
                                              metadata=auth(new_player()))
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    cancelled = await stubs(channels[1]).CancelTicket(
        T.CancelTicketRequest(ticket_id=made.ticket_id), metadata=auth(owner))
    assert cancelled.status == T.TICKET_STATUS_CANCELLED
    with pytest.raises(grpc.aio.AioRpcError) as again:
        await stubs(channels[0]).CancelTicket(T.CancelTicketRequest(ticket_id=made.ticket_id),
                                              metadata=auth(owner))
    assert again.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    end, _ = await watch_to_end(channels, owner, made.ticket_id)
    assert end.status == T.TICKET_STATUS_CANCELLED


async def test_a_matched_ticket_cannot_be_cancelled(channels):
    tokens = [new_player(), new_player()]
    made = [await ticket(channels[0], t, game="tictactoe") for t in tokens]
    end, _ = await watch_to_end(channels, tokens[0], made[0].ticket_id)
    assert end.status == T.TICKET_STATUS_MATCHED
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await stubs(channels[0]).CancelTicket(T.CancelTicketRequest(ticket_id=made[0].ticket_id),
                                              metadata=auth(tokens[0]))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION


async def test_a_ticket_nobody_matches_expires(channels):
    owner = new_player()
    made = await ticket(channels[0], owner, players=3, ttl_seconds=1)
    end, _ = await watch_to_end(channels, owner, made.ticket_id, 1)
    assert end.status == T.TICKET_STATUS_EXPIRED


async def test_a_player_has_one_live_ticket_per_queue(channels):
    owner = new_player()
    made = await ticket(channels[0], owner, players=4, ttl_seconds=600)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await ticket(channels[1], owner, players=4)
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert made.ticket_id in refused.value.details()
    await stubs(channels[0]).CancelTicket(T.CancelTicketRequest(ticket_id=made.ticket_id),
                                          metadata=auth(owner))


@pytest.mark.parametrize("request_fields, code", [
    ({"game": "no-such-game"}, grpc.StatusCode.NOT_FOUND),
    ({"game": "tictactoe", "players": 3}, grpc.StatusCode.INVALID_ARGUMENT),
    ({"game": "tictactoe", "ttl_seconds": -1}, grpc.StatusCode.INVALID_ARGUMENT),
    ({"game": "tictactoe", "options": {"cosmic": {}}}, grpc.StatusCode.INVALID_ARGUMENT),
])
async def test_bad_tickets_are_refused_with_a_clear_error(channels, request_fields, code):
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await stubs(channels[0]).CreateTicket(T.CreateTicketRequest(**request_fields),
                                              metadata=auth(new_player()))
    assert refused.value.code() == code


async def test_tickets_need_a_player_and_a_ticket_id(channels):
    with pytest.raises(grpc.aio.AioRpcError) as anonymous:
        await stubs(channels[0]).CreateTicket(T.CreateTicketRequest(game="tictactoe"))
    assert anonymous.value.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.aio.AioRpcError) as not_a_player:  # a seat token, say
        await stubs(channels[0]).CreateTicket(T.CreateTicketRequest(game="tictactoe"),
                                              metadata=auth(secrets.token_urlsafe(24)))
    assert not_a_player.value.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.aio.AioRpcError) as malformed:
        await stubs(channels[0]).CancelTicket(T.CancelTicketRequest(ticket_id="x"),
                                              metadata=auth(new_player()))
    assert malformed.value.code() == grpc.StatusCode.INVALID_ARGUMENT


# -- the match script alone, its clock given -------------------------------------------------

async def test_the_rating_window_widens_with_the_wait(redis_url):
    """Tickets 10 mu apart: not grouped at once (window 2), grouped once they have waited
    long enough for a window of 10 (8 s at 1 mu per second)."""
    client = aioredis.from_url(redis_url)
    match = client.register_script(lua_source("ladder_match"))
    queue = secrets.token_hex(8)
    p = prefix(queue)
    for n, mu in enumerate((20.0, 30.0)):
        await client.hset(f"{p}t:t{n}", mapping={"status": 1, "player": f"p{n}", "mu": mu,
                                                 "created": 0, "expires": 10**9, "ver": 1})
        await client.zadd(f"{p}wait", {f"t{n}": mu})

    async def run(now_ms: int):
        return await match(keys=[f"{p}wait", f"{p}form", f"{p}players"],
                           args=[p, now_ms, 2, 2.0, 1.0, 0, 10_000, "r", "g", 1000, 100])
    assert await run(0) == [[], 2, 0]
    assert await run(7_900) == [[], 2, 0]
    groups, waiting, forming = await run(8_000)
    assert (len(groups), waiting, forming) == (1, 0, 1)
    assert await client.hget(f"{p}g:{groups[0].decode()}", "tickets") == b"t0 t1"
    assert await client.hget(f"{p}t:t1", "status") == b"2"  # matching
    await client.aclose()


async def test_a_stalled_group_passes_to_another_replica_when_its_lease_ends(redis_url):
    client = aioredis.from_url(redis_url)
    match = client.register_script(lua_source("ladder_match"))
    p = prefix(secrets.token_hex(8))
    await client.hset(f"{p}g:g1", mapping={"tickets": "t0 t1", "bots": 0, "owner": "a"})
    await client.zadd(f"{p}form", {"g1": 5_000, "gone": 5_000})

    async def run(now_ms: int, replica: str):
        return await match(keys=[f"{p}wait", f"{p}form", f"{p}players"],
                           args=[p, now_ms, 2, 2.0, 1.0, 0, 10_000, replica, "g", 1000, 100])
    assert await run(4_999, "b") == [[], 0, 2]
    assert await run(5_000, "b") == [[b"g1"], 0, 1]  # "gone" expired: dropped
    assert await client.hget(f"{p}g:g1", "owner") == b"b"
    assert await client.zscore(f"{p}form", "g1") == 15_000  # a new lease, b's
    await client.aclose()


async def test_cosmic_tickets_meet_by_ruleset_unspecified_being_classic(channels):
    """A ladder per ruleset: unspecified and classic are one queue; cosmic is another."""
    def options(ruleset: int) -> games_pb2.GameOptions:
        return games_pb2.GameOptions(cosmic=cosmic_pb2.Options(ruleset=ruleset))
    tokens = [new_player() for _ in range(3)]
    made = [await ticket(channels[n % 2], token, game="cosmic", players=2, options=options(r),
                         ttl_seconds=600)
            for n, (token, r) in enumerate(zip(tokens, (
                cosmic_pb2.RULESET_UNSPECIFIED, cosmic_pb2.RULESET_COSMIC,
                cosmic_pb2.RULESET_CLASSIC), strict=True))]
    assert [m.ruleset for m in made] == ["classic", "cosmic", "classic"]
    first, _ = await watch_to_end(channels, tokens[0], made[0].ticket_id)
    third, _ = await watch_to_end(channels, tokens[2], made[2].ticket_id)
    assert first.match_id == third.match_id
    alone = await stubs(channels[0]).CancelTicket(T.CancelTicketRequest(
        ticket_id=made[1].ticket_id), metadata=auth(tokens[1]))
    assert alone.status == T.TICKET_STATUS_CANCELLED  # nobody on the cosmic ladder's queue
