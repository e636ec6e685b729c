"""Clocks for every game, timeout policies and abandonment, on a real store (valkey).

The runner's clock is injected: time moves only when a test moves it, so nothing here
depends on how fast the machine is (no timed assertion).
"""

from __future__ import annotations

import random

import pytest

from cosmodrome.core import clock
from cosmodrome.core.errors import FailedPrecondition, InvalidArgument
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.games.highcard.v1 import highcard_pb2
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import games_pb2, match_pb2
from tests.support import ttt

START = 1_900_000_000_000  # the injected clock's first reading (Unix ms)
FINISHED = match_pb2.MATCH_STATUS_FINISHED
MOVE_MS = 100
PER_MOVE = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS)


class Time:
    """The runner's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


@pytest.fixture
async def store(redis_url):
    store = RedisStore.from_url(redis_url)
    yield store
    await store.close()


@pytest.fixture
def time() -> Time:
    return Time()


@pytest.fixture
async def runner(store, time) -> Runner:
    """A runner on the injected clock; the matches it made are deleted after the test (a
    later test's clock, far ahead, would find their deadlines due)."""
    runner = Runner(store, records(), clock=time)
    made: list[match_pb2.Match] = []
    create = runner.create

    async def create_and_note(*args, **kwargs):
        match, owner = await create(*args, **kwargs)
        made.append(match)
        return match, owner

    runner.create = create_and_note
    yield runner
    for match in made:
        await store.delete(match.match_id, match.game)


def with_clock(game: str, clock_options: games_pb2.Clock, **game_options
               ) -> games_pb2.GameOptions:
    options = games_pb2.GameOptions(clock=clock_options)
    if game_options:
        getattr(options, game).CopyFrom(getattr(options, game).__class__(**game_options))
    return options


async def tictactoe(runner: Runner, clock_options: games_pb2.Clock) -> tuple[str, list[str]]:
    match, _ = await runner.create("tictactoe", with_clock("tictactoe", clock_options), 2, 7)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    return match.match_id, tokens


async def seats(runner: Runner, match_id: str) -> list[match_pb2.Seat]:
    record, _ = await runner.store.load(match_id)
    return list(record.match.seats)


async def log_kinds(runner: Runner, match_id: str) -> list[str]:
    _, log = await runner.store.export(match_id)
    return [e.move_kind for e in log]


async def play_out(runner: Runner, time: Time, match_id: str, step_ms: int,
                   limit: int = 20_000) -> match_pb2.Match:
    """Fire the match's deadlines until it ends, time moving `step_ms` whenever nothing is
    due (the deadline loop does the same on every replica: test_clock_replicas.py)."""
    for _ in range(limit):
        record, _ = await runner.store.load(match_id)
        if record.match.status == FINISHED:
            return record.match
        if not await runner.fire_deadline(match_id):
            time.now += step_ms
    raise AssertionError(f"{match_id} did not finish in {limit} ticks")


# -- the clock's arithmetic -------------------------------------------------------------

async def test_fischer_charges_the_mover_its_thinking_time_and_credits_the_increment(
        runner, time):
    fischer = games_pb2.Clock(kind=clock.FISCHER, bank_ms=1000, increment_ms=200)
    match_id, tokens = await tictactoe(runner, fischer)
    x, o = await seats(runner, match_id)
    assert (x.time_left_ms, x.clock_due_ms) == (1000, time.now + 1000)  # X owes: runs
    assert (o.time_left_ms, o.clock_due_ms) == (1000, 0)
    time.now += 300
    await runner.submit(match_id, tokens[0], 3, "", ttt(4))
    x, o = await seats(runner, match_id)
    assert (x.time_left_ms, x.clock_due_ms) == (1000 - 300 + 200, 0)
    assert o.clock_due_ms == time.now + 1000


async def test_a_per_move_clock_gives_each_move_its_whole_time(runner, time):
    match_id, tokens = await tictactoe(runner, PER_MOVE)
    time.now += MOVE_MS - 10
    await runner.submit(match_id, tokens[0], 3, "", ttt(4))
    time.now += 5
    await runner.submit(match_id, tokens[1], 4, "", ttt(0))
    x, o = await seats(runner, match_id)
    assert (x.time_left_ms, x.clock_due_ms) == (MOVE_MS, time.now + MOVE_MS)
    assert (o.time_left_ms, o.clock_due_ms) == (MOVE_MS, 0)


async def test_correspondence_gives_days_per_move(runner, time):
    days = games_pb2.Clock(kind=clock.CORRESPONDENCE, days_per_move=3)
    match_id, _ = await tictactoe(runner, days)
    x, _ = await seats(runner, match_id)
    assert x.clock_due_ms == time.now + 3 * clock.DAY_MS


async def test_a_replica_whose_clock_lags_gives_no_time_back(runner, time):
    fischer = games_pb2.Clock(kind=clock.FISCHER, bank_ms=1000)
    match_id, tokens = await tictactoe(runner, fischer)
    time.now -= 5_000  # the next move is applied by a replica 5 s behind
    await runner.submit(match_id, tokens[0], 3, "", ttt(4))
    x, _ = await seats(runner, match_id)
    assert x.time_left_ms == 1000  # charged nothing, credited nothing


async def test_time_left_is_in_every_view_and_in_the_lobby(runner, time):
    match_id, tokens = await tictactoe(runner, PER_MOVE)
    views = [await runner.view(match_id, t) for t in (*tokens, None)]
    record, _ = await runner.store.load(match_id)  # what GetMatch and ListMatches show
    for match in (*[v.match for v in views], record.match):
        assert [s.time_left_ms for s in match.seats] == [MOVE_MS, MOVE_MS]
        assert match.seats[0].clock_due_ms == time.now + MOVE_MS


# -- options ------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    games_pb2.Clock(kind=clock.PER_MOVE, move_ms=10),
    games_pb2.Clock(kind=clock.FISCHER, bank_ms=1000, increment_ms=-1),
    games_pb2.Clock(kind=clock.CORRESPONDENCE, days_per_move=0),
    games_pb2.Clock(move_ms=100),  # options without a kind
    games_pb2.Clock(kind=99, move_ms=100),
])
async def test_a_clock_out_of_range_is_invalid_argument(runner, bad):
    with pytest.raises(InvalidArgument, match="clock"):
        await runner.create("tictactoe", games_pb2.GameOptions(clock=bad), 2, 7)


