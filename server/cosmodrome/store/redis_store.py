"""The match store on Redis.

Key layout: every key of one match shares the hash tag `{match_id}`, so a match lives in one
Redis Cluster slot and its Lua scripts stay atomic there.

    m:{id}          hash: v (version), rec (StoredMatch), pub (public Match),
                    inc (incarnation: new at creation and at each admin import)
    m:{id}:log      stream: one entry per version, id "<version>-0", field e (StoredEntry);
                    also the pub/sub channel where each new version is announced
                    (a records.Notice: the entry and the record)
    m:{id}:idem     hash: per credential, the key and first result of its latest move
    m:{id}:ticket:<sha256>  string: a watch ticket's seat token hash, with its time to live
    matches         zset: match id by creation time (ms), for listing
    matches:<game>  zset: the same, per game
    deadlines       zset: match id by the due time (ms) of its earliest deadline
"""

from __future__ import annotations

import base64
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources

import redis.asyncio as redis
from redis.asyncio.connection import SSLConnection
from redis.exceptions import ResponseError

from cosmodrome.core.errors import AlreadyExists, InvalidArgument, NotFound, Stale
from cosmodrome.store.multiplex import Multiplexer, Script, Subscriber
from cosmodrome.v1 import match_pb2, records_pb2

DEADLINES = "deadlines"
ALL_MATCHES = "matches"


def _lua(name: str) -> str:
    return resources.files("cosmodrome.store").joinpath(f"lua/{name}.lua").read_text()


def match_key(match_id: str) -> str:
    return f"m:{{{match_id}}}"


def log_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:log"


def idem_key(match_id: str) -> str:
    return f"m:{{{match_id}}}:idem"


def ticket_key(match_id: str, ticket_digest: str) -> str:
    return f"m:{{{match_id}}}:ticket:{ticket_digest}"


def match_channel(match_id: str) -> str:
    """Where a match's new versions are announced (the name of its stream; a channel is
    not a key, and publishing from a script is allowed under Cluster)."""
    return log_key(match_id)


def match_of_channel(channel: str) -> str:
    return channel[3:-5]  # m:{<id>}:log -> <id>


def game_index(game: str) -> str:
    return f"{ALL_MATCHES}:{game}"


@dataclass(frozen=True)
class Retry:
    """An idempotency key, and the caller's slot that keeps its latest one."""

    slot: str
    key: str


@dataclass(frozen=True)
class Duplicate:
    """A retried move: what the first attempt stored under its idempotency key."""

    value: bytes


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


