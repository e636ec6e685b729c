"""What notices cost a move: Runner with a real store (a valkey of its own), notices off/on.

Whole tic-tac-toe matches (two joins and X's five winning moves: seven commits, the last
one ending the match) are played in process, in four setups:

    off               no webhook: the commit as it is with notices off
    marker only       the commit also marks its version in the outbox (commit.lua): the
                      price of the atomicity alone
    on, no marker     the background enqueue of each version's notices, as before the marker
    on                both: what a replica with a webhook does per move (delivery aside)

Per commit: this process's CPU (the runner, the store client, the enqueue task) and the
valkey's CPU (INFO cpu), and the wall time. Nothing is delivered (no drainer runs).
Then RedisStore.commit alone, marker or not: the script's own time in the valkey (INFO
commandstats), steadier than the CPU figures on a shared machine.

    python -m bench.notices [--matches 300]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time

from cosmodrome.core.runner import Runner
from cosmodrome.games import registry
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.notices.delivery import Webhook
from cosmodrome.notices.drainer import Notices
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import games_pb2, match_pb2, records_pb2

X_WINS = (0, 3, 1, 4, 2)
COMMITS = 2 + len(X_WINS)  # per match
SETUPS = {"off": (False, False), "marker only": (True, False),
          "on, no marker": (False, True), "on": (True, True)}


async def play(runner: Runner) -> None:
    match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, 7)
    tokens = [(await runner.join(match.match_id, seat, f"p{seat}"))[2] for seat in (0, 1)]
    version = match.version + 2
    for n, cell in enumerate(X_WINS):
        await runner.submit(match.match_id, tokens[n % 2], version, "", games_pb2.GameMove(
            tictactoe=tictactoe_pb2.Move(cell=cell)), with_view=False)
        version += 1


async def store_cpu_s(store: RedisStore) -> float:
    info = await store.redis.info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


async def per_commit(url: str, marker: bool, enqueue: bool, matches: int
                     ) -> tuple[float, float, float]:
    """(process CPU us, store CPU us, wall us) per commit."""
    store = RedisStore.from_url(url)
    await store.redis.flushall()
    runner = Runner(store, registry())
    notices = Notices(runner, Webhook("http://127.0.0.1:9/hook", (b"k",), 5.0))
    if marker:
        store.notice_marker = notices.marker
    task = None
    if enqueue:  # the enqueue task alone (Notices.start would also deliver)
        runner.on_commit = notices.committed
        task = asyncio.get_running_loop().create_task(notices._enqueue_loop())
    for _ in range(20):  # warm up: scripts loaded, connections open
        await play(runner)
    await asyncio.sleep(0.1)
    cpu, wall, server = time.process_time(), time.perf_counter(), await store_cpu_s(store)
    for _ in range(matches):
        await play(runner)
    while notices._backlog or notices._enqueuing:  # every enqueue answered
        await asyncio.sleep(0.001)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    server = await store_cpu_s(store) - server
    if task:
        task.cancel()
    await store.close()
    commits = matches * COMMITS
    return cpu / commits * 1e6, server / commits * 1e6, wall / commits * 1e6


async def commit_alone(url: str, marker: bool, commits: int) -> tuple[float, float]:
    """(process CPU us, the commit script's us in the valkey) per RedisStore.commit of a
    two-player match in play."""
    store = RedisStore.from_url(url)
    await store.redis.flushall()
    if marker:
        store.notice_marker = Notices(Runner(store, registry()), Webhook(
            "http://127.0.0.1:9/hook", (b"k",), 5.0)).marker
    seats = [match_pb2.Seat(index=i, occupied=True) for i in (0, 1)]
    record = records_pb2.StoredMatch(incarnation="i", match=match_pb2.Match(
        match_id="bench", game="tictactoe", version=1, players=2, seats=seats,
        status=match_pb2.MATCH_STATUS_ACTIVE))
    await store.create(record, records_pb2.StoredEntry(version=1), 0)
    for n in range(200):  # warm up
        record.match.version = n + 2
        await store.commit(record, records_pb2.StoredEntry(version=n + 2), n + 1)
    await store.redis.config_resetstat()
    cpu = time.process_time()
    for n in range(200, 200 + commits):
        record.match.version = n + 2
        await store.commit(record, records_pb2.StoredEntry(version=n + 2), n + 1)
    cpu = time.process_time() - cpu
    script = (await store.redis.info("commandstats"))["cmdstat_evalsha"]
    await store.close()
    return cpu / commits * 1e6, script["usec"] / script["calls"]


async def run(matches: int) -> None:
    print(f"== notices' cost per commit ({matches} tic-tac-toe matches, {COMMITS} commits "
          "each, a valkey of its own; best of 3)", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        valkey = EmbeddedRedis(folder, appendonly=False)
        url = valkey.start()
        try:
            best: dict[str, tuple[float, ...]] = {}
            alone: dict[bool, tuple[float, ...]] = {}
            for _ in range(3):  # alternate, keep the best of each: the machine is shared
                for name, (marker, enqueue) in SETUPS.items():
                    got = await per_commit(url, marker, enqueue, matches)
                    best[name] = tuple(map(min, zip(best.get(name, got), got, strict=True)))
                for marker in (False, True):
                    got = await commit_alone(url, marker, matches * COMMITS)
                    alone[marker] = tuple(map(min, zip(alone.get(marker, got), got,
                                                       strict=True)))
        finally:
            valkey.stop()
    off = best["off"]
    for name, (cpu, server, wall) in best.items():
        print(f"  {name:14s} process {cpu:6.1f} us  (+{cpu - off[0]:5.1f})   valkey "
              f"{server:5.1f} us  (+{server - off[1]:4.1f})   wall {wall:6.1f} us", flush=True)
    for marker, (cpu, script) in alone.items():
        print(f"  commit alone, {'marker   ' if marker else 'no marker'}  process {cpu:5.1f} us"
              f"   commit.lua in the valkey {script:5.2f} us", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.notices", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=300)
    asyncio.run(run(parser.parse_args().matches))


if __name__ == "__main__":
    main()
