"""The yardstick: a bare grpc.aio echo service (no proto, raw bytes) on loopback.

`python -m bench.echo PORT` serves it (uvloop) in its own process, as the real server runs
in its own; `measure(address, in_flight, seconds)` drives it with 200-byte calls.
"""

from __future__ import annotations

import asyncio
import sys

import grpc

from bench.load import Figures, drive

METHOD = "/bench.Echo/Echo"
PAYLOAD = bytes(200)


async def _echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return request


async def serve(port: int) -> None:
    server = grpc.aio.server()
    handler = grpc.unary_unary_rpc_method_handler(_echo)  # no (de)serializers: raw bytes
    server.add_generic_rpc_handlers(
        [grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler})])
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    print("ready", flush=True)
    await server.wait_for_termination()


async def measure(address: str, in_flight: int, seconds: float) -> Figures:
    async with grpc.aio.insecure_channel(address) as channel:
        await asyncio.wait_for(channel.channel_ready(), 10)
        echo = channel.unary_unary(METHOD)

        async def call() -> None:
            await echo(PAYLOAD, timeout=10)

        for _ in range(200):  # warm up
            await call()
        return await drive(call, in_flight, seconds)


if __name__ == "__main__":
    import uvloop

    uvloop.run(serve(int(sys.argv[1])))
