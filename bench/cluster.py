"""`make bench-cluster` (`python -m bench.cluster`): what the durable mode costs per move.

Starts a Valkey Cluster on loopback (3 primaries, 3 replicas, the wheel's valkey-server)
and, in turn, one cosmodrome-server on it acknowledging at once and one acknowledging
only once a replica holds the move (--store-wait-replicas 1); tic-tac-toe SubmitMove at
64 and 8 in flight, as `make bench` measures it on one node. First, the time of one store
commit in each mode, alternated (the load of a shared machine moves throughput figures more
than the mode does).
    python -m bench.cluster [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from bench.server_load import measure, prepare
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import match_pb2, records_pb2
from cosmodrome_client import Client
from tests.integration.local_cluster import LocalCluster
from tests.support import ServerProcess

MODES = {"at once": [], "once a replica holds it": ["--store-wait-replicas", "1"]}


async def one_mode(address: str, seconds: float) -> dict[int, tuple[float, float, float]]:
    figures = {}
    async with Client.connect(address) as client:
        for in_flight in (64, 8):
            tables = await prepare(client, int(seconds * 700))
            result, _ = await measure(client, tables, in_flight, seconds, quiet=True)
            figures[in_flight] = (result.per_s, result.percentile_ms(50),
                                  result.percentile_ms(99))
    return figures


async def commit_latency(url: str, wait_replicas: int, commits: int = 2000) -> float:
    """Median time of one store commit (1 in flight): what a move waits for its write."""
    store = RedisStore.from_url(url, wait_replicas=wait_replicas)
    record = records_pb2.StoredMatch(incarnation="i", match=match_pb2.Match(
        match_id=secrets.token_hex(8), version=1))
    await store.create(record, records_pb2.StoredEntry(version=1), 0)
    times = []
    for version in range(2, commits + 2):
        record.match.version = version
        start = time.perf_counter()
        await store.commit(record, records_pb2.StoredEntry(version=version), version - 1)
        times.append(time.perf_counter() - start)
    await store.close()
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cluster = LocalCluster(Path(folder)).start()
        try:
            print(f"load average {os.getloadavg()[0]:.2f}; Valkey Cluster 3+3 on loopback")
            for _ in range(3):  # alternated, so both modes see the same machine
                fast = asyncio.run(commit_latency(cluster.url, 0))
                durable = asyncio.run(commit_latency(cluster.url, 1))
                print(f"  one commit, 1 in flight, median: {fast:.3f} ms at once, "
                      f"{durable:.3f} ms once a replica holds it (+{durable - fast:.3f} ms)")
            for name, extra in MODES.items():
                with ServerProcess(redis_url=cluster.url, extra=extra) as server:
                    figures = asyncio.run(one_mode(server.address, args.seconds))
                for in_flight, (per_s, p50, p99) in figures.items():
                    print(f"  acknowledged {name:24} {in_flight:2} in flight: "
                          f"{per_s:7,.0f} moves/s  p50 {p50:5.1f} ms  p99 {p99:5.1f} ms")
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
