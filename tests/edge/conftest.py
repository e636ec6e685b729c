"""A real Envoy edge (the one template, as `make run` renders it) in front of real replicas."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cosmodrome.edge.config import EdgeConfig
from cosmodrome.edge.launcher import EdgeProcess
from cosmodrome.store.embedded import free_port


def start_edge(upstreams: list[str], ready_timeout: float = 30.0,
               **overrides) -> EdgeProcess:
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"cosmodrome-edge-{port}.log"
    settings = {"health_interval_s": 0.5, "rate_limit": 0, **overrides}
    config = EdgeConfig(upstreams=upstreams, http_port=port, **settings)
    return EdgeProcess(config, log_path=log).start(ready_timeout)


@pytest.fixture(scope="session")
def edge(server) -> EdgeProcess:
    """The edge in front of the session's server (no rate limit: tests share one address)."""
    with start_edge([server.address]) as proc:
        yield proc
