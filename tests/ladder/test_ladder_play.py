"""Matches the matchmaker made, played to their end: rated; server bots filling a match
after a wait are rated as their own players; leaderboards page by page and around the
caller."""

from __future__ import annotations

import asyncio
import json

import grpc
import pytest

from cosmodrome.ladder.ratings import MODEL
from cosmodrome.v1 import ladder_pb2, ladder_pb2_grpc, match_pb2
from tests.ladder.support import (
    BOARD,
    identity_flags,
    key_of,
    new_player,
    play_out,
    watch_to_end,
)
from tests.support import ServerProcess, auth

T = ladder_pb2


@pytest.fixture(scope="module")
def bot_filling(redis_url):
    """A replica whose host lets server bots fill a match after a short wait."""
    with ServerProcess(redis_url=redis_url,
                       extra=[*identity_flags(), "--ladder-bot-fill-seconds", "0.3"]) as server:
        yield server


@pytest.fixture
async def channel(bot_filling):
    async with grpc.aio.insecure_channel(bot_filling.address) as opened:
        yield opened


async def rating(channel, token: str, game: str, ruleset: str = "") -> T.Rating:
    return await ladder_pb2_grpc.LadderServiceStub(channel).GetRating(
        T.GetRatingRequest(game=game, ruleset=ruleset), metadata=auth(token))


async def test_server_bots_fill_a_match_after_the_wait_and_are_rated(channel):
    me = new_player()
    made = await ladder_pb2_grpc.MatchmakerServiceStub(channel).CreateTicket(
        T.CreateTicketRequest(game="highcard", players=3, display_name="alone", ttl_seconds=60),
        metadata=auth(me))
    end, _ = await watch_to_end([channel], me, made.ticket_id)
    assert end.status == T.TICKET_STATUS_MATCHED
    assert end.bots == 2
    assert [s.bot != match_pb2.BOT_KIND_UNSPECIFIED for s in end.match.seats] == \
        [False, True, True]
    bots_before = (await rating(channel, me, "highcard")).matches  # mine: 0
    assert bots_before == 0
    view = await play_out([channel], end.match_id, end.seat_token, 1)
    assert view.match.status == match_pb2.MATCH_STATUS_FINISHED
    mine = await until_rated(channel, me, "highcard")
    assert mine.matches == 1
    board = await ladder_pb2_grpc.LadderServiceStub(channel).GetLeaderboard(
        T.GetLeaderboardRequest(game="highcard", page_size=200))
    bots = [e for e in board.entries if e.bot]
    assert [e.player for e in bots] == ["bot:game"]


async def until_rated(channel, token: str, game: str) -> T.Rating:
    """The caller's rating once a match of his is rated (the rating follows the commit)."""
    while True:
        found = await rating(channel, token, game)
        if found.matches:
            return found
        await asyncio.sleep(0.05)


async def test_a_leaderboard_pages_best_first(channel, ranked):
    stub = ladder_pb2_grpc.LadderServiceStub(channel)
    entries, token = [], ""
    while True:
        page = await stub.GetLeaderboard(T.GetLeaderboardRequest(
            game=BOARD, page_size=4, page_token=token))
        entries += page.entries
        token = page.next_page_token
        if not token:
            break
    assert len(entries) == page.total
    assert [e.rank for e in entries] == list(range(1, len(entries) + 1))
    assert all(a.ordinal >= b.ordinal for a, b in zip(entries, entries[1:], strict=False))
    order = [e.player for e in entries]
    ranked_keys = [key_of(t) for t in ranked]
    assert [order.index(k) for k in reversed(ranked_keys[1:])] == sorted(
        order.index(k) for k in ranked_keys[1:])  # more wins, better place
    assert entries[0].display_name == "ranked 6"


async def test_around_me_centres_the_page_on_the_caller(channel, ranked):
    stub = ladder_pb2_grpc.LadderServiceStub(channel)
    me = ranked[3]
    mine = await rating(channel, me, BOARD)
    assert mine.rank > 0 and mine.matches == 3 and mine.mu > MODEL.mu
    page = await stub.GetLeaderboard(T.GetLeaderboardRequest(
        game=BOARD, page_size=5, around_me=True), metadata=auth(me))
    ranks = [e.rank for e in page.entries]
    assert mine.rank in ranks
    assert ranks.index(mine.rank) == min(2, mine.rank - 1)
    with pytest.raises(grpc.aio.AioRpcError) as unrated:
        await stub.GetLeaderboard(T.GetLeaderboardRequest(game=BOARD, around_me=True),
                                  metadata=auth(new_player()))
    assert unrated.value.code() == grpc.StatusCode.FAILED_PRECONDITION


@pytest.mark.parametrize("fields", [
    {"game": BOARD, "page_size": 201}, {"game": BOARD, "page_token": "nope"},
    {"game": "cosmic", "ruleset": "no-such"},
])
async def test_bad_leaderboard_requests_are_invalid(channel, fields):
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await ladder_pb2_grpc.LadderServiceStub(channel).GetLeaderboard(
            T.GetLeaderboardRequest(**fields))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_with_notices_on_a_finish_is_still_rated_and_told(redis_url):
    """The notices' fan-out keeps the ratings' feed: one finish, told, and rated from its
    commit (the replica's log says so), not only by the sweep seconds later."""
    from tests.notices.receiver import Receiver
    with Receiver() as receiver, ServerProcess(redis_url=redis_url, extra=[
            *identity_flags(), "--ladder-bot-fill-seconds", "0.3", "--webhook-url",
            receiver.url, "--webhook-secret", "ladder-test-secret",
            "--log-level", "info"]) as server:
        async with grpc.aio.insecure_channel(server.address) as opened:
            me = new_player()
            made = await ladder_pb2_grpc.MatchmakerServiceStub(opened).CreateTicket(
                T.CreateTicketRequest(game="tictactoe", ttl_seconds=60), metadata=auth(me))
            end, _ = await watch_to_end([opened], me, made.ticket_id)
            await play_out([opened], end.match_id, end.seat_token, 3)
            assert (await until_rated(opened, me, "tictactoe")).matches == 1
            while not any(r.notice.get("match_id") == end.match_id for r in receiver.received):
                await asyncio.sleep(0.1)
    rated = [json.loads(line) for line in server.log_path.read_text().splitlines()
             if '"match rated"' in line and end.match_id in line]  # read once it stopped
    assert [line["by"] for line in rated] == ["commit"]
