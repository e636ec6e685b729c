"""`make bench` (`python -m bench.run`): every benchmark, each figure next to its budget.

1. Engines in process: tic-tac-toe random playouts (and bench/engine_<game>.py if present).
2. gRPC with Redis: a valkey-server and a cosmodrome-server started here as subprocesses on
   loopback; K tic-tac-toe matches in flight (K = 64 and 8), moves/s and SubmitMove p50/p99.
3. The yardstick in the same run: a bare grpc.aio echo (200 bytes, uvloop) at 8 and 64 in
   flight, and moves/s as a fraction of echo calls/s.
4. Stored bytes per finished match (Redis MEMORY USAGE of the match's keys), per game.
5. The identity check per call (bench/identity.py): beside a move's server CPU.
6. The clock's cost per move (bench/clocks.py): Runner.submit with and without a clock,
   beside the server's CPU per move measured in 2.
7. The real client path (bench/real_path.py): create, joins, a watch per seat, submit on
   its turn, at K = 8 and 64, alternating with its peer (boardgame.io, bench/peer/) and its
   floor (bench/floor.py); MLEM and Cosmic with bots on every seat.
8. The matchmaker (bench/ladder.py): tickets matched per second, p99 time to match.
9. What recording every move costs (bench/replay.py): stored bytes per finished match per
   game, the compressed log with and without the moves.

Bounded in time (about four minutes with the defaults); only loopback addresses are used.
    python -m bench.run [--seconds 6] [--engine-seconds 2] [--no-engines] [--profile] [--keep]
                        [--real-only] [--real-seconds 5] [--rounds 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from bench import clocks, echo, engines, identity, ladder, real_path, replay, server_load
from cosmodrome.store.embedded import EmbeddedRedis, free_port
from cosmodrome_client import Client, CosmodromeError

MOVES_BUDGET = 1_000      # moves/s at 64 in flight
P99_BUDGET_MS = 10.0      # SubmitMove p99 at 8 in flight
RATIO_BUDGET = 0.5        # moves/s over echo calls/s
MOVES_PER_MATCH = 7.6     # mean length of a random tic-tac-toe game
BOT_MATCHES = 16          # matches in flight for the other games, bots on every seat


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def server_command(port: int, redis_url: str, profile: Path | None = None,
                   workers: int = 1, socket_port: int = 0) -> list[str]:
    exe = Path(sys.executable).with_name("cosmodrome-server")
    head = [str(exe)] if exe.exists() else [sys.executable, "-m", "cosmodrome.serve"]
    if profile:
        head = [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "cosmodrome.serve"]
    return [*head, "--host", "127.0.0.1", "--port", str(port), "--redis-url", redis_url,
            "--log-format", "json", "--workers", str(workers),
            *(["--play-socket-port", str(socket_port)] if socket_port else [])]


def server_pids(pid: int, workers: int) -> list[int]:
    """The processes that serve: the server itself, or with workers its replicas."""
    if workers == 1:
        return [pid]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        if len(children) >= workers:
            return children
        time.sleep(0.1)
    raise RuntimeError(f"the server did not start {workers} workers")


async def wait_serving(address: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    async with grpc.aio.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                reply = await health.Check(health_pb2.HealthCheckRequest(), timeout=0.5)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.aio.AioRpcError:
                pass
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing serving at {address} after {timeout}s")


def start(args: list[str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_now(pids: dict[str, int]) -> dict[str, float]:
    return {name: cpu_seconds(pid) for name, pid in pids.items()} | {
        "bench client": time.process_time()}


async def server_figures(address: str, redis_url: str, seconds: float,
                         echo_address: str, pids: dict[str, int]) -> float:
    """The figures of 2-4; returns the server's CPU per move at 8 in flight (us)."""
    results: dict[int, object] = {}
    server_us = 0.0
    finished: list[str] = []
    async with Client.connect(address) as client:
        for in_flight in (64, 8):
            # A short warm-up run also tells how many matches to prepare for the real one.
            warm = await server_load.prepare(client, max(2 * in_flight, 100))
            figures, _ = await server_load.measure(client, warm, in_flight, 1.0, quiet=True)
            needed = int(figures.per_s * seconds / MOVES_PER_MATCH * 2.5) + 2 * in_flight
            tables = await server_load.prepare(client, needed)
            before = cpu_now(pids)
            figures, done = await server_load.measure(client, tables, in_flight, seconds)
            after = cpu_now(pids)
            results[in_flight] = figures
            finished += done
            print(f"grpc+redis, {in_flight:2d} matches in flight: {figures.per_s:7,.0f} moves/s"
                  f"   SubmitMove p50 {figures.percentile_ms(50):5.2f} ms"
                  f"  p99 {figures.percentile_ms(99):5.2f} ms   ({figures.calls:,} moves)",
                  flush=True)
            server_us = 1e6 * sum(after[n] - before[n] for n in after if
                                  n.startswith("server")) / max(figures.calls, 1)
            print("    CPU per move: " + ", ".join(
                f"{name} {1000 * (after[name] - before[name]) / max(figures.calls, 1):.2f} ms"
                for name in after), flush=True)

        for game in ("highcard", "mlem", "cosmic", "crafting"):
            moves, elapsed = await server_load.bot_rate(client, game, BOT_MATCHES, seconds)
            print(f"{game} through gRPC, RandomBots on every seat (watch + submit), "
                  f"{BOT_MATCHES} matches: {moves / elapsed:7,.0f} moves/s ({moves:,} moves)",
                  flush=True)

        echoes = {}
        for in_flight in (8, 64):
            echoes[in_flight] = await echo.measure(echo_address, in_flight, min(seconds, 5))
            e = echoes[in_flight]
            print(f"bare grpc.aio echo, {in_flight:2d} in flight: {e.per_s:7,.0f} calls/s"
                  f"   p50 {e.percentile_ms(50):5.2f} ms  p99 {e.percentile_ms(99):5.2f} ms",
                  flush=True)

        print("\nbudgets:")
        m64, m8 = results[64], results[8]
        print(f"  moves/s at 64 in flight      {m64.per_s:8,.0f}   >= {MOVES_BUDGET:,}"
              f"   [{verdict(m64.per_s >= MOVES_BUDGET)}]")
        p99 = m8.percentile_ms(99)
        print(f"  SubmitMove p99 at 8 in flight {p99:7.2f} ms < {P99_BUDGET_MS:.0f} ms"
              f"   [{verdict(p99 < P99_BUDGET_MS)}]")
        for k in (64, 8):
            ratio = results[k].per_s / echoes[k].per_s
            print(f"  moves/s / echo calls/s ({k:2d})  {ratio:8.2f}   >= {RATIO_BUDGET}"
                  f"   [{verdict(ratio >= RATIO_BUDGET)}]")

        print("\nstored bytes per finished match (Redis MEMORY USAGE of m:{id}*):")
        samples = {"tictactoe": finished[:200]}
        for info in await client.list_games():
            if info.name == "tictactoe":
                continue
            try:
                samples[info.name] = [await asyncio.wait_for(
                    server_load.play_one_match(client, info.name, info.min_players), 60)]
            except (TimeoutError, CosmodromeError) as e:  # a game still being built
                print(f"  {info.name}: could not play a match ({type(e).__name__}: {e})")
        for game, ids in samples.items():
            sizes = await server_load.stored_bytes(redis_url, ids)
            parts = "  ".join(f"{k} {v:,.0f}" for k, v in sorted(sizes.items()))
            print(f"  {game:10s} {sum(sizes.values()):9,.0f} B   ({parts}; "
                  f"mean of {len(ids)} match{'es' if len(ids) != 1 else ''})")
    return server_us


