"""The chat in a real store: the log capped at its newest lines, the rate window, the chat's
life tied to its match, and a game judging lines (a test-only game) through the
compare-and-set."""

from __future__ import annotations

import asyncio
import hashlib

import grpc
import pytest

from cosmodrome.api.interceptor import add_service
from cosmodrome.api.servicers import PlayServicer
from cosmodrome.api.watch_hub import WatchHub
from cosmodrome.core.chat import Chat, ChatLimits
from cosmodrome.core.errors import FailedPrecondition, NotFound, RateLimited, Stale
from cosmodrome.core.runner import Runner
from cosmodrome.games import registry
from cosmodrome.games.tictactoe.rules import EMPTY, TicTacToe
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.redis_store import RedisStore, match_key
from cosmodrome.v1 import games_pb2, match_pb2, play_pb2, play_pb2_grpc, records_pb2


@pytest.fixture
async def store(redis_url):
    store = RedisStore.from_url(redis_url, retention_ms=60_000)
    yield store
    await store.close()


async def new_match(runner: Runner) -> tuple[str, list[str]]:
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, 7)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    return match.match_id, tokens


async def add(store, match_id, seat, text, kept=500, rate=(100, 10_000), request_id=""):
    digest = hashlib.sha256(text.encode()).digest()
    line, _ = await store.add_chat(match_id, records_pb2.StoredChat(seat=seat, text=text),
                                   request_id, digest, kept, *rate)
    return line


async def test_the_chat_keeps_only_its_newest_lines(store):
    match_id, _ = await new_match(Runner(store, registry()))
    for n in range(5):
        await add(store, match_id, 0, f"line {n}", kept=3)
    lines = await store.chat(match_id, 0, 100)
    assert [line.sequence for line in lines] == [3, 4, 5]
    assert await store.chat_said(match_id) == 5
    await add(store, match_id, 1, "the host lowered the cap", kept=1)  # trims at once
    lines = await store.chat(match_id, 0, 100)
    assert [line.text for line in lines] == ["the host lowered the cap"]
    assert [f for f in await store.redis.hkeys(match_key(match_id))
            if f.startswith(b"chat:") and f[5:].isdigit()] == [b"chat:6"]


async def test_the_rate_limit_is_a_sliding_window_per_seat(store):
    match_id, _ = await new_match(Runner(store, registry()))
    rate = (2, 400)
    await add(store, match_id, 0, "one", rate=rate)
    await add(store, match_id, 0, "two", rate=rate)
    with pytest.raises(RateLimited) as refused:
        await add(store, match_id, 0, "three", rate=rate)
    assert 0 < refused.value.retry_after_ms <= 400
    await add(store, match_id, 1, "another seat", rate=rate)
    await asyncio.sleep(refused.value.retry_after_ms / 1000 + 0.05)
    assert (await add(store, match_id, 0, "three", rate=rate)).sequence == 4
    lines = await store.chat(match_id, 0, 100)
    assert [line.text for line in lines] == ["one", "two", "another seat", "three"]


async def test_the_chat_lives_expires_and_goes_with_its_match(store):
    runner = Runner(store, registry())
    match_id, _ = await new_match(runner)
    await add(store, match_id, 0, "kept in the match's own hash")
    record, _ = await store.load(match_id)
    record.match.status = match_pb2.MATCH_STATUS_FINISHED
    version = record.match.version
    record.match.version += 1
    await store.commit(record, records_pb2.StoredEntry(version=version + 1), version)
    assert 0 < await store.redis.pttl(match_key(match_id)) <= 60_000  # retention
    assert len(await store.chat(match_id, 0, 10)) == 1
    await store.delete(match_id, "tictactoe")
    with pytest.raises(NotFound):
        await store.chat(match_id, 0, 10)


