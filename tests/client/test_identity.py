"""The client library's identity calls over a real server: a guest, his seats from a second
client (another device), his matches and whose turn it is."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome_client import Client, CosmodromeError


async def test_a_guest_comes_back_to_his_seat_from_another_client(client, server):
    guest = await client.create_guest("https://games.example.test/play")
    assert client.player_token == guest.guest_token
    assert guest.resume_url.endswith(f"#guest={guest.guest_token}")
    match = await client.create_match("tictactoe")
    seat = await client.join(match.match_id, name="ada")
    async with Client.connect(server.address, player_token=guest.guest_token) as device:
        back = await device.join(match.match_id)
        assert back.seat == seat.seat and back.token != seat.token
        assert (await back.view()).viewer_seat == seat.seat
        mine = await device.list_my_matches()
    assert [m.match.match_id for m in mine][:1] == [match.match_id]
    assert mine[0].seat == seat.seat and not mine[0].my_turn  # waiting for a second player


async def test_list_my_matches_says_when_it_is_his_turn(client, server):
    await client.create_guest()
    match = await client.create_match("tictactoe")
    mine = await client.join(match.match_id, seat=0)
    async with Client.connect(server.address) as other:
        await other.create_guest()
        theirs = await other.join(match.match_id)
        assert theirs.seat == 1
        [listed] = [m for m in await client.list_my_matches()
                    if m.match.match_id == match.match_id]
        assert listed.my_turn and list(listed.to_act) == [0]
        await mine.submit(mine.decisions(await mine.view())[0].options[0])
        [listed] = [m for m in await other.list_my_matches()
                    if m.match.match_id == match.match_id]
        assert listed.my_turn and listed.seat == 1


async def test_list_my_matches_needs_a_player(client):
    with pytest.raises(CosmodromeError) as refused:
        await client.list_my_matches()
    assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
