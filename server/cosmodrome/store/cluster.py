"""The store's lean connections on a Valkey/Redis Cluster: one per primary.

`ClusterMultiplexer` is the `Multiplexer` of store/multiplex.py spread over the cluster:
one shared, pipelined connection per primary node, each command sent to the node that
serves its key's slot. The slot map comes from CLUSTER SLOTS; a MOVED reply (the slot has
a new owner: resharding or failover) refreshes it and resends, an ASK reply (a slot being
migrated) resends once to the node named, with ASKING. Neither was executed, so resending
is safe. A lost connection is not retried (the command may have run): its caller fails
UNAVAILABLE and resends with its idempotency key, by which time the map is refreshed.

`ClusterSubscriber` follows match channels by sharded pub/sub (SSUBSCRIBE), each on the
node serving the channel's slot, so a notice goes to one shard only.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable

import structlog
from redis.exceptions import ConnectionError, ResponseError

from cosmodrome.store.multiplex import Multiplexer, Subscriber

log = structlog.get_logger("cosmodrome.store")

SLOTS = 16384
MAX_REDIRECTS = 5
REFRESH_GAP_S = 0.1  # at most this often, a refresh of the slot map after errors

Address = tuple[str, int]


def key_of(args: tuple) -> str | bytes:
    """The key a fast-path command is routed by (EVALSHA/EVAL: its first key)."""
    name = args[0].upper() if isinstance(args[0], str) else args[0].decode().upper()
    return args[3] if name in ("EVALSHA", "EVAL") else args[1]


class ClusterMultiplexer(Multiplexer):
    """Commands to a Redis Cluster over one shared connection per primary."""

    def __init__(self, connection_kwargs: dict, tls: ssl.SSLContext | None = None,
                 slot_of: Callable[[str | bytes], int] | None = None) -> None:
        super().__init__(connection_kwargs, tls)
        self.seeds: list[Address] = [(connection_kwargs.get("host", "localhost"),
                                      int(connection_kwargs.get("port", 6379)))]
        self.slot_of = slot_of
        self.owners: list[Address] | None = None  # the primary serving each slot
        self.nodes: dict[Address, Multiplexer] = {}
        self.known: list[Address] = []  # every node of the last slot map, to ask next time
        self._refreshing: asyncio.Task | None = None
        self._refreshed_at = 0.0

    # -- routing -------------------------------------------------------------------------

    async def execute(self, *args) -> object:
        if len(args) == 1:  # no key (PING): the cluster answers if any primary does
            return await self._anywhere(args)
        return await self._routed(key_of(args), (args,))

    async def execute_many(self, *commands: tuple) -> list:
        """Several commands in one write per slot (one match's keys share one)."""
        slots = {self.slot_of(key_of(command)) for command in commands}
        if len(slots) == 1:
            return await self._routed(key_of(commands[0]), commands, many=True)
        return list(await asyncio.gather(*(self._routed(key_of(c), (c,)) for c in commands)))

    async def _anywhere(self, command: tuple) -> object:
        if self.owners is None:
            await self.refresh()
        failure: Exception | None = None
        for address in dict.fromkeys(filter(None, self.owners)):
            try:
                return await self._node(address).execute(*command)
            except ConnectionError as exc:
                failure = exc
        self.refresh_soon()
        raise ConnectionError(f"no cluster primary answered: {failure}")

    async def _routed(self, key: str | bytes, commands: tuple, many: bool = False) -> object:
        slot = self.slot_of(key)
        asking: Address | None = None
        for _ in range(MAX_REDIRECTS):
            address = asking or await self.owner(slot)
            node = self._node(address)
            try:
                if asking:
                    replies = await node.execute_many(("ASKING",), *commands)
                    replies = replies[1:]
                else:
                    replies = await node.execute_many(*commands)
            except ResponseError as exc:
                message = str(exc)
                kind, _, rest = message.partition(" ")
                if kind == "MOVED":
                    self._note_owner(slot, _address(rest.split(" ")[1], address))
                    asking = None
                    continue
                if kind == "ASK":
                    asking = _address(rest.split(" ")[1], address)
                    continue
                if kind in ("CLUSTERDOWN", "TRYAGAIN", "LOADING", "MASTERDOWN"):
                    self.refresh_soon()
                    raise ConnectionError(f"Redis Cluster not ready: {message}") from exc
                raise
            except ConnectionError:
                self.refresh_soon()  # a node died: its replica takes over its slots
                raise
            return replies if many else replies[0]
        raise ConnectionError(f"slot {slot} kept moving ({MAX_REDIRECTS} redirections)")

    async def replicated(self, key: str, replicas: int, timeout_ms: int) -> None:
        """WAIT on the connection to the node that serves `key` (the one that wrote it)."""
        node = self._node(await self.owner(self.slot_of(key)))
        await node.replicated(key, replicas, timeout_ms)

    async def owner(self, slot: int) -> Address:
        if self.owners is None:
            await self.refresh()
        owner = self.owners[slot]
        if owner is None:
            self.refresh_soon()
            raise ConnectionError(f"no node serves slot {slot}")
        return owner

    def _note_owner(self, slot: int, address: Address) -> None:
        """A MOVED reply: the slot is served elsewhere (and others likely moved too)."""
        if self.owners is not None:
            self.owners[slot] = address
        self.refresh_soon(force=True)

    def _node(self, address: Address) -> Multiplexer:
        node = self.nodes.get(address)
        if node is None:
            kwargs = {**self.kwargs, "host": address[0], "port": address[1]}
            node = self.nodes[address] = Multiplexer(kwargs, self.tls, self.stall_s)
        return node

    # -- the slot map --------------------------------------------------------------------

    def refresh_soon(self, force: bool = False) -> None:
        """Refresh the slot map in the background, at most every REFRESH_GAP_S."""
        if self._refreshing is None and (
                force or time.monotonic() - self._refreshed_at > REFRESH_GAP_S):
            self._refreshing = asyncio.ensure_future(self._refresh())

    async def refresh(self) -> None:
        if self._refreshing is None:
            self._refreshing = asyncio.ensure_future(self._refresh())
        await asyncio.shield(self._refreshing)

    async def _refresh(self) -> None:
        try:
            candidates = [*self.nodes, *self.known, *self.seeds]
            failures = []
            for address in dict.fromkeys(candidates):
                try:
                    reply = await self._node(address).execute_many(("CLUSTER", "SLOTS"))
                except (ConnectionError, ResponseError) as exc:
                    failures.append(f"{address[0]}:{address[1]}: {exc}")
                    continue
                self._install(reply[0], address)
                return
            raise ConnectionError("no cluster node answered: " + "; ".join(failures))
        finally:
            self._refreshed_at = time.monotonic()
            self._refreshing = None

    def _install(self, ranges: list, asked: Address) -> None:
        owners: list[Address | None] = [None] * SLOTS
        known: dict[Address, None] = {}
        for first, last, *nodes in ranges:
            addresses = [(n[0].decode() or asked[0], int(n[1])) for n in nodes]
            owners[first:last + 1] = [addresses[0]] * (last - first + 1)
            known.update(dict.fromkeys(addresses))
        previous, self.owners, self.known = self.owners, owners, list(known)
        if previous != owners:
            log.info("cluster slot map", primaries=sorted({f"{h}:{p}" for h, p in
                                                         filter(None, owners)}))
        serving = set(filter(None, owners))
        for address in [a for a in self.nodes if a not in serving]:
            asyncio.ensure_future(self.nodes.pop(address).close())

    async def close(self) -> None:
        if self._refreshing is not None:
            self._refreshing.cancel()
        for node in self.nodes.values():
            await node.close()
        self.nodes.clear()


def _address(text: str, asked: Address) -> Address:
    host, _, port = text.rpartition(":")
    return (host or asked[0], int(port))


class ClusterSubscriber:
    """Sharded publications on a set of channels: per primary, one `Subscriber` with the
    channels of that primary's slots. When a node is lost or a slot moves (the node says
    `sunsubscribe`), channels follow the slot map to their new node and `on_resume()` runs
    so the caller catches up on what was published meanwhile."""

    CHECK_S = 0.5
    MOVE_TIMEOUT_S = 5.0

    def __init__(self, router: ClusterMultiplexer, on_message: Callable[[str, bytes], None],
                 on_resume: Callable[[], None]) -> None:
        self.router = router
        self.on_message = on_message
        self.on_resume = on_resume
        self.node_of: dict[str, Address] = {}
        self.nodes: dict[Address, Subscriber] = {}
        self._disturbed = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def subscribe(self, channel: str) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._follow_slots())
        address = await self.router.owner(self.router.slot_of(channel))
        self.node_of[channel] = address
        await self._subscriber(address).subscribe(channel)

    def unsubscribe(self, channel: str) -> None:
        address = self.node_of.pop(channel, None)
        if address in self.nodes:
            self.nodes[address].unsubscribe(channel)

    def _subscriber(self, address: Address) -> Subscriber:
        subscriber = self.nodes.get(address)
        if subscriber is None:
            kwargs = {**self.router.kwargs, "host": address[0], "port": address[1]}
            subscriber = self.nodes[address] = Subscriber(
                kwargs, self.router.tls, self.on_message, self.on_resume, sharded=True,
                on_lost=self._disturbed.set)
        return subscriber

    async def _follow_slots(self) -> None:
        """After a disturbance, and every CHECK_S while one lasts, move channels to the
        nodes serving their slots now."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._disturbed.wait(), self.CHECK_S)
            if not self._disturbed.is_set() and all(s.connected for s in self.nodes.values()):
                continue
            self._disturbed.clear()
            try:
                await self.router.refresh()
                await self._move_channels()
            except (ConnectionError, TimeoutError) as exc:
                log.warning("subscriber cannot follow the cluster's slots", error=str(exc))
                self._disturbed.set()
                await asyncio.sleep(self.CHECK_S)

    async def _move_channels(self) -> None:
        moves = []
        for channel, address in list(self.node_of.items()):
            owner = self.router.owners[self.router.slot_of(channel)]
            if owner is None or owner == address:
                continue
            self.nodes[address].unsubscribe(channel)
            self.node_of[channel] = owner
            moves.append(self._subscriber(owner).subscribe(channel))
        for address in [a for a, s in self.nodes.items() if not s.channels]:
            await self.nodes.pop(address).close()
        if moves:
            await asyncio.wait_for(asyncio.gather(*moves), self.MOVE_TIMEOUT_S)
            log.info("watched channels moved to their slots' new nodes", channels=len(moves))
            self.on_resume()  # after the new subscriptions: nothing published is missed

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for subscriber in self.nodes.values():
            await subscriber.close()
