"""The outbox's rules in a real store: who is told when, a lease, a settle by its claim only,
a retry due later; and which seats a commit may tell."""

from __future__ import annotations

import secrets
import time

import pytest

from cosmodrome.core.engine import Decision
from cosmodrome.core.redact import Snapshot
from cosmodrome.core.runner import Runner
from cosmodrome.games import registry
from cosmodrome.notices import signer
from cosmodrome.notices.delivery import Webhook
from cosmodrome.notices.drainer import Notices
from cosmodrome.notices.due import commit_notices, notice_id
from cosmodrome.notices.outbox import HINTS, Commit, Notice, Outbox, outbox_key
from cosmodrome.serve import parse_config, webhook
from cosmodrome.store.redis_store import RedisStore, match_slot
from cosmodrome.v1 import games_pb2, match_pb2, records_pb2
from cosmodrome.workers import replica_args


@pytest.fixture
async def outbox(redis_url):
    store = RedisStore.from_url(redis_url)
    yield Outbox(store)
    await store.close()


def commit(match_id: str, version: int, owing: tuple[int, ...], ended: bool = False
           ) -> Commit:
    kind = "match_ended" if ended else "your_turn"
    return Commit(match_id, version, ended, tuple(
        Notice(notice_id(match_id, version, s, kind), s, b"{}") for s in owing))


async def test_a_seat_is_told_once_per_run_of_versions_it_owes_in(outbox):
    mid = secrets.token_hex(8)

    async def queued(*args, **kwargs) -> int:
        return (await outbox.enqueue(commit(mid, *args, **kwargs)))[0]
    assert await queued(5, (1,)) == 1
    assert await queued(6, (0, 1)) == 1  # seat 1 still owes: seat 0 only
    assert await queued(6, (0, 1)) == 0  # the same version again
    assert await queued(4, (0,)) == 0  # an older version, late
    assert await queued(7, ()) == 0  # nobody owes
    assert await queued(8, (1,)) == 1  # seat 1 owes again: a new run
    assert await queued(9, (0, 1), ended=True) == 2  # everyone, at the end
    assert await queued(8, (1,)) == 0  # nothing after the end
    queued_ids = await outbox.fast.execute("ZRANGE", outbox_key(match_slot(mid)), 0, -1)
    assert {q.decode() for q in queued_ids if q.decode().startswith(mid)} == {
        f"{mid}:5:1:your_turn", f"{mid}:6:0:your_turn", f"{mid}:8:1:your_turn",
        f"{mid}:9:0:match_ended", f"{mid}:9:1:match_ended"}


async def test_with_a_wait_a_seat_that_moves_first_is_not_told(redis_url):
    store = RedisStore.from_url(redis_url)
    waiting = Outbox(store, wait_ms=60_000)
    mid = secrets.token_hex(8)
    key = outbox_key(match_slot(mid))
    assert await waiting.enqueue(commit(mid, 5, (1,))) == (1, 0)
    assert await waiting.enqueue(commit(mid, 6, (0,))) == (1, 1)  # seat 1 moved: withdrawn
    assert await store.fast.execute("ZSCORE", key, f"{mid}:5:1:your_turn") is None
    due = float(await store.fast.execute("ZSCORE", key, f"{mid}:6:0:your_turn"))
    assert due > time.time() * 1000 + 50_000  # due once the wait is over
    await store.fast.execute("HINCRBY", f"{key}:body", f"{mid}:6:0:your_turn#", 1)  # tried
    assert await waiting.enqueue(commit(mid, 7, (1,))) == (1, 0)  # an attempt is not undone
    assert await waiting.enqueue(commit(mid, 8, (0, 1), ended=True)) == (2, 1)  # seat 1's
    await store.close()


