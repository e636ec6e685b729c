"""The one redaction choke point: everything that leaves the server for a seat or a
spectator is built here, through the game's own `view` and the events' audiences.

`viewer` is a seat index, or None for a spectator.
"""

from __future__ import annotations

from collections.abc import Iterable

from google.protobuf.message import Message

from cosmodrome.core.engine import Decision, Event, Game
from cosmodrome.v1 import games_pb2, match_pb2, records_pb2

SPECTATOR = -1


def wrap_move(game: Game, move: Message) -> games_pb2.GameMove:
    return games_pb2.GameMove(**{game.name: move})


def wrap_event(game: Game, event: Message) -> games_pb2.GameEvent:
    return games_pb2.GameEvent(**{game.name: event})


def store_events(game: Game, events: Iterable[Event]) -> list[records_pb2.StoredEvent]:
    """Events as the log keeps them: all of them, each with its audience."""
    return [records_pb2.StoredEvent(event=wrap_event(game, e.payload),
                                    public=e.audience is None,
                                    audience=sorted(e.audience or ()))
            for e in events]


def visible(event: records_pb2.StoredEvent, viewer: int | None) -> bool:
    return event.public or (viewer is not None and viewer in event.audience)


def log_entry(entry: records_pb2.StoredEntry, viewer: int | None) -> match_pb2.LogEntry:
    return match_pb2.LogEntry(
        version=entry.version, seat=entry.seat, move_kind=entry.move_kind, time=entry.time,
        events=[e.event for e in entry.events if visible(e, viewer)])


def decisions_for(game: Game, decisions: Iterable[Decision], viewer: int | None
                  ) -> list[match_pb2.Decision]:
    """The viewer's own decisions in full; others' only as who owes what kind, and when."""
    out = []
    for d in decisions:
        if d.seat == viewer:
            out.append(match_pb2.Decision(seat=d.seat, kind=d.kind, prompt=d.prompt,
                                          options=[wrap_move(game, o) for o in d.options],
                                          deadline_ms=d.deadline_ms))
        else:
            out.append(match_pb2.Decision(seat=d.seat, kind=d.kind, deadline_ms=d.deadline_ms))
    return out


def match_view(game: Game, record: records_pb2.StoredMatch, viewer: int | None,
               state: Message | None = None, decisions: list[Decision] | None = None
               ) -> match_pb2.MatchView:
    """`viewer`'s view of the match. Pass `state`/`decisions` when already at hand."""
    view = match_pb2.MatchView(match=record.match,
                               viewer_seat=SPECTATOR if viewer is None else viewer)
    if record.state.WhichOneof("game") is None:
        return view  # waiting for players: no game yet
    if state is None:
        state = getattr(record.state, game.name)
    if decisions is None:
        decisions = game.decisions(state)
    view.game.CopyFrom(games_pb2.GameView(**{game.name: game.view(state, viewer)}))
    view.decisions.extend(decisions_for(game, decisions, viewer))
    return view