@pytest.mark.parametrize("game", ["tictactoe", "highcard"])
async def test_skip_is_refused_for_a_game_without_passes(runner, game):
    skip = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS, on_timeout=clock.SKIP)
    with pytest.raises(InvalidArgument, match="skip"):
        await runner.create(game, games_pb2.GameOptions(clock=skip), 2, 7)


@pytest.mark.parametrize("game", ["mlem", "cosmic", "crafting"])
async def test_skip_is_accepted_for_a_game_with_passes(runner, game):
    skip = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS, on_timeout=clock.SKIP)
    match, _ = await runner.create(game, games_pb2.GameOptions(clock=skip), 2, 7)
    assert match.options.clock.on_timeout == clock.SKIP


# -- timeouts and abandonment -------------------------------------------------------------

async def test_a_clock_fires_once_and_the_zombie_seat_plays_until_reclaimed(runner, time):
    match_id, tokens = await tictactoe(runner, PER_MOVE)
    time.now += MOVE_MS - 1
    assert not await runner.fire_deadline(match_id)  # not yet due
    time.now += 1
    assert await runner.fire_deadline(match_id)
    assert await runner.fire_deadline(match_id)  # the zombie's bot moves at once
    x, o = await seats(runner, match_id)
    assert (x.abandoned, x.bot, x.time_left_ms) == (True, match_pb2.BOT_KIND_GAME, 0)
    assert o.clock_due_ms == time.now + MOVE_MS and not o.abandoned
    assert (await log_kinds(runner, match_id))[-2:] == ["timeout_zombie", "place"]
    with pytest.raises(FailedPrecondition, match="join the match again"):
        await runner.submit(match_id, tokens[0], 5, "", ttt(8))

    await runner.submit(match_id, tokens[1], 5, "", ttt(8 if x.index else 7))
    match, seat, token = await runner.rejoin(match_id, tokens[0])
    assert (seat, token) == (0, tokens[0])
    assert (match.seats[0].abandoned, match.seats[0].bot) == (False, 0)
    assert match.seats[0].clock_due_ms == time.now + MOVE_MS  # his clock runs again
    view = await runner.view(match_id, tokens[0])
    free = next(c for c, m in enumerate(view.game.tictactoe.cells) if not m)
    await runner.submit(match_id, tokens[0], view.match.version, "", ttt(free))
    assert (await log_kinds(runner, match_id)).count("timeout_zombie") == 1


