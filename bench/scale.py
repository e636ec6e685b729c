"""`make bench-scale`: how the store's costs grow (issue 27), on one replica and its
embedded store, each in its own data folder.

- listing: `--matches` (a million by default) matches bulk-loaded through pipelines, each
  indexed by the very function the scripts use (lua/index.lua, run as reindex.lua), then
  ListMatches p50/p99 per filter through gRPC: first pages and pages deep in the listing.
  (Only what a listing reads is loaded: each match's hash with its public record, and its
  index entries; no log.)
- bytes: finished matches per game, played to the end by the games' bots through the Python
  client (unary SubmitMove with idempotency keys, as REST and gRPC-Web clients play); bytes
  per match as the store counts them (MEMORY USAGE) at the end and once the kept results
  have expired (an hour after), and what takes them.
- burst: `--streams` (5,000) WatchMatch streams opened at once over 50 connections; how
  many failed.
- fanout: `--streams` watchers on 50 tic-tac-toe matches played to the end: updates
  delivered per second of the replica's CPU, its memory per watcher.

    make bench-scale ARGS="--only listing --matches 100000"

The machine is shared: run it once, not in a loop. The test suite never runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path

import grpc
import redis

from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.store import indexes
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore, idem_key, log_key, match_key
from cosmodrome.v1 import (
    admin_pb2,
    catalog_pb2,
    catalog_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    play_pb2,
    play_pb2_grpc,
)
from cosmodrome_client import Client, play
from tests.support import ServerProcess

GAMES = ("tictactoe", "highcard", "mlem", "cosmic", "crafting")
STATUSES = {"any": 0, "waiting": match_pb2.MATCH_STATUS_WAITING,
            "active": match_pb2.MATCH_STATUS_ACTIVE,
            "finished": match_pb2.MATCH_STATUS_FINISHED}
BYTES_GAMES = (("tictactoe", None), ("mlem", None),
               ("cosmic classic", cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_CLASSIC,
                                                     deal_timeout_ms=0)),
               ("cosmic seed 000", cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_COSMIC,
                                                      deal_timeout_ms=0)),
               ("crafting", None))
CONNECTIONS = 50
BATCH = 2000


def cpu_s(pid: int) -> float:
    """User and system CPU seconds of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


# -- listing -------------------------------------------------------------------------------

def synthetic(i: int, now_ms: int) -> match_pb2.Match:
    """A match as a busy lobby holds them: most finished, some in play (a few with a seat
    vacated), a tenth waiting, a twentieth private."""
    roll = random.random()
    status = (match_pb2.MATCH_STATUS_WAITING if roll < 0.1 else
              match_pb2.MATCH_STATUS_ACTIVE if roll < 0.3 else match_pb2.MATCH_STATUS_FINISHED)
    open_seat = status == match_pb2.MATCH_STATUS_WAITING or (
        status == match_pb2.MATCH_STATUS_ACTIVE and random.random() < 0.1)
    match = match_pb2.Match(match_id=f"b{i:015x}", game=GAMES[i % len(GAMES)], players=2,
                            status=status, version=1, private=random.random() < 0.05)
    match.seats.add(index=0, display_name="a", occupied=True)
    match.seats.add(index=1, display_name="b", occupied=not open_seat)
    match.create_time.FromMilliseconds(now_ms - i)
    return match


def bulk_load(url: str, count: int) -> float:
    """Load `count` matches through pipelines; returns the seconds it took."""
    db = redis.Redis.from_url(url)
    reindex = db.register_script(RedisStore.reindex_source())
    now_ms, start = int(time.time() * 1000), time.perf_counter()
    for first in range(0, count, BATCH):
        pipe = db.pipeline(transaction=False)
        for i in range(first, min(count, first + BATCH)):
            match = synthetic(i, now_ms)
            wanted = indexes.membership(match)
            pipe.hset(match_key(match.match_id), mapping={
                "v": 1, "pub": match.SerializeToString(), "ix": f"{wanted}|0"})
            reindex(keys=[*indexes.match_indexes(match.game), indexes.DUE],
                    args=[wanted, match.create_time.ToMilliseconds(), match.match_id,
                          indexes.due_member(match.match_id, match.game), ""], client=pipe)
        pipe.execute()
    return time.perf_counter() - start


