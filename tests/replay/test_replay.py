"""Replays: every game's bot-played matches rebuilt from seed and log equal what was stored.

On a real store (valkey), the runner's clock injected (no timed assertion). For each version
the replay's engine must produce the very events the log kept (each with its audience), and
after the last the very state the record holds; each seat's replay ends on the view the
server itself gives that seat.
"""

from __future__ import annotations

import pytest

from cosmodrome.api.replay import build
from cosmodrome.core import clock, redact, replay, server_bots
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.v1 import games_pb2, match_pb2, records_pb2
from tests.support import ttt

START = 1_900_000_000_000
FINISHED = match_pb2.MATCH_STATUS_FINISHED
MAX_STEPS = 20_000

# (game, players, options, seeds): Cosmic under both rulesets
MATCHES = [
    ("tictactoe", 2, games_pb2.GameOptions(), (1, 2, 3)),
    ("highcard", 3, games_pb2.GameOptions(), (1, 2)),
    ("mlem", 3, games_pb2.GameOptions(), (1,)),
    ("cosmic", 4, games_pb2.GameOptions(cosmic=cosmic_pb2.Options(
        ruleset=cosmic_pb2.RULESET_CLASSIC)), (1,)),
    ("cosmic", 4, games_pb2.GameOptions(cosmic=cosmic_pb2.Options(
        ruleset=cosmic_pb2.RULESET_COSMIC)), (1,)),
    ("crafting", 3, games_pb2.GameOptions(), (1,)),
]


class Time:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


@pytest.fixture
async def runner(redis_url):
    from cosmodrome.store.redis_store import RedisStore
    store = RedisStore.from_url(redis_url)
    runner = Runner(store, records(), clock=Time())
    yield runner
    await store.close()


async def bot_match(runner: Runner, game: str, players: int, options, seed: int) -> str:
    """A match every seat of which the server's bots play, to its end."""
    bots = [(seat, server_bots.GAME if seat % 2 else server_bots.RANDOM)
            for seat in range(players)]
    match, _ = await runner.create(game, options, players, seed, bots=bots)
    for _ in range(MAX_STEPS):
        record, _ = await runner.store.load(match.match_id)
        if record.match.status == FINISHED:
            return match.match_id
        runner.clock.now += 1_000
        if not await runner.fire_deadline(match.match_id):
            runner.clock.now += 3_600_000  # a rules' deadline (no bot owes): let it pass
    raise AssertionError(f"{game} did not finish in {MAX_STEPS} steps")


async def check_replays(runner: Runner, match_id: str) -> None:
    record, entries = await runner.store.export(match_id)
    game = runner.game_of(record)
    assert [e.version for e in entries] == list(range(1, record.match.version + 1))
    state = None
    for step in replay.states(game, record, entries):
        rebuilt = records_pb2.StoredEntry()
        redact.add_events(game, step.events, rebuilt.events)
        assert list(rebuilt.events) == list(step.entry.events), \
            f"{game.name} version {step.entry.version} ({step.entry.move_kind})"
        state = step.state
    assert replay.game_state(game, state) == record.state
    for seat in [None, *range(record.match.players)]:
        shown = build(runner, record, entries, record.match.version, seat, whole=False)
        assert shown.view.game == redact.match_view(game, record, seat).game
        assert len(shown.entries) == record.match.version


@pytest.mark.parametrize(("game", "players", "options", "seeds"), MATCHES,
                         ids=["tictactoe", "highcard", "mlem", "cosmic-classic",
                              "cosmic-000", "crafting"])
async def test_replay_equals_stored_states(runner, game, players, options, seeds):
    for seed in seeds:
        match_id = await bot_match(runner, game, players, options, seed)
        await check_replays(runner, match_id)
        await runner.store.delete(match_id, game)


async def test_replay_of_a_match_played_by_people_seeks_each_version(runner):
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, 5)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    version = 3
    for seat, cell in ((0, 4), (1, 0), (0, 3), (1, 1), (0, 5)):
        runner.clock.now += 500
        version = (await runner.submit(match.match_id, tokens[seat], version, "",
                                       ttt(cell))).version
    record, entries = await runner.store.export(match.match_id)
    assert record.match.status == FINISHED
    await check_replays(runner, match.match_id)
    game = runner.game_of(record)
    for v in range(1, record.match.version + 1):
        shown = build(runner, record, entries, v, 1, whole=False)
        assert shown.view.match.version == v and len(shown.entries) == v
        marks = sum(1 for c in shown.view.game.tictactoe.cells if c)
        assert marks == max(0, v - 3)  # created, two joins (the second starts play)
        # an open game: every move is everyone's to see
        assert [e.move for e in shown.entries] == [e.move for e in entries[:v]]
    assert game.name == "tictactoe"
    await runner.store.delete(match.match_id, "tictactoe")


SILENT_GAMES = {"tictactoe": 2, "highcard": 3, "mlem": 3, "cosmic": 3, "crafting": 2}
POLICIES = {"zombie": clock.ZOMBIE, "forfeit": clock.FORFEIT, "skip": clock.SKIP}
SILENT_CASES = [(g, p) for g in SILENT_GAMES for p in POLICIES
                if p != "skip" or records()[g].engine.skippable]


