"""The match store on Redis.

Key layout: every key of one match shares the hash tag `{match_id}`, so a match lives in one
Redis Cluster slot and its Lua scripts stay atomic there.

    m:{id}          hash: v (version), rec (StoredMatch), pub (public Match),
                    inc (incarnation: new at creation and at each admin import);
                    and the match's chat (lua/chat.lua): chat:n (its newest sequence),
                    chat:first (its oldest kept), chat:<sequence> (each line kept, a
                    StoredChat), chat:rate:<seat> and chat:q:<caller>... (each seat's rate
                    window, each holder's request ids): the chat lives, expires and goes
                    with its match
    m:{id}:log      stream: one entry per version, id "<version>-0", field e (StoredEntry);
                    also the pub/sub channel where each new version is announced
                    (a records.Notice: the entry and the record; or a chat line).
                    Once the match is finished, its entries move to the hash's field
                    logz, compressed (lua/compact.lua), and the stream goes
    m:{id}:idem     hash: per credential, its latest IDEMPOTENCY_KEYS_PER_SEAT keys, each
                    with the first result of its move (a ring, see commit.lua); slot
                    chat<seat>: the versions of the seat's judged chat lines, likewise
    m:{id}:ticket:<sha256>  string: a watch ticket's seat token hash, with its time to live
    ix:{ix}:<scope>:<filter>  zset: match id by creation time (ms), one per listing filter
                    (store/indexes.py); ix:{ix}:due: each waiting or finished match by the
                    time it leaves the store (lifecycle.py sweeps it out of the indexes)
    matches, matches:<game>  the indexes of old (every status): moved by `backfill`
    deadlines:{t}   zset: match id by the due time (ms) of its earliest deadline, one per
                    Cluster slot (the tag t hashes to that slot), so the commit script that
                    moves a match writes its deadline in the same atomic step
    deadline-slots  zset: slot number by the earliest due time of its deadlines set: a hint
                    written after the commit, so the deadline loop reads one key, not 16,384;
                    a hint lost with a killed replica is repaired by `repair_hints`
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import functools
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources

import redis.asyncio as redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import Connection, SSLConnection, parse_url
from redis.exceptions import ConnectionError, ResponseError

from cosmodrome.core.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    RateLimited,
    ResourceExhausted,
    Stale,
)
from cosmodrome.store import indexes
from cosmodrome.store.archive import Archive
from cosmodrome.store.cluster import ClusterMultiplexer, ClusterSubscriber
from cosmodrome.store.multiplex import Multiplexer, Script, Subscriber
from cosmodrome.v1 import admin_pb2, match_pb2, records_pb2

ALL_MATCHES = indexes.LEGACY_ALL
DEADLINE_HINTS = "deadline-slots"
LEGACY_DEADLINES = "deadlines"  # one zset for every match, before deadlines had slots
SLOTS = 16384  # Redis Cluster's hash slots
IDEMPOTENCY_KEYS_PER_SEAT = 16  # a seat's newest keys, each answered with its first result
CHAT_REQUESTS_PER_SEAT = 16  # likewise for chat request ids
NO_MARKER: tuple[tuple, tuple] = ((), ())  # a commit's notice marker with notices off


def lua_source(name: str) -> str:
    """A store script's Lua source (store/lua/<name>.lua)."""
    return resources.files("cosmodrome.store").joinpath(f"lua/{name}.lua").read_text()


def _indexing(name: str) -> str:
    """A script that keeps the indexes: lua/index.lua's functions, then its own body."""
    return lua_source("index") + lua_source(name)


def match_key(match_id: str) -> str:
    return f"m:{{{match_id}}}"


def log_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:log"


def idem_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:idem"


def key_slot(key: str) -> int:
    """The Redis Cluster slot of `key` (CRC16 of its hash tag, as Redis computes it)."""
    data = key.encode()
    start = data.find(b"{")
    if start >= 0:
        end = data.find(b"}", start + 1)
        if end > start + 1:
            data = data[start + 1:end]
    return binascii.crc_hqx(data, 0) % SLOTS


def match_slot(match_id: str) -> int:
    return key_slot(match_key(match_id))


@functools.cache
def _slot_tags() -> tuple[str, ...]:
    """A short hash tag for each slot (found once: about 170,000 CRCs, ~0.1 s)."""
    tags: list[str | None] = [None] * SLOTS
    missing, n = SLOTS, 0
    while missing:
        tag = format(n, "x")
        slot = binascii.crc_hqx(tag.encode(), 0) % SLOTS
        if tags[slot] is None:
            tags[slot], missing = tag, missing - 1
        n += 1
    return tuple(tags)


def deadlines_key(slot: int) -> str:
    """The deadlines set of one slot: it shares the slot of the matches it holds."""
    return f"deadlines:{{{_slot_tags()[slot]}}}"


