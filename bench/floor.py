"""The floors of the real-client shapes: a bare grpc.aio service with the same calls and
stream messages per game as Cosmodrome, and no work behind them (raw bytes, no store, no
rules: a game ends after `MOVES` moves, about a random tic-tac-toe game's length).

- unary: create, two joins, a watch stream per seat, a submit per move pushing one message
  to every watcher (`measure`);
- play: create, two joins, one bidirectional stream per seat (an opening message, then
  moves up; an answer to each move and every update down, written under a lock as Play's
  are: grpc.aio takes one write at a time) (`measure_play`);
- socket: the play shape with each seat's session on a WebSocket of its own (the
  `websockets` library, binary frames, one connection per seat and game, as the Play
  socket's) served by the same event loop; create and joins stay gRPC (`measure_socket`).

`python -m bench.floor PORT [SOCKET_PORT]` serves it (uvloop) in its own process; the
measures drive it as bench/real_clients.py drives the real server.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import time
from collections.abc import Awaitable, Callable

import grpc
import websockets.asyncio.client
import websockets.asyncio.server

from bench.load import Figures

SERVICE = "bench.Floor"
MOVES = 8
PAD = bytes(200)  # about the size of a tic-tac-toe update with its view
ANSWER = bytes(12)  # about the size of a MoveResult


class Floor:
    def __init__(self) -> None:
        self.ids = itertools.count(1)
        self.games: dict[bytes, list] = {}  # id -> [moves, joined, watcher queues]

    async def create(self, request: bytes, context) -> bytes:
        game_id = str(next(self.ids)).encode()
        self.games[game_id] = [0, 0, []]
        return game_id

    async def join(self, game_id: bytes, context) -> bytes:
        game = self.games[game_id]
        game[1] += 1
        if game[1] == 2:
            self._publish(game)
        return bytes([game[1] - 1]) + PAD[:40]

    async def watch(self, game_id: bytes, context) -> None:
        queue: asyncio.Queue = asyncio.Queue()
        game = self.games[game_id]
        game[2].append(queue)
        if game[1] == 2:
            queue.put_nowait(self._message(game))
        while True:
            message = await queue.get()
            await context.write(message)
            if message[1]:
                return

    async def submit(self, game_id: bytes, context) -> bytes:
        game = self.games[game_id]
        self._move(game_id, game)
        return PAD

    async def play(self, requests, context) -> None:
        await self.session(requests, context.write)

    async def socket(self, ws) -> None:
        await self.session(ws, ws.send)

    async def session(self, requests, write) -> None:
        """A seat's session: its game id first, then moves; answers and updates back."""
        requests = aiter(requests)
        game_id = await anext(requests)
        game = self.games[game_id]
        queue: asyncio.Queue = asyncio.Queue()
        game[2].append(queue)
        if game[1] == 2:
            queue.put_nowait(self._message(game))
        lock = asyncio.Lock()

        async def moves() -> None:
            async for _ in requests:
                self._move(game_id, game)
                async with lock:
                    await write(ANSWER)

        reader = asyncio.get_running_loop().create_task(moves())
        try:
            while True:
                message = await queue.get()
                async with lock:
                    await write(message)
                if message[1]:
                    return
        finally:
            reader.cancel()

    def _move(self, game_id: bytes, game: list) -> None:
        game[0] += 1
        self._publish(game)
        if game[0] >= MOVES:
            del self.games[game_id]

    @staticmethod
    def _message(game: list) -> bytes:
        return bytes([game[0] % 2, game[0] >= MOVES]) + PAD  # whose turn, finished

    def _publish(self, game: list) -> None:
        message = self._message(game)
        for queue in game[2]:
            queue.put_nowait(message)


