"""Players of the ladder tests: a player token each (signed by the tests' identity provider,
which every server of these tests trusts), tickets watched to their end, and matches played
to their end with random legal moves."""

from __future__ import annotations

import asyncio
import functools
import random
import secrets
import tempfile
from pathlib import Path

import grpc
import jwt

from cosmodrome.auth import Player
from cosmodrome.ladder import players
from cosmodrome.v1 import (
    ladder_pb2,
    ladder_pb2_grpc,
    match_pb2,
    play_pb2,
    play_pb2_grpc,
)
from tests.players import IdentityProvider, server_flags
from tests.support import auth

ENDED = (ladder_pb2.TICKET_STATUS_MATCHED, ladder_pb2.TICKET_STATUS_CANCELLED,
         ladder_pb2.TICKET_STATUS_EXPIRED)
BOARD = "crafting"  # the leaderboard tests' own ladder


@functools.cache
def provider() -> IdentityProvider:
    return IdentityProvider()


@functools.cache
def identity_flags() -> tuple[str, ...]:
    """The flags that make a server trust the tests' identity provider."""
    folder = Path(tempfile.mkdtemp(prefix="cosmodrome-ladder-idp-"))
    return tuple(server_flags(provider().write_jwks(folder)))


def new_player() -> str:
    """A new player's token (the host's JWT for a fresh subject)."""
    return provider().token(f"player-{secrets.token_hex(8)}")


async def watch_to_end(channels: list[grpc.aio.Channel], token: str, ticket_id: str,
                       first: int = 0) -> tuple[ladder_pb2.Ticket, int]:
    """Watch a ticket until it ends, moving to the next replica when a stream breaks;
    returns its last state and how many streams broke."""
    broken, n = 0, first
    while True:
        stub = ladder_pb2_grpc.MatchmakerServiceStub(channels[n % len(channels)])
        last = None
        try:
            async for ticket in stub.WatchTicket(
                    ladder_pb2.WatchTicketRequest(ticket_id=ticket_id), metadata=auth(token)):
                last = ticket
            assert last is not None and last.status in ENDED, last
            return last, broken
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                                  grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN):
                raise
            broken, n = broken + 1, n + 1
            await asyncio.sleep(0.2)


async def play_out(channels: list[grpc.aio.Channel], match_id: str, token: str,
                   seed: int) -> match_pb2.MatchView:
    """Play one seat's legal moves at random until the match ends (any replica)."""
    rng, n = random.Random(seed), seed
    while True:
        play = play_pb2_grpc.PlayServiceStub(channels[n % len(channels)])
        try:
            view = await play.GetView(play_pb2.GetViewRequest(match_id=match_id),
                                      metadata=auth(token))
            mine = [d for d in view.decisions if d.seat == view.viewer_seat]
            if view.match.status == match_pb2.MATCH_STATUS_FINISHED:
                return view
            if not mine or not mine[0].options:
                await asyncio.sleep(0.05)
                continue
            move = rng.choice(list(mine[0].options))
            await play.SubmitMove(play_pb2.SubmitMoveRequest(
                match_id=match_id, expected_version=view.match.version, move=move),
                metadata=auth(token))
        except grpc.aio.AioRpcError as exc:
            if exc.code() in (grpc.StatusCode.UNAVAILABLE,):
                n += 1
                await asyncio.sleep(0.1)
            elif exc.code() not in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                raise


def key_of(token: str) -> str:
    """The ladder's name of the player of `token`."""
    claims = jwt.decode(token, options={"verify_signature": False})
    return players.key_of(Player(claims["iss"], claims["sub"]))