async def main_async(args: argparse.Namespace) -> None:
    if not args.no_engines:
        print("== engines in process", flush=True)
        await asyncio.to_thread(engines.run, args.engine_seconds)

    print("\n== gRPC with Redis (loopback; client, server and valkey on this machine)",
          flush=True)
    work = Path(tempfile.mkdtemp(prefix="cosmodrome-bench-"))
    store = EmbeddedRedis(work / "redis")  # the embedded default: append-only, fsync 1/s
    processes: list[subprocess.Popen] = []
    try:
        redis_url = await asyncio.to_thread(store.start)
        port, echo_port, socket_port = free_port(), free_port(), free_port()
        profile = work / "server.prof" if args.profile else None
        processes.append(start(server_command(port, redis_url, profile, args.workers,
                                              socket_port), work / "server.log"))
        processes.append(start([sys.executable, "-m", "bench.echo", str(echo_port)],
                               work / "echo.log"))
        address, echo_address = f"127.0.0.1:{port}", f"127.0.0.1:{echo_port}"
        await wait_serving(address)
        print(f"server {address} on {redis_url}", flush=True)
        serving = server_pids(processes[0].pid, args.workers)
        pids = {f"server {i}": pid for i, pid in enumerate(serving)} | {
            "valkey": store.process.pid}
        if not args.real_only:
            server_us = await server_figures(address, redis_url, args.seconds, echo_address,
                                             pids)
            # the identity check per call, beside a move (its own loop: in a thread)
            await asyncio.to_thread(identity.run, 1.0, server_us / 1000)
            print()
            await clocks.run(move_path_us=server_us)
        await real_path.run(address, list(pids.values()), args.real_seconds, args.rounds, work,
                            args.json, f"ws://127.0.0.1:{socket_port}/v1/play")
        await ladder.run([address])  # the matchmaker: 200 tickets
        if not args.real_only:
            print()
            await replay.run(3)
    finally:
        for process in processes:
            stop(process)
        await asyncio.to_thread(store.stop)
        if args.profile and (work / "server.prof").exists():
            import pstats

            print(f"\n== server profile (cProfile, {work / 'server.prof'}), top by own time")
            pstats.Stats(str(work / "server.prof")).sort_stats("tottime").print_stats(25)
            print("top by cumulative time")
            pstats.Stats(str(work / "server.prof")).sort_stats("cumulative").print_stats(40)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"logs kept in {work}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=6.0, help="per gRPC load phase")
    parser.add_argument("--engine-seconds", type=float, default=2.0)
    parser.add_argument("--no-engines", action="store_true")
    parser.add_argument("--workers", type=int, default=1,
                        help="server worker processes (cosmodrome-server --workers)")
    parser.add_argument("--json", type=Path, default=None,
                        help="also write the real-path figures to this JSON file")
    parser.add_argument("--real-only", action="store_true",
                        help="only the real client path (with its peer and floor)")
    parser.add_argument("--real-seconds", type=float, default=5.0,
                        help="per run of the real client path")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating runs of ours, the peer and the floor per K")
    parser.add_argument("--keep", action="store_true", help="keep server logs")
    parser.add_argument("--profile", action="store_true",
                        help="run the server under cProfile and print where its time goes "
                             "(slows it down: figures are not comparable)")
    args = parser.parse_args(argv)
    print(f"cosmodrome bench   cpus {os.cpu_count()}   python {sys.version.split()[0]}   "
          f"load average {os.getloadavg()[0]:.2f} (other work on the machine skews figures)\n")
    import uvloop

    uvloop.run(main_async(args))
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
