"""A real Valkey Cluster on loopback: 3 primaries, 3 replicas, from the wheel's valkey-server.

Each node's cluster bus listens on its port + 10,000, so ports are picked at 55,535 or less.
"""

from __future__ import annotations

import random
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

from cosmodrome.store.embedded import find_server_binary

NODE_TIMEOUT_MS = 1000  # how long a silent primary has before its replica takes over


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_cluster_ports(count: int) -> list[int]:
    """`count` ports whose bus port (+10,000) is free too, all of them <= 55,535."""
    for _ in range(200):
        base = random.randrange(20_000, 45_000 - count)
        ports = list(range(base, base + count))
        if all(_free(p) and _free(p + 10_000) for p in ports):
            return ports
    raise RuntimeError("no free range of ports for a cluster")


@dataclass
class LocalCluster:
    folder: Path
    primaries: int = 3
    replicas_each: int = 1
    ports: list[int] = field(default_factory=list)
    processes: dict[int, subprocess.Popen] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def start(self, timeout: float = 30.0) -> LocalCluster:
        count = self.primaries * (1 + self.replicas_each)
        self.ports = free_cluster_ports(count)
        for port in self.ports:
            self.start_node(port)
        cli = Path(find_server_binary()).with_name("valkey-cli")
        subprocess.run([str(cli), "--cluster", "create",
                        *(f"127.0.0.1:{p}" for p in self.ports),
                        "--cluster-replicas", str(self.replicas_each), "--cluster-yes"],
                       check=True, capture_output=True, timeout=timeout)
        self.wait_healthy(timeout)
        return self

    def start_node(self, port: int) -> None:
        folder = self.folder / str(port)
        folder.mkdir(parents=True, exist_ok=True)
        args = [find_server_binary(), "--port", str(port), "--bind", "127.0.0.1",
                "--dir", str(folder), "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                "--cluster-replica-validity-factor", "0",
                "--cluster-allow-replica-migration", "no",
                "--appendonly", "no", "--save", "", "--protected-mode", "yes",
                "--enable-debug-command", "local",
                "--logfile", str(folder / "server.log")]
        self.processes[port] = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                                stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if self.node(port).ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"cluster node {port} did not start")

    def node(self, port: int) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=port, socket_timeout=2)

    def role(self, port: int) -> str:
        return self.node(port).info("replication")["role"]

    def alive(self) -> list[int]:
        return [p for p, proc in self.processes.items() if proc.poll() is None]

    def primary_ports(self) -> list[int]:
        return [p for p in self.alive() if self.role(p) == "master"]

    def wait_healthy(self, timeout: float = 30.0) -> None:
        """Every live node says the cluster is ok, with a primary per shard and every
        live replica attached."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                states = [self.node(p).cluster("info")["cluster_state"] for p in self.alive()]
                roles = [self.node(p).info("replication") for p in self.alive()]
            except redis.RedisError:
                time.sleep(0.1)
                continue
            primaries = [r for r in roles if r["role"] == "master"]
            linked = all(r.get("master_link_status") == "up" for r in roles
                         if r["role"] == "slave")
            if (all(s == "ok" for s in states) and len(primaries) == self.primaries
                    and linked):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not become healthy")

    def kill(self, port: int) -> None:
        """SIGKILL: no flush, no goodbye; its replica takes over after NODE_TIMEOUT_MS."""
        process = self.processes.pop(port)
        process.kill()
        process.wait()

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()
