"""Reconnect storms: every client of a restarted replica opens its watch streams again at
once. gRPC holds the calls the server has not taken up yet in a queue, which by default
refused (CANCELLED, with no detail anywhere) at random past 1,000 and all past 3,000;
`--max-pending-calls` sizes it. The Python client spreads its streams over connections."""

from __future__ import annotations

import asyncio

import pytest

from bench.scale import burst
from cosmodrome_client import Client
from tests.support import Api, ServerProcess

STREAMS, CONNECTIONS = 3000, 30


@pytest.fixture(scope="module")
def replica(redis_url):
    with ServerProcess(redis_url=redis_url) as replica:
        yield replica


async def test_a_burst_of_3000_watch_streams_over_30_connections_all_open(replica):
    api = Api(replica.address)
    match_id, _ = api.new_match("tictactoe")
    api.close()
    assert await burst(replica.address, match_id, STREAMS, CONNECTIONS) == {"OK": STREAMS}


async def test_the_client_spreads_streams_past_a_connections_limit(redis_url):
    with ServerProcess(redis_url=redis_url,
                       extra=["--max-streams-per-connection", "10"]) as replica:
        api = Api(replica.address)
        match_id, _ = api.new_match("tictactoe")
        api.close()
        async with Client.connect(replica.address) as client:
            client.channels.streams_per_channel = 10
            viewer = client.spectate(match_id)
            watches = [viewer.watch(until_finished=False) for _ in range(25)]
            # each stream's first update; one stuck behind the connection's limit never comes
            firsts = await asyncio.wait_for(
                asyncio.gather(*(anext(w) for w in watches)), 30)
            assert all(update.entry.version == 1 for update in firsts)
            assert len(client.channels.channels) == 3
            for watch in watches:
                await watch.aclose()
            assert client.channels.streams == [0, 0, 0]