async def serve(port: int, socket_port: int = 0) -> None:
    floor = Floor()
    server = grpc.aio.server()
    handlers = {"Create": grpc.unary_unary_rpc_method_handler(floor.create),
                "Join": grpc.unary_unary_rpc_method_handler(floor.join),
                "Submit": grpc.unary_unary_rpc_method_handler(floor.submit),
                "Watch": grpc.unary_stream_rpc_method_handler(floor.watch),
                "Play": grpc.stream_stream_rpc_method_handler(floor.play)}
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(SERVICE, handlers)])
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    if socket_port:
        await websockets.asyncio.server.serve(floor.socket, "127.0.0.1", socket_port,
                                              compression=None)
    print("ready", flush=True)
    await server.wait_for_termination()


Seat = Callable[[grpc.aio.Channel, bytes, int, list[float]], Awaitable[None]]


async def unary_seat(channel: grpc.aio.Channel, game_id: bytes, me: int,
                     latencies: list[float]) -> None:
    """A seat of the unary shape: a watch stream, a submit per move."""
    submit = channel.unary_unary(f"/{SERVICE}/Submit")
    async for message in channel.unary_stream(f"/{SERVICE}/Watch")(game_id):
        if message[1]:
            return
        if message[0] == me:
            t0 = time.perf_counter()
            await submit(game_id)
            latencies.append(time.perf_counter() - t0)


async def play_seat(channel: grpc.aio.Channel, game_id: bytes, me: int,
                    latencies: list[float]) -> None:
    """A seat of the Play shape: one stream, moves up, answers and updates down."""
    call = channel.stream_stream(f"/{SERVICE}/Play")()
    await call.write(game_id)
    sent = 0.0
    async for message in call:
        if len(message) == len(ANSWER):
            latencies.append(time.perf_counter() - sent)
            continue
        if message[1]:
            call.cancel()
            return
        if message[0] == me:
            sent = time.perf_counter()
            await call.write(b"m")


def socket_seat(url: str) -> Seat:
    """A seat of the Play shape on a WebSocket of its own (the channel: for the lobby)."""
    async def seat(channel: grpc.aio.Channel, game_id: bytes, me: int,
                   latencies: list[float]) -> None:
        async with websockets.asyncio.client.connect(url, compression=None) as ws:
            await ws.send(game_id)
            sent = 0.0
            async for message in ws:
                if len(message) == len(ANSWER):
                    latencies.append(time.perf_counter() - sent)
                    continue
                if message[1]:
                    return
                if message[0] == me:
                    sent = time.perf_counter()
                    await ws.send(b"m")
    return seat


async def measure(address: str, in_flight: int, seconds: float, seat: Seat = unary_seat
                  ) -> Figures:
    """`in_flight` workers, each playing game after game for `seconds`, two seats each on
    a channel of its own, each seat played by `seat`."""
    channels = [grpc.aio.insecure_channel(address) for _ in range(2 * in_flight)]
    latencies: list[float] = []
    clock = time.perf_counter
    deadline = clock() + seconds

    async def worker(mine: list) -> None:
        create = mine[0].unary_unary(f"/{SERVICE}/Create")
        joins = [c.unary_unary(f"/{SERVICE}/Join") for c in mine]
        while clock() < deadline:
            game_id = await create(b"")
            seats = [(await join(game_id))[0] for join in joins]
            await asyncio.gather(*(seat(c, game_id, s, latencies)
                                   for c, s in zip(mine, seats, strict=True)))

    try:
        for channel in channels:
            await asyncio.wait_for(channel.channel_ready(), 10)
        start = clock()
        await asyncio.gather(*(worker(channels[2 * i:2 * i + 2]) for i in range(in_flight)))
        return Figures(len(latencies), clock() - start, latencies)
    finally:
        for channel in channels:
            await channel.close()


async def measure_play(address: str, in_flight: int, seconds: float) -> Figures:
    """As `measure`, each seat on one Play-shaped stream."""
    return await measure(address, in_flight, seconds, play_seat)


async def measure_socket(address: str, socket_url: str, in_flight: int, seconds: float
                         ) -> Figures:
    """As `measure_play`, each seat's session on a WebSocket."""
    return await measure(address, in_flight, seconds, socket_seat(socket_url))


if __name__ == "__main__":
    import uvloop

    uvloop.run(serve(*map(int, sys.argv[1:3])))
