"""'Your turn' notices over real processes: a valkey, server replicas with a webhook, and a
loopback receiver (tests/notices/receiver.py) that may be down, slow or answer errors."""

from __future__ import annotations

import asyncio
import signal
import time
import urllib.request

import grpc
import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from cosmodrome.notices import signer
from cosmodrome.notices.outbox import outbox_key, owed_key
from cosmodrome.store.embedded import EmbeddedRedis, free_port
from cosmodrome.store.redis_store import match_slot
from cosmodrome.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2
from tests.integration.local_cluster import LocalCluster
from tests.notices.receiver import Receiver
from tests.support import Api, ServerProcess, ttt

SECRET = "test-webhook-secret"
X_WINS = (0, 3, 1, 4, 2)  # seat 0 takes the top row


@pytest.fixture
def store_url(tmp_path):
    """A valkey of the test's own: no outbox left over from another test."""
    store = EmbeddedRedis(tmp_path / "valkey", appendonly=False)
    yield store.start()
    store.stop()


def replica(store_url: str, receiver: Receiver, *extra: str, metrics_port: int = 0
            ) -> ServerProcess:
    args = ["--webhook-url", receiver.url, "--webhook-secret", SECRET, *extra]
    if metrics_port:
        args += ["--metrics-port", str(metrics_port)]
    return ServerProcess(redis_url=store_url, extra=args)


def play_to_the_end(api: Api) -> tuple[str, set[str]]:
    """A tic-tac-toe match seat 0 wins; returns its id and the ids of the notices owed."""
    match_id, tokens = api.new_match("tictactoe")
    start = api.view(match_id).match.version  # the join that started it: seat 0 owes
    for n, cell in enumerate(X_WINS):
        api.submit(match_id, tokens[n % 2], ttt(cell))
    end = start + len(X_WINS)
    expected = {f"{match_id}:{v}:{(v - start) % 2}:your_turn" for v in range(start, end)}
    expected |= {f"{match_id}:{end}:{seat}:match_ended" for seat in (0, 1)}
    return match_id, expected


def scrape(port: int) -> dict[tuple[str, tuple], float]:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text.decode())
            for s in family.samples}


def total(samples: dict, name: str) -> float:
    return sum(v for (n, _), v in samples.items() if n == name)


def test_each_turn_and_the_end_are_posted_signed(store_url):
    with Receiver() as receiver, replica(store_url, receiver) as server:
        api = Api(server.address)
        match_id, expected = play_to_the_end(api)
        receiver.wait_until(lambda r: r.delivered() >= expected)
        api.close()
    assert receiver.delivered() == expected
    for got in receiver.received:
        notice, headers = got.notice, got.headers
        assert headers["Cosmodrome-Notice-Id"] == notice["id"]
        assert notice["id"] == (f"{notice['match_id']}:{notice['version']}:{notice['seat']}:"
                                f"{notice['kind']}")
        assert notice["match_id"] == match_id and notice["game"] == "tictactoe"
        stamp, signature = headers["Cosmodrome-Timestamp"], headers["Cosmodrome-Signature"]
        assert signer.verify(SECRET.encode(), stamp, signature, got.body, time.time())
        assert not signer.verify(b"another secret", stamp, signature, got.body, time.time())
        assert not signer.verify(SECRET.encode(), stamp, signature, got.body + b" ",
                                 time.time())
    ended = [r.notice for r in receiver.received if r.notice["kind"] == "match_ended"]
    assert {tuple(n["result"]["winners"]) for n in ended} == {(0,)}


def test_a_receiver_down_then_back_gets_every_notice(store_url):
    receiver, metrics_port = Receiver(), free_port()  # not started: connections refused
    retry_fast = ("--webhook-backoff-seconds", "0.1", "--webhook-backoff-max-seconds", "0.5",
                  "--webhook-attempts", "1000")
    with replica(store_url, receiver, *retry_fast, metrics_port=metrics_port) as server:
        api = Api(server.address)
        _, expected = play_to_the_end(api)
        eventually(lambda: total(scrape(metrics_port), "cosmodrome_notices_retried_total")
                   >= 2 * len(expected))  # every notice failed twice or more
        failed = scrape(metrics_port)
        assert failed[("cosmodrome_notices_failed_total", (("reason", "connect"),))] > 0
        with receiver:  # back up, on the same address
            receiver.wait_until(lambda r: r.delivered() >= expected)
            assert receiver.delivered() == expected  # at least once each; the ids dedupe
            eventually(lambda: total(scrape(metrics_port), "cosmodrome_notices_delivered_total")
                       >= len(expected))  # counted once its answer is read
            assert total(scrape(metrics_port), "cosmodrome_notices_dropped_total") == 0
        api.close()


