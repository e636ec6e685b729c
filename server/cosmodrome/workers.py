"""`cosmodrome-server --workers N`: N replica processes on one port, kept alive.

A replica is stateless (everything lives in the store), so N of them on one machine are N
replicas that happen to share an address: each binds the gRPC port with SO_REUSEPORT and
the kernel spreads new connections over them (the Play socket's port likewise). One
Python process uses one core; this is how a host uses the others without a load balancer of its own.

This supervisor holds what the replicas share: the embedded store (when no --redis-url is
given) and the HTTP edge (Envoy, whose one upstream is the shared port). It restarts a
replica that dies (after a pause that grows while replicas keep dying young), and on
SIGTERM or SIGINT stops them all gracefully, then the edge and the store. With
--metrics-port P, replica i serves its metrics on P + i.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time

import structlog

from cosmodrome.store.embedded import EmbeddedRedis, free_port

log = structlog.get_logger("cosmodrome.workers")

YOUNG_S = 10.0       # a replica that dies younger than this was failing to start
MAX_PAUSE_S = 10.0   # the longest wait before restarting such a replica


# Passed in the replicas' environment: a command line is readable by every local user
SECRETS = {"redis_url": "COSMODROME_REDIS_URL", "admin_token": "COSMODROME_ADMIN_TOKEN",
           "webhook_secret": "COSMODROME_WEBHOOK_SECRET",
           "guest_key_secret": "COSMODROME_GUEST_KEY_SECRET"}


def replica_env(config, environ: dict[str, str]) -> dict[str, str]:
    """The replicas' environment: this one, and the secrets of `config`."""
    secrets = {name: getattr(config, field) for field, name in SECRETS.items()}
    return {**environ, **{name: value for name, value in secrets.items() if value}}


def replica_args(config, index: int) -> list[str]:
    """The command line of replica `index`: the supervisor's settings (but its secrets),
    its store and port, SO_REUSEPORT, and no edge or workers of its own."""
    args = [sys.executable, "-m", "cosmodrome.serve"]
    for field in dataclasses.fields(config):
        value = getattr(config, field.name)
        flag = f"--{field.name.replace('_', '-')}"
        if field.name in ("workers", "http_port", *SECRETS) or value in (None, ""):
            continue
        if isinstance(value, bool):
            args += [flag] if value else []
        elif field.name == "metrics_port":
            args += [flag, str(value + index if value else 0)]
        else:
            args += [flag, str(value)]
    return [*args, "--reuse-port"]


class Supervisor:
    def __init__(self, config) -> None:
        self.config = config
        self.replicas: list[subprocess.Popen | None] = [None] * config.workers
        self.started: list[float] = [0.0] * config.workers
        self.pause = [0.0] * config.workers
        self.stopping = threading.Event()

    def run(self) -> int:
        embedded = None
        if not self.config.redis_url:
            embedded = EmbeddedRedis(self.config.data_dir)
            self.config = dataclasses.replace(self.config, redis_url=embedded.start())
        self.config = dataclasses.replace(self.config, port=self.config.port or free_port())
        # the replicas share the Play socket's port too: one port, not one free one each
        self.config = dataclasses.replace(self.config, play_socket_port=(
            self.config.play_socket_port or self.config.port + 1))
        edge = None
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: self.stopping.set())
        try:
            for index in range(self.config.workers):
                self._start(index)
            print(f"cosmodrome serving on {self.config.host}:{self.config.port} with "
                  f"{self.config.workers} workers", file=sys.stderr, flush=True)
            if self.config.http_port:
                edge = self._edge()
            while not self.stopping.wait(0.2):
                self._keep_alive()
            return 0
        finally:
            self._stop_all()
            if edge is not None:
                edge.stop()
            if embedded is not None:
                embedded.stop()

    def _start(self, index: int) -> None:
        self.replicas[index] = subprocess.Popen(replica_args(self.config, index),
                                                env=replica_env(self.config, dict(os.environ)),
                                                stdin=subprocess.DEVNULL)
        self.started[index] = time.monotonic()

    def _keep_alive(self) -> None:
        now = time.monotonic()
        for index, replica in enumerate(self.replicas):
            if replica is None or replica.poll() is None:
                continue
            young = now - self.started[index] < YOUNG_S
            self.pause[index] = min(MAX_PAUSE_S, max(0.5, 2 * self.pause[index])) \
                if young else 0.0
            log.warning("worker died: restarting it", worker=index, pid=replica.pid,
                        exit_code=replica.returncode, pause_s=self.pause[index])
            self.replicas[index] = None
            threading.Timer(self.pause[index], self._restart, (index,)).start()

    def _restart(self, index: int) -> None:
        if not self.stopping.is_set() and self.replicas[index] is None:
            self._start(index)

    def _stop_all(self) -> None:
        running = [r for r in self.replicas if r is not None and r.poll() is None]
        for replica in running:
            replica.send_signal(signal.SIGTERM)
        for replica in running:
            try:
                replica.wait(15)
            except subprocess.TimeoutExpired:
                replica.kill()
                replica.wait()

    def _edge(self):
        from cosmodrome.edge.config import EdgeConfig
        from cosmodrome.edge.launcher import EdgeProcess
        from cosmodrome.serve import edge_identity, identity_settings
        edge = EdgeProcess(EdgeConfig(upstreams=[f"127.0.0.1:{self.config.port}"],
                                      host=self.config.host, http_port=self.config.http_port,
                                      health_interval_s=2.0,
                                      play_sockets=[] if self.config.no_play_socket else
                                      [f"127.0.0.1:{self.config.play_socket_port}"],
                                      **edge_identity(identity_settings(self.config))))
        edge.spawn()
        edge.wait_ready()
        print(f"cosmodrome HTTP edge on {edge.url}", file=sys.stderr, flush=True)
        return edge


def supervise(config) -> int:
    return Supervisor(config).run()