async def test_leaving_during_play_hands_the_seat_to_the_server_bot(runner, time):
    match_id, tokens = await tictactoe(runner, games_pb2.Clock())  # no clock at all
    left = await runner.leave(match_id, tokens[0])
    assert (left.seats[0].abandoned, left.seats[0].bot) == (True, match_pb2.BOT_KIND_GAME)
    assert left.seats[0].occupied  # nobody else may take it
    assert await runner.fire_deadline(match_id)
    assert (await log_kinds(runner, match_id))[-2:] == ["abandon", "place"]
    assert await runner.rejoin(match_id, "not a token of this match") is None
    match, seat, _ = await runner.rejoin(match_id, tokens[0])
    assert seat == 0 and not match.seats[0].abandoned


async def test_forfeit_in_tictactoe_gives_the_other_seat_the_win(runner, time):
    forfeit = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS, on_timeout=clock.FORFEIT)
    match_id, tokens = await tictactoe(runner, forfeit)
    match = await play_out(runner, time, match_id, MOVE_MS)
    assert list(match.result.winners) == [1]
    assert match.seats[0].forfeited and not match.seats[1].forfeited
    assert (await log_kinds(runner, match_id)).count("timeout_forfeit") == 1


async def test_a_forfeited_seat_never_wins_and_may_not_move(runner, time):
    forfeit = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS, on_timeout=clock.FORFEIT)
    options = with_clock("highcard", forfeit, hand_size=2)
    match, _ = await runner.create("highcard", options, 3, 7, bots=[(1, 0), (2, 0)])
    _, _, token = await runner.join(match.match_id, 0, "silent")
    time.now += MOVE_MS
    while await runner.fire_deadline(match.match_id):  # the bots play, seat 0's time runs out
        if (await seats(runner, match.match_id))[0].forfeited:
            break
    record, _ = await runner.store.load(match.match_id)
    assert record.match.seats[0].forfeited
    with pytest.raises(FailedPrecondition, match="out of the match"):
        await runner.submit(match.match_id, token, record.match.version, "",
                            games_pb2.GameMove(highcard=highcard_pb2.Move(card=1)))
    ended = await play_out(runner, time, match.match_id, MOVE_MS)
    assert 0 not in ended.result.winners


# -- every game, every policy ---------------------------------------------------------------

CLOCKS = {
    "per_move": games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS),
    "fischer": games_pb2.Clock(kind=clock.FISCHER, bank_ms=150, increment_ms=50),
    "correspondence": games_pb2.Clock(kind=clock.CORRESPONDENCE, days_per_move=1),
}
GAMES = {  # name: (game, players, game options)
    "tictactoe": ("tictactoe", 2, {}),
    "highcard": ("highcard", 3, {}),
    "mlem": ("mlem", 3, {}),
    "cosmic-classic": ("cosmic", 3, {"ruleset": cosmic_pb2.RULESET_CLASSIC}),
    "cosmic-cosmic": ("cosmic", 3, {"ruleset": cosmic_pb2.RULESET_COSMIC}),
    "crafting": ("crafting", 2, {}),
}
POLICIES = {"zombie": clock.ZOMBIE, "forfeit": clock.FORFEIT, "skip": clock.SKIP}
CASES = [(g, p) for g in GAMES for p in POLICIES
         if p != "skip" or records()[GAMES[g][0]].engine.skippable]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "policy"), CASES)