async def test_a_claim_leases_and_only_its_own_settle_counts(outbox):
    mid = secrets.token_hex(8)
    slot = match_slot(mid)
    await outbox.enqueue(commit(mid, 3, (0,)))
    mine = [c for c in await outbox.claim(slot, 60_000, 100) if c.id.startswith(mid)]
    assert [(c.id, c.attempt) for c in mine] == [(f"{mid}:3:0:your_turn", 1)]
    assert not [c for c in await outbox.claim(slot, 60_000, 100) if c.id.startswith(mid)]
    await outbox.fast.execute("ZADD", outbox_key(slot), 0, mine[0].id)  # the lease runs out
    again = [c for c in await outbox.claim(slot, 60_000, 100) if c.id.startswith(mid)]
    assert [c.attempt for c in again] == [2]  # another replica's claim
    await outbox.settle(mine[0], None)  # the first claimer ends late: ignored
    assert await outbox.fast.execute("ZSCORE", outbox_key(slot), mine[0].id) is not None
    await outbox.settle(again[0], None)
    assert await outbox.fast.execute("ZSCORE", outbox_key(slot), mine[0].id) is None


async def test_a_failed_attempt_is_due_again_after_its_backoff(outbox):
    mid = secrets.token_hex(8)
    slot = match_slot(mid)
    await outbox.enqueue(commit(mid, 3, (0,)))
    (claimed,) = [c for c in await outbox.claim(slot, 60_000, 100) if c.id.startswith(mid)]
    before = time.time() * 1000
    await outbox.settle(claimed, 30_000)
    due = float(await outbox.fast.execute("ZSCORE", outbox_key(slot), claimed.id))
    assert before + 29_000 < due  # the store's clock: a second of skew allowed
    assert float(await outbox.fast.execute("ZSCORE", HINTS, slot)) <= due


@pytest.fixture
async def marking(redis_url):
    """A runner whose commits mark their versions, as with notices on (not draining: the
    test plays the drainer's part)."""
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, registry())
    notices = Notices(runner, Webhook("http://127.0.0.1:9/hook", (b"k",), 1.0))
    store.notice_marker = notices.marker
    yield runner, notices
    await store.close()


async def markers(outbox: Outbox, match_id: str) -> dict[str, float]:
    """What the outbox of the match's slot holds of the match: id -> due ms."""
    flat = await outbox.fast.execute("ZRANGE", outbox_key(match_slot(match_id)), 0, -1,
                                     "WITHSCORES")
    return {flat[i].decode(): float(flat[i + 1]) for i in range(0, len(flat), 2)
            if flat[i].decode().startswith(match_id)}


async def test_a_commit_marks_its_version_and_its_enqueue_takes_the_mark_out(marking):
    runner, notices = marking
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, None)
    mid = match.match_id
    before = time.time() * 1000
    await runner.join(mid, 0, "x")  # version 2: a person plays, nobody owes yet
    await runner.join(mid, 1, "o")  # version 3: seat 0 owes
    marked = await markers(notices.outbox, mid)
    assert set(marked) == {f"{mid}:2", f"{mid}:3"}
    bots = match_pb2.Match(match_id=mid, seats=[match_pb2.Seat(
        index=0, occupied=True, bot=match_pb2.BOT_KIND_RANDOM)])
    assert notices.marker(bots) == ((), ())  # a match no person plays owes no notice
    assert min(marked.values()) > before + notices.lease_ms - 1_000  # leased to its replica
    assert await notices.outbox.enqueue(await notices._stored_commit(mid, 3)) == (1, 0)
    assert set(await markers(notices.outbox, mid)) == {f"{mid}:2", f"{mid}:3:0:your_turn"}
    late = Commit(mid, 2, False, ())  # version 2's own enqueue comes late: ignored, unmarked
    assert await notices.outbox.enqueue(late) == (0, 0)
    assert set(await markers(notices.outbox, mid)) == {f"{mid}:3:0:your_turn"}


async def test_a_marker_whose_lease_ran_out_is_claimed_and_its_notices_built(marking):
    runner, notices = marking
    match, tokens = await runner.create("tictactoe", games_pb2.GameOptions(), 2, None)
    mid, slot = match.match_id, match_slot(match.match_id)
    await runner.join(mid, 0, "x")
    await runner.join(mid, 1, "o")
    key = outbox_key(slot)
    for marker in await markers(notices.outbox, mid):  # every lease ran out
        await notices.outbox.fast.execute("ZADD", key, 0, marker)
    claimed = {c.id: c for c in await notices.outbox.claim(slot, 60_000, 1000)
               if c.id.startswith(mid)}
    assert [c.marker for c in claimed.values()] == [True, True]
    await notices._rebuild(claimed[f"{mid}:2"])  # superseded by version 3: settled away
    await notices._rebuild(claimed[f"{mid}:3"])
    notice = f"{mid}:3:0:your_turn"
    assert set(await markers(notices.outbox, mid)) == {notice}
    body = await notices.outbox.fast.execute("HGET", f"{key}:body", notice)
    assert body.startswith(b'{"id":"' + notice.encode())


