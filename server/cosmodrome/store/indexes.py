"""The listing indexes: one sorted set per filter, so a filtered page reads only itself.

A listed (not private) match is in the sets of the filters it answers, scored by its
creation time (ms), in two scopes: every game (`*`) and its own game. The filters are what
ListMatches asks: any status, each status, "open" (a seat anyone may take: waiting, or a
seat vacated in play) and "active and open". The lua/index.lua function keeps them, in the
same script as the change of the match on one server; on a Cluster, where keys of one
script must share a slot and a global index cannot share every match's slot, right after
it (store/redis_store.py says how a lost write there is repaired).

Every match, listed or not, also has its due time in `DUE` while it is waiting (it expires
unjoined) or finished (it leaves the store, or goes to the archive, past retention): the
lifecycle sweep (store/lifecycle.py) takes its index entries out at that time.
"""

from __future__ import annotations

import functools

from cosmodrome.v1 import match_pb2

TAG = "{ix}"  # every index shares one Cluster slot: a listing reads one node
FILTERS = ("any", "waiting", "active", "finished", "open", "active-open")
EVERY_GAME = "*"
DUE = f"ix:{TAG}:due"  # zset: '<match id> <game>' by due time (ms)
LEGACY_ALL = "matches"  # the indexes before these: every status, by creation time

WAITING = match_pb2.MATCH_STATUS_WAITING
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE
FINISHED = match_pb2.MATCH_STATUS_FINISHED


def index_key(scope: str, name: str) -> str:
    return f"ix:{TAG}:{scope}:{name}"


@functools.cache  # (a few games: built once each, not on every commit)
def match_indexes(game: str) -> tuple[str, ...]:
    """Every index a match of `game` may be in, in the order `membership` flags them."""
    return tuple(index_key(scope, name) for scope in (EVERY_GAME, game) for name in FILTERS)


def has_open_seat(match: match_pb2.Match) -> bool:
    return match.status != FINISHED and any(not seat.occupied for seat in match.seats)


def membership(match: match_pb2.Match) -> str:
    """One '1' or '0' per key of `match_indexes`: is the match in it now."""
    if match.private:
        return "0" * 2 * len(FILTERS)
    is_open = has_open_seat(match)
    flags = (True, match.status == WAITING, match.status == ACTIVE,
             match.status == FINISHED, is_open, match.status == ACTIVE and is_open)
    return "".join("1" if flag else "0" for flag in flags) * 2


def listing_index(game: str, status: int, open_seats: bool) -> str | None:
    """The one index that answers a listing (None: no match can, as finished and open)."""
    names = {0: "any", WAITING: "waiting", ACTIVE: "active", FINISHED: "finished"}
    name = names[status]
    if open_seats:
        name = {"any": "open", "waiting": "waiting", "active": "active-open"}.get(name)
        if name is None:
            return None
    return index_key(game or EVERY_GAME, name)


def fits(match: match_pb2.Match, status: int, open_seats: bool) -> bool:
    """Does the match answer the filter (a listing checks what its index gave)."""
    return (not match.private and (not status or match.status == status)
            and (not open_seats or has_open_seat(match)))


def due_member(match_id: str, game: str) -> str:
    return f"{match_id} {game}"


def parse_due_member(member: str) -> tuple[str, str]:
    match_id, _, game = member.partition(" ")
    return match_id, game