async def test_no_line_is_kept_after_the_final_move_even_by_a_caller_who_saw_it_playing(
        store):
    """A speaker loads the match (active), the final move commits, then his line reaches
    the store: refused there, atomically with the commit, not only by the caller's check."""
    runner = Runner(store, registry())
    match_id, _ = await new_match(runner)
    await add(store, match_id, 0, "before the end", request_id="r1")
    record, _ = await store.load(match_id)
    record.match.status = match_pb2.MATCH_STATUS_FINISHED
    version = record.match.version
    record.match.version += 1
    await store.commit(record, records_pb2.StoredEntry(version=version + 1), version)
    with pytest.raises(FailedPrecondition) as refused:
        await add(store, match_id, 1, "after the end")
    assert refused.value.rule == "match_finished"
    assert (await add(store, match_id, 0, "before the end", request_id="r1")).sequence == 1
    assert [line.text for line in await store.chat(match_id, 0, 10)] == ["before the end"]
    exported, log = await store.export(match_id)
    await store.replace(exported, log, overwrite=True)  # an import of a finished match
    with pytest.raises(FailedPrecondition):
        await add(store, match_id, 1, "after the import")


async def test_an_import_empties_the_chat_but_never_gives_a_sequence_twice(store):
    """A watch that heard lines 1-2 resumes after 2: the first line after an import that
    replaced the match is 3, not a second 1 it would skip."""
    runner = Runner(store, registry())
    match_id, _ = await new_match(runner)
    for text in ("one", "two"):
        await add(store, match_id, 0, text)
    exported, log = await store.export(match_id)
    await store.replace(exported, log, overwrite=True)
    assert await store.chat(match_id, 0, 10) == []  # the replaced match's lines went
    assert (await add(store, match_id, 1, "after the import")).sequence == 3
    assert [line.text for line in await store.chat(match_id, 2, 10)] == ["after the import"]
    other, _ = await new_match(runner)  # a new match's import starts its chat at 1
    exported, log = await store.export(other)
    await store.delete(other, "tictactoe")
    await store.replace(exported, log, overwrite=False)
    assert (await add(store, other, 0, "first")).sequence == 1


async def test_a_chat_line_leaves_the_compare_and_set_alone(store):
    runner = Runner(store, registry())
    match_id, _ = await new_match(runner)
    record, _ = await store.load(match_id)
    await add(store, match_id, 0, "while you think")
    version = record.match.version
    record.match.version += 1
    await store.commit(record, records_pb2.StoredEntry(version=version + 1), version)
    with pytest.raises(Stale):  # and a stale write is still refused
        await store.commit(record, records_pb2.StoredEntry(version=version + 1), version)


class SaysNonPlays(TicTacToe):
    """Test-only rules: a seat on move who says "non" has its mark put in the first free
    cell at once (a penalty: it loses the choice of its move)."""

    def judge_chat(self, state, seat, text):
        if seat != state.to_move or "non" not in text.lower().split():
            return None
        return tictactoe_pb2.Move(cell=list(state.cells).index(EMPTY))


async def test_a_game_may_judge_a_line_into_a_move_committed_once(store):
    runner = Runner(store, {"tictactoe": SaysNonPlays()})
    chat = Chat(runner, ChatLimits())
    match_id, tokens = await new_match(runner)
    before, _ = await store.load(match_id)
    said = await chat.send(match_id, tokens[0], "Non", "r-1")
    assert said.judged_version == before.match.version + 1
    after, _ = await store.load(match_id)
    assert after.state.tictactoe.cells[0] == tictactoe_pb2.MARK_X
    assert after.state.tictactoe.to_move == 1
    log = await store.entries(match_id, before.match.version)
    assert [(e.seat, e.move_kind) for e in log] == [(0, "place")]
    again = await chat.send(match_id, tokens[0], "Non", "r-1")  # a resent line: judged once
    assert again.judged_version == said.judged_version and again.line == said.line
    assert (await store.load(match_id))[0].match.version == after.match.version
    # the judged move moved the version: a move made against the one before is stale
    with pytest.raises(Stale):
        await runner.submit(match_id, tokens[1], before.match.version, "",
                            games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=4)))
    assert (await chat.send(match_id, tokens[0], "non", "")).judged_version == 0  # not on move
    assert (await chat.send(match_id, tokens[1], "bonjour", "")).judged_version == 0
    lines = await store.chat(match_id, 0, 10)
    assert [line.text for line in lines] == ["Non", "non", "bonjour"]