class RedisStore:
    """Matches in Redis. A move's reads and writes go through `fast` (one shared, pipelined
    connection); the rest (listing, blocking stream reads, admin, deadlines) through the
    redis-py client and its pool."""

    def __init__(self, client: redis.Redis, retention_ms: int = 7 * 24 * 3600 * 1000,
                 cache_size: int = 10_000) -> None:
        self.redis = client
        pool = client.connection_pool
        tls = None
        if issubclass(pool.connection_class, SSLConnection):  # rediss://: redis-py's context
            tls = pool.connection_class(**pool.connection_kwargs).ssl_context.get()
        self.fast = Multiplexer(pool.connection_kwargs, tls)
        self.retention_ms = retention_ms
        self.cache = RecordCache(cache_size)
        self._commit = Script(_lua("commit"))
        self._create = Script(_lua("create"))
        self._release = client.register_script(_lua("release_deadline"))

    @classmethod
    def from_url(cls, url: str, **kwargs) -> RedisStore:
        client = redis.Redis.from_url(url, max_connections=512)
        return cls(client, **kwargs)

    async def close(self) -> None:
        await self.fast.close()
        await self.redis.aclose()

    # -- one match ---------------------------------------------------------------------

    async def create(self, record: records_pb2.StoredMatch, entry: records_pb2.StoredEntry,
                     created_ms: int) -> None:
        mid = record.match.match_id
        ok = await self.fast.evalsha(self._create, keys=[match_key(mid), log_key(mid)],
                                     args=[record.SerializeToString(),
                                           record.match.SerializeToString(),
                                           entry.SerializeToString(), record.incarnation])
        if not ok:
            raise AlreadyExists(f"match {mid} already exists")
        self.cache.put(record)
        await self._index(record.match, created_ms)

    async def _index(self, match: match_pb2.Match, created_ms: int) -> None:
        """List the match, unless private (the indexes live outside its slot: not in the
        scripts)."""
        if match.private:
            return
        match_id, game = match.match_id, match.game
        await self.fast.execute_many(("ZADD", ALL_MATCHES, created_ms, match_id),
                                     ("ZADD", game_index(game), created_ms, match_id))

    async def load(self, match_id: str, retry: Retry | None = None) -> tuple[
            records_pb2.StoredMatch, Duplicate | None]:
        """The match record, and the stored first result if `retry` was seen before."""
        if retry:
            raw, (key, result) = await self.fast.execute_many(
                ("HGET", match_key(match_id), "rec"),
                ("HMGET", idem_key(match_id), retry.slot + ":k", retry.slot + ":r"))
        else:
            raw = await self.fast.execute("HGET", match_key(match_id), "rec")
            key = result = None
        if raw is None:
            raise NotFound(f"no match {match_id}")
        prior = Duplicate(result) if retry and key == retry.key.encode() else None
        return records_pb2.StoredMatch.FromString(raw), prior

    async def commit(self, record: records_pb2.StoredMatch, entry: records_pb2.StoredEntry,
                     expected_version: int, retry: Retry | None = None,
                     result: bytes = b"") -> Duplicate | None:
        """Write `record` as version expected+1 if the match is still at `expected_version`.

        With `retry`, `result` is kept as the answer to a resend of the same key, and a
        resend gets the kept answer instead (nothing is written).
        Raises Stale (with the current version) or NotFound.
        """
        mid = record.match.match_id
        finished = record.match.status == match_pb2.MATCH_STATUS_FINISHED
        reply = await self.fast.evalsha(
            self._commit, keys=[match_key(mid), log_key(mid), idem_key(mid)],
            args=[expected_version, record.SerializeToString(), record.match.SerializeToString(),
                  entry.SerializeToString(), retry.slot if retry else "",
                  retry.key if retry else "", result,
                  self.retention_ms if finished else 0, record.incarnation])
        status = reply[0]
        if status == b"OK":
            self.cache.put(record)
            return None
        self.cache.drop(mid)
        if status == b"DUP":
            return Duplicate(reply[1])
        if status == b"STALE":
            raise Stale(expected_version, int(reply[1]))
        raise NotFound(f"no match {mid}")

    async def entries(self, match_id: str, after_version: int, count: int | None = None
                      ) -> list[records_pb2.StoredEntry]:
        """Stream entries with version > after_version, oldest first."""
        command = ["XRANGE", log_key(match_id), f"({after_version}-0", "+"]
        if count:
            command += ["COUNT", count]
        raw = await self.fast.execute(*command)
        return [records_pb2.StoredEntry.FromString(fields[1]) for _, fields in raw]

    def subscriber(self, on_move: Callable[[str, bytes], None], on_resume: Callable[[], None]
                   ) -> Subscriber:
        """Notices of new versions: `on_move(match_id, notice)` for each match whose channel
        it subscribes (`match_channel`; every commit publishes a records.Notice there);
        `on_resume()` after a lost connection is back."""
        return Subscriber(self.fast.kwargs, self.fast.tls,
                          lambda channel, notice: on_move(match_of_channel(channel), notice),
                          on_resume)


    # -- admin -------------------------------------------------------------------------

    async def export(self, match_id: str) -> tuple[records_pb2.StoredMatch,
                                                   list[records_pb2.StoredEntry]]:
        record, _ = await self.load(match_id)
        return record, await self.entries(match_id, 0)

    async def replace(self, record: records_pb2.StoredMatch,
                      log: Iterable[records_pb2.StoredEntry], overwrite: bool) -> None:
        """Write a whole match (admin import) in one transaction."""
        mid = record.match.match_id
        self.cache.drop(mid)
        keys = [match_key(mid), log_key(mid), idem_key(mid)]
        if not overwrite and await self.redis.exists(keys[0]):
            raise AlreadyExists(f"match {mid} already exists (set overwrite to replace it)")
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(*keys)
            pipe.hset(keys[0], mapping={"v": record.match.version,
                                        "rec": record.SerializeToString(),
                                        "pub": record.match.SerializeToString(),
                                        "inc": record.incarnation})
            for entry in log:
                pipe.xadd(keys[1], {"e": entry.SerializeToString()}, id=f"{entry.version}-0")
            pipe.publish(match_channel(mid),  # no entry: watchers read the stream again
                         records_pb2.Notice(record=record).SerializeToString())
            try:
                await pipe.execute()
            except ResponseError as exc:
                raise InvalidArgument(f"log versions must increase from 1: {exc}") from exc
        await self._index(record.match, record.match.create_time.ToMilliseconds())

    async def delete(self, match_id: str, game: str) -> None:
        self.cache.drop(match_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(match_key(match_id), log_key(match_id), idem_key(match_id))
            pipe.zrem(ALL_MATCHES, match_id)
            pipe.zrem(game_index(game), match_id)
            pipe.zrem(DEADLINES, match_id)
            await pipe.execute()

    # -- listing -----------------------------------------------------------------------

    async def list_matches(self, game: str, status: int, page_size: int, page_token: str
                           ) -> tuple[list[match_pb2.Match], str]:
        """Newest first. The page token is an opaque cursor (creation ms and id)."""
        index = game_index(game) if game else ALL_MATCHES
        top, after_id = _decode_cursor(page_token)
        found: list[match_pb2.Match] = []
        while len(found) < page_size:
            batch = await self.redis.zrevrangebyscore(index, top, "-inf", start=0,
                                                      num=page_size * 2 + 1, withscores=True)
            batch = [(m.decode(), s) for m, s in batch
                     if not (s == top and after_id and m.decode() >= after_id)]
            if not batch:
                return found, ""
            raws = await self._public_records([m for m, _ in batch])
            for (mid, score), raw in zip(batch, raws, strict=True):
                top, after_id = score, mid
                if raw is None:  # expired by retention or deleted: drop from the index
                    await self.redis.zrem(index, mid)
                    continue
                match = match_pb2.Match.FromString(raw)
                if status and match.status != status:
                    continue
                found.append(match)
                if len(found) == page_size:
                    return found, _encode_cursor(top, after_id)
        return found, _encode_cursor(top, after_id)

    async def _public_records(self, match_ids: list[str]) -> list[bytes | None]:
        async with self.redis.pipeline(transaction=False) as pipe:
            for mid in match_ids:
                pipe.hget(match_key(mid), "pub")
            return await pipe.execute()

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
        if due_ms:
            await self.redis.zadd(DEADLINES, {match_id: due_ms})
        else:
            await self.redis.zrem(DEADLINES, match_id)

    async def due_deadlines(self, now_ms: int, limit: int = 32) -> list[tuple[str, int]]:
        raw = await self.redis.zrangebyscore(DEADLINES, "-inf", now_ms, start=0, num=limit,
                                             withscores=True)
        return [(m.decode(), int(s)) for m, s in raw]

    async def release_deadline(self, match_id: str, due_ms: int) -> None:
        await self._release(keys=[DEADLINES], args=[match_id, due_ms])


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
