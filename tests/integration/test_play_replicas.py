"""A hostile audit of PlayService.Play across replicas on one store: a move committed on one
replica reaches a Play session on another through the store's notices, a session resumes
on another replica (or the same one restarted) missing and repeating nothing, and a seat
token that changed seats on another replica never sees its old seat's secrets."""

from __future__ import annotations

import pytest

from cosmodrome.v1 import lobby_pb2, match_pb2, play_pb2
from tests.api.test_play_hostile import Session
from tests.api.test_play_session import versions
from tests.api.test_redaction import cards_in
from tests.support import Api, ServerProcess, auth, ttt


@pytest.fixture(scope="module")
def replicas(redis_url):
    """Two replicas, A and B, on the test store."""
    with ServerProcess(redis_url=redis_url) as a, ServerProcess(redis_url=redis_url) as b:
        apis = Api(a.address), Api(b.address)
        yield (a, b), apis
        for api in apis:
            api.close()


def test_a_move_made_on_replica_a_reaches_a_play_session_on_replica_b(replicas):
    """No committing replica here: only the store's notice can carry it."""
    _, (api_a, api_b) = replicas
    match_id, (x, o) = api_a.new_match()
    on_b = Session(api_b, match_id, o, from_version=3)
    on_a = Session(api_a, match_id, x, from_version=3)
    try:
        for version, x_cell, o_cell in ((3, 0, 4), (5, 8, 2)):
            on_a.move(x_cell, version, request_id=f"x{version}")
            assert on_a.result().version == version + 1
            assert on_b.update_at(version + 1).view.viewer_seat == 1
            on_b.move(o_cell, version + 1, request_id=f"o{version}")
            assert on_b.result().version == version + 2
            on_a.update_at(version + 2)
        assert versions(on_b.updates) == list(range(4, 8))  # in order, none twice
        assert versions(on_a.updates) == list(range(4, 8))
    finally:
        on_a.close()
        on_b.close()


def test_a_session_resumed_on_the_other_replica_misses_and_repeats_nothing(replicas):
    _, (api_a, api_b) = replicas
    match_id, (x, o) = api_a.new_match()
    first = Session(api_a, match_id, x, from_version=0)
    first.update_at(3)
    first.move(0, 3, key="x-0")
    assert first.result().version == 4
    first.close()  # the stream breaks with version 4 received
    seen = versions(first.updates)
    api_b.submit(match_id, o, ttt(3), version=4)  # meanwhile, on the other replica
    api_a.submit(match_id, x, ttt(1), version=5)
    again = Session(api_b, match_id, x, from_version=seen[-1])
    try:
        again.move(0, 3, key="x-0", request_id="resent")  # its answer was lost: resent
        resent = again.result()
        assert (resent.request_id, resent.version) == ("resent", 4)
        again.update_at(6)
        assert seen + versions(again.updates) == [1, 2, 3, 4, 5, 6]
        assert api_a.view(match_id).match.version == 6  # the resend changed nothing
    finally:
        again.close()


def seat_switched_elsewhere(api_a: Api, api_b: Api):
    """A high-card match where one token left seat 0 and took seat 1 again (the same join
    request_id makes the same token) on replica A, while replica B, which served its first
    join, remembers it at seat 0: (match_id, token, version, the other seats' cards)."""
    match = api_b.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
        game="highcard", players=3, seed=11))
    match_id, request_id = match.match_id, "rejoin-request-id-0123456789"
    token = api_b.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match_id, seat=0, request_id=request_id)).seat_token
    api_a.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                           metadata=auth(token))
    again = api_a.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match_id, seat=1, request_id=request_id))
    assert (again.seat, again.seat_token) == (1, token)
    for seat in (0, 2):
        api_a.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id, seat=seat))
    record = api_a.export(match_id).record
    assert record.match.status == match_pb2.MATCH_STATUS_ACTIVE
    theirs = {c for s in (0, 2) for c in record.state.highcard.hands[s].cards}
    return match_id, token, record.match.version, theirs