def test_a_receiver_answering_errors_is_retried_and_counted(store_url):
    metrics_port = free_port()
    with Receiver(status=503) as receiver, replica(
            store_url, receiver, "--webhook-backoff-seconds", "0.05",
            "--webhook-attempts", "3", metrics_port=metrics_port) as server:
        api = Api(server.address)
        match_id, tokens = api.new_match("tictactoe")
        receiver.wait_until(lambda r: len(r.received) >= 3 and r.in_flight == 0)
        eventually(lambda: total(scrape(metrics_port), "cosmodrome_notices_dropped_total"))
        samples = scrape(metrics_port)
        api.close()
    assert len(receiver.received) == 3  # the attempts allowed, then dropped
    assert samples[("cosmodrome_notices_failed_total", (("reason", "http_5xx"),))] == 3
    assert samples[("cosmodrome_notices_retried_total", ())] == 2
    assert samples[("cosmodrome_notices_dropped_total", (("reason", "attempts"),))] == 1


def test_an_answer_later_than_the_timeout_is_a_failed_attempt(store_url):
    metrics_port = free_port()
    with Receiver() as receiver, replica(
            store_url, receiver, "--webhook-timeout-seconds", "0.2", "--webhook-attempts", "2",
            "--webhook-backoff-seconds", "0.05", metrics_port=metrics_port) as server:
        receiver.gate.clear()  # never answered while the server waits
        api = Api(server.address)
        api.new_match("tictactoe")
        eventually(lambda: total(scrape(metrics_port), "cosmodrome_notices_dropped_total"))
        samples = scrape(metrics_port)
        api.close()
    assert samples[("cosmodrome_notices_failed_total", (("reason", "timeout"),))] == 2
    assert len(receiver.received) == 2


def test_a_slow_receiver_never_delays_a_move(store_url):
    patient = ("--webhook-concurrency", "1", "--webhook-timeout-seconds", "300")
    with Receiver() as receiver, replica(store_url, receiver, *patient) as server:
        receiver.gate.clear()  # every POST is held until the match is over
        api = Api(server.address)
        match_id, tokens = api.new_match("tictactoe")
        receiver.wait_until(lambda r: r.in_flight == 1)  # seat 0's "your turn", held
        for n, cell in enumerate(X_WINS):
            api.submit(match_id, tokens[n % 2], ttt(cell))
            # the move's answer came while the first notice is still unanswered, and the
            # notices of the moves before it still wait behind it
            assert receiver.in_flight == 1 and len(receiver.received) == 1
        # over, every notice but the first still to be posted
        assert api.view(match_id).match.status == match_pb2.MATCH_STATUS_FINISHED
        receiver.gate.set()
        receiver.wait_until(lambda r: len(r.delivered()) == 7)
        api.close()


def test_with_a_wait_players_at_the_table_are_not_told_a_silent_one_is(store_url):
    metrics_port = free_port()
    with Receiver() as receiver, \
            replica(store_url, receiver, "--webhook-wait-seconds", "300",
                    metrics_port=metrics_port) as patient, \
            replica(store_url, receiver, "--webhook-wait-seconds", "0.2") as brief:
        api = Api(patient.address)
        played, owed = play_to_the_end(api)  # every seat moved within its wait
        api.close()
        api = Api(brief.address)
        silent, _ = api.new_match("tictactoe")  # seat 0 never moves
        api.close()
        ended = {n for n in owed if n.endswith("match_ended")}
        receiver.wait_until(lambda r: r.delivered() >= ended | {f"{silent}:3:0:your_turn"})
        eventually(lambda: scrape(metrics_port)[("cosmodrome_notices_withdrawn_total", ())]
                   == len(owed) - len(ended))
    assert receiver.delivered() == ended | {f"{silent}:3:0:your_turn"}


def test_a_storm_of_matches_stays_within_the_concurrency_cap(store_url):
    cap, matches = 4, 500
    # held POSTs wait as long as the storm lasts: none times out and comes again
    capped = ("--webhook-concurrency", str(cap), "--webhook-timeout-seconds", "300")
    with Receiver() as receiver, replica(store_url, receiver, *capped) as a, \
            replica(store_url, receiver, *capped) as b:
        receiver.gate.clear()  # held while the storm comes: the notices pile up
        ids = asyncio.run(create_matches([a.address, b.address], matches))
        receiver.wait_until(lambda r: r.in_flight >= 2 * cap)  # both replicas at their cap
        client = redis.Redis.from_url(store_url)
        # every notice is queued in the store (those held, leased there), none in a replica
        eventually(lambda: pending(client) == matches)
        receiver.gate.set()
        expected = {f"{m}:3:0:your_turn" for m in ids}
        receiver.wait_until(lambda r: r.delivered() >= expected, timeout=300)
        assert receiver.max_in_flight == 2 * cap  # two replicas, each within its cap
        eventually(lambda: pending(client) == 0)  # drained: settled notices leave the outbox
        client.close()
    assert receiver.delivered() == expected


