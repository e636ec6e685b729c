"""The one redaction choke point: everything that leaves the server for a seat or a
spectator is built here, through the game's own `view` and the events' audiences.

`viewer` is a seat index, or None for a spectator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer
from google.protobuf.message import Message

from cosmodrome.core import wire
from cosmodrome.core.engine import Decision, Event, Game
from cosmodrome.v1 import match_pb2, play_pb2, records_pb2

SPECTATOR = -1


def add_events(game: Game, events: Iterable[Event],
               out: RepeatedCompositeFieldContainer[records_pb2.StoredEvent]) -> None:
    """Events as the log keeps them: all of them, each with its audience."""
    for e in events:
        stored = out.add(public=e.audience is None, audience=sorted(e.audience or ()))
        getattr(stored.event, game.name).CopyFrom(e.payload)


def visible(event: records_pb2.StoredEvent, viewer: int | None) -> bool:
    return event.public or (viewer is not None and viewer in event.audience)


def log_entry(entry: records_pb2.StoredEntry, viewer: int | None, game: Game | None = None,
              whole: bool = False) -> match_pb2.LogEntry:
    """The entry as `viewer` may see it; with `game`, its move too where he may know it."""
    shown = match_pb2.LogEntry(
        version=entry.version, seat=entry.seat, move_kind=entry.move_kind, time=entry.time,
        events=[e.event for e in entry.events if visible(e, viewer)])
    if game is not None and entry.HasField("move") and knows_move(game, entry, viewer, whole):
        shown.move.CopyFrom(entry.move)
    return shown


def knows_move(game: Game, entry: records_pb2.StoredEntry, viewer: int | None,
               whole: bool = False) -> bool:
    """Whether `viewer` may know every field of the entry's move: its mover does, and so does
    everyone in a game without hidden information (or in a whole replay). Anyone else knows
    of it only what its events and the move kind tell him, so he gets none of it: a move of
    a game with secrets (a card chosen face down) is never shown part-scrubbed."""
    return whole or not game.hidden_information or (viewer is not None and viewer == entry.seat)


def chat_line(line: records_pb2.StoredChat) -> play_pb2.ChatLine:
    """A chat line is public to the match: the same for every viewer."""
    public = play_pb2.ChatLine(sequence=line.sequence, seat=line.seat, text=line.text,
                               match_version=line.match_version,
                               display_name=line.display_name)
    public.time.FromMilliseconds(line.time_ms)
    return public


def add_decisions(game: Game, decisions: Iterable[Decision], viewer: int | None,
                  out: RepeatedCompositeFieldContainer[match_pb2.Decision],
                  seats: Sequence[match_pb2.Seat] = ()) -> None:
    """The viewer's own decisions in full; others' only as who owes what kind (no kind for a
    private one), and when: the rules' deadline or, sooner, the seat's running clock.

    (Built in place: this runs on every move, and copying nested options is costly.)
    """
    for d in decisions:
        kind = d.kind if d.seat == viewer or not d.private else ""
        deadline = d.deadline_ms
        if seats and (clock_due := seats[d.seat].clock_due_ms):
            deadline = min(deadline, clock_due) if deadline else clock_due
        decision = out.add(seat=d.seat, kind=kind, deadline_ms=deadline)
        if d.seat == viewer:
            decision.prompt = d.prompt
            for option in d.options:
                getattr(decision.options.add(), game.name).CopyFrom(option)


def match_view(game: Game, record: records_pb2.StoredMatch, viewer: int | None,
               state: Message | None = None, decisions: list[Decision] | None = None
               ) -> match_pb2.MatchView:
    """`viewer`'s view of the match. Pass `state`/`decisions` when already at hand."""
    view = match_pb2.MatchView(match=record.match)
    view.MergeFrom(_seen(game, record, viewer, state, decisions))
    return view