async def test_every_game_plays_to_its_end_with_a_silent_seat(runner, time, name, policy):
    """Seat 0 is taken by a player who never moves; the server's bots play the others."""
    game, players, game_options = GAMES[name]
    kind = list(CLOCKS)[CASES.index((name, policy)) % len(CLOCKS)]
    timed = games_pb2.Clock()
    timed.CopyFrom(CLOCKS[kind])
    timed.on_timeout = POLICIES[policy]
    options = with_clock(game, timed, **game_options)
    bots = [(seat, match_pb2.BOT_KIND_RANDOM if seat % 2 else 0) for seat in range(1, players)]
    match, _ = await runner.create(game, options, players, 11, bots=bots)
    await runner.join(match.match_id, 0, "silent")
    step = clock.DAY_MS if kind == "correspondence" else MOVE_MS
    ended = await play_out(runner, time, match.match_id, step)
    kinds = await log_kinds(runner, match.match_id)
    silent = ended.seats[0]
    if policy == "zombie":
        assert silent.abandoned and kinds.count("timeout_zombie") == 1
    elif policy == "forfeit":
        assert silent.forfeited and kinds.count("timeout_forfeit") == 1
        assert 0 not in ended.result.winners
    else:
        assert not silent.bot and kinds.count("timeout_skip") >= 1
    assert all(s.clock_due_ms == 0 for s in ended.seats)  # no clock runs after the end


async def test_a_decision_shows_when_its_seats_clock_runs_out(runner, time):
    match_id, tokens = await tictactoe(runner, PER_MOVE)
    for viewer in (tokens[0], tokens[1], None):
        view = await runner.view(match_id, viewer)
        assert [d.deadline_ms for d in view.decisions] == [time.now + MOVE_MS]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", [cosmic_pb2.RULESET_CLASSIC, cosmic_pb2.RULESET_COSMIC])
@pytest.mark.parametrize("moves_first", [0, 12, 40])
async def test_a_cosmic_seat_out_of_time_under_forfeit_is_eliminated(runner, time, ruleset,
                                                                      moves_first):
    """Seat 0 plays `moves_first` moves at random, then falls silent, whatever the step:
    it is eliminated (its tokens leave the game), the others play on, and every piece is
    still in one place."""
    forfeit = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=MOVE_MS, on_timeout=clock.FORFEIT)
    options = with_clock("cosmic", forfeit, ruleset=ruleset)
    match, _ = await runner.create("cosmic", options, 3, 5 + moves_first,
                                   bots=[(1, match_pb2.BOT_KIND_RANDOM), (2, 0)])
    _, _, token = await runner.join(match.match_id, 0, "leaves soon")
    rng = random.Random(moves_first)
    for _ in range(moves_first):
        view = await runner.view(match.match_id, token)
        mine = [d for d in view.decisions if d.seat == 0 and d.options]
        if mine:
            await runner.submit(match.match_id, token, view.match.version, "",
                                rng.choice(list(mine[0].options)))
        elif not await runner.fire_deadline(match.match_id):
            time.now += 1
    ended = await play_out(runner, time, match.match_id, MOVE_MS)
    record, _ = await runner.store.load(match.match_id)
    cosmic = records()["cosmic"].engine
    assert ended.seats[0].forfeited and 0 not in ended.result.winners
    assert record.state.cosmic.seats[0].eliminated
    assert cosmic.audit(record.state.cosmic) == []
