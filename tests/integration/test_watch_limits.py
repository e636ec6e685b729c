"""Watch streams under abuse: a far `from_version`, slow readers, idle connections, and the
limits a host sets on streams and catch-up."""

from __future__ import annotations

import asyncio
import socket
import time

import grpc
import pytest

from cosmodrome.v1 import play_pb2, play_pb2_grpc
from cosmodrome_client import Client, RandomBot, play
from tests.support import Api, ServerProcess, ttt


async def next_update(stream) -> play_pb2.MatchUpdate:
    return await asyncio.wait_for(stream.read(), 10)


def watch_request(match_id: str, from_version: int) -> play_pb2.WatchMatchRequest:
    return play_pb2.WatchMatchRequest(match_id=match_id, from_version=from_version)


def test_a_watcher_from_a_far_version_does_not_freeze_the_others(api, server):
    match_id, tokens = api.new_match("tictactoe")

    async def scenario() -> None:
        async with grpc.aio.insecure_channel(server.address) as channel:
            play = play_pb2_grpc.PlayServiceStub(channel)
            far = play.WatchMatch(watch_request(match_id, 10**12))  # first: it starts the tail
            await asyncio.sleep(0.3)
            near = play.WatchMatch(watch_request(match_id, 3))
            await asyncio.sleep(0.3)
            await asyncio.to_thread(api.submit, match_id, tokens[0], ttt(4))
            assert (await next_update(near)).entry.version == 4
            await asyncio.to_thread(api.submit, match_id, tokens[1], ttt(0))
            assert (await next_update(near)).entry.version == 5
            far.cancel()
            near.cancel()

    asyncio.run(scenario())


LIMITS = ["--watch-buffer", "2", "--max-watchers-per-match", "5", "--max-idle-seconds", "1",
          "--watch-catch-up", "2"]
# A client that takes in little before it reads: a window of 1 KiB, not grown.
SMALL_WINDOW = [("grpc.http2.lookahead_bytes", 1024), ("grpc.http2.bdp_probe", 0)]
DRAW = [4, 0, 8, 2, 1, 7, 6, 3, 5]  # a tic-tac-toe game that fills the board (9 moves)


@pytest.fixture(scope="module")
def limited(redis_url):
    """A replica with small watch limits (LIMITS)."""
    with ServerProcess(redis_url=redis_url, extra=LIMITS) as replica:
        api = Api(replica.address)
        yield replica, api
        api.close()


def test_a_slow_reader_is_dropped_and_resumes_from_its_version(limited):
    """A Cosmic match (views of a few KB) played by bots, watched by a reader that takes
    nothing in and by one that keeps up."""
    replica, _ = limited
    moves = 40

    async def scenario() -> None:
        async with Client.connect(replica.address) as client, \
                grpc.aio.insecure_channel(replica.address, options=SMALL_WINDOW) as slow_ch:
            match = await client.create_match("cosmic", players=2, seed=3)
            seats = [await client.join(match.match_id) for _ in range(2)]
            start = (await seats[0].view()).match.version
            slow = play_pb2_grpc.PlayServiceStub(slow_ch).WatchMatch(
                watch_request(match.match_id, start))
            fast = client.play.WatchMatch(watch_request(match.match_id, start))
            await asyncio.sleep(0.3)
            bots = [asyncio.create_task(play(s, RandomBot(s.seat))) for s in seats]
            # the fast reader is not held back by the slow one
            fast_seen = [(await next_update(fast)).entry.version for _ in range(moves)]
            for bot in bots:
                bot.cancel()
            await asyncio.gather(*bots, return_exceptions=True)
            assert fast_seen == list(range(start + 1, start + 1 + moves))
            seen = []
            with pytest.raises(grpc.aio.AioRpcError) as dropped:
                while True:
                    seen.append((await next_update(slow)).entry.version)
            assert dropped.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "watch again from the last version" in dropped.value.details()
            assert seen == list(range(start + 1, start + 1 + len(seen)))
            assert len(seen) < moves
            again = client.play.WatchMatch(watch_request(match.match_id, seen[-1]))
            while seen[-1] < fast_seen[-1]:
                seen.append((await next_update(again)).entry.version)
            assert seen[:moves] == fast_seen
            fast.cancel()
            again.cancel()

    asyncio.run(scenario())


def test_a_match_takes_no_more_watchers_than_the_limit(limited):
    replica, api = limited
    match_id, _ = api.new_match("tictactoe")
    first = api.play.WatchMatch(watch_request(match_id, 3))
    second = [api.play.WatchMatch(watch_request(match_id, 3)) for _ in range(4)]
    time.sleep(0.3)
    with pytest.raises(grpc.RpcError) as refused:
        next(api.play.WatchMatch(watch_request(match_id, 3), timeout=5))
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "5 watch streams" in refused.value.details()
    first.cancel()
    time.sleep(0.3)
    third = api.play.WatchMatch(watch_request(match_id, 0), timeout=5)
    assert next(third).entry.version == 1  # room again once one has left
    for call in (*second, third):
        call.cancel()


def test_a_connection_holds_no_more_streams_than_the_limit(redis_url):
    with ServerProcess(redis_url=redis_url,
                       extra=["--max-streams-per-connection", "2"]) as replica:
        api = Api(replica.address)
        match_id, _ = api.new_match("tictactoe")
        asyncio.run(_third_stream_waits(replica, api, match_id))
        api.close()


async def _third_stream_waits(replica: ServerProcess, api: Api, match_id: str) -> None:
    async with grpc.aio.insecure_channel(replica.address) as channel:
        play = play_pb2_grpc.PlayServiceStub(channel)
        other, _ = await asyncio.to_thread(api.new_match, "tictactoe")
        held = [play.WatchMatch(watch_request(other, 3)) for _ in range(2)]
        await asyncio.sleep(0.5)  # both started
        queued = play.WatchMatch(watch_request(match_id, 0))
        first = asyncio.ensure_future(queued.read())
        done, _ = await asyncio.wait({first}, timeout=1.0)
        assert not done  # not started: HTTP/2 holds it back
        held[0].cancel()
        assert (await asyncio.wait_for(first, 10)).entry.version == 1
        for call in (held[1], queued):
            call.cancel()


def test_an_idle_connection_is_closed(limited):
    replica, _ = limited
    host, port = replica.address.split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0]))
        start = time.monotonic()
        while raw.recv(4096):  # settings, then GOAWAY, then the server closes it
            pass
        assert time.monotonic() - start < 8


def test_a_catch_up_is_read_a_chunk_at_a_time(limited, redis_url):
    import redis

    replica, api = limited
    match_id, tokens = api.new_match("tictactoe")
    for n, cell in enumerate(DRAW):
        api.submit(match_id, tokens[n % 2], ttt(cell))
    probe = redis.Redis.from_url(redis_url)

    def stream_reads() -> int:
        return probe.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0)

    before = stream_reads()
    updates = list(api.play.WatchMatch(watch_request(match_id, 0), timeout=10))
    reads = stream_reads() - before
    probe.close()
    assert [u.entry.version for u in updates] == list(range(1, 13))
    assert [u.HasField("view") for u in updates] == [False] * 11 + [True]
    assert reads >= 6  # 12 entries, 2 at a time (--watch-catch-up 2)
