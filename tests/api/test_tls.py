"""gRPC over TLS: --tls-cert and --tls-key on the server, `tls=` on the Python client, with
a certificate authority and a server certificate this test makes (trustme)."""

from __future__ import annotations

import asyncio

import grpc
import pytest
import trustme

from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, CosmodromeError, RandomBot, play
from tests.support import ServerProcess


@pytest.fixture(scope="module")
def authority():
    return trustme.CA()


@pytest.fixture(scope="module")
def tls_server(redis_url, authority, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    issued = authority.issue_cert("127.0.0.1", "localhost")
    cert, key = folder / "server.pem", folder / "server.key"
    issued.cert_chain_pems[0].write_to_path(str(cert))
    for extra in issued.cert_chain_pems[1:]:
        extra.write_to_path(str(cert), append=True)
    issued.private_key_pem.write_to_path(str(key))
    roots = authority.cert_pem.bytes()
    with ServerProcess(redis_url=redis_url, tls_roots=roots,
                       extra=["--tls-cert", str(cert), "--tls-key", str(key)]) as proc:
        yield proc


async def test_a_client_trusting_the_authority_plays_a_match_over_tls(tls_server, authority):
    async with Client.connect(tls_server.address, tls=authority.cert_pem.bytes()) as client:
        match = await client.create_match("tictactoe")
        x = await client.join(match.match_id)
        o = await client.join(match.match_id)
        final, _ = await asyncio.wait_for(
            asyncio.gather(play(x, RandomBot()), play(o, RandomBot())), 60)
        assert final.status == match_pb2.MATCH_STATUS_FINISHED


async def test_a_plain_text_client_gets_no_answer_from_a_tls_server(tls_server):
    with pytest.raises(CosmodromeError) as caught:
        async with Client.connect(tls_server.address, ready_timeout=2):
            pass
    assert caught.value.code == grpc.StatusCode.UNAVAILABLE


async def test_a_client_trusting_another_authority_is_refused(tls_server):
    stranger = trustme.CA()
    with pytest.raises(CosmodromeError) as caught:
        async with Client.connect(tls_server.address, ready_timeout=2,
                                  tls=stranger.cert_pem.bytes()):
            pass
    assert caught.value.code == grpc.StatusCode.UNAVAILABLE
