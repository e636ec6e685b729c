"""The client against failures: reads asked again, moves resent with their idempotency key,
play() carried through replicas restarted again and again. Real servers, real Redis."""

from __future__ import annotations

import asyncio
import signal

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome.store.embedded import free_port
from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, RandomBot, play
from cosmodrome_client.client import channel_target
from tests.support import ServerProcess

FINISHED = match_pb2.MATCH_STATUS_FINISHED


async def test_a_move_whose_reply_a_proxy_cancelled_is_resent_and_applied_once(grpc_proxy):
    async with Client.connect(grpc_proxy.address) as client:
        match = await client.create_match("tictactoe")
        x = await client.join(match.match_id)
        await client.join(match.match_id)
        view = await x.view()
        grpc_proxy.cancel_after["SubmitMove"] = 1  # applied upstream, reply lost
        response = await x.submit(ttt.Move(cell=4))
        assert response.version == view.match.version + 1
        sent = [m for m in grpc_proxy.forwarded if m.endswith("/SubmitMove")]
        assert len(sent) == 2, "resent once"
        log = await x.log(from_version=view.match.version)
        assert [e.move_kind for e in log] == ["place"], "applied once"


async def test_reads_are_asked_again_while_no_replica_answers(grpc_proxy):
    async with Client.connect(grpc_proxy.address) as client:
        match = await client.create_match("tictactoe")
        for method in ("GetMatch", "GetView", "ListGames", "GetGameContent", "GetLog"):
            grpc_proxy.refuse[method] = 2
        assert (await client.get_match(match.match_id)).match_id == match.match_id
        assert (await client.spectate(match.match_id).view()).match.version == 1
        assert await client.list_games()
        assert await client.game_content("mlem") is not None
        assert await client.spectate(match.match_id).log()
        assert all(n == 0 for n in grpc_proxy.refuse.values())


async def test_a_change_is_not_resent_blindly(grpc_proxy):
    """CreateMatch has no idempotency key: a failure is the caller's to judge."""
    async with Client.connect(grpc_proxy.address) as client:
        grpc_proxy.refuse["CreateMatch"] = 1
        try:
            await client.create_match("tictactoe")
        except Exception as e:  # noqa: BLE001
            assert "UNAVAILABLE" in str(e)
        else:
            raise AssertionError("CreateMatch was resent")


def test_several_addresses_make_one_round_robin_target():
    assert channel_target("127.0.0.1:1") == ("127.0.0.1:1", False)
    assert channel_target("10.0.0.1:1, 10.0.0.2:2") == ("ipv4:10.0.0.1:1,10.0.0.2:2", True)
    assert channel_target("[::1]:1,[::1]:2") == ("ipv6:[::1]:1,[::1]:2", True)
    assert channel_target("dns:///game.example:50051") == ("dns:///game.example:50051", False)


async def test_round_robin_spreads_calls_over_every_replica(redis_url):
    with ServerProcess(redis_url=redis_url) as a, ServerProcess(redis_url=redis_url) as b:
        async with Client.connect(f"{a.address},{b.address}") as client:
            match = await client.create_match("tictactoe")
            for _ in range(20):
                await client.get_match(match.match_id)
            a.stop(signal.SIGKILL)  # only b answers now
            for _ in range(5):
                assert (await client.get_match(match.match_id)).match_id == match.match_id


async def play_through_restarts(replicas: list[ServerProcess], address: str) -> int:
    """Bots play whole MLEM matches through `address` while one replica is killed and
    restarted, then the other, over and over; every match must end with each move applied
    once. Returns the number of restarts made while a match was being played."""
    restarts_mid_game = 0
    playing = asyncio.Event()

    async def restart_forever() -> None:
        nonlocal restarts_mid_game
        i = 0
        while True:
            await playing.wait()
            replica = replicas[i % 2]
            await asyncio.to_thread(replica.stop, signal.SIGKILL)
            await asyncio.sleep(0.2)
            await asyncio.to_thread(replica.start)  # same port: reconnects find it again
            if playing.is_set():
                restarts_mid_game += 1
            i += 1
            await asyncio.sleep(0.3)

    restarter = asyncio.create_task(restart_forever())
    try:
        async with Client.connect(address) as client:
            games = 0
            while restarts_mid_game < 4:
                match = await client.create_match("mlem", players=3, seed=games)
                seats = [await client.join(match.match_id, name=f"robot {i}") for i in range(3)]
                playing.set()
                finals = await asyncio.wait_for(asyncio.gather(
                    *(play(s, RandomBot(s.seat)) for s in seats)), 180)
                playing.clear()
                assert all(f.status == FINISHED for f in finals)
                log = await client.spectate(match.match_id).log()
                assert [e.version for e in log] == list(range(1, finals[0].version + 1))
                games += 1
    finally:
        restarter.cancel()
        await asyncio.gather(restarter, return_exceptions=True)
    return restarts_mid_game


async def test_play_finishes_while_replicas_are_restarted_again_and_again(redis_url):
    """Through the client's own round-robin over the two replicas."""
    replicas = [ServerProcess(redis_url=redis_url).start() for _ in range(2)]
    try:
        address = ",".join(r.address for r in replicas)
        assert await play_through_restarts(replicas, address) >= 4
    finally:
        for r in replicas:
            r.stop()


async def test_play_finishes_through_the_edge_while_replicas_are_restarted(redis_url):
    """Through the Envoy edge in front of the two replicas (its plain gRPC port). Envoy
    itself retries reads and SubmitMove on another replica, and the client resumes the
    watches the deaths cut; the client's own resends (a CANCELLED move) are proven through
    GrpcProxy above."""
    from tests.edge.conftest import start_edge

    replicas = [ServerProcess(redis_url=redis_url).start() for _ in range(2)]
    edge = start_edge([r.address for r in replicas], grpc_port=free_port())
    try:
        address = f"127.0.0.1:{edge.config.grpc_port}"
        assert await play_through_restarts(replicas, address) >= 4
    finally:
        edge.stop()
        for r in replicas:
            r.stop()


async def test_a_dns_name_resolved_to_every_address_with_round_robin(server):
    port = server.address.rsplit(":", 1)[1]
    async with Client.connect(f"dns:///localhost:{port}", round_robin=True) as client:
        assert {g.name for g in await client.list_games()} >= {"tictactoe", "mlem"}
