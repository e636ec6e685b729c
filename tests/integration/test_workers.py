"""`cosmodrome-server --workers N`: N replica processes on one port, restarted when they die,
all stopped with the supervisor. Real processes, a real embedded store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest

from cosmodrome.store.embedded import free_port
from cosmodrome.v1 import catalog_pb2, catalog_pb2_grpc
from tests.support import Api, ttt, wait_serving


def workers_of(pid: int) -> set[int]:
    """The supervisor's replica processes (its `cosmodrome.serve` children)."""
    found = set()
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        cmdline = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        if b"cosmodrome.serve" in cmdline:
            found.add(int(child))
    return found


def wait_for(condition, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def supervisor(tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "cosmodrome.serve", "--workers", "2", "--port", str(port),
         "--data-dir", str(tmp_path / "data"), "--log-level", "warning"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "supervisor.log").open("wb"))
    try:
        wait_serving(f"127.0.0.1:{port}")
        wait_for(lambda: len(workers_of(process.pid)) == 2, "two workers")
        yield process, f"127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(30)


def served_by(address: str, connections: int = 12) -> int:
    """How many fresh connections answered (each may land on either worker)."""
    answered = 0
    for _ in range(connections):
        with grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]
                                   ) as channel:
            catalog_pb2_grpc.CatalogServiceStub(channel).ListGames(
                catalog_pb2.ListGamesRequest(), timeout=10, wait_for_ready=True)
            answered += 1
    return answered


def test_workers_share_one_port_and_one_store(supervisor):
    process, address = supervisor
    api = Api(address)
    match_id, (x, o) = api.new_match()
    api.submit(match_id, x, ttt(4), version=3)
    for _ in range(8):  # new connections, spread by the kernel: every worker sees the match
        other = Api(address)
        assert other.view(match_id).match.version == 4
        other.close()
    api.close()


def test_a_worker_that_dies_is_replaced_and_the_port_keeps_serving(supervisor):
    process, address = supervisor
    before = workers_of(process.pid)
    victim = min(before)
    os.kill(victim, signal.SIGKILL)

    def replaced() -> set[int] | None:
        now = workers_of(process.pid)
        return now if len(now) == 2 and victim not in now else None

    after = wait_for(replaced, "a new worker")
    assert victim not in after and len(after & before) == 1
    assert served_by(address) == 12


def test_stopping_the_supervisor_stops_every_worker(supervisor):
    process, _ = supervisor
    workers = workers_of(process.pid)
    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
