"""The real client path: what a frontend or a bot does, K matches in flight.

Each worker plays match after match: CreateMatch, a JoinMatch per seat, then per seat
either one Play session (`session=True`: moves up, answers and updates down) or a
WatchMatch stream and a SubmitMove call per move (from its own join on: the first update
brings the view), or (`socket_url`) one Play session on the Play socket, a WebSocket per
seat and match, and each seat moves a random legal option whenever the view on its
stream says it owes a decision. The latency of a move: from its sending to its answer.
Every seat has a channel (connection) of its own, as every player of a real game does.
Bare stubs, as the echo yardstick uses: the figure is the server's, not the client
library's.
"""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import websockets.asyncio.client
from google.rpc import code_pb2

from bench.load import Figures
from cosmodrome.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, play_pb2, play_pb2_grpc

FINISHED = match_pb2.MATCH_STATUS_FINISHED
ABORTED = code_pb2.ABORTED
GIVE_UP_S = 10.0  # a match still under way this long after the window is given up


async def measure(address: str, game: str, in_flight: int, seconds: float,
                  players: int = 2, seed: int = 0, session: bool = False,
                  socket_url: str | None = None) -> Figures:
    """Move figures of `in_flight` workers playing `game` for `seconds` (a match under way
    at the deadline is played to its end, or given up 10 s later)."""
    channels = [grpc.aio.insecure_channel(address) for _ in range(players * in_flight)]
    latencies: list[float] = []
    pick = random.Random(seed).choice
    clock = time.perf_counter
    deadline = clock() + seconds

    async def seat(channel, match_id: str, joined: lobby_pb2.JoinMatchResponse) -> None:
        play = play_pb2_grpc.PlayServiceStub(channel)
        auth = (("authorization", f"Bearer {joined.seat_token}"),)
        me, acted = joined.seat, 0
        stream = play.WatchMatch(play_pb2.WatchMatchRequest(  # from its own join, with a view
            match_id=match_id, from_version=joined.match.version - 1), metadata=auth)
        async for update in stream:
            if not update.HasField("view"):
                continue
            view = update.view
            if view.match.status == FINISHED or clock() > deadline + GIVE_UP_S:
                stream.cancel()
                return
            version = view.match.version
            mine = [d for d in view.decisions if d.seat == me and d.options]
            if not mine or version <= acted:
                continue
            acted = version
            t0 = clock()
            try:
                await play.SubmitMove(play_pb2.SubmitMoveRequest(
                    match_id=match_id, expected_version=version,
                    idempotency_key=str(version), move=pick(mine[0].options)), metadata=auth)
            except grpc.aio.AioRpcError as e:
                if e.code() != grpc.StatusCode.ABORTED:  # another seat moved first: wait
                    raise
                continue
            latencies.append(clock() - t0)

    async def session_moves(joined: lobby_pb2.JoinMatchResponse, responses, send) -> None:
        """A seat's Play session, whatever carries it: `send` an opening, then a move
        whenever the view on `responses` owes one, until the match ends."""
        await send(play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=joined.match.match_id, from_version=joined.match.version - 1)))
        me, acted, sent = joined.seat, 0, 0.0
        async for response in responses:
            if response.HasField("result"):
                if response.result.HasField("error"):
                    if response.result.error.code != ABORTED:  # another seat moved first
                        raise RuntimeError(response.result.error.message)
                else:
                    latencies.append(clock() - sent)
            if not response.update.HasField("view"):
                continue
            view = response.update.view
            if view.match.status == FINISHED or clock() > deadline + GIVE_UP_S:
                return
            version = view.match.version
            mine = [d for d in view.decisions if d.seat == me and d.options]
            if not mine or version <= acted:
                continue
            acted, sent = version, clock()
            await send(play_pb2.PlayRequest(move=play_pb2.PlayMove(
                request_id=str(version), expected_version=version,
                idempotency_key=str(version), move=pick(mine[0].options))))

    async def session_seat(channel, match_id: str, joined: lobby_pb2.JoinMatchResponse
                           ) -> None:
        call = play_pb2_grpc.PlayServiceStub(channel).Play(
            metadata=(("authorization", f"Bearer {joined.seat_token}"),))
        try:
            await session_moves(joined, call, call.write)
        finally:
            call.cancel()

    async def socket_seat(channel, match_id: str, joined: lobby_pb2.JoinMatchResponse
                          ) -> None:
        async with websockets.asyncio.client.connect(
                socket_url, compression=None,
                additional_headers={"authorization": f"Bearer {joined.seat_token}"}) as ws:
            async def send(request: play_pb2.PlayRequest) -> None:
                await ws.send(request.SerializeToString())
            await session_moves(joined, (play_pb2.PlayResponse.FromString(frame)
                                         async for frame in ws), send)

    if socket_url:
        seat = socket_seat  # noqa: F811 (the same seat, over a WebSocket)
    elif session:
        seat = session_seat  # noqa: F811 (the same seat, over one stream)

    async def worker(mine: list) -> None:
        lobby = [lobby_pb2_grpc.LobbyServiceStub(c) for c in mine]
        while clock() < deadline:
            match = await lobby[0].CreateMatch(lobby_pb2.CreateMatchRequest(
                game=game, players=players))
            joins = [await stub.JoinMatch(lobby_pb2.JoinMatchRequest(match_id=match.match_id))
                     for stub in lobby]
            seats = asyncio.gather(*(seat(c, match.match_id, j)
                                     for c, j in zip(mine, joins, strict=True)))
            try:  # a seat that gives up leaves the others waiting for its move: end them too
                await asyncio.wait_for(seats, max(0.0, deadline + GIVE_UP_S - clock()))
            except TimeoutError:
                return

    try:
        for channel in channels:
            await asyncio.wait_for(channel.channel_ready(), 10)
        start = clock()
        await asyncio.wait_for(asyncio.gather(*(  # a stalled match fails the run, loudly
            worker(channels[players * i:players * (i + 1)]) for i in range(in_flight))),
            seconds + 60)
        return Figures(len(latencies), clock() - start, latencies)
    finally:
        for channel in channels:
            await channel.close()