def listing_latencies(address: str, calls: int) -> list[tuple[str, float, float, int]]:
    """(filter, p50 ms, p99 ms, matches on its first page) per filter: `calls` first pages,
    and as many pages after them (the cursor walking deeper). Between two listings, a
    ListGames (no store, nothing that grows): its p99 is the machine's own noise."""
    channel = grpc.insecure_channel(address)
    lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
    catalog = catalog_pb2_grpc.CatalogServiceStub(channel)
    lobby.ListMatches(lobby_pb2.ListMatchesRequest())  # connected before any is timed
    rows, floor = [], []
    for game in ("", "mlem"):
        for (name, status), open_seats in [(s, False) for s in STATUSES.items()] + \
                [(("any", 0), True), (("active", STATUSES["active"]), True)]:
            times, token, first = [], "", 0
            for _ in range(2 * calls):
                request = lobby_pb2.ListMatchesRequest(game=game, status=status,
                                                       open_seats=open_seats, page_size=50,
                                                       page_token=token)
                start = time.perf_counter()
                page = lobby.ListMatches(request)
                times.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                catalog.ListGames(catalog_pb2.ListGamesRequest())
                floor.append((time.perf_counter() - start) * 1000)
                first = first or len(page.matches)
                token = page.next_page_token if len(times) % 2 else ""
            label = f"{game or 'every game'} {name}{' open' if open_seats else ''}"
            rows.append((label, statistics.median(times), percentile(times, 99), first))
    rows.append(("(floor: ListGames between them)", statistics.median(floor),
                 percentile(floor, 99), 0))
    channel.close()
    return rows


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def run_listing(url: str, count: int, calls: int) -> None:
    seconds = bulk_load(url, count)
    used = redis.Redis.from_url(url).info("memory")["used_memory"]
    print(f"\n## listing: {count:,} matches loaded in {seconds:.0f} s "
          f"({count / seconds:,.0f}/s), store {used / 2**20:,.0f} MiB")
    with ServerProcess(redis_url=url, extra=["--waiting-expiry-hours", "0"]) as replica:
        print("| filter | p50 ms | p99 ms | first page |\n|---|---|---|---|")
        for label, p50, p99, first in listing_latencies(replica.address, calls):
            print(f"| {label} | {p50:.1f} | {p99:.1f} | {first} |")


# -- bytes per finished match --------------------------------------------------------------

async def finished_match(client: Client, game: str, options, seed: int) -> str:
    match = await client.create_match(game, options, seed=seed)
    seats = [await client.join(match.match_id, seat=i, name=f"robot {i}")
             for i in range(match.players)]
    bots = [await client.game_bot(game, seed + i) for i in range(len(seats))]
    await asyncio.gather(*(play(seat, bot, stream=False) for seat, bot in zip(seats, bots,
                                                                              strict=True)))
    return match.match_id


def match_bytes(db: redis.Redis, match_id: str) -> dict[str, int]:
    """What a stored match takes: each key (MEMORY USAGE), and the record, log (in its
    stream, or compacted into the hash once finished) and idempotency results inside."""
    log = [fields[b"e"] for _, fields in db.xrange(log_key(match_id))]
    compacted = db.hget(match_key(match_id), "logz")
    if compacted:
        log = [e.SerializeToString() for e in
               admin_pb2.MatchExport.FromString(zlib.decompress(compacted)).log]
    idem = db.hgetall(idem_key(match_id))
    return {"hash": db.memory_usage(match_key(match_id), samples=0) or 0,
            "stream": db.memory_usage(log_key(match_id), samples=0) or 0,
            "compacted": len(compacted or b""),
            "idem": db.memory_usage(idem_key(match_id), samples=0) or 0,
            "record": db.hstrlen(match_key(match_id), "rec"),
            "log entries": sum(map(len, log)),
            "entries": len(log),
            "results": sum(len(v) for k, v in idem.items() if b":" in k)}


