"""Real processes for the tests: a Redis-compatible server and Cosmodrome server replicas."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from cosmodrome.store.embedded import free_port

ADMIN_TOKEN = "test-admin-token"


def wait_serving(address: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                reply = stub.Check(health_pb2.HealthCheckRequest(), timeout=0.5)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.05)
    raise RuntimeError(f"server at {address} did not become ready")


@dataclass
class ServerProcess:
    """A `cosmodrome-server` subprocess (one replica)."""

    redis_url: str = ""
    data_dir: str = ""
    admin_token: str = ADMIN_TOKEN
    extra: list[str] = field(default_factory=list)
    port: int = 0
    process: subprocess.Popen | None = None
    log_path: Path | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.port = self.port or free_port()
        args = [sys.executable, "-m", "cosmodrome.serve", "--port", str(self.port),
                "--admin-token", self.admin_token, "--log-level", "warning", *self.extra]
        args += ["--redis-url", self.redis_url] if self.redis_url else []
        args += ["--data-dir", self.data_dir] if self.data_dir else []
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"cosmodrome-{self.port}.log"
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)
        try:
            wait_serving(self.address)
        except RuntimeError:
            self.stop()
            raise RuntimeError(f"server failed: {self.log_path.read_text()[-2000:]}") from None
        return self

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int | None:
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code, self.process = self.process.returncode, None
        return code

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
