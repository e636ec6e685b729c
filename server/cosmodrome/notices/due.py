"""Which notices a committed version may owe, and their bodies.

A player's seat (occupied, not played by the server) that owes a decision may be told
"your turn"; at the end every player's seat is told "match_ended". Whether a "your turn" is
new (the seat did not owe one at the version before) is decided in the store, where the
versions of every replica meet (store/lua/notices_enqueue.lua).

A notice's id is `<match>:<version>:<seat>:<kind>`: the same whichever replica builds it,
however often it is retried, so a receiver deduplicates by it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from cosmodrome.core import redact
from cosmodrome.core.engine import Decision, Game
from cosmodrome.notices.outbox import Commit, Notice
from cosmodrome.v1 import match_pb2, records_pb2

YOUR_TURN = "your_turn"
MATCH_ENDED = "match_ended"


def notice_id(match_id: str, version: int, seat: int, kind: str) -> str:
    return f"{match_id}:{version}:{seat}:{kind}"


def players(match: match_pb2.Match) -> list[int]:
    """Seats a person holds: taken, and not played by the server."""
    return [s.index for s in match.seats if s.occupied and not s.bot]


def owed(game: Game, snapshot: redact.Snapshot) -> list[Decision]:
    """The decisions owed at the snapshot's version (the runner passes them with a commit;
    Snapshot keeps them private, so they are read here, or computed if it has none)."""
    decisions = snapshot._decisions  # the commit's own: not computed twice
    if decisions is not None:
        return decisions
    record = snapshot.record
    if record.match.status != match_pb2.MATCH_STATUS_ACTIVE:
        return []
    return game.decisions(getattr(record.state, game.name))


def commit_notices(game: Game, entry: records_pb2.StoredEntry, snapshot: redact.Snapshot
                   ) -> Commit | None:
    """What this version may owe; None for a match no person plays (nothing to tell)."""
    match = snapshot.record.match
    people = players(match)
    if not people:
        return None
    ended = match.status == match_pb2.MATCH_STATUS_FINISHED
    if ended:
        notices = tuple(_notice(match, entry, seat, MATCH_ENDED, 0) for seat in people)
    else:
        deadlines: dict[int, int] = {}
        for d in owed(game, snapshot):
            if d.seat in people:
                earliest = deadlines.get(d.seat, 0)
                deadlines[d.seat] = min(filter(None, (earliest, d.deadline_ms)), default=0)
        notices = tuple(_notice(match, entry, seat, YOUR_TURN, deadline)
                        for seat, deadline in sorted(deadlines.items()))
    return Commit(match.match_id, match.version, ended, notices)


def _notice(match: match_pb2.Match, entry: records_pb2.StoredEntry, seat: int, kind: str,
            deadline_ms: int) -> Notice:
    nid = notice_id(match.match_id, match.version, seat, kind)
    body = {"id": nid, "kind": kind, "match_id": match.match_id, "game": match.game,
            "seat": seat, "display_name": match.seats[seat].display_name,
            "version": match.version, "time": _rfc3339(entry.time.ToMilliseconds()),
            "deadline": _rfc3339(deadline_ms) if deadline_ms else None}
    if kind == MATCH_ENDED:
        result = match.result
        body["result"] = {"winners": list(result.winners), "summary": result.summary,
                          "closed": result.closed}
    return Notice(nid, seat, json.dumps(body, separators=(",", ":")).encode())


def _rfc3339(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")[:-6] + "Z"
