"""Several server replicas on one Redis: compare-and-set races, deadlines, watch resume."""

from __future__ import annotations

import asyncio
import random
import signal
import time

import grpc
import pytest

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import games_pb2, play_pb2, play_pb2_grpc
from tests.support import Api, ServerProcess, auth, ttt

RACERS = 24


@pytest.fixture(scope="module")
def replicas(redis_url):
    """Two more replicas beside nothing else: A and B share the test Redis."""
    with ServerProcess(redis_url=redis_url) as a, ServerProcess(redis_url=redis_url) as b:
        yield a, b


async def race_one_match(addresses: list[str], match_id: str, tokens: list[str]) -> list[int]:
    """Many clients on both replicas submit to one match at once until it ends.

    Each racer reads the view, picks a random legal cell for the seat on move and submits
    with the version it saw. Returns the versions of the submissions that succeeded.
    """
    channels = [grpc.aio.insecure_channel(a) for a in addresses]
    won: list[int] = []

    async def racer(n: int) -> None:
        play = play_pb2_grpc.PlayServiceStub(channels[n % len(channels)])
        rng = random.Random(n)
        while True:
            view = await play.GetView(play_pb2.GetViewRequest(match_id=match_id))
            if not view.decisions:
                return
            seat = view.decisions[0].seat
            free = [c for c, m in enumerate(view.game.tictactoe.cells) if m == 0]
            move = games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=rng.choice(free)))
            try:
                reply = await play.SubmitMove(play_pb2.SubmitMoveRequest(
                    match_id=match_id, expected_version=view.match.version, move=move),
                    metadata=auth(tokens[seat]))
                won.append(reply.version)
            except grpc.aio.AioRpcError as exc:
                assert exc.code() in (grpc.StatusCode.ABORTED,
                                      grpc.StatusCode.FAILED_PRECONDITION), exc

    await asyncio.gather(*(racer(n) for n in range(RACERS)))
    for channel in channels:
        await channel.close()
    return won


def test_racing_clients_on_two_replicas_lose_and_double_no_move(replicas):
    a, b = replicas
    api = Api(a.address)
    for _ in range(5):
        match_id, tokens = api.new_match("tictactoe", seed=None)
        start = api.view(match_id).match.version
        won = asyncio.run(race_one_match([a.address, b.address], match_id, tokens))
        export = api.export(match_id)
        marks = [m for m in export.record.state.tictactoe.cells if m]
        moves = [e for e in export.log if e.move_kind == "place"]
        # every success is one version, each version was won once, and the board holds
        # exactly the moves that succeeded
        assert sorted(won) == list(range(start + 1, start + 1 + len(won)))
        assert len(moves) == len(won) == len(marks)
        assert export.record.match.version == start + len(won)
        assert [e.version for e in export.log] == list(range(1, export.record.match.version + 1))
    api.close()


def test_deadline_fires_exactly_once_with_two_replicas(replicas):
    a, b = replicas
    api = Api(a.address)
    options = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=300))
    matches = [api.new_match("tictactoe", options=options)[0] for _ in range(6)]
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if all(api.view(m).match.status == 3 for m in matches):
            break
        time.sleep(0.1)
    for match_id in matches:
        export = api.export(match_id)
        timeouts = [e for e in export.log if e.move_kind == "timeout"]
        assert len(timeouts) == 1, [e.move_kind for e in export.log]
        assert export.record.match.result.winners == [1]  # X let the clock run out
        ended = timeouts[0].events[0].event.tictactoe.game_over
        assert ended.reason == "out of time"
    api.close()


def test_watch_resumes_on_another_replica_with_no_gap_and_no_duplicate(replicas, redis_url):
    a, b = replicas
    api = Api(a.address)
    match_id, tokens = api.new_match("tictactoe")
    seen: list[int] = []

    with ServerProcess(redis_url=redis_url) as doomed:
        stream = play_pb2_grpc.PlayServiceStub(grpc.insecure_channel(doomed.address))
        updates = stream.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id), timeout=20)
        for cell in (0, 3):
            seat = api.view(match_id).decisions[0].seat
            api.submit(match_id, tokens[seat], ttt(cell))
        for update in updates:
            seen.append(update.entry.version)
            if update.entry.version == 5:
                break
        # the replica dies under the stream (no goodbye), then moves are made meanwhile
        doomed.stop(signal.SIGKILL)
        with pytest.raises(grpc.RpcError):
            for update in updates:
                seen.append(update.entry.version)
        for cell in (1, 4):
            seat = api.view(match_id).decisions[0].seat
            api.submit(match_id, tokens[seat], ttt(cell))

    resumed = play_pb2_grpc.PlayServiceStub(grpc.insecure_channel(b.address)).WatchMatch(
        play_pb2.WatchMatchRequest(match_id=match_id, from_version=seen[-1]), timeout=20)
    api.submit(match_id, tokens[0], ttt(2))  # X completes the top row
    for update in resumed:
        seen.append(update.entry.version)
        if update.HasField("view") and update.view.match.status == 3:
            break
    assert seen == list(range(1, 9))
    api.close()


def test_graceful_shutdown_ends_watch_streams_cleanly(redis_url):
    api = None
    with ServerProcess(redis_url=redis_url) as replica:
        api = Api(replica.address)
        match_id, _ = api.new_match("tictactoe")
        updates = api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id), timeout=20)
        first = next(updates)
        assert first.entry.version == 1
        assert replica.stop(signal.SIGTERM) == 0  # exits cleanly
        rest = list(updates)  # ends with OK: no RpcError raised
        assert [u.entry.version for u in rest] == [2, 3]
    api.close()