async def test_a_resent_line_is_judged_as_it_was_when_said_not_as_the_match_is_now(store):
    """A line said off turn is innocent; resent (a client retrying) once its speaker is on
    move, it is still that innocent line, not a new "non" to punish."""
    runner = Runner(store, {"tictactoe": SaysNonPlays()})
    chat = Chat(runner, ChatLimits())
    match_id, tokens = await new_match(runner)
    said = await chat.send(match_id, tokens[1], "non", "r-off-turn")  # seat 0 is on move
    assert said.judged_version == 0
    record, _ = await store.load(match_id)
    await runner.submit(match_id, tokens[0], record.match.version, "",
                        games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=4)))
    before, _ = await store.load(match_id)
    assert before.state.tictactoe.to_move == 1
    again = await chat.send(match_id, tokens[1], "non", "r-off-turn")
    assert again.line == said.line and again.judged_version == 0
    after, _ = await store.load(match_id)
    assert after.match.version == before.match.version and after.state == before.state


async def test_a_line_is_judged_once_whatever_other_seats_had_judged_since(store,
                                                                            monkeypatch):
    """Each seat's judged lines are remembered as long as its request ids: other seats'
    judged lines never push a seat's out (here both rings hold 2, not 16)."""
    monkeypatch.setattr("cosmodrome.store.redis_store.IDEMPOTENCY_KEYS_PER_SEAT", 2)
    monkeypatch.setattr("cosmodrome.store.redis_store.CHAT_REQUESTS_PER_SEAT", 2)
    runner = Runner(store, {"tictactoe": SaysNonPlays()})
    chat = Chat(runner, ChatLimits())
    match_id, tokens = await new_match(runner)
    first = await chat.send(match_id, tokens[0], "non", "a")  # X in cell 0
    assert first.judged_version
    for seat, request_id in ((1, "b"), (0, "c"), (1, "d")):  # O 1, X 2, O 3
        assert (await chat.send(match_id, tokens[seat], "non", request_id)).judged_version
    before, _ = await store.load(match_id)
    again = await chat.send(match_id, tokens[0], "non", "a")  # seat 0 is on move again
    assert again.judged_version == first.judged_version
    after, _ = await store.load(match_id)
    assert after.match.version == before.match.version
    assert list(after.state.tictactoe.cells).count(tictactoe_pb2.MARK_X) == 2


class FinishesAsAWatchCatchesUp(RedisStore):
    """A real store that runs `hook` (a last line said, the last move made) when a watch,
    its chat caught up, starts reading the moves: the race, made certain."""

    hook = None

    async def entries(self, match_id, after_version, count=0):
        if self.hook is not None:
            hook, self.hook = self.hook, None
            await hook()
        return await super().entries(match_id, after_version, count)


async def test_a_line_said_as_the_match_ends_reaches_a_watch_catching_up(redis_url):
    store = FinishesAsAWatchCatchesUp.from_url(redis_url, retention_ms=60_000)
    runner = Runner(store, registry())
    chat, hub = Chat(runner), WatchHub(store)
    match_id, tokens = await new_match(runner)
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1)):
        record, _ = await store.load(match_id)
        await runner.submit(match_id, tokens[seat], record.match.version, "",
                            games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=cell)))
    await chat.send(match_id, tokens[1], "before", "")
    watched_from = (await store.load(match_id))[0].match.version

    async def last_words_and_the_winning_move():
        await chat.send(match_id, tokens[1], "last words", "")
        await runner.submit(match_id, tokens[0], watched_from, "",
                            games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=2)))
    store.hook = last_words_and_the_winning_move
    server = grpc.aio.server()
    # registered as the server does (its streams write each viewer's update as bytes)
    add_service(server, play_pb2.DESCRIPTOR.services_by_name["PlayService"],
                PlayServicer(runner, hub, chat))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stream = play_pb2_grpc.PlayServiceStub(channel).WatchMatch(
                play_pb2.WatchMatchRequest(match_id=match_id, from_version=watched_from,
                                           with_chat=True), timeout=20)
            updates = [update async for update in stream]
    finally:
        await server.stop(None)
        await hub.close()
        await store.close()
    assert [u.chat.text for u in updates if u.HasField("chat")] == ["before", "last words"]
    assert [u.entry.version for u in updates if u.HasField("entry")] == [watched_from + 1]
