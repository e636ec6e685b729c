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


def wait_serving(address: str, timeout: float = 20.0, tls_roots: bytes | None = None) -> None:
    deadline = time.monotonic() + timeout
    channel = (grpc.secure_channel(address, grpc.ssl_channel_credentials(tls_roots))
               if tls_roots else grpc.insecure_channel(address))
    with channel:
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
    tls_roots: bytes | None = None  # the server serves TLS: wait for it through these roots
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
            wait_serving(self.address, tls_roots=self.tls_roots)
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


class Api:
    """Synchronous stubs over one channel, for tests that drive the server step by step."""

    def __init__(self, address: str) -> None:
        from cosmodrome.v1 import (
            admin_pb2_grpc,
            catalog_pb2_grpc,
            lobby_pb2_grpc,
            play_pb2_grpc,
        )
        self.channel = grpc.insecure_channel(address)
        self.catalog = catalog_pb2_grpc.CatalogServiceStub(self.channel)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.play = play_pb2_grpc.PlayServiceStub(self.channel)
        self.admin = admin_pb2_grpc.AdminServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def new_match(self, game: str = "tictactoe", players: int = 0, seed: int | None = 7,
                  options=None) -> tuple[str, list[str]]:
        """Create a match and fill every seat; returns (match_id, seat tokens)."""
        from cosmodrome.v1 import lobby_pb2
        request = lobby_pb2.CreateMatchRequest(game=game, players=players, options=options)
        if seed is not None:
            request.seed = seed
        match = self.lobby.CreateMatch(request)
        tokens = [self.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(
            match_id=match.match_id, seat=i, display_name=f"p{i}")).seat_token
                  for i in range(match.players)]
        return match.match_id, tokens

    def view(self, match_id: str, token: str | None = None):
        from cosmodrome.v1 import play_pb2
        return self.play.GetView(play_pb2.GetViewRequest(match_id=match_id),
                                 metadata=auth(token))

    def submit(self, match_id: str, token: str, move, version: int | None = None,
               key: str = ""):
        from cosmodrome.v1 import play_pb2
        if version is None:
            version = self.view(match_id, token).match.version
        return self.play.SubmitMove(play_pb2.SubmitMoveRequest(
            match_id=match_id, expected_version=version, idempotency_key=key, move=move),
            metadata=auth(token))

    def export(self, match_id: str):
        from cosmodrome.v1 import admin_pb2
        return self.admin.ExportMatch(admin_pb2.ExportMatchRequest(match_id=match_id),
                                      metadata=auth(ADMIN_TOKEN))


def auth(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


def error_info(error: grpc.RpcError):
    """The google.rpc.ErrorInfo detail of a failed call."""
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status
    status = rpc_status.from_call(error)
    assert status is not None, f"no status details on {error}"
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info


def ttt(cell: int):
    """A tic-tac-toe move in its service envelope."""
    from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
    from cosmodrome.v1 import games_pb2
    return games_pb2.GameMove(tictactoe=tictactoe_pb2.Move(cell=cell))
