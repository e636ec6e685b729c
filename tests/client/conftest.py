"""Fixtures for the client library tests: a connected Client and a cuttable TCP proxy."""

from __future__ import annotations

import asyncio

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
