"""The client library against a real server on a real Redis (fixtures in tests/conftest.py)."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from cosmodrome.games.highcard.v1 import highcard_pb2
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome.v1 import match_pb2, play_pb2
from cosmodrome_client import (
    SPECTATOR,
    Client,
    IllegalMoveError,
    MoveNoLongerLegal,
    RandomBot,
    StaleVersionError,
    game_view,
    play,
    wrap_move,
)
from tests.support import ServerProcess

FINISHED = match_pb2.MATCH_STATUS_FINISHED
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE


async def new_tictactoe(client: Client):
    match = await client.create_match("tictactoe", seed=5)
    x = await client.join(match.match_id, name="x")
    o = await client.join(match.match_id, name="o")
    return match, x, o


async def test_catalog_lists_the_hosted_games(client):
    games = {g.name: g for g in await client.list_games()}
    assert {"tictactoe", "highcard"} <= set(games)
    assert (games["tictactoe"].min_players, games["tictactoe"].max_players) == (2, 2)
    assert games["highcard"].hidden_information


async def test_create_join_and_play_tictactoe_to_a_win(client):
    match, x, o = await new_tictactoe(client)
    assert match.version == 1 and match.status == match_pb2.MATCH_STATUS_WAITING
    assert (x.seat, o.seat) == (0, 1) and x.token != o.token

    view = await x.view()
    assert view.match.status == ACTIVE and view.viewer_seat == 0
    [decision] = x.decisions()
    assert decision.kind == "place" and len(decision.options) == 9
    assert all(isinstance(m, ttt.Move) for m in decision.options)
    assert o.decisions(await o.view()) == []  # seat 1 waits for X

    for seat, cell in [(x, 0), (o, 3), (x, 1), (o, 4), (x, 2)]:
        await seat.view()
        response = await seat.submit(ttt.Move(cell=cell))
        assert response.view.match.version == response.version == seat.version

    final = await client.get_match(match.match_id)
    assert final.status == FINISHED
    assert list(final.result.winners) == [0]
    board = game_view(await client.spectate(match.match_id).view())
    assert board.finished and board.winner == 0
    assert [board.cells[i] for i in (0, 1, 2)] == [ttt.MARK_X] * 3


async def test_illegal_move_raises_with_the_rule_and_changes_nothing(client):
    _, x, o = await new_tictactoe(client)
    await x.view()
    await x.submit(ttt.Move(cell=4))
    before = await o.view()
    with pytest.raises(IllegalMoveError) as caught:
        await o.submit(ttt.Move(cell=4))
    assert caught.value.rule == "cell_empty"
    after = await o.view()
    assert after.match.version == before.match.version
    assert game_view(after) == game_view(before)


async def test_stale_version_is_aborted_with_the_current_version(client):
    _, x, _ = await new_tictactoe(client)
    view = await x.view()
    with pytest.raises(StaleVersionError) as caught:
        await x.submit(ttt.Move(cell=0), expected_version=view.match.version - 1, retries=0)
    assert caught.value.current_version == view.match.version
    assert (await x.view()).match.version == view.match.version


async def test_submit_retries_after_aborted_when_the_move_is_still_offered(client):
    # High card: all seats choose at once, so another seat's move makes my view stale
    # without taking my options away.
    match = await client.create_match("highcard", players=2, seed=9)
    a = await client.join(match.match_id)
    b = await client.join(match.match_id)
    view_a = await a.view()
    stale = view_a.match.version
    await b.view()
    await b.submit(b.decisions()[0].options[0])  # the match moves on
    card = a.decisions(view_a)[0].options[-1]
    response = await a.submit(card, expected_version=stale)
    assert response.version == stale + 2
    mine = game_view(response.view)
    assert mine.my_played == card.card or card.card not in mine.my_hand
    log = await a.log(from_version=stale)
    assert [e.version for e in log][:2] == [stale + 1, stale + 2]


async def test_submit_refuses_to_retry_a_move_no_longer_offered(client):
    _, x, _ = await new_tictactoe(client)
    stale = await x.view()
    other_x = client.seat(x.match_id, x.seat, x.token)  # same seat, second handle
    await other_x.view()
    await other_x.submit(ttt.Move(cell=4))
    with pytest.raises(MoveNoLongerLegal):
        await x.submit(ttt.Move(cell=0), expected_version=stale.match.version)
    board = game_view(await x.view())
    assert board.cells[0] == ttt.MARK_UNSPECIFIED and board.cells[4] == ttt.MARK_X


async def test_a_retry_with_the_same_idempotency_key_is_applied_once(client):
    _, x, _ = await new_tictactoe(client)
    view = await x.view()
    first = await x.submit(ttt.Move(cell=8), idempotency_key="move-1")
    again = await x.submit(ttt.Move(cell=8), expected_version=view.match.version,
                           idempotency_key="move-1")
    assert again.version == first.version
    board = game_view(await x.view())
    assert list(board.cells).count(ttt.MARK_X) == 1
    assert (await x.view()).match.version == first.version


async def test_spectator_sees_no_options_and_no_secret_hand(client):
    match = await client.create_match("highcard", players=2)
    a = await client.join(match.match_id)
    await client.join(match.match_id)
    spectator = client.spectate(match.match_id)
    view = await spectator.view()
    assert view.viewer_seat == SPECTATOR
    assert all(not d.options for d in view.decisions)
    assert list(game_view(view).my_hand) == []
    assert len(game_view(await a.view()).my_hand) == 3


async def test_watch_replays_every_version_in_order_then_ends_when_finished(client):
    match, x, o = await new_tictactoe(client)
    for seat, cell in [(x, 0), (o, 3), (x, 1), (o, 4), (x, 2)]:
        await seat.view()
        await seat.submit(ttt.Move(cell=cell))
    updates = [u async for u in client.spectate(match.match_id).watch()]
    final = await client.get_match(match.match_id)
    assert [u.entry.version for u in updates] == list(range(1, final.version + 1))
    assert updates[-1].view.match.status == FINISHED
    later = [u async for u in client.spectate(match.match_id).watch(from_version=4)]
    assert [u.entry.version for u in later] == list(range(5, final.version + 1))


async def test_watch_resumes_after_a_dropped_connection_without_gap_or_duplicate(
        client, proxy):
    match, x, o = await new_tictactoe(client)
    moves = [(x, 0), (o, 3), (x, 1), (o, 4), (x, 8), (o, 5)]
    async with Client.connect(proxy.address) as far:
        seen: list[int] = []
        stream = far.spectate(match.match_id).watch().__aiter__()

        async def next_version() -> int:
            update = await asyncio.wait_for(stream.__anext__(), 30)
            seen.append(update.entry.version)
            return update.entry.version

        start = (await client.get_match(match.match_id)).version
        while await next_version() < start:
            pass
        for i, (seat, cell) in enumerate(moves):
            if i == 3:
                proxy.cut()  # the watcher's connection dies mid-match
            await seat.view()
            response = await seat.submit(ttt.Move(cell=cell))
            if i < 3:
                while await next_version() < response.version:
                    pass
        final = (await client.get_match(match.match_id)).version
        while await next_version() < final:
            pass
        await stream.aclose()
    assert proxy.cuts == 1 and proxy.accepted >= 2, "the watcher had to reconnect"
    assert seen == list(range(1, final + 1))


async def test_submit_wraps_game_moves_and_accepts_envelopes(client):
    _, x, _ = await new_tictactoe(client)
    await x.view()
    response = await x.submit(wrap_move(ttt.Move(cell=2)))
    assert game_view(response.view).cells[2] == ttt.MARK_X
    with pytest.raises(TypeError):
        await x.submit(highcard_pb2.Options())


async def test_leave_before_the_start_frees_the_seat(client):
    match = await client.create_match("highcard", players=3)
    a = await client.join(match.match_id, name="a")
    after = await a.leave()
    assert not after.seats[a.seat].occupied
    b = await client.join(match.match_id, seat=a.seat, name="b")
    assert b.seat == a.seat


async def test_list_matches_follows_pages(client):
    ids = {(await client.create_match("highcard", players=4)).match_id for _ in range(7)}
    listed = await client.list_matches(game="highcard", page_size=3)
    assert ids <= {m.match_id for m in listed}
    assert all(m.game == "highcard" for m in listed)
    assert len(await client.list_matches(game="highcard", page_size=3, limit=5)) == 5


async def test_raw_watch_request_matches_the_library(client):
    """The library's watch is the server's stream, not a reconstruction."""
    match, x, _ = await new_tictactoe(client)
    await x.view()
    await x.submit(ttt.Move(cell=0))
    call = client.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match.match_id))
    raw = []
    async for update in call:
        raw.append(update.entry.version)
        if update.HasField("view"):
            break
    call.cancel()
    lib = []
    async for update in client.spectate(match.match_id).watch(until_finished=False):
        lib.append(update.entry.version)
        if update.HasField("view"):
            break
    assert raw == lib


async def test_watch_resumes_on_a_restarted_replica_without_gap_or_duplicate(client, redis_url):
    """A replica shutting down ends its streams; the watcher waits and resumes on it."""
    match, x, o = await new_tictactoe(client)
    replica = ServerProcess(redis_url=redis_url).start()
    try:
        async with Client.connect(replica.address) as far:
            stream = far.spectate(match.match_id).watch().__aiter__()
            seen = []

            async def read_until(version: int) -> None:
                while not seen or seen[-1] < version:
                    update = await asyncio.wait_for(stream.__anext__(), 60)
                    seen.append(update.entry.version)

            for seat, cell in [(x, 0), (o, 3)]:
                await seat.view()
                await seat.submit(ttt.Move(cell=cell))
            await read_until(x.version)
            await asyncio.to_thread(replica.stop)  # graceful: its watch streams end
            for seat, cell in [(x, 1), (o, 4), (x, 2)]:
                await seat.view()
                await seat.submit(ttt.Move(cell=cell))
            await asyncio.to_thread(replica.start)  # same port
            await read_until(x.version)
            await stream.aclose()
    finally:
        await asyncio.to_thread(replica.stop)
    assert seen == list(range(1, x.version + 1))


class _NoPlay:
    """Stands in for the Play stub of a server released before Play: every call fails
    UNIMPLEMENTED, as such a server answers an unknown method."""

    def __call__(self, *args, **kwargs):
        return self

    async def write(self, request) -> None:
        raise grpc.aio.AioRpcError(grpc.StatusCode.UNIMPLEMENTED, grpc.aio.Metadata(),
                                   grpc.aio.Metadata(), details="Method not found!")

    def cancel(self) -> bool:
        return True


async def test_play_falls_back_to_unary_calls_where_play_is_missing(client):
    """Against a server without Play, play() moves with SubmitMove beside a watch, from
    the very view its session had already chosen on (the session's move never left)."""
    match = await client.create_match("tictactoe", seed=5)
    x, o = [await client.join(match.match_id) for _ in range(2)]
    client.play.Play = _NoPlay()
    final, _ = await asyncio.wait_for(  # bounded: the flaw this guards was a hang
        asyncio.gather(play(x, RandomBot(1)), play(o, RandomBot(2))), 120)
    assert final.status == match_pb2.MATCH_STATUS_FINISHED