def record(seats: list[match_pb2.Seat], status=match_pb2.MATCH_STATUS_ACTIVE
           ) -> records_pb2.StoredMatch:
    match = match_pb2.Match(match_id="m1", game="tictactoe", version=12, status=status,
                            seats=seats, players=len(seats))
    return records_pb2.StoredMatch(match=match)


def test_only_players_seats_are_told_with_their_earliest_deadline():
    seats = [match_pb2.Seat(index=0, occupied=True),
             match_pb2.Seat(index=1, occupied=True, bot=match_pb2.BOT_KIND_GAME),
             match_pb2.Seat(index=2, occupied=False),  # left
             match_pb2.Seat(index=3, occupied=True)]
    decisions = [Decision(0, "pick", "", [], 9_000), Decision(0, "also", "", [], 5_000),
                 Decision(1, "pick", "", []), Decision(2, "pick", "", []),
                 Decision(3, "pick", "", [])]
    entry = records_pb2.StoredEntry(version=12)
    owed = commit_notices(None, entry, Snapshot(record(seats), decisions))
    assert [n.id for n in owed.notices] == ["m1:12:0:your_turn", "m1:12:3:your_turn"]
    assert b'"deadline":"1970-01-01T00:00:05.000Z"' in owed.notices[0].body
    assert b'"deadline":null' in owed.notices[1].body


def test_the_end_tells_every_player_and_a_bots_only_match_tells_nobody():
    people = [match_pb2.Seat(index=0, occupied=True), match_pb2.Seat(index=1, occupied=True)]
    ended = commit_notices(None, records_pb2.StoredEntry(version=12),
                           Snapshot(record(people, match_pb2.MATCH_STATUS_FINISHED), []))
    assert ended.ended and [n.id for n in ended.notices] == ["m1:12:0:match_ended",
                                                              "m1:12:1:match_ended"]
    bots = [match_pb2.Seat(index=i, occupied=True, bot=match_pb2.BOT_KIND_RANDOM)
            for i in (0, 1)]
    assert commit_notices(None, records_pb2.StoredEntry(version=12),
                          Snapshot(record(bots), [Decision(0, "pick", "", [])])) is None


def test_a_signature_verifies_with_either_key_while_rotating_and_refuses_a_replay():
    body, now = b'{"id":"m:1:0:your_turn"}', 1_764_900_000
    header = signer.signature([b"old", b"new"], now, body)
    assert signer.verify(b"old", str(now), header, body, now)
    assert signer.verify(b"new", str(now), header, body, now + 299)
    assert not signer.verify(b"new", str(now), header, body, now + 301)  # too old: a replay
    assert not signer.verify(b"other", str(now), header, body, now)
    assert not signer.verify(b"new", str(now + 1), header, body, now)  # the time is signed
    assert not signer.verify(b"new", "soon", header, body, now)


def test_the_webhook_needs_a_secret_and_never_shows_it(tmp_path):
    with pytest.raises(SystemExit):
        parse_config(["--webhook-url", "http://127.0.0.1:9/hook"])
    with pytest.raises(SystemExit):
        parse_config(["--webhook-url", "ftp://127.0.0.1/hook", "--webhook-secret", "s3cret"])
    keys = tmp_path / "keys"
    keys.write_text("old-key\nnew-key\n")
    config = parse_config(["--webhook-url", "http://127.0.0.1:9/hook",
                           "--webhook-secret", "s3cret", "--webhook-secret-file", str(keys)])
    assert webhook(config).secrets == (b"s3cret", b"old-key", b"new-key")
    assert "s3cret" not in repr(config) and "key" not in repr(webhook(config))
    assert "s3cret" not in " ".join(replica_args(config, 0))  # --workers: in the environment