async def run_bytes(address: str, url: str, per_game: int) -> None:
    db = redis.Redis.from_url(url)
    print(f"\n## bytes per finished match (mean of {per_game}, unary SubmitMove with keys)")
    print("| game | KB at the end | after the hour | hash | log stream | log compacted "
          "(in the hash) | idem | record | log entries (n) | results |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    async with Client.connect(address, timeout=120) as client:
        for label, options in BYTES_GAMES:
            game = label.split()[0]
            sizes = [match_bytes(db, await finished_match(client, game, options, seed))
                     for seed in range(1, per_game + 1)]
            mean = {k: statistics.mean(s[k] for s in sizes) for k in sizes[0]}
            total = mean["hash"] + mean["stream"] + mean["idem"]
            kept = mean["hash"] + mean["stream"]  # the kept results expire an hour after the end
            print(f"| {label} | {total / 1000:.1f} | {kept / 1000:.1f} | "
                  f"{mean['hash'] / 1000:.1f} | "
                  f"{mean['stream'] / 1000:.1f} | {mean['compacted'] / 1000:.1f} | "
                  f"{mean['idem'] / 1000:.1f} | "
                  f"{mean['record'] / 1000:.1f} | {mean['log entries'] / 1000:.1f} "
                  f"({mean['entries']:.0f}) | {mean['results'] / 1000:.1f} |")


# -- watch streams -------------------------------------------------------------------------

def channels(address: str, count: int = CONNECTIONS) -> list[grpc.aio.Channel]:
    """Channels of a connection each (grpc would share one among them by default)."""
    return [grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
            for _ in range(count)]


async def burst(address: str, match_id: str, streams: int,
                connections: int = CONNECTIONS) -> Counter:
    """Open `streams` watches of the match at once over `connections` connections of their
    own; how each began ("OK": its first update came, else the status code's name)."""
    opened = channels(address, connections)
    calls = []

    async def first_update(i: int) -> str:
        call = play_pb2_grpc.PlayServiceStub(opened[i % connections]).WatchMatch(
            play_pb2.WatchMatchRequest(match_id=match_id))
        calls.append(call)
        try:
            await call.read()
            return "OK"
        except grpc.aio.AioRpcError as error:
            return error.code().name
    try:
        return Counter(await asyncio.gather(*(first_update(i) for i in range(streams))))
    finally:
        for call in calls:
            call.cancel()
        for channel in opened:
            await channel.close()


async def run_burst(address: str, streams: int) -> None:
    async with Client.connect(address) as client:
        match = await client.create_match("tictactoe", seed=1)
    start = time.perf_counter()
    outcomes = await burst(address, match.match_id, streams)
    seconds = time.perf_counter() - start
    failed = streams - outcomes["OK"]
    print(f"\n## burst: {streams:,} watch streams at once over {CONNECTIONS} connections: "
          f"{failed} failed {dict(outcomes)}, all first updates in {seconds:.1f} s")


async def run_fanout(address: str, pid: int, streams: int, matches: int = 50) -> None:
    async with Client.connect(address, timeout=60) as client:
        created = [await client.create_match("tictactoe", seed=i) for i in range(matches)]
        seats = [[await client.join(m.match_id, seat=i, name=f"robot {i}") for i in range(2)]
                 for m in created]
        rss_before = rss_bytes(pid)
        opened = channels(address)
        delivered = Counter()

        async def watch(i: int) -> None:
            match_id = created[i % matches].match_id
            call = play_pb2_grpc.PlayServiceStub(opened[i % CONNECTIONS]).WatchMatch(
                play_pb2.WatchMatchRequest(match_id=match_id, from_version=3))
            async for _ in call:
                delivered[i] += 1
        watchers = [asyncio.ensure_future(watch(i)) for i in range(streams)]
        await asyncio.sleep(5)  # every stream open and idle
        per_watcher = (rss_bytes(pid) - rss_before) / streams
        cpu_before, start = cpu_s(pid), time.perf_counter()
        bots = [await client.game_bot("tictactoe", i) for i in range(2)]
        await asyncio.gather(*(play(seat, bots[n], stream=False) for pair in seats
                               for n, seat in enumerate(pair)))
        await asyncio.gather(*watchers)
        cpu, seconds = cpu_s(pid) - cpu_before, time.perf_counter() - start
        for channel in opened:
            await channel.close()
    total = sum(delivered.values())
    print(f"\n## fanout: {streams:,} watchers on {matches} tic-tac-toe matches: {total:,} "
          f"updates delivered in {seconds:.1f} s; replica CPU {cpu:.1f} s: "
          f"{total / cpu:,.0f} updates per CPU second ({cpu / total * 1000:.3f} ms each, "
          f"moves included); {per_watcher / 1000:.1f} KB of replica memory per watcher")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--calls", type=int, default=100, help="first pages per filter")
    parser.add_argument("--only", default="listing,bytes,burst,fanout")
    parser.add_argument("--store-config", default="",
                        help="name=value,... set on the play store first (to compare)")
    args = parser.parse_args()
    parts = args.only.split(",")
    with tempfile.TemporaryDirectory() as folder:
        if "listing" in parts:
            store = EmbeddedRedis(Path(folder) / "listing", appendonly=False)
            try:
                run_listing(store.start(), args.matches, args.calls)
            finally:
                store.stop()
        store = EmbeddedRedis(Path(folder) / "play", appendonly=False)
        url = store.start()
        for setting in filter(None, args.store_config.split(",")):
            redis.Redis.from_url(url).config_set(*setting.split("=", 1))
        try:
            with ServerProcess(redis_url=url) as replica:
                if "bytes" in parts:
                    await run_bytes(replica.address, url, args.per_game)
                if "burst" in parts:
                    await run_burst(replica.address, args.streams)
                if "fanout" in parts:
                    await run_fanout(replica.address, replica.process.pid, args.streams)
        finally:
            store.stop()


if __name__ == "__main__":
    asyncio.run(main())
