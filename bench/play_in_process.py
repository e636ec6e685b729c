"""The realtime path's own Python work, without gRPC: what the event loop spends on a move
beyond reading and writing messages.

Tic-tac-toe matches played as `bench/real_path.py` plays them (a create and two joins per
match, each seat on a Play session, `in_flight` matches at once) through the real runner,
watch hub and `PlaySession`, on a real valkey, with a transport that hands each response to
a minimal bot in the same process (it parses the update and answers with a random legal
move; its own CPU is measured and taken out). Figures are CPU per move of this process;
`--lobby-only` measures the create and the joins alone (per match).

    python -m bench.play_in_process [--seconds 5] [--in-flight 8] [--lobby-only]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import tempfile
import time
from pathlib import Path

import uvloop

from cosmodrome.api.interceptor import access_log
from cosmodrome.api.play_session import PlayLimits, PlaySession
from cosmodrome.api.servicers import PlayServicer
from cosmodrome.api.watch_hub import WatchHub
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore
from cosmodrome.v1 import games_pb2, match_pb2, play_pb2

FINISHED = match_pb2.MATCH_STATUS_FINISHED


class Bots:
    """The seats' side, in process: its CPU is counted apart."""

    def __init__(self, seed: int = 0) -> None:
        self.pick = random.Random(seed).choice
        self.moves = 0
        self.cpu_s = 0.0

    async def seat(self, servicer: PlayServicer, joined: tuple, token: str) -> None:
        match, me = joined
        requests: asyncio.Queue[bytes | None] = asyncio.Queue()
        done = asyncio.get_running_loop().create_future()
        acted = 0

        async def incoming():
            while (request := await requests.get()) is not None:
                yield request

        async def write(response) -> None:
            nonlocal acted
            start = time.process_time()
            raw = response if isinstance(response, bytes) else response.SerializeToString()
            view = play_pb2.PlayResponse.FromString(raw).update.view
            if view.match.status == FINISHED:
                if not done.done():
                    done.set_result(None)
            elif view.match.version > acted:
                mine = [d for d in view.decisions if d.seat == me and d.options]
                if mine:
                    acted = view.match.version
                    self.moves += 1
                    requests.put_nowait(play_pb2.PlayRequest(move=play_pb2.PlayMove(
                        request_id=str(acted), expected_version=acted,
                        idempotency_key=str(acted), move=self.pick(mine[0].options)
                    )).SerializeToString())
            self.cpu_s += time.process_time() - start

        requests.put_nowait(play_pb2.PlayRequest(open=play_pb2.OpenPlay(
            match_id=match.match_id, from_version=match.version - 1)).SerializeToString())
        session = asyncio.ensure_future(
            PlaySession(servicer, write, token, PlayLimits()).run(incoming()))
        await done
        requests.put_nowait(None)
        session.cancel()
        with contextlib.suppress(BaseException):
            await session


async def play(runner: Runner, servicer: PlayServicer, bots: Bots, seconds: float,
               in_flight: int, lobby_only: bool) -> int:
    """Matches played (or only created and joined) for `seconds`; how many."""
    deadline = time.perf_counter() + seconds
    matches = 0

    async def worker() -> None:
        nonlocal matches
        while time.perf_counter() < deadline:
            match, _ = await runner.create("tictactoe", games_pb2.GameOptions(), 2, None)
            joins = [await runner.join(match.match_id, None, name) for name in "ab"]
            matches += 1
            if not lobby_only:
                await asyncio.gather(*(bots.seat(servicer, (m, seat), token)
                                       for m, seat, token in joins))

    await asyncio.gather(*(worker() for _ in range(in_flight)))
    return matches


async def main(seconds: float, in_flight: int, lobby_only: bool) -> None:
    access_log.enabled = False  # (its cost is the server's logging setup's, not measured)
    work = Path(tempfile.mkdtemp(prefix="cosmodrome-inproc-"))
    store_process = EmbeddedRedis(work / "redis")
    url = await asyncio.to_thread(store_process.start)
    try:
        store = RedisStore.from_url(url)
        runner = Runner(store, records())
        hub = WatchHub(store)
        runner.on_commit = hub.committed
        servicer = PlayServicer(runner, hub)
        await play(runner, servicer, Bots(), 1.0, in_flight, lobby_only)  # warm up
        bots = Bots()
        start = time.process_time()
        matches = await play(runner, servicer, bots, seconds, in_flight, lobby_only)
        spent = time.process_time() - start - bots.cpu_s
        if lobby_only:
            print(f"create + two joins: {spent / matches * 1e6:.0f} us of CPU per match "
                  f"({matches} matches)")
        else:
            print(f"Play in process, no gRPC: {spent / bots.moves * 1e6:.0f} us of CPU per "
                  f"move ({bots.moves} moves, {matches} matches; the bots' "
                  f"{bots.cpu_s / bots.moves * 1e6:.0f} us per move taken out)")
        await hub.close()
    finally:
        await asyncio.to_thread(store_process.stop)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--in-flight", type=int, default=8)
    parser.add_argument("--lobby-only", action="store_true")
    args = parser.parse_args()
    uvloop.install()
    asyncio.run(main(args.seconds, args.in_flight, args.lobby_only))