@pytest.mark.parametrize(("game", "policy"), SILENT_CASES)
async def test_replay_through_timeouts_equals_stored_states(runner, game, policy):
    """Seat 0's player never moves: the clock's policy (a skip, a forfeit, the bot taking
    over) and the rules' own timeouts are in the log, and the replay goes through them."""
    timed = games_pb2.Clock(kind=clock.PER_MOVE, move_ms=100, on_timeout=POLICIES[policy])
    players = SILENT_GAMES[game]
    bots = [(seat, server_bots.RANDOM) for seat in range(1, players)]
    match, _ = await runner.create(game, games_pb2.GameOptions(clock=timed), players, 3,
                                   bots=bots)
    await runner.join(match.match_id, 0, "silent")
    for _ in range(MAX_STEPS):
        record, _ = await runner.store.load(match.match_id)
        if record.match.status == FINISHED:
            break
        if not await runner.fire_deadline(match.match_id):
            runner.clock.now += 100
    kinds = [e.move_kind for e in (await runner.store.export(match.match_id))[1]]
    assert any(k.startswith("timeout") for k in kinds)
    await check_replays(runner, match.match_id)
    await runner.store.delete(match.match_id, game)


async def test_replay_through_the_rules_own_timeout(runner):
    """Tic-tac-toe's turn timer (set at setup from its `now_ms`, the start kept in the log):
    a seat that lets it run out loses, by the rules' Game.timeout."""
    from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
    options = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=1000))
    match, _ = await runner.create("tictactoe", options, 2, 9)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    runner.clock.now += 400
    await runner.submit(match.match_id, tokens[0], 3, "", ttt(4))
    runner.clock.now += 5_000
    assert await runner.fire_deadline(match.match_id)
    record, entries = await runner.store.export(match.match_id)
    assert record.match.status == FINISHED and entries[-1].move_kind == replay.TIMEOUT
    await check_replays(runner, match.match_id)
    await runner.store.delete(match.match_id, "tictactoe")


def hidden_from(entry: records_pb2.StoredEntry, viewer: int | None, other_move
                ) -> records_pb2.StoredEntry:
    """`entry` with what `viewer` may not know changed: events not addressed to him, and
    another seat's move (in a game with secrets)."""
    changed = records_pb2.StoredEntry()
    changed.CopyFrom(entry)
    for event in changed.events:
        if not redact.visible(event, viewer):
            event.event.Clear()
    if entry.HasField("move") and entry.seat != viewer:
        changed.move.CopyFrom(other_move)
    return changed


@pytest.mark.parametrize("game", ["highcard", "cosmic", "crafting"])
async def test_a_viewers_replay_does_not_change_with_what_he_may_not_know(runner, game):
    players = SILENT_GAMES[game]
    match_id = await bot_match(runner, game, players, games_pb2.GameOptions(), 4)
    record, entries = await runner.store.export(match_id)
    engine = runner.game_of(record)
    assert engine.hidden_information
    moves = [e.move for e in entries if e.HasField("move")]
    secret = 0
    for viewer in [None, *range(players)]:
        for index, entry in enumerate(entries):
            other = moves[(index * 7 + 1) % len(moves)]
            changed = hidden_from(entry, viewer, other)
            secret += changed != entry
            assert redact.log_entry(changed, viewer, engine) == \
                redact.log_entry(entry, viewer, engine)
        shown = build(runner, record, entries, record.match.version, viewer, whole=False)
        assert all(not e.HasField("move") or e.seat == viewer for e in shown.entries)
    assert secret  # the match had secrets to change
    whole = build(runner, record, entries, record.match.version, None, whole=True)
    assert sum(e.HasField("move") for e in whole.entries) == len(moves)
    assert len(whole.seat_views) == players
    await runner.store.delete(match_id, game)


async def test_a_kept_result_holds_no_view_and_a_resend_gets_the_movers_view_now(runner):
    """Issue 27: a move's kept answer is its version and events; a resend rebuilds the
    mover's view from the record as it is when resent (later moves included)."""
    from cosmodrome.core.runner import token_hash
    from cosmodrome.store.redis_store import Retry
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, 5)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    first = await runner.submit(match.match_id, tokens[0], 3, "key-0", ttt(4))
    assert first.HasField("view") and first.view.match.version == 4
    _, kept = await runner.store.load(match.match_id, Retry(token_hash(tokens[0])[:24],
                                                            "key-0"))
    stored = kept.value[32:]
    assert not type(first).FromString(stored).HasField("view")
    assert type(first).FromString(stored).version == 4
    assert await runner.submit(match.match_id, tokens[0], 3, "key-0", ttt(4)) == first
    await runner.submit(match.match_id, tokens[1], 4, "key-1", ttt(0))
    again = await runner.submit(match.match_id, tokens[0], 3, "key-0", ttt(4))
    assert again.version == 4 and again.events == first.events
    assert again.view == await runner.view(match.match_id, tokens[0])
    assert again.view.match.version == 5
    await runner.store.delete(match.match_id, "tictactoe")
