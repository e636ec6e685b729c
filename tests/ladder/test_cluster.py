"""The ladder on a Valkey Cluster (3 primaries): each script's keys share one hash tag (a
queue's, a ladder's), so a match is made, seated, played and rated there too."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from cosmodrome.v1 import ladder_pb2, ladder_pb2_grpc
from tests.integration.local_cluster import LocalCluster
from tests.ladder.support import identity_flags, new_player, play_out, watch_to_end
from tests.support import ServerProcess, auth

T = ladder_pb2


@pytest.mark.slow
async def test_a_match_is_made_played_and_rated_on_a_cluster(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster").start()
    try:
        with ServerProcess(redis_url=cluster.url, extra=[*identity_flags()]) as a, \
                ServerProcess(redis_url=cluster.url, extra=[*identity_flags()]) as b:
            channels = [grpc.aio.insecure_channel(s.address) for s in (a, b)]
            tokens = [new_player(), new_player()]
            made = [await ladder_pb2_grpc.MatchmakerServiceStub(channels[n]).CreateTicket(
                T.CreateTicketRequest(game="highcard"), metadata=auth(token))
                for n, token in enumerate(tokens)]
            ends = [end for end, _ in await asyncio.gather(*(
                watch_to_end(channels, t, m.ticket_id) for t, m in zip(tokens, made,
                                                                        strict=True)))]
            assert ends[0].match_id == ends[1].match_id
            await asyncio.gather(*(play_out(channels, e.match_id, e.seat_token, n)
                                   for n, e in enumerate(ends)))
            ladder = ladder_pb2_grpc.LadderServiceStub(channels[1])
            for token in tokens:
                while not (mine := await ladder.GetRating(
                        T.GetRatingRequest(game="highcard"), metadata=auth(token))).matches:
                    await asyncio.sleep(0.1)
                assert mine.matches == 1
            for channel in channels:
                await channel.close()
    finally:
        cluster.stop()
