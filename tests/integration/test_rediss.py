"""The store over TLS (rediss://), on Debian's redis-server (the wheel's valkey-server has no
TLS; `.ci/run` installs redis-server where it can), with a certificate authority the test
makes with openssl."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError

from cosmodrome.store.embedded import free_port
from cosmodrome.store.redis_store import RedisStore
from cosmodrome_client import Client, RandomBot, play
from tests.support import ServerProcess

REDIS_SERVER = shutil.which("redis-server")
OPENSSL = shutil.which("openssl")
pytestmark = pytest.mark.skipif(
    not (REDIS_SERVER and OPENSSL),
    reason="rediss:// needs redis-server (apt-get install redis-server) and openssl")


def make_certificates(folder: Path) -> None:
    """ca.pem, and server.pem / server.key for 127.0.0.1 signed by it."""
    def openssl(*args: str) -> None:
        subprocess.run([OPENSSL, *args], cwd=folder, check=True, capture_output=True)
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
            "-subj", "/CN=cosmodrome test CA")
    openssl("req", *ec, "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=127.0.0.1")
    (folder / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-out", "server.pem", "-days", "1", "-extfile", "san.cnf")


@pytest.fixture(scope="module")
def tls_redis(tmp_path_factory):
    """A redis-server that speaks TLS only; yields (port, folder holding ca.pem)."""
    folder = tmp_path_factory.mktemp("rediss")
    make_certificates(folder)
    port = free_port()
    process = subprocess.Popen(
        [REDIS_SERVER, "--port", "0", "--tls-port", str(port), "--bind", "127.0.0.1",
         "--tls-cert-file", "server.pem", "--tls-key-file", "server.key",
         "--tls-ca-cert-file", "ca.pem", "--tls-auth-clients", "no",
         "--save", "", "--appendonly", "no", "--dir", str(folder)],
        cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE)
    try:
        _wait_listening(process, port)
        yield port, folder
    finally:
        process.terminate()
        process.wait(10)


def _wait_listening(process: subprocess.Popen, port: int) -> None:
    import socket
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.skip(f"this redis-server cannot serve TLS: {process.stderr.read()[-300:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("redis-server with TLS did not start")


def test_a_replica_plays_and_watches_a_match_over_rediss(tls_redis):
    port, folder = tls_redis
    url = f"rediss://127.0.0.1:{port}/0?ssl_ca_certs={folder / 'ca.pem'}"
    with ServerProcess(redis_url=url) as replica:
        final = asyncio.run(_play(replica.address))
    assert final.status == 3  # finished: moves written, views watched, all through TLS


async def _play(address: str):
    async with Client.connect(address) as client:
        match = await client.create_match("tictactoe")
        x = await client.join(match.match_id)
        o = await client.join(match.match_id)
        final, _ = await asyncio.gather(play(x, RandomBot()), play(o, RandomBot()))
        return final


async def test_rediss_refuses_a_server_whose_certificate_it_cannot_verify(tls_redis):
    port, _ = tls_redis
    store = RedisStore.from_url(f"rediss://127.0.0.1:{port}/0")  # the system's CAs only
    with pytest.raises(ConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
        await store.fast.execute("PING")
    await store.close()
