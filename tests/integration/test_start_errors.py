"""A server that cannot start says why in one line, never a traceback (issue 24, "a taken
port says so in one line"): its gRPC, HTTP or metrics port taken, its store unreachable."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest


@pytest.fixture
def taken_port():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def start(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cosmodrome.serve", "--log-level", "warning",
                           *args], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("flag", ["--port", "--http-port", "--metrics-port"])
def test_a_taken_port_says_so_in_one_line(redis_url, taken_port, flag):
    ports = {"--port": "0", flag: str(taken_port)}
    ended = start("--redis-url", redis_url, *[x for kv in ports.items() for x in kv])
    assert ended.returncode == 1
    lines = ended.stderr.strip().splitlines()
    assert len(lines) == 1, ended.stderr[-3000:]
    assert f"port {taken_port} is in use" in lines[0] and flag in lines[0]


def test_an_unreachable_store_says_so_in_one_line(taken_port):
    url = "redis://app:s3cret@127.0.0.1:1/0"
    ended = start("--port", "0", "--redis-url", url)
    assert ended.returncode == 1
    lines = ended.stderr.strip().splitlines()
    assert len(lines) == 1, ended.stderr[-3000:]
    assert "127.0.0.1:1" in lines[0] and "s3cret" not in lines[0]
