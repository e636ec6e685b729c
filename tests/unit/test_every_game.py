"""Generic tests every registered game must pass, in the spirit of OpenSpiel's game tests.

Each game in `registry()` is played to the end by random bots in process, for many seeds and
every player count, and the engine contract is checked at every step: listed options apply,
unlisted ones are rejected without touching the state, the same seed and moves give the same
bytes, states survive serialization, every viewer's view serializes, and a result exists
exactly when nobody owes a decision. A game registered later is picked up automatically.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from google.protobuf.message import Message

from cosmodrome.core.engine import Decision, Event, Game, IllegalMove, Result
from cosmodrome.games import registry
from cosmodrome_client.bots import RandomBot

GAMES = registry()
MAX_STEPS = 20_000  # a playout longer than this is treated as a game that never ends
# Work is bounded in moves, not seeds, so short games get many seeds and long ones a few.
MAX_SEEDS, MIN_SEEDS, MOVES_PER_CASE = 12, 2, 2_500
EXHAUSTIVE_SEEDS = range(2)  # seeds on which every listed option is tried (on sampled steps)
LONG_GAME = 300  # moves


def sampled(step: int, every: int) -> bool:
    """Every step early in a game, then every `every`-th: long games stay affordable."""
    return step < 100 or step % every == 0

CASES = [pytest.param(name, players, id=f"{name}-{players}p")
         for name, game in GAMES.items()
         for players in range(game.min_players, game.max_players + 1)]


def state_bytes(state: Message) -> bytes:
    return state.SerializeToString(deterministic=True)


def copy_of(game: Game, state: Message) -> Message:
    clone = game.State()
    clone.CopyFrom(state)
    return clone


@dataclass
class Playout:
    """One random game: the moves made and the state bytes after each of them."""

    seed: int
    players: int
    moves: list[tuple[int, Message]] = field(default_factory=list)
    states: list[bytes] = field(default_factory=list)
    final: Message | None = None
    result: Result | None = None


def new_state(game: Game, players: int, seed: int) -> Message:
    options = game.Options()
    game.check_options(options, players)
    state = game.setup(options, players, seed)
    assert isinstance(state, game.State)
    return state


def check_decisions(game: Game, state: Message, players: int) -> list[Decision]:
    decisions = game.decisions(state)
    result = game.result(state)
    if decisions:
        assert result is None, "a result is set while decisions are still owed"
    else:
        assert result is not None, "nobody owes a decision but the game has no result"
        assert all(0 <= w < players for w in result.winners)
    for d in decisions:
        assert 0 <= d.seat < players
        assert d.kind, "every decision names its kind"
        assert d.options, f"decision {d.kind!r} of seat {d.seat} lists no options"
        assert all(isinstance(o, game.Move) for o in d.options)
    return decisions


def check_views(game: Game, state: Message, players: int) -> None:
    for viewer in [*range(players), None]:
        view = game.view(state, viewer)
        assert isinstance(view, game.View)
        assert game.View.FromString(view.SerializeToString()) == view


def check_round_trip(game: Game, state: Message) -> None:
    parsed = game.State.FromString(state.SerializeToString())
    assert parsed == state
    assert state_bytes(parsed) == state_bytes(state)
    assert [(d.seat, d.kind, list(d.options)) for d in game.decisions(parsed)] == \
        [(d.seat, d.kind, list(d.options)) for d in game.decisions(state)]


def check_events(game: Game, events: list[Event], players: int) -> None:
    for e in events:
        assert isinstance(e, Event)
        assert isinstance(e.payload, game.Event)
        if e.audience is not None:
            assert all(0 <= s < players for s in e.audience)


def check_unlisted_moves_rejected(game: Game, state: Message, players: int,
                                  decisions: list[Decision], seen: list[Message]) -> None:
    """Moves seen elsewhere in the game but not offered to a seat now must be refused."""
    before = state_bytes(state)
    candidates = [game.Move(), *seen[-40:], *(o for d in decisions for o in d.options)]
    for seat in range(players):
        legal = [o for d in decisions if d.seat == seat for o in d.options]
        for move in candidates:
            if move in legal:
                continue
            with pytest.raises(IllegalMove) as caught:
                game.apply(state, seat, move)
            assert caught.value.rule, "an IllegalMove names the rule it enforces"
            assert state_bytes(state) == before, (
                f"rejected {move} by seat {seat} changed the state")


def check_every_option_applies(game: Game, state: Message, players: int,
                               decisions: list[Decision]) -> None:
    before = state_bytes(state)
    for d in decisions:
        for option in d.options:
            trial = copy_of(game, state)
            events = game.apply(trial, d.seat, option)
            check_events(game, events, players)
            check_decisions(game, trial, players)
    assert state_bytes(state) == before


def random_playout(game: Game, players: int, seed: int, *, exhaustive: bool = False) -> Playout:
    """Plays one game with RandomBots, checking the engine contract after every move."""
    state = new_state(game, players, seed)
    picker = random.Random(seed)
    bots = [RandomBot(seed * 1000 + s) for s in range(players)]
    playout = Playout(seed, players, states=[state_bytes(state)])
    seen: list[Message] = []
    for step in range(MAX_STEPS):
        decisions = check_decisions(game, state, players)
        if sampled(step, 10) or not decisions:
            before = state_bytes(state)
            check_views(game, state, players)
            assert game.decisions(state) == decisions, "decisions() must be repeatable"
            assert state_bytes(state) == before, "decisions, view and result must not write"
        if exhaustive and (sampled(step, 40) or not decisions):
            check_round_trip(game, state)
            check_unlisted_moves_rejected(game, state, players, decisions, seen)
            check_every_option_applies(game, state, players, decisions)
        if not decisions:
            playout.final, playout.result = state, game.result(state)
            return playout
        decision = picker.choice(decisions)
        move = bots[decision.seat].choose(game.view(state, decision.seat), decision.kind,
                                         decision.options)
        assert move in decision.options, "RandomBot must pick one of the options"
        events = game.apply(state, decision.seat, move)
        check_events(game, events, players)
        seen.extend(d_option for d in decisions for d_option in d.options[:3])
        playout.moves.append((decision.seat, move))
        playout.states.append(state_bytes(state))
    pytest.fail(f"{game.name} with {players} players, seed {seed}: no end after "
                f"{MAX_STEPS} moves")


@cache
def playouts(name: str, players: int) -> tuple[Playout, ...]:
    """The random playouts of one case, made (and checked move by move) once per session."""
    game, made, moves = GAMES[name], [], 0
    for seed in range(MAX_SEEDS):
        if len(made) >= MIN_SEEDS and moves >= MOVES_PER_CASE:
            break
        made.append(random_playout(game, players, seed))
        moves += len(made[-1].moves)
    return tuple(made)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_reach_a_result(name: str, players: int) -> None:
    game = GAMES[name]
    for playout in playouts(name, players):
        assert playout.result is not None
        assert playout.moves, "a game ends only after someone moved"
        assert game.decisions(playout.final) == []


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_listed_option_applies_and_unlisted_ones_are_rejected(name: str,
                                                                    players: int) -> None:
    game = GAMES[name]
    for seed in EXHAUSTIVE_SEEDS:
        playout = random_playout(game, players, seed, exhaustive=True)
        if len(playout.moves) > LONG_GAME:
            break  # one long game already tried thousands of options


@pytest.mark.parametrize(("name", "players"), CASES)
def test_same_seed_and_moves_give_the_same_state(name: str, players: int) -> None:
    game = GAMES[name]
    for playout in playouts(name, players)[:4]:
        state = new_state(game, players, playout.seed)
        assert state_bytes(state) == playout.states[0]
        for (seat, move), expected in zip(playout.moves, playout.states[1:], strict=True):
            game.apply(state, seat, move)
            assert state_bytes(state) == expected
        assert game.result(state) == playout.result


@pytest.mark.parametrize(("name", "players"), CASES)
def test_state_survives_serialization_mid_game(name: str, players: int) -> None:
    """Continuing from a parsed copy of the state gives the same game as the original."""
    game = GAMES[name]
    playout = playouts(name, players)[-1]
    state = new_state(game, players, playout.seed)
    for (seat, move), expected in zip(playout.moves, playout.states[1:], strict=True):
        state = game.State.FromString(state.SerializeToString())
        game.apply(state, seat, move)
        assert state_bytes(state) == expected


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_finished_game_refuses_every_move(name: str, players: int) -> None:
    game = GAMES[name]
    playout = playouts(name, players)[0]
    final = game.State.FromString(state_bytes(playout.final))
    before = state_bytes(final)
    for seat, move in playout.moves[-5:]:
        with pytest.raises(IllegalMove):
            game.apply(final, seat, move)
        assert state_bytes(final) == before


@pytest.mark.parametrize(("name", "players"), CASES)
def test_timeout_without_deadlines_changes_nothing(name: str, players: int) -> None:
    """The server only fires deadlines a decision announced; with none, a timeout is a no-op."""
    game = GAMES[name]
    state = new_state(game, players, seed=11)
    if any(d.deadline_ms for d in game.decisions(state)):
        pytest.skip(f"{name} has clocks by default")
    before = state_bytes(state)
    assert game.timeout(state, now_ms=2**62) == []
    assert state_bytes(state) == before


@pytest.mark.parametrize("name", list(GAMES))
def test_game_describes_itself(name: str) -> None:
    game = GAMES[name]
    assert game.name == name
    assert game.title and game.summary
    assert 1 <= game.min_players <= game.max_players
    for cls in (game.Options, game.State, game.Move, game.View, game.Event):
        assert issubclass(cls, Message)


_FINAL_STATES = """
import hashlib, sys
sys.path.insert(0, {root!r})
from tests.unit.test_every_game import GAMES, random_playout, state_bytes
for name, game in sorted(GAMES.items()):
    playout = random_playout(game, game.min_players, seed=5)
    print(name, len(playout.moves), hashlib.sha256(state_bytes(playout.final)).hexdigest())
"""


def test_games_play_the_same_in_processes_with_different_hash_seeds() -> None:
    """Replicas are separate processes: set or dict order over strings must not steer a game
    (Python salts str hashes per process)."""
    root = str(Path(__file__).resolve().parents[2])
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        child = subprocess.run([sys.executable, "-c", _FINAL_STATES.format(root=root)],
                               env=env, capture_output=True, text=True, check=False,
                               timeout=600)
        assert child.returncode == 0, child.stderr[-2000:]
        outputs.append(child.stdout)
    assert outputs[0].split() and outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == len(GAMES)
