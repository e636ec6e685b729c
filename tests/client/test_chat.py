"""The Python client's chat: send_chat, chat(), and chat lines in watch(chat=True), across
a dropped connection and a lost reply."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome_client import Client, CosmodromeError
from tests.client.test_client import new_tictactoe


async def test_seats_speak_and_a_spectator_reads_the_chat(client):
    match, x, o = await new_tictactoe(client)
    await x.send_chat("à toi")
    reply = await o.send_chat("merci")
    assert (reply.line.sequence, reply.line.seat, reply.judged_version) == (2, 1, 0)
    lines = await client.spectate(match.match_id).chat()
    assert [(c.seat, c.text) for c in lines] == [(0, "à toi"), (1, "merci")]
    assert [c.text for c in await x.chat(from_sequence=1)] == ["merci"]


async def test_too_much_chat_says_when_to_retry(client):
    _, x, _ = await new_tictactoe(client)
    for n in range(5):
        await x.send_chat(f"line {n}")
    with pytest.raises(CosmodromeError) as refused:
        await x.send_chat("line 5")
    assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert 0 < int(refused.value.metadata["retry_after_ms"]) <= 10_000


async def test_watch_with_chat_hears_lines_between_moves_across_a_drop(client, proxy):
    match, x, o = await new_tictactoe(client)
    async with Client.connect(proxy.address) as far:
        start = (await client.get_match(match.match_id)).version
        stream = far.spectate(match.match_id).watch(from_version=start, chat=True)
        stream = stream.__aiter__()

        async def heard():
            return await asyncio.wait_for(stream.__anext__(), 30)

        await x.send_chat("first")
        assert (await heard()).chat.text == "first"
        await x.view()
        await x.submit(ttt.Move(cell=4))
        assert (await heard()).entry.version == start + 1
        proxy.cut()  # the watcher's connection dies
        await o.send_chat("second")
        await o.send_chat("third")
        update = await heard()
        assert update.chat.text == "second", "resumed from the last line heard"
        assert (await heard()).chat.text == "third"
        await stream.aclose()
    assert proxy.cuts == 1 and proxy.accepted >= 2, "the watcher had to reconnect"


async def test_a_line_whose_reply_a_proxy_cancelled_is_said_once(grpc_proxy):
    async with Client.connect(grpc_proxy.address) as client:
        match = await client.create_match("tictactoe")
        x = await client.join(match.match_id)
        await client.join(match.match_id)
        grpc_proxy.cancel_after["SendChat"] = 1  # kept upstream, reply lost
        reply = await x.send_chat("only once")
        assert len([m for m in grpc_proxy.forwarded if m.endswith("/SendChat")]) == 2
        assert [c.text for c in await x.chat()] == ["only once"]
        assert reply.line.sequence == 1


async def test_watch_with_chat_of_a_finished_match_hears_its_chat_then_ends(client):
    match, x, o = await new_tictactoe(client)
    await x.send_chat("bonne chance")
    for seat, cell in ((x, 0), (o, 3), (x, 1), (o, 4), (x, 2)):
        await seat.submit(ttt.Move(cell=cell))
    viewer = client.spectate(match.match_id)
    final = (await viewer.view()).match.version
    updates = [u async for u in viewer.watch(from_version=final, chat=True, max_retries=0)]
    assert [u.chat.text for u in updates] == ["bonne chance"]