async def create_matches(addresses: list[str], count: int) -> list[str]:
    """`count` two-seat tic-tac-toe matches, started, half through each replica."""
    channels = [grpc.aio.insecure_channel(a) for a in addresses]
    gate = asyncio.Semaphore(32)

    async def one(n: int) -> str:
        lobby = lobby_pb2_grpc.LobbyServiceStub(channels[n % len(channels)])
        async with gate:
            match = await lobby.CreateMatch(lobby_pb2.CreateMatchRequest(game="tictactoe"))
            for seat in (0, 1):
                await lobby.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id,
                                                                 seat=seat))
            return match.match_id
    try:
        return await asyncio.gather(*(one(n) for n in range(count)))
    finally:
        for channel in channels:
            await channel.close()


def eventually(condition, timeout: float = 60.0) -> None:
    """Wait until `condition()` holds (a bound for a hung test, not a timing)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never reached"
        time.sleep(0.05)


def pending(client: redis.Redis) -> int:
    return sum(client.zcard(key) for key in client.scan_iter(match="notices:{*}"))


def test_a_replica_killed_mid_delivery_leaves_it_to_another(store_url):
    receiver = Receiver().start()
    receiver.gate.clear()
    fast = ("--webhook-timeout-seconds", "1")  # its lease: this and a margin
    a = replica(store_url, receiver, *fast).start()
    api = Api(a.address)
    match_id, _ = api.new_match("tictactoe")
    api.close()
    receiver.wait_until(lambda r: r.in_flight == 1)  # A is delivering it
    held = receiver.received[0].notice["id"]
    a.stop(signal.SIGKILL)
    receiver.gate.set()
    with replica(store_url, receiver, *fast):
        receiver.wait_until(lambda r: sum(1 for x in r.received if x.answered) >= 2)
    receiver.stop()
    assert [r.notice["id"] for r in receiver.received] == [held, held]
    assert receiver.received[1].answered == 200


def test_a_replica_killed_right_after_the_final_move_leaves_the_end_to_another(store_url):
    """The final move's commit marks its version in the same atomic step: its replica is
    killed with the version's notices never queued (the store refuses its enqueue until
    then), and another replica still tells every player the match ended."""
    fast, metrics_port = ("--webhook-timeout-seconds", "1"), free_port()  # lease: 1 + 5 s
    receiver = Receiver().start()
    a = replica(store_url, receiver, *fast).start()
    api = Api(a.address)
    match_id, tokens = api.new_match("tictactoe")
    before_last = api.view(match_id).match.version + len(X_WINS) - 1
    for n, cell in enumerate(X_WINS[:-1]):
        api.submit(match_id, tokens[n % 2], ttt(cell))
    receiver.wait_until(lambda r: f"{match_id}:{before_last}:0:your_turn" in r.delivered())
    client = redis.Redis.from_url(store_url)
    client.delete(owed_key(match_id))
    client.set(owed_key(match_id), "not a hash")  # A's enqueue fails from here (WRONGTYPE)
    api.submit(match_id, tokens[0], ttt(X_WINS[-1]))  # committed: the match is over
    a.stop(signal.SIGKILL)
    api.close()
    end = before_last + 1
    assert client.zscore(outbox_key(match_slot(match_id)), f"{match_id}:{end}") is not None
    client.delete(owed_key(match_id))  # the store is itself again
    ended = {f"{match_id}:{end}:{seat}:match_ended" for seat in (0, 1)}
    assert not ended & receiver.delivered()
    with replica(store_url, receiver, *fast, metrics_port=metrics_port):
        receiver.wait_until(lambda r: r.delivered() >= ended)
        eventually(lambda: total(scrape(metrics_port), "cosmodrome_notices_rebuilt_total"))
        rebuilt = scrape(metrics_port)[("cosmodrome_notices_rebuilt_total", ())]
    receiver.stop()
    assert client.zscore(outbox_key(match_slot(match_id)), f"{match_id}:{end}") is None
    client.close()
    assert rebuilt == 1  # B built the end's notices from the store, once


def test_notices_on_a_cluster_use_the_matches_slots(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster", replicas_each=0).start()
    try:
        with Receiver() as receiver, replica(cluster.url, receiver) as a, \
                replica(cluster.url, receiver) as b:
            apis = [Api(a.address), Api(b.address)]
            owed = [play_to_the_end(apis[n % 2]) for n in range(6)]  # slots on every node
            expected = set().union(*(ids for _, ids in owed))
            receiver.wait_until(lambda r: r.delivered() >= expected)
            for api in apis:
                api.close()
        assert receiver.delivered() == expected
        client = redis.RedisCluster.from_url(cluster.url.replace("redis+cluster", "redis"))
        for match_id, _ in owed:  # its outbox shares its slot (one script, one node)
            assert client.keyslot(outbox_key(match_slot(match_id))) == match_slot(match_id)
        eventually(lambda: sum(client.zcard(outbox_key(match_slot(m))) for m, _ in owed) == 0)
        client.close()
    finally:
        cluster.stop()
