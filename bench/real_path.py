"""The real client path, next to its peers and its floors, in one run.

- play: ours, each seat on one Play session (bench/real_clients.py, Python bare stubs)
  against the server and valkey `make bench` started;
- unary: ours, each seat on a WatchMatch stream and a SubmitMove call per move;
- play_socket: ours, each seat's Play session on the Play socket (a WebSocket per seat and
  match, binary frames of the same messages; Python `websockets` client);
- floor_play, floor_unary: bench/floor.py, bare grpc.aio services of those two shapes with
  the same calls and message sizes and no work behind them;
- floor_socket: the play shape of that floor on a bare `websockets` server in the same
  process and event loop (a WebSocket per seat and game);
- bgio: a boardgame.io 0.50.2 server (production mode, in-memory storage) driven by
  bench/peer/load.js (Node, socket.io), the same game shape (skipped, and said so, without
  Node);
- bgio_scaleout: boardgame.io as a host deploys it to scale (bench/bgio_scaleout.py: its
  redis-pubsub on a valkey and bgio-postgres on PostgreSQL), when it can run here.

They run alternately, `rounds` times at each K, so the machine's drift and other work on
it weigh on all alike; each figure is the median of the rounds. CPU per move is the
server's and its store's (ours: server + valkey), from /proc, over the measured window;
so are context switches per move (every thread's, voluntary and forced), and the CPU of
the server's main thread alone ("event loop": for ours, everything Python runs; gRPC core's
own threads and the store are the rest of its CPU). The load
generator for ours and the floors is Python (bare stubs, `websockets`), Node for the peer.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bench import bgio_scaleout, floor, real_clients
from bench.load import Figures
from cosmodrome.store.embedded import free_port

PEER_DIR = Path(__file__).with_name("peer")
LEVELS = (8, 64)
BOT_GAMES = (("mlem", 2), ("cosmic", 2))
BOT_MATCHES = 8
PLAY_FLOOR_SHARE = 0.7     # budgets: Play at least 0.7 of its floor's moves/s,
CPU_OVER_BGIO = 1.5        # at most 1.5x in-memory boardgame.io's CPU per move,
MOVES_OVER_SCALEOUT = 1.5  # at least 1.5x the scale-out peer's moves/s;
UNARY_FLOOR_SHARE = 0.6    # the unary path at least 0.6 of its floor's


@dataclass(frozen=True)
class Run:
    per_s: float   # moves/s
    p50_ms: float  # SubmitMove latency
    p99_ms: float
    cpu_ms: float  # server (+ store) CPU per move
    store_ms: float  # of which the store's
    moves: int
    ctx: float = 0.0  # context switches per move, server (+ store), every thread
    main_ms: float = 0.0  # of cpu_ms, the server processes' main threads' (the event loop)

    @classmethod
    def median(cls, runs: list[Run]) -> Run:
        return cls(*(statistics.median(getattr(r, f) for r in runs)
                     for f in ("per_s", "p50_ms", "p99_ms", "cpu_ms", "store_ms", "moves",
                               "ctx", "main_ms")))


Measure = Callable[[int, float], Awaitable[Run]]


def cpu_seconds(pid: int | str) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def context_switches(pid: int) -> int:
    """Voluntary and forced context switches of every live thread of `pid` so far."""
    total = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        try:
            lines = status.read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in lines if "ctxt_switches" in line)
    return total


def main_thread_seconds(pid: int) -> float:
    """CPU time of `pid`'s main thread alone (a Python server's event loop; gRPC core's
    threads and the store's are the rest)."""
    return cpu_seconds(f"{pid}/task/{pid}")


async def timed(pids: list[int], drive: Awaitable[Figures]) -> Run:
    """`drive`'s figures, and the CPU and context switches of `pids` (the server's
    processes, then its store, last, if there are several)."""
    servers = pids[:-1] if len(pids) > 1 else pids
    before = [cpu_seconds(p) for p in pids]
    main_before = sum(map(main_thread_seconds, servers))
    switches = sum(map(context_switches, pids))
    figures = await drive
    spent = [cpu_seconds(p) - b for p, b in zip(pids, before, strict=True)]
    main = sum(map(main_thread_seconds, servers)) - main_before
    switches = sum(map(context_switches, pids)) - switches
    moves = max(figures.calls, 1)
    per_move = 1000 / moves
    return Run(figures.per_s, figures.percentile_ms(50), figures.percentile_ms(99),
               sum(spent) * per_move, (spent[-1] if len(spent) > 1 else 0) * per_move,
               figures.calls, switches / moves, main * per_move)


