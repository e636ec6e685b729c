"""ListMatches by index (store/indexes.py): every filter gives exactly the matches that
answer it, page by page, as matches are created, joined, started, left, finished and
deleted; and index entries leave with the matches they list."""

from __future__ import annotations

import itertools
import time

import grpc
import pytest
import redis

from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.indexes import DUE, LEGACY_ALL, due_member, match_indexes
from cosmodrome.store.redis_store import RedisStore, game_index
from cosmodrome.v1 import admin_pb2, lobby_pb2, match_pb2
from tests.support import ADMIN_TOKEN, Api, ServerProcess, auth, ttt

STATUSES = (0, match_pb2.MATCH_STATUS_WAITING, match_pb2.MATCH_STATUS_ACTIVE,
            match_pb2.MATCH_STATUS_FINISHED)


@pytest.fixture(scope="module")
def own_store(tmp_path_factory):
    """A store of this module's own: its listings hold only the matches made here."""
    store = EmbeddedRedis(tmp_path_factory.mktemp("store"), appendonly=False)
    yield store.start()
    store.stop()


@pytest.fixture(scope="module")
def replica(own_store):
    with ServerProcess(redis_url=own_store) as replica:
        yield replica


def listed(api: Api, game: str, status: int, open_seats: bool, page_size: int) -> list[str]:
    """Every page of a listing, in order."""
    found, token = [], ""
    while True:
        page = api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(
            game=game, status=status, open_seats=open_seats, page_size=page_size,
            page_token=token))
        found += [m.match_id for m in page.matches]
        token = page.next_page_token
        if not token:
            return found


def expected(matches: list[match_pb2.Match], game: str, status: int,
             open_seats: bool) -> list[str]:
    """The listing worked out from the matches themselves, newest first."""
    def answers(m: match_pb2.Match) -> bool:
        has_open = m.status != match_pb2.MATCH_STATUS_FINISHED and \
            any(not s.occupied for s in m.seats)
        return (not m.private and (not game or m.game == game)
                and (not status or m.status == status) and (not open_seats or has_open))
    newest = sorted(matches, key=lambda m: (m.create_time.ToMilliseconds(), m.match_id),
                    reverse=True)
    return [m.match_id for m in newest if answers(m)]


def check_every_filter(api: Api, ids: list[str]) -> None:
    matches = [m for m in (current(api, mid) for mid in ids) if m is not None]
    for game, status, open_seats in itertools.product(("", "tictactoe", "highcard"),
                                                      STATUSES, (False, True)):
        want = expected(matches, game, status, open_seats)
        for page_size in (1, 2, 200):
            got = listed(api, game, status, open_seats, page_size)
            assert got == want, (game, status, open_seats, page_size)


def current(api: Api, match_id: str) -> match_pb2.Match | None:
    try:
        return api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id))
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.NOT_FOUND
        return None


def create(api: Api, game: str = "tictactoe", private: bool = False) -> str:
    return api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
        game=game, seed=1, private=private)).match_id


def join(api: Api, match_id: str, seat: int) -> str:
    return api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
        match_id=match_id, seat=seat, display_name=f"p{seat}")).seat_token


def test_every_filter_lists_exactly_its_matches_through_a_match_lifetime(replica):
    api = Api(replica.address)
    waiting, half, private, leaving, finishing, other, deleted = (
        create(api), create(api), create(api, private=True), create(api), create(api),
        create(api, "highcard"), create(api))
    ids = [waiting, half, private, leaving, finishing, other, deleted]
    check_every_filter(api, ids)  # all waiting, all open

    join(api, half, 0)  # still waiting, one seat open
    tokens = [join(api, leaving, 0), join(api, leaving, 1)]  # starts: active, full
    check_every_filter(api, ids)

    api.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(match_id=leaving),
                         metadata=auth(tokens[1]))  # in play with a seat open
    check_every_filter(api, ids)

    seats = [join(api, finishing, 0), join(api, finishing, 1)]
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(finishing, seats[seat], ttt(cell))
    assert current(api, finishing).status == match_pb2.MATCH_STATUS_FINISHED
    check_every_filter(api, ids)

    api.admin.DeleteMatch(admin_pb2.DeleteMatchRequest(match_id=deleted),
                          metadata=auth(ADMIN_TOKEN))
    check_every_filter(api, ids)
    assert deleted not in listed(api, "", 0, False, 200)
    api.close()


def test_a_finished_and_open_listing_is_empty_and_an_unknown_status_refused(replica):
    api = Api(replica.address)
    create(api)
    assert listed(api, "", match_pb2.MATCH_STATUS_FINISHED, True, 50) == []
    with pytest.raises(grpc.RpcError) as caught:
        api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(status=9))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    api.close()


def wait_until(condition, give_up_s: float = 30.0) -> None:
    """Poll (not a timed assertion: the time given is only a bound against a hang)."""
    deadline = time.monotonic() + give_up_s
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.1)


def test_a_waiting_match_nobody_joins_expires_and_its_index_entries_go(own_store):
    with ServerProcess(redis_url=own_store,
                       extra=["--waiting-expiry-hours", str(1 / 3600)]) as replica:
        api = Api(replica.address)
        match_id = create(api)
        db = redis.Redis.from_url(own_store)
        assert all(db.zscore(key, match_id) is None for key in match_indexes("tictactoe")
                   if key.endswith((":active", ":finished", ":active-open")))
        assert db.zscore(match_indexes("tictactoe")[1], match_id) is not None  # waiting
        wait_until(lambda: current(api, match_id) is None)
        wait_until(lambda: all(db.zscore(key, match_id) is None
                               for key in match_indexes("tictactoe")))
        assert db.zscore(DUE, due_member(match_id, "tictactoe")) is None
        assert match_id not in listed(api, "", 0, False, 200)
        api.close()



async def test_matches_listed_by_the_indexes_of_old_are_moved_by_the_backfill(replica,
                                                                             own_store):
    api = Api(replica.address)
    match_id = create(api, "highcard")
    db = redis.Redis.from_url(own_store)
    for key in match_indexes("highcard"):  # as a store written before the indexes
        db.zrem(key, match_id)
    db.zadd(LEGACY_ALL, {match_id: 1})
    db.zadd(game_index("highcard"), {match_id: 1})
    assert match_id not in listed(api, "highcard", 0, True, 200)
    store = RedisStore.from_url(own_store)
    try:
        assert await store.backfill() >= 1
    finally:
        await store.close()
    assert match_id in listed(api, "highcard", 0, True, 200)
    assert not db.exists(LEGACY_ALL, game_index("highcard"))
    api.close()
