"""gRPC health that tells the truth about the store.

`StoreProbe` pings the store every `interval_s` through the connection moves use: while it
answers, every service is SERVING; when it does not, every service but `LIVENESS` is
NOT_SERVING (a readiness probe takes the replica out of rotation, a liveness probe does not
restart a replica for an outage of the store). Each probe also reads the store's memory
(metrics; past the host's mark, new matches are refused while the replica stays SERVING:
moves of live matches go on). An embedded store that died is started again
on its port and data folder (its append-only file brings the matches back).
"""

from __future__ import annotations

import asyncio
import time

import grpc
import structlog
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2

from cosmodrome import metrics
from cosmodrome.core.periodic import Periodic
from cosmodrome.store.embedded import EmbeddedRedis
from cosmodrome.store.redis_store import RedisStore

log = structlog.get_logger("cosmodrome.health")

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
LIVENESS = "liveness"  # SERVING while the process answers, whatever the store does


def add_health(server: grpc.aio.Server, servicer: health.aio.HealthServicer) -> None:
    """The standard health service, with requests parsed here: bytes that are not a
    HealthCheckRequest get INVALID_ARGUMENT (grpcio's own parsing answered UNKNOWN)."""
    def parsed(method):
        async def handler(raw: bytes, context: grpc.aio.ServicerContext):
            try:
                request = health_pb2.HealthCheckRequest.FromString(raw)
            except DecodeError:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                    "the request is not a valid HealthCheckRequest")
            return await method(request, context)
        return handler

    respond = health_pb2.HealthCheckResponse.SerializeToString
    handlers = {
        "Check": grpc.unary_unary_rpc_method_handler(parsed(servicer.Check), None, respond),
        "Watch": grpc.unary_stream_rpc_method_handler(parsed(servicer.Watch), None, respond)}
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(health.SERVICE_NAME, handlers),))


class StoreProbe:
    def __init__(self, servicer: health.aio.HealthServicer, store: RedisStore,
                 services: list[str], embedded: EmbeddedRedis | None = None,
                 interval_s: float = 1.0, timeout_s: float = 2.0) -> None:
        self.servicer = servicer
        self.store = store
        self.services = ["", *services]
        self.embedded = embedded
        self.timeout_s = timeout_s
        self.up: bool | None = None
        self._rounds = Periodic(self.check, interval_s, log, "store probe failed")

    async def start(self) -> None:
        await self.servicer.set(LIVENESS, SERVING)
        await self.check()
        self._rounds.start()

    async def stop(self) -> None:
        await self._rounds.stop()

    async def check(self) -> bool:
        """Ping the store (restarting a dead embedded one first); set health to match."""
        if self.embedded and self.embedded.exited():
            log.error("embedded store exited; starting it again", port=self.embedded.port)
            await self._set(False)
            # In this (the main) thread, which blocks the loop while the store starts: its
            # parent-death signal follows the thread that started it, not the process.
            self.embedded.start()
        up = await self._ping()
        if up:
            await self._watch_memory()
        if up != self.up:
            if up:
                log.info("store answers: serving")
            else:
                log.error("store does not answer: not serving")
            await self._set(up)
        return up

    async def _ping(self) -> bool:
        start = time.perf_counter()
        try:
            await asyncio.wait_for(self.store.fast.execute("PING"), self.timeout_s)
        except Exception:
            metrics.store_errors.labels("ping").inc()
            return False
        metrics.observe_store("ping", time.perf_counter() - start)
        return True

    async def _watch_memory(self) -> None:
        """The store's memory, for the metrics and the mark past which no match is created
        (RedisStore.memory_mark); crossing the mark is logged, both ways."""
        was_full = self.store.full()
        try:
            used, limit = await asyncio.wait_for(self.store.watch_memory(), self.timeout_s)
        except Exception:
            metrics.store_errors.labels("memory").inc()
            return
        metrics.store_memory.set(used)
        metrics.store_memory_limit.set(limit)
        if self.store.full() != was_full:
            (log.warning if not was_full else log.info)(
                "store memory past the mark: new matches refused" if not was_full
                else "store memory below the mark: new matches accepted",
                used=used, limit=limit, mark=self.store.memory_mark)

    async def _set(self, up: bool) -> None:
        self.up = up
        metrics.store_up.set(1 if up else 0)
        for name in self.services:
            await self.servicer.set(name, SERVING if up else NOT_SERVING)