def ticket_key(match_id: str, ticket_digest: str) -> str:
    return f"m:{{{match_id}}}:ticket:{ticket_digest}"


def match_channel(match_id: str) -> str:
    """Where a match's new versions are announced (the name of its stream; a channel is
    not a key, and publishing from a script is allowed under Cluster)."""
    return log_key(match_id)


def match_of_channel(channel: str) -> str:
    return channel[3:-5]  # m:{<id>}:log -> <id>


def game_index(game: str) -> str:
    """The index of old of one game (before store/indexes.py): read by `backfill`."""
    return f"{ALL_MATCHES}:{game}"


@dataclass(frozen=True)
class Lifecycle:
    """How long matches stay: `waiting_ms` unjoined (0: for ever), `retention_ms` once
    finished; then the finished go to `archive` if there is one (else they expire). The
    first results kept for resent moves (half or more of a finished match's bytes) stay
    `answers_ms` after the end: a resend comes within seconds of its first attempt."""

    retention_ms: int = 7 * 24 * 3600 * 1000
    waiting_ms: int = 24 * 3600 * 1000
    archive: Archive | None = None
    answers_ms: int = 3600 * 1000

    def answers_expire(self, match: match_pb2.Match, expire_ms: int) -> int:
        """When the match's kept results expire (ms from now, 0: with the match)."""
        if match.status != match_pb2.MATCH_STATUS_FINISHED:
            return expire_ms
        return min(self.answers_ms, expire_ms or self.answers_ms)

    def timing(self, match: match_pb2.Match) -> tuple[int, int]:
        """(ms until the match's keys expire, ms until it is due to leave): 0 is never."""
        if match.status == match_pb2.MATCH_STATUS_WAITING:
            return self.waiting_ms, self.waiting_ms
        if match.status == match_pb2.MATCH_STATUS_FINISHED:
            # archived: kept until the sweep has written it to the archive
            return (0 if self.archive else self.retention_ms), self.retention_ms
        return 0, 0


@dataclass(frozen=True)
class Retry:
    """An idempotency key, and the name its caller's latest keys are kept under."""

    slot: str
    key: str


@dataclass(frozen=True)
class Duplicate:
    """A retried move: what the first attempt stored under its idempotency key."""

    value: bytes


def _hear(match_id: str, heard: list[tuple[Callable[[str, bytes], None], bytes]]) -> None:
    for on_move, notice in heard:
        on_move(match_id, notice)


