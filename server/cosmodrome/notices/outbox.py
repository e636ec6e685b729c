"""The notices' outbox in the store: one per Redis Cluster slot, any replica drains it.

Keys (every one but the hints shares the slot of the matches whose notices it holds, so
the scripts stay atomic on a Cluster, and commit.lua marks a version in the same step):

    notices:{t}           zset: notice id by the time (ms, the store's clock) it is due:
                          queued (now), retried (now + backoff), or leased to the replica
                          delivering it (now + lease: a replica killed mid-delivery leaves
                          it to another once the lease runs out); and commits' markers
    notices:{t}:body      hash: notice id -> the JSON body; id + '#' -> attempts so far
    notices:owed:{id}     hash (per match): 'v' its last version seen, 's<seat>' the version
                          from which the seat has owed a decision (told once per run)
    notice-slots          zset: slot by the earliest due time of its outbox: a hint written
                          after the outbox, so a drainer reads one key, not 16,384; a hint
                          lost with a killed replica is restored by `repair_hints`

`{t}` is the short hash tag of the slot (store/redis_store.py), as for the deadlines.

A commit's marker: with notices on, a commit of a match a person plays also puts
`<match id>:<version>` (no body) in the outbox of the match's slot, in the commit script
itself (store/lua/commit.lua: the outbox is its last key, the lease its last argument),
leased to the committing replica. That replica's enqueue, a moment later, queues the
version's notices and takes the marker out (notices_enqueue.lua). If the enqueue never
comes (the replica killed right after its commit, or its backlog full), the marker's lease
runs out and any replica's drainer claims it like a notice (`Claimed.marker`) and builds
the notices from the stored version (drainer.py): the same ids, so a receiver deduplicates
them. A version that is no longer the match's latest owes nothing more: its "your turn"s
are the next version's business (the store sees the seat owing and not yet told), and no
version follows the end. The hint (`notice-slots`, another slot) is not written by the
commit: the sweep (or a starting replica's) finds the marker.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cosmodrome.store.multiplex import Script
from cosmodrome.store.redis_store import RedisStore, _slot_tags, lua_source, match_slot

HINTS = "notice-slots"
OWED_TTL_MS = 30 * 24 * 3600 * 1000  # a match silent this long forgets who was told


def outbox_key(slot: int) -> str:
    return f"notices:{{{_slot_tags()[slot]}}}"


def bodies_key(slot: int) -> str:
    return f"{outbox_key(slot)}:body"


def owed_key(match_id: str) -> str:
    return f"notices:owed:{{{match_id}}}"


@dataclass(frozen=True)
class Notice:
    """One notice to deliver: `body` is what is POSTed (and signed)."""

    id: str
    seat: int
    body: bytes


def marked_version(marker_id: str) -> tuple[str, int]:
    """The match and version of a commit's marker ('<match id>:<version>', commit.lua)."""
    match_id, version = marker_id.rsplit(":", 1)
    return match_id, int(version)


@dataclass(frozen=True)
class Claimed:
    """A notice leased to this replica; `attempt` (1 for the first) is the lease's token."""

    slot: int
    id: str
    body: bytes
    attempt: int

    @property
    def marker(self) -> bool:
        """A commit's marker (its notices to build), not a notice: it has no body."""
        return not self.body


@dataclass(frozen=True)
class Commit:
    """The notices one committed version may owe: queued by `Outbox.enqueue`."""

    match_id: str
    version: int
    ended: bool
    notices: tuple[Notice, ...]


class Outbox:
    ENQUEUE = Script(lua_source("notices_enqueue"))
    CLAIM = Script(lua_source("notices_claim"))
    DUE = Script(lua_source("notices_due"))
    SETTLE = Script(lua_source("notices_settle"))
    RELEASE = Script(lua_source("release_deadline"))  # drop a hint unless it changed

    def __init__(self, store: RedisStore, wait_ms: int = 0) -> None:
        """`wait_ms`: how long a "your turn" waits before it is due; a seat that moves
        meanwhile has it withdrawn (0: due at once, never withdrawn)."""
        self.fast = store.fast
        self.wait_ms = wait_ms

    async def enqueue(self, commit: Commit) -> tuple[int, int]:
        """Queue what `commit` owes (the store decides who is told: see the script).
        Returns how many notices were queued, and how many withdrawn."""
        slot = match_slot(commit.match_id)
        args: list[object] = [commit.version, "1" if commit.ended else "", OWED_TTL_MS,
                              self.wait_ms, commit.match_id]
        for notice in commit.notices:
            args += [notice.seat, notice.id, notice.body]
        queued, withdrawn, due = await self.fast.evalsha(
            self.ENQUEUE, keys=[owed_key(commit.match_id), outbox_key(slot), bodies_key(slot)],
            args=args)
        if queued:
            await self.hint(slot, int(due))
        return int(queued), int(withdrawn)

    async def claim(self, slot: int, lease_ms: int, count: int) -> list[Claimed]:
        """Lease up to `count` due notices of `slot`."""
        flat = await self.fast.evalsha(
            self.CLAIM, keys=[outbox_key(slot), bodies_key(slot)], args=[lease_ms, count])
        return [Claimed(slot, flat[i].decode(), flat[i + 1], int(flat[i + 2]))
                for i in range(0, len(flat), 3)]

    async def settle(self, notice: Claimed, retry_in_ms: int | None) -> None:
        """Delivered or given up (`retry_in_ms` None): out of the outbox; else due again
        in `retry_in_ms`. Nothing if another replica claimed it meanwhile."""
        due = await self.fast.evalsha(
            self.SETTLE, keys=[outbox_key(notice.slot), bodies_key(notice.slot)],
            args=[notice.id, notice.attempt, "done" if retry_in_ms is None else retry_in_ms])
        if due and due > 0:
            await self.hint(notice.slot, int(due))

    # -- hints: which slots have something due -----------------------------------------

    async def hint(self, slot: int, due_ms: int) -> None:
        await self.fast.execute("ZADD", HINTS, "LT", due_ms, slot)

    async def due_slots(self, limit: int = 64) -> list[tuple[int, int]]:
        """Slots whose hint is due by the store's clock: (slot, hinted due time)."""
        raw = await self.fast.evalsha(self.DUE, keys=[HINTS], args=[limit])
        return [(int(raw[i]), int(float(raw[i + 1]))) for i in range(0, len(raw), 2)]

    async def rehint(self, slot: int, hinted_ms: int) -> None:
        """After claiming what was due in `slot`: drop its hint unless an earlier one came
        meanwhile, then hint its earliest notice left (leased ones included: their lease
        may run out). In that order, a notice queued meanwhile is read here or hinted by
        its enqueue (the deadlines' rule, store/redis_store.py)."""
        await self.fast.evalsha(self.RELEASE, keys=[HINTS], args=[slot, hinted_ms])
        await self.repair_hints([slot])

    async def repair_hints(self, slots: Iterable[int]) -> None:
        """Hint the earliest notice of each of `slots`: a replica killed between its
        enqueue and its hint loses the hint; the drainer sweeps every slot in turn."""
        slots = list(slots)
        earliest = await self.fast.execute_many(
            *(("ZRANGE", outbox_key(slot), 0, 0, "WITHSCORES") for slot in slots))
        hints = [part for slot, found in zip(slots, earliest, strict=True) if found
                 for part in (int(float(found[1])), slot)]
        if hints:
            await self.fast.execute("ZADD", HINTS, "LT", *hints)
