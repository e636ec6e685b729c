"""Private matches and the creator's calls (start, kick, close), over a real server."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome.v1 import match_pb2
from cosmodrome_client import CosmodromeError, RandomBot, play

WAITING, ACTIVE = match_pb2.MATCH_STATUS_WAITING, match_pb2.MATCH_STATUS_ACTIVE
FINISHED = match_pb2.MATCH_STATUS_FINISHED


async def refused(call, code: str, text: str = "") -> CosmodromeError:
    with pytest.raises(CosmodromeError) as e:
        await call
    assert e.value.code.name == code, e.value
    assert text in e.value.message
    return e.value


async def test_a_private_match_is_joined_only_with_its_join_secret(client):
    match = await client.create_match("tictactoe", private=True)
    secret = match.secrets.join_secret
    assert match.private and secret
    await refused(client.join(match.match_id), "PERMISSION_DENIED", "needs its join_secret")
    await refused(client.join(match.match_id, join_secret=secret + "x"), "PERMISSION_DENIED",
                  "wrong join_secret")
    seat = await client.join(match.match_id, join_secret=secret, name="friend")
    assert seat.seat == 0


async def test_a_private_match_is_not_listed(client):
    private = await client.create_match("tictactoe", private=True)
    public = await client.create_match("tictactoe")
    listed = {m.match_id for m in await client.list_matches(game="tictactoe", limit=200)}
    assert public.match_id in listed and private.match_id not in listed


async def test_the_secrets_are_in_the_create_reply_only(client):
    match = await client.create_match("tictactoe", private=True)
    assert match.secrets.creator_token
    again = await client.get_match(match.match_id)
    assert not again.HasField("secrets") and again.private
    seat = await client.join(match.match_id, join_secret=match.secrets.join_secret)
    assert not seat.match.HasField("secrets")
    view = await client.spectate(match.match_id).view()
    assert match.secrets.creator_token not in str(view)
    assert match.secrets.join_secret not in str(view)
    public = await client.create_match("tictactoe")
    assert public.secrets.creator_token and not public.secrets.join_secret


async def test_the_creator_starts_a_match_with_bots_in_the_open_seats(client):
    match = await client.create_match("highcard", players=3, private=True)
    me = await client.join(match.match_id, join_secret=match.secrets.join_secret, name="me")
    started = await client.creator(match).start(match_pb2.BOT_KIND_RANDOM)
    assert started.status == ACTIVE
    assert [s.bot for s in started.seats] == [0, match_pb2.BOT_KIND_RANDOM,
                                              match_pb2.BOT_KIND_RANDOM]
    final = await asyncio.wait_for(play(me, RandomBot(2)), 30)
    assert final.status == FINISHED
    await refused(client.creator(match).start(), "FAILED_PRECONDITION", "already started")


async def test_the_creator_kicks_from_a_seat_before_the_start(client):
    match = await client.create_match("highcard", players=3)
    creator = client.creator(match)
    pest = await client.join(match.match_id, seat=1, name="pest")
    kicked = await creator.kick(1)
    assert not kicked.seats[1].occupied and not kicked.seats[1].display_name
    await refused(pest.leave(), "UNAUTHENTICATED",
                  "not valid for this match")
    await refused(creator.kick(1), "FAILED_PRECONDITION", "already open")
    await refused(creator.kick(7), "INVALID_ARGUMENT", "seat must be between 0 and 2")
    again = await client.join(match.match_id, seat=1, name="friend")
    assert again.seat == 1


async def test_the_creator_closes_a_match_in_play(client):
    match = await client.create_match("tictactoe")
    x = await client.join(match.match_id)
    await client.join(match.match_id)
    closed = await client.creator(match).close()
    assert closed.status == FINISHED and closed.result.closed
    assert not closed.result.winners
    view = await x.view()
    assert view.match.status == FINISHED and not view.decisions
    await refused(client.creator(match).close(), "FAILED_PRECONDITION", "the match is over")
    await refused(client.join(match.match_id), "FAILED_PRECONDITION", "the match is over")


async def test_only_the_creator_token_starts_kicks_or_closes(client):
    match = await client.create_match("tictactoe")
    seat = await client.join(match.match_id)
    for token in ("", seat.token, "made-up"):
        handle = client.creator(match.match_id, token)
        for call in (handle.start(), handle.kick(0), handle.close()):
            error = await refused(call, "UNAUTHENTICATED" if not token else "PERMISSION_DENIED")
            assert "creator token" in error.message
    assert (await client.get_match(match.match_id)).status == WAITING  # nothing changed