LEAK = ("bug: a Play session (and WatchMatch) takes its viewer seat from the replica's "
        "cached record and later only checks that the token still holds *a* seat, not the "
        "same one: a token that left its seat and took another on another replica is shown "
        "its old seat's hand (PlayServicer.viewer / follow in servicers.py)")


def test_a_token_that_changed_seats_elsewhere_never_sees_its_old_seat(replicas):
    """Over Play: seat 0 then holds another player's hand; the token, now seat 1, must
    never see it."""
    _, (api_a, api_b) = replicas
    match_id, token, version, theirs = seat_switched_elsewhere(api_a, api_b)
    session = Session(api_b, match_id, token, from_version=2)
    try:
        last = session.update_at(version)
        shown = set()
        for update in session.updates:
            shown |= cards_in(update)
        assert not shown & theirs, "another seat's cards reached this token"
        assert last.view.viewer_seat == 1
    finally:
        session.close()


def test_a_token_that_changed_seats_elsewhere_never_sees_its_old_seat_on_watch(replicas):
    """The same over WatchMatch, which shares PlayServicer.follow."""
    _, (api_a, api_b) = replicas
    match_id, token, version, theirs = seat_switched_elsewhere(api_a, api_b)
    watch = api_b.play.WatchMatch(play_pb2.WatchMatchRequest(
        match_id=match_id, from_version=2), metadata=auth(token), timeout=60)
    shown = set()
    try:
        for update in watch:
            shown |= cards_in(update)
            if update.entry.version == version:
                break
    finally:
        watch.cancel()
    assert not shown & theirs, "another seat's cards reached this token"


async def restart_with_a_move_between(redis_url, while_down: bool) -> None:
    """The Python client's Session on replica B, which stops (SIGTERM) and comes back on its
    port while the other seat plays on replica A; x's next move is sent while B is down
    (`while_down`: once the session is reopening its stream, held until B is back) or once
    the session has caught up. The session's updates are every version once, in order,
    and the move is made once."""
    import asyncio

    from cosmodrome_client import Client
    with ServerProcess(redis_url=redis_url) as a, ServerProcess(redis_url=redis_url) as b:
        api_a = Api(a.address)
        match_id, (x, o) = api_a.new_match()
        async with Client.connect(b.address) as client:
            seat = client.seat(match_id, 0, x)
            seen = []

            async def follow(until: int) -> None:
                async for update in session.updates():
                    seen.append(update.entry.version)
                    if update.entry.version == until:
                        return
            async with seat.session(from_version=3) as session:
                assert await asyncio.wait_for(session.submit(ttt(0), expected_version=3),
                                              60) == 4
                await asyncio.to_thread(b.stop)
                await asyncio.to_thread(api_a.submit, match_id, o, ttt(3), 4)
                if while_down:
                    old = session._call
                    for _ in range(6000):  # until the session reopens its stream (bounded)
                        if session._call is not None and session._call is not old:
                            break
                        assert not session._reader.done(), session._reader
                        await asyncio.sleep(0.01)
                    moving = asyncio.create_task(session.submit(ttt(1), expected_version=5))
                    await asyncio.to_thread(b.start)  # the same port
                else:
                    await asyncio.to_thread(b.start)
                    await asyncio.wait_for(follow(5), 60)
                    moving = asyncio.create_task(session.submit(ttt(1), expected_version=5))
                assert await asyncio.wait_for(moving, 20) == 6
                await asyncio.to_thread(api_a.submit, match_id, o, ttt(4), 6)
                await asyncio.wait_for(follow(7), 60)
        assert seen == [4, 5, 6, 7]
        log = api_a.play.GetLog(play_pb2.GetLogRequest(match_id=match_id))
        assert [e.version for e in log.entries] == [1, 2, 3, 4, 5, 6, 7]
        api_a.close()


async def test_a_client_session_resumes_across_a_replica_restart_missing_nothing(redis_url):
    await restart_with_a_move_between(redis_url, while_down=False)


async def test_a_move_sent_while_the_replica_restarts_is_made_once(redis_url):
    await restart_with_a_move_between(redis_url, while_down=True)
