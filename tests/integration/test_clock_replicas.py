"""Clocks and abandonment over real server processes on one valkey: a clock stored with the
move that started it fires exactly once though the replica that wrote it is SIGKILLed, and a
zombie seat is played by the server's bot, then reclaimed with its seat token."""

from __future__ import annotations

import signal
import time

import grpc
import pytest

from cosmodrome.v1 import catalog_pb2, games_pb2, lobby_pb2, match_pb2
from tests.support import Api, ServerProcess, auth, error_info, ttt

FINISHED = match_pb2.MATCH_STATUS_FINISHED
WAIT_S = 30  # an upper bound for a busy machine, not a timing under test


def wait_for(check, what: str):
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def clocked(policy: int, move_ms: int = 200) -> games_pb2.GameOptions:
    return games_pb2.GameOptions(clock=games_pb2.Clock(
        kind=games_pb2.CLOCK_KIND_PER_MOVE, move_ms=move_ms, on_timeout=policy))


def test_a_clock_fires_exactly_once_across_a_replica_sigkill(redis_url):
    """Both seats stay silent: each clock runs out once (ZOMBIE), then the bots play on."""
    with ServerProcess(redis_url=redis_url) as survivor:
        api = Api(survivor.address)
        with ServerProcess(redis_url=redis_url) as doomed:
            on_doomed = Api(doomed.address)
            options = clocked(games_pb2.TIMEOUT_POLICY_ZOMBIE)
            matches = [on_doomed.new_match("tictactoe", options=options)[0] for _ in range(4)]
            doomed.stop(signal.SIGKILL)  # its clocks are in the store, written with the joins
            on_doomed.close()
        for match_id in matches:
            wait_for(lambda m=match_id: api.view(m).match.status == FINISHED, "the end")
            kinds = [e.move_kind for e in api.export(match_id).log]
            zombies = [e.seat for e in api.export(match_id).log
                       if e.move_kind == "timeout_zombie"]
            assert sorted(zombies) == [0, 1], kinds  # each seat's clock fired once
        api.close()


def test_a_zombie_seat_plays_and_is_reclaimed_with_its_seat_token(api):
    match_id, tokens = api.new_match("tictactoe", options=clocked(
        games_pb2.TIMEOUT_POLICY_ZOMBIE, move_ms=60_000))
    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=match_id),
                         metadata=auth(tokens[0]))
    played = wait_for(lambda: api.view(match_id).game.tictactoe.to_move == 1, "the bot's move")
    seats = api.view(match_id).match.seats
    assert seats[0].abandoned and seats[0].bot == match_pb2.BOT_KIND_GAME and played
    with pytest.raises(grpc.RpcError) as refused:
        api.submit(match_id, tokens[0], ttt(8))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(refused.value).metadata["rule"] == "seat_abandoned"

    back = api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match_id),
                               metadata=auth(tokens[0]))
    assert (back.seat, back.seat_token) == (0, tokens[0])
    assert not back.match.seats[0].abandoned and back.match.seats[0].bot == 0
    view = api.view(match_id, tokens[1])
    free = [c for c, m in enumerate(view.game.tictactoe.cells) if not m]
    api.submit(match_id, tokens[1], ttt(free[0]))
    reply = api.submit(match_id, tokens[0], ttt(free[1]))  # his own move again
    assert reply.version == view.match.version + 2
    assert api.view(match_id).match.seats[0].clock_due_ms == 0  # seat 1 owes now


def test_list_games_publishes_the_clock_of_every_game_with_its_policies(api):
    games = api.catalog.ListGames(catalog_pb2.ListGamesRequest()).games
    for game in games:
        options = {o.name: o for o in game.options}
        assert options["clock.kind"].choices == list(games_pb2.ClockKind.keys())
        policies = list(options["clock.on_timeout"].choices)
        skips = game.name in ("mlem", "cosmic", "crafting")
        assert ("TIMEOUT_POLICY_SKIP" in policies) == skips, game.name
        assert {"clock.move_ms", "clock.bank_ms", "clock.increment_ms",
                "clock.days_per_move"} <= set(options)


def test_skip_for_a_game_without_passes_is_invalid_argument(api):
    with pytest.raises(grpc.RpcError) as refused:
        api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
            game="tictactoe", options=clocked(games_pb2.TIMEOUT_POLICY_SKIP)))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_clock_survives_a_restart_of_the_embedded_store_and_fires_once(tmp_path):
    data = str(tmp_path / "data")
    with ServerProcess(data_dir=data) as first:
        api = Api(first.address)
        match_id, _ = api.new_match("tictactoe", options=clocked(
            games_pb2.TIMEOUT_POLICY_FORFEIT, move_ms=2_000))
        running = api.view(match_id).match.seats[0].clock_due_ms
        api.close()
    assert running  # X's clock ran when the store stopped (or had just fired: once still)
    with ServerProcess(data_dir=data) as second:
        api = Api(second.address)
        wait_for(lambda: api.view(match_id).match.status == FINISHED, "the timeout")
        log = api.export(match_id).log
        assert [e.move_kind for e in log].count("timeout_forfeit") == 1
        assert list(api.view(match_id).match.result.winners) == [1]
        api.close()
