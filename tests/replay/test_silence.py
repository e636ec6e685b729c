"""Issue 27 point 4: an active match silent past the host's limit ends as abandoned.

On a real store (valkey), the runner's clock injected: time moves only when the test moves it.
"""

from __future__ import annotations

import pytest

from cosmodrome.core.runner import SILENT, Runner
from cosmodrome.games import records
from cosmodrome.store.redis_store import RedisStore, match_slot
from cosmodrome.v1 import games_pb2, match_pb2
from tests.replay.test_replay import START, Time, check_replays
from tests.support import ttt

HOUR = 3_600_000
LIMIT = 10 * HOUR
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE
FINISHED = match_pb2.MATCH_STATUS_FINISHED


@pytest.fixture
async def store(redis_url):
    store = RedisStore.from_url(redis_url)
    yield store
    await store.close()


async def people_match(runner: Runner) -> tuple[str, list[str]]:
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, 5)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    return match.match_id, tokens


async def test_an_active_match_silent_past_the_limit_ends_abandoned(store):
    runner = Runner(store, records(), clock=Time(), silent_match_ms=LIMIT)
    match_id, tokens = await people_match(runner)
    runner.clock.now += 2 * HOUR
    await runner.submit(match_id, tokens[0], 3, "", ttt(4))  # a change: the silence restarts
    record, _ = await store.load(match_id)
    assert record.next_deadline_ms == runner.clock.now + LIMIT
    due = await store.due_deadlines(match_slot(match_id), runner.clock.now + LIMIT)
    assert (match_id, runner.clock.now + LIMIT) in due  # the deadline loop will find it
    runner.clock.now += LIMIT - 1
    assert not await runner.fire_deadline(match_id)
    assert (await store.load(match_id))[0].match.status == ACTIVE
    runner.clock.now += 1
    assert await runner.fire_deadline(match_id)
    record, entries = await store.export(match_id)
    assert record.match.status == FINISHED
    assert record.match.result.abandoned and not record.match.result.winners
    assert record.match.result.summary == "abandoned: no change for 10 hours"
    assert entries[-1].move_kind == SILENT and record.next_deadline_ms == 0
    assert not await runner.fire_deadline(match_id)  # over: nothing more
    await check_replays(runner, match_id)  # the replay goes through the end
    await store.delete(match_id, "tictactoe")


async def test_without_a_limit_a_silent_match_stays_active(store):
    runner = Runner(store, records(), clock=Time())
    match_id, _ = await people_match(runner)
    record, _ = await store.load(match_id)
    assert record.next_deadline_ms == 0
    runner.clock.now = START + 10_000 * HOUR
    assert not await runner.fire_deadline(match_id)
    assert (await store.load(match_id))[0].match.status == ACTIVE
    await store.delete(match_id, "tictactoe")