def peer_missing() -> str | None:
    """Why the peer cannot run here, or None."""
    if shutil.which("node") is None:
        return "no Node.js on this machine"
    if not (PEER_DIR / "node_modules" / "boardgame.io").is_dir():
        return "bench/peer/node_modules is missing (make bench runs npm ci there when npm exists)"
    return None


async def wait_line(process: subprocess.Popen, word: str, timeout: float = 30) -> None:
    async def read() -> None:
        while True:
            line = await asyncio.to_thread(process.stdout.readline)
            if not line:
                raise RuntimeError(f"exited before saying {word!r}")
            if word in line:
                return
    await asyncio.wait_for(read(), timeout)


async def peer_figures(port: int, in_flight: int, seconds: float) -> Figures:
    process = await asyncio.create_subprocess_exec(
        "node", str(PEER_DIR / "load.js"), str(port), str(in_flight), str(seconds),
        stdout=asyncio.subprocess.PIPE, cwd=PEER_DIR)
    out, _ = await process.communicate()
    if process.returncode:
        raise RuntimeError(f"the peer's load generator failed ({process.returncode})")
    result = json.loads(out)
    return Figures(result["moves"], result["seconds"],
                   [ms / 1000 for ms in result["latencies_ms"]])


def spawn(args: list[str], log: Path, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=log.open("wb"), text=True, **kwargs)


def row(name: str, run: Run) -> str:
    return (f"  {name:13s} {run.per_s:7,.0f} moves/s   move p50 {run.p50_ms:6.2f} ms"
            f"  p99 {run.p99_ms:6.2f} ms   server CPU/move {run.cpu_ms:5.2f} ms"
            + (f" (store {run.store_ms:4.2f})" if run.store_ms else " " * 13)
            + f"   ctx/move {run.ctx:5.1f}   ({run.moves:,.0f} moves)"
            + (f"   event loop {run.main_ms:4.2f} ms" if run.main_ms else ""))


async def run(address: str, ours_pids: list[int], seconds: float, rounds: int,
              work: Path, json_path: Path | None = None, socket_url: str | None = None
              ) -> None:
    print(f"\n== the real client path: create, two joins, then every seat plays on its turn "
          f"(tic-tac-toe; medians of {rounds} alternating runs)", flush=True)
    processes: list[subprocess.Popen] = []
    stoppers: list = []
    try:
        systems = await _systems(address, ours_pids, work, processes, stoppers, socket_url)
        for measure in systems.values():  # warm up (JIT, caches, connections)
            await measure(8, 1.0)

        table: dict[int, dict[str, Run]] = {}
        for k in LEVELS:
            runs: dict[str, list[Run]] = {name: [] for name in systems}
            for _ in range(rounds):
                for name, measure in systems.items():
                    runs[name].append(await measure(k, seconds))
            table[k] = {name: Run.median(r) for name, r in runs.items()}
            print(f" K={k} (load average {os.getloadavg()[0]:.1f})", flush=True)
            for name, result in table[k].items():
                print(row(name, result), flush=True)

        print(f"\n== the real client path, other games: bots on every seat, over Play "
              f"({BOT_MATCHES} matches in flight, created and joined inside the window)",
              flush=True)
        for game, players in BOT_GAMES:
            result = await timed(ours_pids, real_clients.measure(
                address, game, BOT_MATCHES, seconds, players=players, session=True))
            print(row(f"{game} ({players}p)", result), flush=True)

        budgets(table)
        if json_path is not None:
            json_path.write_text(json.dumps({"real_path": {
                str(k): {name: {"moves_per_s": round(r.per_s, 1), "p99_ms": round(r.p99_ms, 3),
                                "cpu_ms_per_move": round(r.cpu_ms, 4),
                                "ctx_per_move": round(r.ctx, 2),
                                "event_loop_cpu_ms_per_move": round(r.main_ms, 4)}
                         for name, r in runs.items()} for k, runs in table.items()}}, indent=2))
            print(f"\nreal-path figures written to {json_path}")
    finally:
        for stop in stoppers:
            stop()
        for process in processes:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


