"""What the store promises a client that resends: a move or a join applied once whatever
order retries come in, and a clock written in the same atomic step as the move."""

from __future__ import annotations

import secrets

import grpc
import pytest

from cosmodrome.core.runner import Runner, wall_clock_ms
from cosmodrome.games import registry
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.deadlines import DeadlineLoop
from cosmodrome.store.redis_store import (
    IDEMPOTENCY_KEYS_PER_SEAT,
    LEGACY_DEADLINES,
    SLOTS,
    RedisStore,
    Retry,
    deadlines_key,
    idem_key,
    match_slot,
)
from cosmodrome.v1 import games_pb2, lobby_pb2, match_pb2, records_pb2
from tests.support import ttt


@pytest.fixture
def match(api):
    """A tic-tac-toe match in play, seat 0 (X) on move."""
    return api.new_match("tictactoe")


def test_a_resent_older_idempotency_key_returns_its_first_result(api, match):
    match_id, tokens = match
    version = api.view(match_id).match.version
    first = api.submit(match_id, tokens[0], ttt(0), version=version, key="x-first")
    api.submit(match_id, tokens[1], ttt(3), version=version + 1, key="o-first")
    api.submit(match_id, tokens[0], ttt(1), version=version + 2, key="x-second")
    again = api.submit(match_id, tokens[0], ttt(0), version=version, key="x-first")
    # its version and events; the view is the mover's now (kept results hold no view)
    assert (again.version, again.events) == (first.version, first.events)
    assert again.view == api.view(match_id, tokens[0])
    cells = list(api.view(match_id).game.tictactoe.cells)
    assert cells.count(tictactoe_pb2.MARK_X) == 2  # applied once, not again


async def test_idempotency_keys_per_seat_are_bounded(redis_url):
    """A seat's newest IDEMPOTENCY_KEYS_PER_SEAT keys are answered; older ones forgotten."""
    store = RedisStore.from_url(redis_url)
    record = records_pb2.StoredMatch(incarnation="i", match=match_pb2.Match(
        match_id=secrets.token_hex(8), game="tictactoe", version=1))
    await store.create(record, records_pb2.StoredEntry(version=1), 0)
    moves = IDEMPOTENCY_KEYS_PER_SEAT + 5
    for n in range(moves):
        record.match.version = n + 2
        await store.commit(record, records_pb2.StoredEntry(version=n + 2), n + 1,
                           Retry("seat", f"key-{n}"), f"result-{n}".encode())
    mid = record.match.match_id
    newest = moves - 1
    _, kept = await store.load(mid, Retry("seat", f"key-{moves - IDEMPOTENCY_KEYS_PER_SEAT}"))
    too_old = moves - IDEMPOTENCY_KEYS_PER_SEAT - 1
    _, forgotten = await store.load(mid, Retry("seat", f"key-{too_old}"))
    _, latest = await store.load(mid, Retry("seat", f"key-{newest}"))
    fields = await store.redis.hlen(idem_key(mid))
    await store.delete(mid, "tictactoe")
    await store.close()
    assert kept.value == f"result-{moves - IDEMPOTENCY_KEYS_PER_SEAT}".encode()
    assert latest.value == f"result-{newest}".encode()
    assert forgotten is None
    assert fields <= 2 * IDEMPOTENCY_KEYS_PER_SEAT + 1


def test_a_retried_join_gets_the_same_seat_and_token(api):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    request = lobby_pb2.JoinMatchRequest(match_id=match.match_id, display_name="me",
                                         request_id="a-random-secret-of-the-client-0001")
    first = api.lobby.JoinMatch(request)
    again = api.lobby.JoinMatch(request)  # as if the first reply was lost
    assert (again.seat, again.seat_token) == (first.seat, first.seat_token)
    seats = api.view(match.match_id).match.seats
    assert [s.occupied for s in seats] == [True, False]  # one seat taken, not two


def test_a_join_request_id_too_short_to_be_secret_is_invalid_argument(api):
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
    with pytest.raises(grpc.RpcError) as caught:
        api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id,
                                                       request_id="short"))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "request_id" in caught.value.details()


async def test_a_replica_killed_right_after_a_move_leaves_its_clock_to_fire(
        redis_url, monkeypatch):
    """The move that starts a clocked match writes its deadline in the same atomic step:
    the replica dies before anything else (its deadline hint is lost), and another
    replica's deadline loop still fires the clock once it is due."""
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, registry())
    options = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=60_000))
    match, _ = await runner.create("tictactoe", options, 2, None)
    await runner.join(match.match_id, 0, "x")

    def killed(*_args, **_kwargs):
        raise ConnectionError("the replica died here")

    monkeypatch.setattr(RedisStore, "set_deadline", killed)
    monkeypatch.setattr(RedisStore, "_hint", killed, raising=False)
    with pytest.raises(ConnectionError):
        await runner.join(match.match_id, 1, "o")  # starts the match and its clock
    monkeypatch.undo()

    later = Runner(store, registry(), clock=lambda: wall_clock_ms() + 120_000)
    fired = await DeadlineLoop(later, sweep_slots=SLOTS).tick()
    export, log = await store.export(match.match_id)
    await store.close()
    assert export.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert [e.move_kind for e in log].count("timeout") == 1
    assert fired >= 1


async def test_deadlines_of_a_store_from_before_slots_are_moved_and_fire(redis_url):
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, registry())
    options = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=60_000))
    match, _ = await runner.create("tictactoe", options, 2, None)
    await runner.join(match.match_id, 0, "x")
    await runner.join(match.match_id, 1, "o")
    record, _ = await store.load(match.match_id)
    slot_set = deadlines_key(match_slot(match.match_id))
    await store.redis.zrem(slot_set, match.match_id)  # as an older release left it:
    await store.redis.zadd(LEGACY_DEADLINES, {match.match_id: record.next_deadline_ms})

    later = Runner(store, registry(), clock=lambda: wall_clock_ms() + 120_000)
    assert await store.migrate_legacy_deadlines() >= 1
    await DeadlineLoop(later, sweep_slots=SLOTS).tick()
    export, _ = await store.export(match.match_id)
    legacy_left = await store.redis.exists(LEGACY_DEADLINES)
    await store.close()
    assert export.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert not legacy_left
