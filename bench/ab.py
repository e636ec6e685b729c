"""A/B of server builds on the real client path: which change cost what, in one run.

    python -m bench.ab NAME=SERVER_DIR [NAME=SERVER_DIR ...] [--k 8] [--seconds 4] [--rounds 5]

Each SERVER_DIR is a copy of `server/` (generated code included) with one change made in
it, e.g. `cp -r server /tmp/ab/nometrics` and turn the metrics off there. Each build gets
a valkey of its own and a server run with PYTHONPATH=SERVER_DIR; the builds then take turns
(`rounds` times) under bench/real_clients.py at K matches in flight, so drift in the
machine's load weighs on all of them alike. Printed per build: medians of moves/s, server
CPU per move (and its ratio to the first build's), valkey CPU per move, SubmitMove p99.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import real_clients
from bench.real_path import Run, timed
from bench.run import stop, wait_serving
from cosmodrome.store.embedded import EmbeddedRedis, free_port


async def main_async(builds: dict[str, Path], k: int, seconds: float, rounds: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="cosmodrome-ab-"))
    stores: list[EmbeddedRedis] = []
    processes: list[subprocess.Popen] = []
    try:
        servers: dict[str, tuple[str, list[int]]] = {}
        for name, source in builds.items():
            store = EmbeddedRedis(work / f"redis-{name}")
            stores.append(store)
            url = await asyncio.to_thread(store.start)
            port = free_port()
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "cosmodrome.serve", "--host", "127.0.0.1",
                 "--port", str(port), "--redis-url", url],
                env=os.environ | {"PYTHONPATH": str(source)}, cwd=work,
                stdin=subprocess.DEVNULL, stdout=(work / f"{name}.log").open("wb"),
                stderr=subprocess.STDOUT))
            address = f"127.0.0.1:{port}"
            await wait_serving(address)
            servers[name] = address, [processes[-1].pid, store.process.pid]
        for address, _ in servers.values():  # warm up
            await real_clients.measure(address, "tictactoe", k, 1.0)
        runs: dict[str, list[Run]] = {name: [] for name in servers}
        for _ in range(rounds):
            for name, (address, pids) in servers.items():
                runs[name].append(await timed(pids, real_clients.measure(
                    address, "tictactoe", k, seconds)))
        print(f"K={k}, {rounds} alternating runs of {seconds:g} s, load average "
              f"{os.getloadavg()[0]:.1f}; medians")
        first = None
        for name, results in runs.items():
            run = Run.median(results)
            server_ms = statistics.median(r.cpu_ms - r.store_ms for r in results)
            first = first or server_ms
            print(f"  {name:14s} {run.per_s:6,.0f} moves/s   server CPU/move {server_ms:5.2f} ms"
                  f" ({server_ms / first:4.2f})   valkey {run.store_ms:4.2f} ms   p99 "
                  f"{run.p99_ms:6.1f} ms   runs: "
                  + " ".join(f"{r.cpu_ms - r.store_ms:.2f}" for r in results), flush=True)
    finally:
        for process in processes:
            stop(process)
        for store in stores:
            await asyncio.to_thread(store.stop)
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="+", metavar="NAME=SERVER_DIR")
    parser.add_argument("--k", type=int, default=8, help="matches in flight")
    parser.add_argument("--seconds", type=float, default=4.0, help="per run")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    builds = {}
    for spec in args.builds:
        name, sep, source = spec.partition("=")
        if not sep or not (Path(source) / "cosmodrome" / "serve.py").is_file():
            parser.error(f"{spec!r}: want NAME=DIR, DIR holding cosmodrome/serve.py")
        builds[name] = Path(source).resolve()
    import uvloop

    uvloop.run(main_async(builds, args.k, args.seconds, args.rounds))


if __name__ == "__main__":
    main()
