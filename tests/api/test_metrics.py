"""The Prometheus endpoint: calls and latency by method and code, moves by game, watchers,
the store's probe, deadlines fired."""

from __future__ import annotations

import asyncio
import time
import urllib.request

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.store.embedded import EmbeddedRedis, free_port
from cosmodrome.v1 import games_pb2, lobby_pb2, play_pb2
from tests.support import Api, ServerProcess, ttt


def scrape(port: int) -> dict[tuple[str, tuple], float]:
    """Every sample of the endpoint, by (name, sorted labels)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


@pytest.fixture(scope="module")
def replica(tmp_path_factory):
    """A replica on a store of its own: no other replica fires its deadlines."""
    store = EmbeddedRedis(tmp_path_factory.mktemp("metrics"), appendonly=False)
    port = free_port()
    try:
        with ServerProcess(redis_url=store.start(),
                           extra=["--metrics-port", str(port)]) as proc:
            proc.metrics_port = port
            yield proc
    finally:
        store.stop()


def calls(samples, method: str, code: str) -> float:
    return samples.get(("cosmodrome_rpc_seconds_count",
                        (("code", code), ("method", method))), 0)


def test_calls_moves_and_watchers_are_counted(replica):
    api = Api(replica.address)
    before = scrape(replica.metrics_port)
    match_id, tokens = api.new_match("tictactoe")
    api.submit(match_id, tokens[0], ttt(4), version=3)
    with pytest.raises(grpc.RpcError):
        api.submit(match_id, tokens[1], ttt(4), version=4)  # the cell is taken
    watch = api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id), timeout=10)
    next(watch)
    time.sleep(0.2)
    during = scrape(replica.metrics_port)
    watch.cancel()
    api.close()
    assert calls(during, "PlayService/SubmitMove", "OK") - \
        calls(before, "PlayService/SubmitMove", "OK") == 1
    assert calls(during, "PlayService/SubmitMove", "FAILED_PRECONDITION") - \
        calls(before, "PlayService/SubmitMove", "FAILED_PRECONDITION") == 1
    assert calls(during, "LobbyService/JoinMatch", "OK") - \
        calls(before, "LobbyService/JoinMatch", "OK") == 2
    moves = ("cosmodrome_moves_total", (("game", "tictactoe"),))
    assert during[moves] - before.get(moves, 0) == 1
    assert during[("cosmodrome_watchers", ())] == before[("cosmodrome_watchers", ())] + 1
    assert during[("cosmodrome_store_up", ())] == 1
    assert during[("cosmodrome_store_seconds_count", (("op", "ping"),))] >= 1
    commits = ("cosmodrome_store_seconds_count", (("op", "commit"),))
    assert during[commits] - before.get(commits, 0) == 3  # two joins and a move
    latency = during[("cosmodrome_rpc_seconds_sum", (("code", "OK"),
                                                     ("method", "PlayService/SubmitMove")))]
    assert 0 < latency < 10
    deadline = time.monotonic() + 5
    while scrape(replica.metrics_port)[("cosmodrome_watchers", ())] != \
            before[("cosmodrome_watchers", ())]:
        assert time.monotonic() < deadline, "the watcher was not counted out"
        time.sleep(0.1)


def test_a_fired_deadline_is_counted_by_game(replica):
    api = Api(replica.address)
    key = ("cosmodrome_deadlines_fired_total", (("game", "tictactoe"),))
    before = scrape(replica.metrics_port).get(key, 0)
    clocked = games_pb2.GameOptions(tictactoe=tictactoe_pb2.Options(turn_timeout_ms=200))
    match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe",
                                                               options=clocked))
    for _ in range(2):
        api.lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
    deadline = time.monotonic() + 10
    while scrape(replica.metrics_port).get(key, 0) == before:
        assert time.monotonic() < deadline, "no deadline counted"
        time.sleep(0.1)
    api.close()


def test_chat_lines_are_counted_once_each(replica):
    api = Api(replica.address)
    key = ("cosmodrome_chat_lines_total", (("game", "tictactoe"),))
    before = scrape(replica.metrics_port).get(key, 0)
    match_id, tokens = api.new_match("tictactoe")
    for text in ("one", "two", "two"):  # the last one a retry of the second
        api.play.SendChat(play_pb2.SendChatRequest(match_id=match_id, text=text,
                                                   request_id=f"r-{text}"),
                          metadata=(("authorization", f"Bearer {tokens[0]}"),))
    after = scrape(replica.metrics_port).get(key, 0)
    api.close()
    assert after - before == 2


async def test_play_moves_ride_the_session_stream_and_are_counted_as_moves(replica):
    """The client's play() sends every move on its seat's Play session: counted as
    PlayService/Play:move calls and as moves, with no SubmitMove call."""
    from cosmodrome_client import Client, RandomBot, play
    before = scrape(replica.metrics_port)
    async with Client.connect(replica.address) as client:
        match = await client.create_match("tictactoe", seed=3)
        x, o = [await client.join(match.match_id) for _ in range(2)]
        final, _ = await asyncio.gather(play(x, RandomBot(1)), play(o, RandomBot(2)))
    after = scrape(replica.metrics_port)
    moves = final.version - 3
    assert calls(after, "PlayService/Play:move", "OK") - \
        calls(before, "PlayService/Play:move", "OK") == moves
    assert calls(after, "PlayService/SubmitMove", "OK") == \
        calls(before, "PlayService/SubmitMove", "OK")
    assert after[("cosmodrome_moves_total", (("game", "tictactoe"),))] - \
        before.get(("cosmodrome_moves_total", (("game", "tictactoe"),)), 0) == moves
    deadline = time.monotonic() + 5
    while scrape(replica.metrics_port)[("cosmodrome_play_sessions", ())] and \
            time.monotonic() < deadline:
        await asyncio.sleep(0.05)  # the sessions end as their streams close
    assert scrape(replica.metrics_port)[("cosmodrome_play_sessions", ())] == 0
