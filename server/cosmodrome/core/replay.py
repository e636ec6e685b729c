"""Replays: a match rebuilt version by version from its seed and its log.

Engines are deterministic (randomness only from the seed kept in the state, time only from
the `now_ms` they are given), so the log's recorded moves, the server's timeouts and the
setup time kept on the entry where play began give back every state the match went through.
This module is the one home of what a log entry does to a game's state: the runner records
through it (`setup`, `keep_move`, the kinds below) and a replay plays it back (`states`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from google.protobuf.message import Message

from cosmodrome.core.engine import Event, Game
from cosmodrome.v1 import games_pb2, records_pb2

TIMEOUT = "timeout"             # the rules' timeout of a deadline passed (Game.timeout)
FORFEIT = "timeout_forfeit"     # a seat out of time under FORFEIT (Game.drop_out)


class Unreplayable(Exception):
    """The log cannot rebuild the match (kept before moves were, or it does not fit)."""


def setup(game: Game, record: records_pb2.StoredMatch, now_ms: int) -> Message:
    """The match's first state, as its options, players and seed make it at `now_ms`."""
    options = getattr(record.match.options, game.name)
    return game.setup(options, record.match.players, record.seed, now_ms)


def keep_move(game: Game, entry: records_pb2.StoredEntry, move: Message | None) -> None:
    """Record on `entry` the game move applied with it (None: none)."""
    if move is not None:
        getattr(entry.move, game.name).CopyFrom(move)


@dataclass(frozen=True)
class Step:
    """One version of the match: its log entry, the state after it (None before play
    began), and the events the replay's engine produced for it."""

    entry: records_pb2.StoredEntry
    state: Message | None
    events: list[Event]


def states(game: Game, record: records_pb2.StoredMatch,
           entries: Iterable[records_pb2.StoredEntry]) -> Iterator[Step]:
    """Every version of the match in log order, the state after each rebuilt by the engine.

    The yielded state is the replay's own and changes with the next step: copy it to keep it.
    """
    state: Message | None = None
    for entry in entries:
        now = entry.time.ToMilliseconds()
        events: list[Event] = []
        if entry.HasField("start_ms"):
            state = setup(game, record, entry.start_ms)
        elif state is not None:
            events = _apply(game, state, entry, now)
        elif entry.HasField("move"):
            raise Unreplayable(f"version {entry.version} moves before play began")
        yield Step(entry, state, events)


def _apply(game: Game, state: Message, entry: records_pb2.StoredEntry, now: int
           ) -> list[Event]:
    if entry.HasField("move"):
        move = getattr(entry.move, game.name)
        return game.apply(state, entry.seat, move, now)
    if entry.move_kind == TIMEOUT:
        return game.timeout(state, now)
    if entry.move_kind == FORFEIT:
        return game.drop_out(state, entry.seat, now)
    if entry.seat >= 0 and entry.move_kind not in _SEAT_CHANGES:
        raise Unreplayable(f"version {entry.version} ({entry.move_kind}) kept no move: "
                           "the match was played before moves were recorded")
    return []  # a change of seats or status only (join, abandon, close, ...)


# Changes a seat makes that touch no game state (every other seat entry carries its move).
_SEAT_CHANGES = frozenset({"join", "join_and_start", "rejoin", "reclaim", "leave", "abandon",
                           "timeout_skip", "timeout_zombie"})


def game_state(game: Game, state: Message) -> games_pb2.GameState:
    return games_pb2.GameState(**{game.name: state})