async def _systems(address: str, ours_pids: list[int], work: Path,
                   processes: list[subprocess.Popen], stoppers: list,
                   socket_url: str | None = None) -> dict[str, Measure]:
    """What the run measures, by name, each started (its processes in `processes`, or a
    stop function in `stoppers`). `socket_url`: ours' Play socket (None: not measured)."""
    floor_port, floor_socket_port = free_port(), free_port()
    processes.append(spawn([sys.executable, "-m", "bench.floor", str(floor_port),
                            str(floor_socket_port)], work / "floor.log"))
    await wait_line(processes[-1], "ready")
    floor_address, floor_pid = f"127.0.0.1:{floor_port}", processes[-1].pid
    systems: dict[str, Measure] = {
        "play": lambda k, s: timed(ours_pids, real_clients.measure(
            address, "tictactoe", k, s, session=True)),
        "unary": lambda k, s: timed(ours_pids, real_clients.measure(
            address, "tictactoe", k, s)),
        "floor_play": lambda k, s: timed([floor_pid], floor.measure_play(floor_address, k, s)),
        "floor_unary": lambda k, s: timed([floor_pid], floor.measure(floor_address, k, s))}
    if socket_url:
        floor_url = f"ws://127.0.0.1:{floor_socket_port}"
        systems["play_socket"] = lambda k, s: timed(ours_pids, real_clients.measure(
            address, "tictactoe", k, s, socket_url=socket_url))
        systems["floor_socket"] = lambda k, s: timed([floor_pid], floor.measure_socket(
            floor_address, floor_url, k, s))
    missing = peer_missing()
    if missing:
        print(f"  (skipped the peer, boardgame.io: {missing})", flush=True)
        return systems
    peer_port = free_port()
    processes.append(spawn(["node", str(PEER_DIR / "server.js"), str(peer_port)],
                           work / "peer.log", cwd=PEER_DIR,
                           env=os.environ | {"NODE_ENV": "production"}))
    await wait_line(processes[-1], "ready")
    peer_pid = processes[-1].pid
    systems["bgio"] = lambda k, s: timed([peer_pid], peer_figures(peer_port, k, s))
    missing = bgio_scaleout.missing()
    if missing:
        print(f"  (skipped boardgame.io scale-out, Redis pub/sub + PostgreSQL: {missing})",
              flush=True)
        return systems
    scaleout = bgio_scaleout.ScaleOutPeer(work)
    stoppers.append(scaleout.stop)
    await scaleout.start()
    systems["bgio_scaleout"] = scaleout.measure
    return systems


def budgets(table: dict[int, dict[str, Run]]) -> None:
    print("\nreal client path budgets (each against the same run's peers and floors):")
    for k, runs in table.items():
        play, unary = runs["play"], runs["unary"]
        _check(k, "Play moves/s over its floor's", play.per_s / runs["floor_play"].per_s,
               PLAY_FLOOR_SHARE, at_least=True)
        _check(k, "unary moves/s over its floor's", unary.per_s / runs["floor_unary"].per_s,
               UNARY_FLOOR_SHARE, at_least=True)
        sock = runs.get("play_socket")
        if sock is not None:
            _check(k, "Play socket moves/s over bidi floor's", sock.per_s
                   / runs["floor_play"].per_s, PLAY_FLOOR_SHARE, at_least=True)
            _check(k, "Play socket moves/s over its floor's", sock.per_s
                   / runs["floor_socket"].per_s, PLAY_FLOOR_SHARE, at_least=True)
        bgio = runs.get("bgio")
        if bgio is not None:
            _check(k, "Play CPU/move over boardgame.io's", play.cpu_ms / bgio.cpu_ms,
                   CPU_OVER_BGIO, at_least=False)
            _check(k, "Play p99 over boardgame.io's", play.p99_ms / bgio.p99_ms, 1.0,
                   at_least=False)
            if sock is not None:
                _check(k, "Play socket CPU/move over bgio's", sock.cpu_ms / bgio.cpu_ms,
                       CPU_OVER_BGIO, at_least=False)
                _check(k, "Play socket p99 over bgio's", sock.p99_ms / bgio.p99_ms, 1.0,
                       at_least=False)
        scaled = runs.get("bgio_scaleout")
        if scaled is not None:
            _check(k, "Play moves/s over scale-out bgio's", play.per_s / scaled.per_s,
                   MOVES_OVER_SCALEOUT, at_least=True)
            _check(k, "Play CPU/move over scale-out bgio's", play.cpu_ms / scaled.cpu_ms, 1.0,
                   at_least=False)
            _check(k, "Play p99 over scale-out bgio's", play.p99_ms / scaled.p99_ms, 1.0,
                   at_least=False)


def _check(k: int, what: str, ratio: float, bound: float, at_least: bool) -> None:
    ok = ratio >= bound if at_least else ratio <= bound
    print(f"  K={k:2d} {what:36s} {ratio:6.2f}  {'>=' if at_least else '<='} {bound:g}"
          f"   [{'ok' if ok else 'MISSED'}]")