def _seen(game: Game, record: records_pb2.StoredMatch, viewer: int | None,
          state: Message | None = None, decisions: list[Decision] | None = None
          ) -> match_pb2.MatchView:
    """A MatchView but its `match` (the same for every viewer): what `viewer` sees."""
    view = match_pb2.MatchView(viewer_seat=SPECTATOR if viewer is None else viewer)
    if record.state.WhichOneof("game") is None:
        return view  # waiting for players: no game yet
    if state is None:
        state = getattr(record.state, game.name)
    if decisions is None:  # a match closed by its creator owes nothing any more
        active = record.match.status == match_pb2.MATCH_STATUS_ACTIVE
        decisions = game.decisions(state) if active else []
    getattr(view.game, game.name).CopyFrom(game.view(state, viewer))
    add_decisions(game, decisions, viewer, view.decisions, record.match.seats)
    return view


def replay_view(game: Game, record: records_pb2.StoredMatch, version: int,
                state: Message | None, viewer: int | None) -> match_pb2.MatchView:
    """`viewer`'s view of a finished match as it stood at `version` (`state`: the replay's
    state then; None before play began). The match is the one that ended, at `version`;
    decisions owed then carry no deadline (clocks are not replayed)."""
    view = match_pb2.MatchView(match=record.match,
                               viewer_seat=SPECTATOR if viewer is None else viewer)
    view.match.version = version
    if state is None:
        return view
    last = version == record.match.version
    decisions = [] if last or game.result(state) is not None else game.decisions(state)
    getattr(view.game, game.name).CopyFrom(game.view(state, viewer))
    add_decisions(game, decisions, viewer, view.decisions)
    return view


class Snapshot:
    """A match record at one version, each viewer's view of it rendered once, and its
    watch update serialized once, however many streams of that viewer (every spectator is
    one viewer) show it. The match itself, the same for all, is serialized once for all
    (`wire`: a view's bytes are the match's field followed by the viewer's own part)."""

    __slots__ = ("record", "_decisions", "_seen", "_views", "_updates", "_match")

    def __init__(self, record: records_pb2.StoredMatch,
                 decisions: list[Decision] | None = None) -> None:
        """`decisions`: those owed at this version, when the caller has them (a commit)."""
        self.record = record
        self._decisions = decisions
        self._seen: dict[int | None, match_pb2.MatchView] = {}
        self._views: dict[int | None, match_pb2.MatchView] = {}
        self._updates: dict[int | None, bytes] = {}
        self._match: bytes | None = None  # MatchView.match's field, serialized

    @property
    def version(self) -> int:
        return self.record.match.version

    def view(self, game: Game, viewer: int | None) -> match_pb2.MatchView:
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = match_pb2.MatchView(match=self.record.match)
            view.MergeFrom(self._seen_by(game, viewer))
        return view

    def update(self, game: Game, entry: records_pb2.StoredEntry, viewer: int | None) -> bytes:
        """The serialized MatchUpdate of `entry` (this snapshot's version) with `viewer`'s
        view, as a watch stream writes it."""
        update = self._updates.get(viewer)
        if update is None:
            if self._match is None:
                self._match = wire.field(1, self.record.match.SerializeToString())
            view = self._match + self._seen_by(game, viewer).SerializeToString()
            update = self._updates[viewer] = (
                wire.field(1, log_entry(entry, viewer).SerializeToString())
                + wire.field(2, view))
        return update

    def _seen_by(self, game: Game, viewer: int | None) -> match_pb2.MatchView:
        seen = self._seen.get(viewer)
        if seen is None:
            if self._decisions is None and self.record.state.WhichOneof("game"):
                active = self.record.match.status == match_pb2.MATCH_STATUS_ACTIVE
                self._decisions = game.decisions(getattr(self.record.state, game.name)) \
                    if active else []
            seen = self._seen[viewer] = _seen(game, self.record, viewer,
                                              decisions=self._decisions)
        return seen
