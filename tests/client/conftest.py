"""Fixtures for the client library tests: a connected Client and a cuttable TCP proxy."""

from __future__ import annotations

import asyncio
import functools

import pytest

from cosmodrome_client import Client


@pytest.fixture
async def client(server):
    async with Client.connect(server.address) as c:
        yield c


class Proxy:
    """A loopback TCP forwarder to a server whose live connections can be cut at will.

    Real bytes, real server: cutting the connections is what a network drop looks like to
    the client (the stream fails, the channel reconnects through the same listener).
    """

    def __init__(self, target: str) -> None:
        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.accepted = 0
        self.cuts = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None

    @property
    def address(self) -> str:
        host, port = self._server.sockets[0].getsockname()[:2]
        return f"{host}:{port}"

    async def start(self) -> Proxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers |= {writer, up_writer}

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))
        self._writers -= {writer, up_writer}

    def cut(self) -> None:
        """Drop every live connection (the listener stays up for reconnects)."""
        self.cuts += 1
        for w in list(self._writers):
            w.transport.abort()
        self._writers.clear()

    async def close(self) -> None:
        self.cut()
        self._server.close()
        await self._server.wait_closed()


@pytest.fixture
async def proxy(server):
    p = await Proxy(server.address).start()
    yield p
    await p.close()


class GrpcProxy:
    """A gRPC proxy on loopback in front of a real server, forwarding every call's bytes
    (unary and the watch stream), that can fail chosen calls the way a proxy does: after
    forwarding the call upstream (CANCELLED: Envoy when the replica behind it goes away, the
    move applied but its reply lost) or before it (UNAVAILABLE: no replica reached).
    """

    STREAMS = {"/cosmodrome.v1.PlayService/WatchMatch"}

    def __init__(self, target: str) -> None:
        self.target = target
        self.cancel_after: dict[str, int] = {}   # method -> calls to cancel after forwarding
        self.refuse: dict[str, int] = {}         # method -> calls to refuse before
        self.forwarded: list[str] = []
        self.port = 0

    async def start(self) -> GrpcProxy:
        import grpc
        self.upstream = grpc.aio.insecure_channel(self.target)
        self.server = grpc.aio.server()
        self.server.add_generic_rpc_handlers([_Forward(self)])
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        await self.server.start()
        return self

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _take(self, table: dict[str, int], method: str) -> bool:
        short = method.rsplit("/", 1)[1]
        if table.get(short, 0) > 0:
            table[short] -= 1
            return True
        return False

    async def unary(self, method: str, request: bytes, context) -> bytes:
        import grpc
        if self._take(self.refuse, method):
            await context.abort(grpc.StatusCode.UNAVAILABLE, "no healthy upstream")
        call = self.upstream.unary_unary(method)(request, metadata=context.invocation_metadata())
        try:
            reply = await call
        except grpc.aio.AioRpcError as e:
            context.set_trailing_metadata(await call.trailing_metadata())
            await context.abort(e.code(), e.details())
        self.forwarded.append(method)
        if self._take(self.cancel_after, method):
            await context.abort(grpc.StatusCode.CANCELLED, "upstream connection reset")
        return reply

    async def stream(self, method: str, request: bytes, context):
        import grpc
        call = self.upstream.unary_stream(method)(request,
                                                  metadata=context.invocation_metadata())
        try:
            async for item in call:
                yield item
        except grpc.aio.AioRpcError as e:
            await context.abort(e.code(), e.details())

    async def close(self) -> None:
        await self.server.stop(0)
        await self.upstream.close()


class _Forward:
    def __init__(self, proxy: GrpcProxy) -> None:
        self.proxy = proxy

    def service(self, details):
        import grpc
        if details.method in GrpcProxy.STREAMS:
            return grpc.unary_stream_rpc_method_handler(
                functools.partial(self.proxy.stream, details.method))
        return grpc.unary_unary_rpc_method_handler(
            functools.partial(self.proxy.unary, details.method))


@pytest.fixture
async def grpc_proxy(server):
    p = await GrpcProxy(server.address).start()
    yield p
    await p.close()