class RecordCache:
    """The last record this replica wrote or read per match, to skip a read on the next move.

    Never trusted: a write built on it still goes through the compare-and-set, which refuses
    it if another replica moved the match on (the runner then reloads from Redis).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._records: OrderedDict[str, records_pb2.StoredMatch] = OrderedDict()

    def get(self, match_id: str, version: int) -> records_pb2.StoredMatch | None:
        cached = self._records.get(match_id)
        if cached is None or cached.match.version != version:
            return None
        self._records.move_to_end(match_id)
        copy = records_pb2.StoredMatch()
        copy.CopyFrom(cached)
        return copy

    def latest(self, match_id: str) -> records_pb2.StoredMatch | None:
        """The newest record seen of the match, not copied: to read, never to change."""
        return self._records.get(match_id)

    def put(self, record: records_pb2.StoredMatch) -> None:
        if self.size:
            self._records[record.match.match_id] = record
            self._records.move_to_end(record.match.match_id)
            if len(self._records) > self.size:
                self._records.popitem(last=False)

    def drop(self, match_id: str) -> None:
        self._records.pop(match_id, None)


CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss",
                   "valkey+cluster": "redis", "valkeys+cluster": "rediss"}


class RedisStore:
    """Matches in Redis. A move's reads and writes go through `fast` (one shared, pipelined
    connection; on a Cluster one per primary); the rest (listing, blocking stream reads,
    admin, deadlines) through the redis-py client and its pool.

    On a Cluster (`redis+cluster://host:port`: any node), notices are sharded (SPUBLISH,
    SSUBSCRIBE): each goes to the one shard that holds its match."""

    def __init__(self, client: redis.Redis | RedisCluster, connection_kwargs: dict,
                 retention_ms: int = 7 * 24 * 3600 * 1000, cache_size: int = 10_000,
                 wait_replicas: int = 0, wait_ms: int = 1000,
                 lifecycle: Lifecycle | None = None, memory_mark: float = 0.0) -> None:
        self.redis = client
        tls = None
        if issubclass(connection_kwargs.get("connection_class", Connection),
                      SSLConnection):  # rediss://: redis-py's context
            tls = SSLConnection(**_without(connection_kwargs, "connection_class")
                                ).ssl_context.get()
        self.cluster = isinstance(client, RedisCluster)
        if self.cluster:
            self.fast = ClusterMultiplexer(connection_kwargs, tls, key_slot)
            self.publish = "SPUBLISH"  # the command a commit announces itself with
        else:
            self.fast = Multiplexer(connection_kwargs, tls)
            self.publish = "PUBLISH"
        self.lifecycle = lifecycle or Lifecycle(retention_ms=retention_ms)
        self.memory_mark = memory_mark  # of the store's limit: past it, no new match (0: off)
        self.memory: tuple[int, int] | None = None  # (used, limit) bytes, as last read
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self.cache = RecordCache(cache_size)
        # Notices heard while this replica commits their match, held until the commit ends
        # (`commit`): by match, the commits in flight and what was heard meanwhile.
        self._committing: dict[str, int] = {}
        self._heard: dict[str, list[tuple[Callable[[str, bytes], None], bytes]]] = {}
        # With notices on (cosmodrome.notices): a commit's extra keys and arguments, its
        # marker that the version may owe notices (commit.lua); None: notices off
        self.notice_marker: Callable[[match_pb2.Match], tuple[tuple, tuple]] | None = None
        self._commit = Script(_indexing("commit"))
        self._create = Script(_indexing("create"))
        self._reindex = Script(_indexing("reindex"))
        self._claim = Script(lua_source("claim"))
        self._compact = Script(lua_source("compact"))
        self._chat = Script(lua_source("chat"))
        self._release = client.register_script(lua_source("release_deadline"))

    @staticmethod
    def reindex_source() -> str:
        """The script that indexes a match alone (bench/scale.py loads matches with it)."""
        return _indexing("reindex")

    @classmethod
    def from_url(cls, url: str, **kwargs) -> RedisStore:
        """redis://, rediss://, unix:// (one server), or redis+cluster://, rediss+cluster://
        (a Cluster, found from the node named)."""
        scheme, sep, rest = url.partition("://")
        if scheme in CLUSTER_SCHEMES:
            plain = f"{CLUSTER_SCHEMES[scheme]}{sep}{rest}"
            client = RedisCluster.from_url(plain, max_connections=512)
            return cls(client, parse_url(plain), **kwargs)
        client = redis.Redis.from_url(url, max_connections=512)
        pool = client.connection_pool
        return cls(client, {**pool.connection_kwargs,
                            "connection_class": pool.connection_class}, **kwargs)

    async def close(self) -> None:
        await self.fast.close()
        await self.redis.aclose()

    # -- one match ---------------------------------------------------------------------

    async def create(self, record: records_pb2.StoredMatch, entry: records_pb2.StoredEntry,
                     created_ms: int) -> None:
        self._check_room()
        match = record.match
        mid = match.match_id
        _, due_in = self.lifecycle.timing(match)
        place = [indexes.membership(match), created_ms, mid,
                 indexes.due_member(mid, match.game), due_in]
        ok = await self.fast.evalsha(
            self._create, keys=[match_key(mid), log_key(mid), *self._index_keys(match)],
            args=[record.SerializeToString(), match.SerializeToString(),
                  entry.SerializeToString(), record.incarnation, *place])
        if not ok:
            raise AlreadyExists(f"match {mid} already exists")
        if self.cluster:
            await self._reindex_alone(match, *place)
        await self._durable(mid)
        self.cache.put(record)

    def _index_keys(self, match: match_pb2.Match) -> list[str]:
        """The keys a script keeps the match's indexes in: on one server, its indexes and
        the due set; on a Cluster none (they are in another slot: `_reindex_alone`)."""
        return [] if self.cluster else [*indexes.match_indexes(match.game), indexes.DUE]

    async def _reindex_alone(self, match: match_pb2.Match, wanted: str, created_ms: int,
                             mid: str, due_member: str, due_in: int | str) -> None:
        """On a Cluster, the match's indexes, written right after the script that changed
        it (no script can write both slots). A replica that dies between the two leaves an
        index entry too many, which the next listing that meets it drops (it checks each
        match it reads), or one too few, which the match's next change writes."""
        await self.fast.evalsha(self._reindex,
                                keys=[*indexes.match_indexes(match.game), indexes.DUE],
                                args=[wanted, created_ms, mid, due_member, due_in])

    def full(self) -> bool:
        """Is the store's memory, as last read, past the mark for new matches."""
        return bool(self.memory_mark and self.memory and self.memory[1]
                    and self.memory[0] >= self.memory_mark * self.memory[1])

    def _check_room(self) -> None:
        """Refuse a new match past the memory mark (moves of live matches go on)."""
        if self.full():
            used, limit = self.memory
            raise ResourceExhausted(
                f"the store is {used / limit:.0%} full (its mark for new matches is "
                f"{self.memory_mark:.0%}): no new match until finished ones leave it; "
                "moves of matches in play go on")

    async def watch_memory(self) -> tuple[int, int]:
        """Read the store's memory: (used bytes, limit) with the limit its maxmemory, or
        the machine's memory when it has none. Kept for `_check_room` and the metrics."""
        info = await self.redis.info("memory")
        if isinstance(info, dict) and "used_memory" not in info:  # a Cluster: every node
            info = max(info.values(), key=lambda node: node["used_memory"])
        limit = int(info.get("maxmemory") or 0) or int(info.get("total_system_memory") or 0)
        self.memory = (int(info["used_memory"]), limit)
        return self.memory

    async def load(self, match_id: str, retry: Retry | None = None) -> tuple[
            records_pb2.StoredMatch, Duplicate | None]:
        """The match record, and the stored first result if `retry` was seen before."""
        if retry:
            raw, result = await self.fast.execute_many(
                ("HGET", match_key(match_id), "rec"),
                ("HGET", idem_key(match_id), f"{retry.slot}:{retry.key}"))
        else:
            raw = await self.fast.execute("HGET", match_key(match_id), "rec")
            result = None
        if raw is None:
            return (await self._archived(match_id)).record, None
        prior = Duplicate(result) if result is not None else None
        if prior:  # its first attempt may have failed unreplicated: acknowledge it now
            await self._durable(match_id)
        return records_pb2.StoredMatch.FromString(raw), prior

    async def commit(self, record: records_pb2.StoredMatch, entry: records_pb2.StoredEntry,
                     expected_version: int, retry: Retry | None = None,
                     result: bytes = b"", deadline_ms: int | None = None) -> Duplicate | None:
        """Write `record` as version expected+1 if the match is still at `expected_version`
        (`_compare_and_set`).

        The commit's own notice comes back to this replica's subscriber, most often before
        the commit's reply (Redis writes both at once, and the subscriber's callback runs
        as it is read, the committer only a loop turn later). Heard then, it would be parsed
        and handed to the watchers as if another replica had made it, record and all, while
        the committer holds that record already. So the match's notices wait until the
        commit ends, and are then heard after the runner's `on_commit`, which has handed
        the version over: its own notice is known by its version alone, unparsed
        (watch_hub.entry_version); another replica's (had this commit failed) is heard as
        ever."""
        mid = record.match.match_id
        self._committing[mid] = self._committing.get(mid, 0) + 1
        try:
            return await self._compare_and_set(record, entry, expected_version, retry, result,
                                               deadline_ms)
        finally:
            if self._committing[mid] > 1:
                self._committing[mid] -= 1
            else:
                del self._committing[mid]
                heard = self._heard.pop(mid, None)
                if heard:  # after the caller's on_commit, which runs before the loop turns
                    asyncio.get_running_loop().call_soon(_hear, mid, heard)

    async def _compare_and_set(self, record: records_pb2.StoredMatch,
                               entry: records_pb2.StoredEntry, expected_version: int,
                               retry: Retry | None = None, result: bytes = b"",
                               deadline_ms: int | None = None) -> Duplicate | None:
        """Write `record` as version expected+1 if the match is still at `expected_version`.

        With `retry`, `result` is kept as the answer to a resend of the same key, and a
        resend gets the kept answer instead (nothing is written). `deadline_ms`, if given,
        is the match's new earliest deadline (0: none), written in the same atomic step.
        Raises Stale (with the current version) or NotFound.
        """
        match = record.match
        mid = match.match_id
        slot = match_slot(mid)
        finished = match.status == match_pb2.MATCH_STATUS_FINISHED
        expire_ms, due_in = self.lifecycle.timing(match)
        created_ms = match.create_time.ToMilliseconds()
        place = [indexes.membership(match), created_ms, mid,
                 indexes.due_member(mid, match.game), due_in]
        marker_keys, marker_args = self.notice_marker(match) if self.notice_marker else NO_MARKER
        reply = await self.fast.evalsha(
            self._commit, keys=[match_key(mid), log_key(mid), idem_key(mid), deadlines_key(slot),
                                *self._index_keys(match), *marker_keys],
            args=[expected_version, record.SerializeToString(), match.SerializeToString(),
                  entry.SerializeToString(), retry.slot if retry else "",
                  retry.key if retry else "", result, expire_ms, record.incarnation,
                  IDEMPOTENCY_KEYS_PER_SEAT, "" if deadline_ms is None else deadline_ms,
                  mid, self.publish, "1" if finished else "", place[0], place[3], due_in,
                  created_ms, self.lifecycle.answers_expire(match, expire_ms), *marker_args])
        status = reply[0]
        if status == b"OK" and self.cluster and reply[2] == b"1":
            await self._reindex_alone(match, *place)
        if status in (b"OK", b"DUP"):
            await self._durable(mid)
        if status == b"OK":
            self.cache.put(record)
            if finished:
                await self.compact_log(mid, int(reply[1]))
            if deadline_ms:
                await self._hint(slot, deadline_ms)
            return None
        self.cache.drop(mid)
        if status == b"DUP":
            return Duplicate(reply[1])
        if status == b"STALE":
            raise Stale(expected_version, int(reply[1]))
        raise NotFound(f"no match {mid}")

    async def _durable(self, match_id: str) -> None:
        """In the durable mode (wait_replicas > 0), return only once that many replicas
        hold what was written: a failover then cannot lose an acknowledged write. Else
        (ConnectionError: UNAVAILABLE) the caller resends, and its retry is answered."""
        if self.wait_replicas:
            try:
                await self.fast.replicated(match_key(match_id), self.wait_replicas,
                                           self.wait_ms)
            except ConnectionError:
                self.cache.drop(match_id)
                raise

    async def entries(self, match_id: str, after_version: int, count: int | None = None
                      ) -> list[records_pb2.StoredEntry]:
        """Log entries with version > after_version, oldest first: from the stream, from
        the compacted log of a finished match, or from the archive."""
        command = ["XRANGE", log_key(match_id), f"({after_version}-0", "+"]
        if count:
            command += ["COUNT", count]
        raw = await self.fast.execute(*command)
        if raw:
            return [records_pb2.StoredEntry.FromString(fields[1]) for _, fields in raw]
        compacted = await self.fast.execute("HGET", match_key(match_id), "logz")
        if compacted is not None:
            log = admin_pb2.MatchExport.FromString(zlib.decompress(compacted)).log
        elif self.lifecycle.archive and \
                not await self.fast.execute("EXISTS", match_key(match_id)):
            log = (await self._archived(match_id)).log
        else:
            return []
        later = [e for e in log if e.version > after_version]
        return later[:count] if count else later

    async def compact_log(self, match_id: str, version: int) -> bool:
        """Move a finished match's log from its stream into one compressed value (a third
        of the bytes; its readers are few: GetLog, a late watcher, export)."""
        raw = await self.fast.execute("XRANGE", log_key(match_id), "-", "+")
        log = admin_pb2.MatchExport(log=[records_pb2.StoredEntry.FromString(fields[1])
                                         for _, fields in raw])
        return bool(await self.fast.evalsha(
            self._compact, keys=[match_key(match_id), log_key(match_id)],
            args=[version, zlib.compress(log.SerializeToString()), len(raw)]))

    async def _archived(self, match_id: str) -> admin_pb2.MatchExport:
        """A match no longer in the store, from the archive (NotFound if not there)."""
        found = await self.lifecycle.archive.get(match_id) if self.lifecycle.archive else None
        if found is None:
            raise NotFound(f"no match {match_id}")
        return found

    # -- chat --------------------------------------------------------------------------

    async def add_chat(self, match_id: str, line: records_pb2.StoredChat, request_id: str,
                       digest: bytes, kept: int, rate_lines: int, rate_window_ms: int,
                       caller: str = "") -> tuple[records_pb2.StoredChat, bytes | None]:
        """Keep `line` (seat and text) as the match's next chat line, unless its seat said
        `rate_lines` lines in the last `rate_window_ms` (RateLimited); the oldest lines past
        `kept` go. Returns the line as stored (sequence, time and match version set) and
        None; for a resent `request_id`, the line its first attempt stored and the digest
        that attempt sent; request ids are kept per `caller` (the seat's holder, by default
        the seat). The store's clock times the line and the rate, so the limit holds across
        replicas whatever their clocks."""
        reply = await self.fast.evalsha(
            self._chat, keys=[match_key(match_id), log_key(match_id)],
            args=[line.SerializeToString(), line.seat, request_id, digest, kept, rate_lines,
                  rate_window_ms, CHAT_REQUESTS_PER_SEAT, self.publish,
                  caller or str(line.seat)])
        status = reply[0]
        if status == b"MISSING":
            raise NotFound(f"no match {match_id}")
        if status == b"FINISHED":  # the final move came between the caller's load and now
            raise FailedPrecondition("match_finished", "the match is over: its chat is kept "
                                     "to read (GetChat), not to add to")
        if status == b"RATE":
            wait_ms = int(reply[1])
            raise RateLimited(f"seat {line.seat} said {rate_lines} lines in the last "
                              f"{rate_window_ms / 1000:g} s, the most allowed: retry in "
                              f"{wait_ms / 1000:.1f} s", wait_ms)
        await self._durable(match_id)
        if status == b"DUP":
            return records_pb2.StoredChat.FromString(reply[1][len(digest):]), \
                reply[1][:len(digest)]
        return records_pb2.StoredChat.FromString(reply[1]), None

    async def chat(self, match_id: str, after: int, count: int) -> list[records_pb2.StoredChat]:
        """The match's chat lines kept with sequence > `after`, at most `count`, oldest
        first (from the oldest kept if lines after `after` are gone)."""
        key = match_key(match_id)

        def fields(start: int) -> list[str]:
            return [f"chat:{n}" for n in range(start, start + count)]
        version, first, *raw = await self.fast.execute(
            "HMGET", key, "v", "chat:first", *fields(after + 1))
        if version is None:
            raise NotFound(f"no match {match_id}")
        if first is not None and after + 1 < int(first):  # asked for lines gone: from the oldest
            raw = await self.fast.execute("HMGET", key, *fields(int(first)))
        return [records_pb2.StoredChat.FromString(r) for r in raw if r is not None]

    async def chat_said(self, match_id: str) -> int:
        """The match's newest chat sequence (0: nothing said yet)."""
        return int(await self.fast.execute("HGET", match_key(match_id), "chat:n") or 0)

    def subscriber(self, on_move: Callable[[str, bytes], None], on_resume: Callable[[], None]
                   ) -> Subscriber | ClusterSubscriber:
        """Notices of new versions: `on_move(match_id, notice)` for each match whose channel
        it subscribes (`match_channel`; every commit publishes a records.Notice there);
        `on_resume()` after a lost connection is back."""
        def on_message(channel: str, notice: bytes) -> None:
            match_id = match_of_channel(channel)
            if match_id in self._committing:  # heard once the commit ends (`commit`)
                self._heard.setdefault(match_id, []).append((on_move, notice))
            else:
                on_move(match_id, notice)
        if self.cluster:
            return ClusterSubscriber(self.fast, on_message, on_resume)
        return Subscriber(self.fast.kwargs, self.fast.tls, on_message, on_resume)

    # -- admin -------------------------------------------------------------------------

    async def export(self, match_id: str) -> tuple[records_pb2.StoredMatch,
                                                   list[records_pb2.StoredEntry]]:
        record, _ = await self.load(match_id)
        return record, await self.entries(match_id, 0)

    async def replace(self, record: records_pb2.StoredMatch,
                      log: Iterable[records_pb2.StoredEntry], overwrite: bool) -> None:
        """Write a whole match (admin import) in one transaction. The chat of a match it
        replaces goes (an export does not carry it) but its sequence goes on: no line
        number is given twice, so a watch resuming after its last line misses nothing."""
        mid = record.match.match_id
        self.cache.drop(mid)
        keys = [match_key(mid), log_key(mid), idem_key(mid)]
        if not overwrite and await self.redis.exists(keys[0]):
            raise AlreadyExists(f"match {mid} already exists (set overwrite to replace it)")
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.eval(lua_source("import_chat"), 1, keys[0])  # the chat's sequence goes on
            pipe.delete(*keys[1:])
            pipe.hset(keys[0], mapping={"v": record.match.version,
                                        "rec": record.SerializeToString(),
                                        "pub": record.match.SerializeToString(),
                                        "inc": record.incarnation})
            if record.match.status == match_pb2.MATCH_STATUS_FINISHED:
                pipe.hset(keys[0], "end", 1)  # as commit.lua marks it: the chat is closed
            for entry in log:
                pipe.xadd(keys[1], {"e": entry.SerializeToString()}, id=f"{entry.version}-0")
            if record.next_deadline_ms:  # the import's deadline, atomic with it
                pipe.zadd(deadlines_key(match_slot(mid)), {mid: record.next_deadline_ms})
            else:
                pipe.zrem(deadlines_key(match_slot(mid)), mid)
            try:
                await pipe.execute()
            except ResponseError as exc:
                raise InvalidArgument(f"log versions must increase from 1: {exc}") from exc
        await self.fast.execute(self.publish, match_channel(mid),  # no entry: watchers
                                records_pb2.Notice(record=record).SerializeToString())  # re-read
        await self._place(record.match)
        if record.match.status == match_pb2.MATCH_STATUS_FINISHED:
            await self.compact_log(mid, record.match.version)

    async def _place(self, match: match_pb2.Match) -> None:
        """Index a match written outside the scripts (import, backfill), and give its keys
        the time to live its status has."""
        mid = match.match_id
        expire_ms, due_in = self.lifecycle.timing(match)
        wanted = indexes.membership(match)
        await self._reindex_alone(match, wanted, match.create_time.ToMilliseconds(), mid,
                                  indexes.due_member(mid, match.game), due_in)
        await self.fast.execute("HSET", match_key(mid), "ix", f"{wanted}|{due_in}")
        keys = [(match_key(mid), expire_ms), (log_key(mid), expire_ms),
                (idem_key(mid), self.lifecycle.answers_expire(match, expire_ms))]
        await self.fast.execute_many(*(("PEXPIRE", key, ms) if ms else ("PERSIST", key)
                                       for key, ms in keys))

    async def delete(self, match_id: str, game: str) -> None:
        self.cache.drop(match_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(match_key(match_id), log_key(match_id), idem_key(match_id))
            pipe.zrem(deadlines_key(match_slot(match_id)), match_id)
            await pipe.execute()
        await self._unlist(match_id, game)

    async def _unlist(self, match_id: str, game: str) -> None:
        """Take a match out of every index and the due set."""
        unlisted = match_pb2.Match(match_id=match_id, game=game, private=True)
        await self._reindex_alone(unlisted, indexes.membership(unlisted), 0, match_id,
                                  indexes.due_member(match_id, game), 0)

    # -- listing -----------------------------------------------------------------------

    async def list_matches(self, game: str, status: int, page_size: int, page_token: str,
                           open_seats: bool = False) -> tuple[list[match_pb2.Match], str]:
        """Newest first, from the one index of the filter (store/indexes.py): a page reads
        about its own entries, however many matches the store holds. The page token is an
        opaque cursor (creation ms and id)."""
        index = indexes.listing_index(game, status, open_seats)
        top, after_id = _decode_cursor(page_token)
        found: list[match_pb2.Match] = []
        while index and len(found) < page_size:
            batch = await self.fast.execute(
                "ZREVRANGEBYSCORE", index, top, "-inf", "WITHSCORES", "LIMIT", 0,
                page_size - len(found) + 1 + (1 if after_id else 0))
            batch = [(batch[i].decode(), float(batch[i + 1])) for i in range(0, len(batch), 2)]
            batch = [(m, s) for m, s in batch if not (s == top and after_id and m >= after_id)]
            if not batch:
                return found, ""
            raws = await self._public_records([m for m, _ in batch])
            for (mid, score), raw in zip(batch, raws, strict=True):
                top, after_id = score, mid
                match = match_pb2.Match.FromString(raw) if raw is not None else None
                if match is None or not _indexed(match, index):  # gone or moved on
                    await self._unlist_from(index, mid, match)
                    continue
                if indexes.fits(match, status, open_seats):
                    found.append(match)
                if len(found) == page_size:
                    return found, _encode_cursor(top, after_id)
        return found, ""

    async def _unlist_from(self, index: str, match_id: str,
                           match: match_pb2.Match | None) -> None:
        """An entry a listing met that no longer holds: the match expired (out of every
        index it was in) or, on a Cluster, its index write was lost (out of this one)."""
        if match is None:
            game = index.split(":")[2]
            if game != indexes.EVERY_GAME:
                await self._unlist(match_id, game)
                return
        await self.fast.execute("ZREM", index, match_id)

    async def _public_records(self, match_ids: list[str]) -> list[bytes | None]:
        return await self.fast.execute_many(*(("HGET", match_key(mid), "pub")
                                              for mid in match_ids))

    # -- lifecycle ---------------------------------------------------------------------

    async def sweep(self, limit: int = 100, claim_ms: int = 60_000) -> int:
        """Matches due to leave (lifecycle.py runs this): each expired one leaves the
        indexes; each finished one goes to the archive, then leaves the store. Claimed
        first, so two replicas never sweep the same match. Returns how many were due."""
        claimed = await self.fast.evalsha(self._claim, keys=[indexes.DUE],
                                          args=[claim_ms, limit])
        until_ms, members = int(claimed[0]), [m.decode() for m in claimed[1:]]
        for member in members:
            match_id, game = indexes.parse_due_member(member)
            raw = await self.fast.execute("HGET", match_key(match_id), "pub")
            status = match_pb2.Match.FromString(raw).status if raw is not None else None
            if status is None:  # expired (waiting unjoined, or finished with no archive)
                await self._unlist(match_id, game)
            elif status == match_pb2.MATCH_STATUS_FINISHED and self.lifecycle.archive:
                record, log = await self.export(match_id)
                await self.lifecycle.archive.put(admin_pb2.MatchExport(record=record, log=log))
                await self.delete(match_id, game)
            elif status == match_pb2.MATCH_STATUS_WAITING and await self.fast.execute(
                    "ZSCORE", indexes.DUE, member) == str(until_ms).encode():
                await self.delete(match_id, game)  # past its time, and no join since
            # else joined meanwhile (its join set its next due time), or finished and kept
            # for a replica with an archive: never deleted unarchived here
        return len(members)

    async def backfill(self, batch: int = 500) -> int:
        """Index the matches of a store written before store/indexes.py (they are in the
        indexes of old, `matches`), a batch at a time, and drop those. Returns how many."""
        moved, games = 0, set()
        while ids := await self.redis.zrange(ALL_MATCHES, 0, batch - 1):
            raws = await self._public_records([m.decode() for m in ids])
            for raw in filter(None, raws):
                match = match_pb2.Match.FromString(raw)
                games.add(match.game)
                await self._place(match)
            await self.redis.zrem(ALL_MATCHES, *ids)
            moved += len(ids)
        if games:
            await self.redis.delete(*(game_index(g) for g in games))
        return moved

    # -- deadlines ---------------------------------------------------------------------

    async def put_ticket(self, match_id: str, ticket_digest: str, seat_digest: str,
                         ttl_s: int) -> None:
        await self.fast.execute("SET", ticket_key(match_id, ticket_digest), seat_digest,
                                "EX", ttl_s)

    async def ticket_holder(self, match_id: str, ticket_digest: str) -> str | None:
        """The seat token hash a live watch ticket stands for, None if unknown or expired."""
        raw = await self.fast.execute("GET", ticket_key(match_id, ticket_digest))
        return raw.decode() if raw else None

    async def set_deadline(self, match_id: str, due_ms: int) -> None:
        """Set a match's deadline outside a move (after an import, or to keep a later one)."""
        slot = match_slot(match_id)
        if due_ms:
            await self.redis.zadd(deadlines_key(slot), {match_id: due_ms})
            await self._hint(slot, due_ms)
        else:
            await self.redis.zrem(deadlines_key(slot), match_id)

    async def _hint(self, slot: int, due_ms: int) -> None:
        """Note that `slot` has a deadline at `due_ms` (kept if an earlier one is noted)."""
        await self.fast.execute("ZADD", DEADLINE_HINTS, "LT", due_ms, slot)

    async def due_slots(self, now_ms: int, limit: int = 32) -> list[tuple[int, int]]:
        """Slots whose hint is due: (slot, hinted due time)."""
        raw = await self.fast.execute("ZRANGEBYSCORE", DEADLINE_HINTS, "-inf", now_ms,
                                      "WITHSCORES", "LIMIT", 0, limit)  # every tick: fast
        return [(int(raw[i]), int(float(raw[i + 1]))) for i in range(0, len(raw), 2)]

    async def due_deadlines(self, slot: int, now_ms: int, limit: int = 32
                            ) -> list[tuple[str, int]]:
        """Matches of `slot` whose deadline is due: (match id, due time)."""
        raw = await self.redis.zrangebyscore(deadlines_key(slot), "-inf", now_ms, start=0,
                                             num=limit, withscores=True)
        return [(m.decode(), int(s)) for m, s in raw]

    async def release_deadline(self, match_id: str, due_ms: int) -> None:
        """Drop a deadline that did not fire, unless a move set it anew meanwhile."""
        await self._release(keys=[deadlines_key(match_slot(match_id))], args=[match_id, due_ms])

    async def rehint(self, slot: int, hinted_ms: int) -> None:
        """After firing what was due in `slot`: drop its hint unless an earlier one came
        meanwhile, then hint its earliest deadline left. In that order, a deadline a move
        writes meanwhile is either read here or hinted by that move."""
        await self._release(keys=[DEADLINE_HINTS], args=[slot, hinted_ms])
        earliest = await self.redis.zrange(deadlines_key(slot), 0, 0, withscores=True)
        if earliest:
            await self._hint(slot, int(earliest[0][1]))

    async def repair_hints(self, slots: Iterable[int]) -> None:
        """Hint the earliest deadline of each of `slots` (a hint is lost when a replica dies
        between a move and its hint; the deadline loop sweeps every slot in turn)."""
        # Through the shared connection: this runs ten times a second on every replica, and
        # through redis-py's pipeline it cost more CPU than an idle server's everything else.
        slots = list(slots)
        earliest = await self.fast.execute_many(
            *(("ZRANGE", deadlines_key(slot), 0, 0, "WITHSCORES") for slot in slots))
        hints = [part for slot, found in zip(slots, earliest, strict=True) if found
                 for part in (int(float(found[1])), slot)]
        if hints:
            await self.fast.execute("ZADD", DEADLINE_HINTS, "LT", *hints)

    async def migrate_legacy_deadlines(self) -> int:
        """Move the deadlines of a store written before deadlines had slots."""
        legacy = await self.redis.zrange(LEGACY_DEADLINES, 0, -1, withscores=True)
        for match_id, due in legacy:
            await self.set_deadline(match_id.decode(), int(due))
        if legacy:
            await self.redis.delete(LEGACY_DEADLINES)
        return len(legacy)


def _indexed(match: match_pb2.Match, index: str) -> bool:
    """Is `index` one of those the match belongs in now."""
    keys = indexes.match_indexes(match.game)
    return index in keys and indexes.membership(match)[keys.index(index)] == "1"


def _without(kwargs: dict, *names: str) -> dict:
    return {k: v for k, v in kwargs.items() if k not in names}


def _encode_cursor(score: float, match_id: str) -> str:
    return base64.urlsafe_b64encode(f"{int(score)}:{match_id}".encode()).decode()


def _decode_cursor(token: str) -> tuple[float | str, str]:
    if not token:
        return "+inf", ""
    try:
        score, match_id = base64.urlsafe_b64decode(token.encode()).decode().split(":", 1)
        return float(int(score)), match_id
    except (ValueError, OverflowError) as exc:  # a score no float holds: OverflowError
        raise InvalidArgument("page_token is not one this server issued") from exc
