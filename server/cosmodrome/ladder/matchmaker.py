"""The matchmaker: tickets wait in a queue per (game, players, ruleset, options); every
replica runs each queue's matching script (store/lua/ladder_match.lua) on a tick, so tickets
from every replica meet, and the script's atomicity makes a ticket part of one group only.

A group is seated by the replica that formed it, under a lease: it creates the match (a
private one: only its players' joins, which carry its join secret, take seats), binds it to
the group (ladder_bind.lua: once), marks it rated, and joins each player to his seat with
the ticket's join request id (a retry gets the same seat and token). The match starts when
its last seat is taken, so it never starts short. A replica killed midway leaves the lease
to run out; the next pass hands the group to another replica, which finds the bound match
and finishes the joins. Then ladder_seated.lua marks the tickets MATCHED.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import structlog
from google.protobuf.message import Message

from cosmodrome import metrics
from cosmodrome.auth import Player
from cosmodrome.core import server_bots
from cosmodrome.core.engine import BadOptions, Game
from cosmodrome.core.errors import (
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from cosmodrome.core.periodic import Periodic
from cosmodrome.core.runner import MAX_NAME, Runner
from cosmodrome.core.text import check_name
from cosmodrome.ladder.ladders import ruleset_of
from cosmodrome.ladder.players import bot_key, key_of
from cosmodrome.ladder.ratings import RatedSeat, Ratings
from cosmodrome.store.players import PlayerStore
from cosmodrome.store.redis_store import lua_source
from cosmodrome.v1 import games_pb2, ladder_pb2

log = structlog.get_logger("cosmodrome.ladder")
QUEUES = "ladder:queues"
TICKET_ID = re.compile(r"^([0-9a-f]{16})-[A-Za-z0-9_-]{16}$")
WAITING = ladder_pb2.TICKET_STATUS_WAITING
MATCHING = ladder_pb2.TICKET_STATUS_MATCHING
MATCHED = ladder_pb2.TICKET_STATUS_MATCHED
ENDED = (MATCHED, ladder_pb2.TICKET_STATUS_CANCELLED, ladder_pb2.TICKET_STATUS_EXPIRED)


@dataclass
class MatchmakerSettings:
    window_mu: float = 2.0          # provisional: opponents this far in mu at once
    window_mu_per_s: float = 1.0    # provisional: and this much farther each second waited
    bot_fill_after_s: float = 0.0   # the host's choice: server bots fill after this wait (0: never)
    bot_kind: int = server_bots.GAME
    ticket_ttl_s: float = 300.0     # a ticket's default time to live
    max_ticket_ttl_s: float = 3600.0
    tick_s: float = 0.1             # how often this replica runs each queue's matching
    lease_s: float = 10.0           # a group's seating, before another replica takes it over
    keep_s: float = 600.0           # an ended ticket stays readable this long
    max_scanned: int = 1000         # tickets one pass looks at per queue
    poll_s: float = 0.2             # a watched ticket's changes by another replica
    matching: bool = True           # False while draining (--drain): other replicas make matches


def queue_of(ticket_id: str) -> str:
    found = TICKET_ID.match(ticket_id)
    if not found:
        raise InvalidArgument("ticket_id is not a ticket id of CreateTicket")
    return found.group(1)


def prefix(queue: str) -> str:
    return f"lq:{{{queue}}}:"


@dataclass(frozen=True)
class Queue:
    id: str
    game: str
    players: int
    ruleset: str
    options: bytes  # a GameOptions envelope


class Matchmaker:
    def __init__(self, runner: Runner, ratings: Ratings, settings: MatchmakerSettings,
                 replica: str | None = None) -> None:
        self.runner = runner
        self.ratings = ratings
        self.redis = ratings.redis
        self.settings = settings
        self.replica = replica or secrets.token_hex(6)
        self.scripts = {name: self.redis.register_script(lua_source(f"ladder_{name}"))
                        for name in ("ticket", "cancel", "match", "bind", "seated", "forget")}
        self.queues: dict[str, Queue] = {}  # what each queue matches (never changes)
        self.seating: set[str] = set()      # groups this replica is seating now
        self.bell = TicketBell(self.redis, settings.poll_s)
        self.players = PlayerStore(self.redis)
        self._tasks: set[asyncio.Task] = set()
        self._loop: asyncio.Task | None = None

    # -- tickets ----------------------------------------------------------------------

    async def create_ticket(self, player: Player, request: ladder_pb2.CreateTicketRequest
                            ) -> ladder_pb2.Ticket:
        game = self.runner.game(request.game)
        if request.display_name:
            check_name(request.display_name, MAX_NAME)
        queue = self._queue(game, request)
        ttl_s = request.ttl_seconds or self.settings.ticket_ttl_s
        if not 0 < ttl_s <= self.settings.max_ticket_ttl_s:
            raise InvalidArgument(f"ttl_seconds must be between 1 and "
                                  f"{self.settings.max_ticket_ttl_s:g}")
        [rating] = await self.ratings.read(queue.game, queue.ruleset, [key_of(player)])
        now = _now_ms()
        ticket_id = f"{queue.id}-{secrets.token_urlsafe(12)}"
        p = prefix(queue.id)
        # listed first: a queue holding a ticket is always in the list the ticks read
        await self.redis.zincrby(QUEUES, 1, queue.id)
        answer = await self.scripts["ticket"](
            keys=[f"{p}wait", f"{p}players", f"{p}t:{ticket_id}", f"{p}meta"],
            args=[ticket_id, key_of(player), request.display_name or "player", rating.mu, now,
                  now + int(ttl_s * 1000), f"{p}t:", secrets.token_urlsafe(24), player.issuer,
                  player.subject, "game", queue.game, "players", queue.players,
                  "ruleset", queue.ruleset, "options", queue.options])
        if answer[0] == b"LIVE":
            raise FailedPrecondition("ticket_live", "you already have a live ticket in this "
                                     f"queue: {answer[1].decode()} (cancel it or watch it)")
        metrics.ladder_tickets.labels(queue.game, "created").inc()
        return await self.ticket(player, ticket_id)

    def _queue(self, game: Game, request: ladder_pb2.CreateTicketRequest) -> Queue:
        """The queue of a request, its options checked as CreateMatch checks them."""
        chosen = request.options.WhichOneof("game")
        if chosen not in (None, game.name):
            raise InvalidArgument(f"options are for {chosen}, not {game.name}")
        players = request.players or game.min_players
        if not game.min_players <= players <= game.max_players:
            raise InvalidArgument(
                f"players must be between {game.min_players} and {game.max_players}")
        options: Message = game.Options()
        if chosen:
            options.CopyFrom(getattr(request.options, game.name))
            options.DiscardUnknownFields()
        if options.ByteSize() > self.runner.max_options_bytes:
            raise InvalidArgument(f"options take {options.ByteSize()} bytes; at most "
                                  f"{self.runner.max_options_bytes} are accepted")
        ruleset = ruleset_of(game, options)
        try:
            game.check_options(options, players)
        except BadOptions as exc:
            raise InvalidArgument(f"bad options for {game.name}: {exc}") from exc
        envelope = games_pb2.GameOptions(**{game.name: options}).SerializeToString(
            deterministic=True)
        digest = hashlib.sha256(b"%s\n%d\n%s\n" % (game.name.encode(), players,
                                                   ruleset.encode()) + envelope)
        return Queue(digest.hexdigest()[:16], game.name, players, ruleset, envelope)

    async def cancel(self, player: Player, ticket_id: str) -> ladder_pb2.Ticket:
        queue = queue_of(ticket_id)
        p = prefix(queue)
        outcome = (await self.scripts["cancel"](
            keys=[f"{p}t:{ticket_id}", f"{p}wait", f"{p}players"],
            args=[ticket_id, key_of(player), int(self.settings.keep_s * 1000)])).decode()
        if outcome == "MISSING":
            raise NotFound("no such ticket (ended tickets are kept "
                           f"{self.settings.keep_s:g} s)")
        if outcome == "NOT_YOURS":
            raise PermissionDenied("this ticket is another player's")
        if outcome != "OK":
            status = ladder_pb2.TicketStatus.Name(int(outcome))
            raise FailedPrecondition("ticket_not_waiting",
                                     f"the ticket is no longer waiting: {status}")
        self.bell.ring(ticket_id)
        ticket = await self.ticket(player, ticket_id)
        metrics.ladder_tickets.labels(ticket.game, "cancelled").inc()
        return ticket

    async def ticket(self, player: Player, ticket_id: str) -> ladder_pb2.Ticket:
        """The ticket as its owner sees it (with his seat token once matched)."""
        ticket, _ = await self._read(player, ticket_id)
        return ticket

    async def _read(self, player: Player, ticket_id: str
                    ) -> tuple[ladder_pb2.Ticket, int]:
        queue_id = queue_of(ticket_id)
        stored = await self.redis.hgetall(f"{prefix(queue_id)}t:{ticket_id}")
        if not stored:
            raise NotFound("no such ticket (ended tickets are kept "
                           f"{self.settings.keep_s:g} s)")
        t = {k.decode(): v.decode() for k, v in stored.items()}
        if t["player"] != key_of(player):
            raise PermissionDenied("this ticket is another player's")
        queue = await self.queue(queue_id)
        created = int(t["created"])
        waited = (_now_ms() - created) / 1000
        ticket = ladder_pb2.Ticket(
            ticket_id=ticket_id, status=int(t["status"]), game=queue.game,
            ruleset=queue.ruleset, players=queue.players, create_time_ms=created,
            expire_time_ms=int(t["expires"]),
            rating_window=self.settings.window_mu + self.settings.window_mu_per_s * waited,
            bots=int(t.get("bots", 0)))
        if ticket.status == MATCHED:
            await self._seat_of(queue_id, t, ticket)
        return ticket, int(t["ver"])

    async def _seat_of(self, queue_id: str, t: dict[str, str], ticket: ladder_pb2.Ticket
                       ) -> None:
        """The owner's seat token: his join again, with the ticket's request id (the
        runner answers a retried join with the seat it took; no token is stored)."""
        group = await self.redis.hget(f"{prefix(queue_id)}g:{t['group']}", "secret")
        match, seat, token = await self.runner.join(
            t["match"], int(t["seat"]), t["name"], join_secret=(group or b"").decode(),
            request_id=t["join"], player=Player(t["issuer"], t["subject"]))
        ticket.match_id, ticket.seat, ticket.seat_token = match.match_id, seat, token
        ticket.match.CopyFrom(match)

    async def watch(self, player: Player, ticket_id: str
                    ) -> AsyncIterator[ladder_pb2.Ticket]:
        """The ticket now, then at each change, until it ends."""
        sent = None
        with self.bell.watching(ticket_id) as watcher:
            while True:
                watcher.changed.clear()
                ticket, watcher.seen = await self._read(player, ticket_id)
                if watcher.seen != sent:
                    sent = watcher.seen
                    yield ticket
                if ticket.status in ENDED:
                    return
                await watcher.changed.wait()

    async def queue(self, queue_id: str) -> Queue:
        known = self.queues.get(queue_id)
        if known is None:
            meta = await self.redis.hgetall(f"{prefix(queue_id)}meta")
            if not meta:
                raise NotFound(f"no queue {queue_id}")
            known = self.queues[queue_id] = Queue(
                queue_id, meta[b"game"].decode(), int(meta[b"players"]),
                meta[b"ruleset"].decode(), meta[b"options"])
        return known

    # -- matching ---------------------------------------------------------------------

    def start(self) -> None:
        self.bell.start()
        if self.settings.matching:
            self._loop = asyncio.get_running_loop().create_task(self._match_forever())

    async def stop(self) -> None:
        await self.bell.stop()
        if self._loop:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _match_forever(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("matchmaker tick failed")
            await asyncio.sleep(self.settings.tick_s)

    async def tick(self) -> int:
        """One pass over every live queue; the number of groups handed to this replica."""
        queues = await self.redis.zrange(QUEUES, 0, -1, withscores=True)
        handed = 0
        for raw, activity in queues:
            handed += await self._pass(raw.decode(), activity)
        return handed

    async def _pass(self, queue_id: str, activity: float) -> int:
        queue = await self.queue(queue_id)
        s, p = self.settings, prefix(queue_id)
        groups, waiting, forming = await self.scripts["match"](
            keys=[f"{p}wait", f"{p}form", f"{p}players"],
            args=[p, _now_ms(), queue.players, s.window_mu, s.window_mu_per_s,
                  int(s.bot_fill_after_s * 1000), int(s.lease_s * 1000), self.replica,
                  secrets.token_hex(8), int(s.keep_s * 1000), s.max_scanned])
        for raw in groups:
            self._seat_later(queue, raw.decode())
        if not waiting and not forming:  # forgotten unless a ticket came meanwhile
            await self.scripts["forget"](keys=[QUEUES], args=[queue_id, repr(activity)])
        return len(groups)

    def _seat_later(self, queue: Queue, group: str) -> None:
        if group in self.seating:
            return
        self.seating.add(group)
        task = asyncio.get_running_loop().create_task(self._seat_guarded(queue, group))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _seat_guarded(self, queue: Queue, group: str) -> None:
        try:
            await self.seat(queue, group)
        except Exception:  # its lease runs out, and a replica seats it again
            log.exception("seating failed", group=group)
        finally:
            self.seating.discard(group)

    async def seat(self, queue: Queue, group: str) -> None:
        """Create (or find) the group's match and seat each player; idempotent."""
        p = prefix(queue.id)
        g = {k.decode(): v.decode() for k, v in (await self.redis.hgetall(f"{p}g:{group}")).items()}
        if not g or g.get("done"):
            return
        ids = g["tickets"].split()
        async with self.redis.pipeline(transaction=False) as pipe:
            for ticket_id in ids:
                pipe.hmget(f"{p}t:{ticket_id}", "player", "name", "join", "created", "issuer",
                           "subject")
            tickets = [[v.decode() for v in t] for t in await pipe.execute()]
        match_id, secret = g.get("match"), g.get("secret", "")
        if not match_id:
            match_id, secret = await self._create(queue, group, tickets, int(g["bots"]))
        try:
            for seat, (_, name, join, _, issuer, subject) in enumerate(tickets):
                # the seat is the player's: his matches list it (written before, as
                # JoinMatch does), and he may come back to it
                player = Player(issuer, subject)
                await self.players.remember(player, match_id, self.runner.clock())
                await self.runner.join(match_id, seat, name, join_secret=secret,
                                       request_id=join, player=player)
        except NotFound:  # the match is gone (deleted, expired): nobody plays it
            await self._done(queue, group, ladder_pb2.TICKET_STATUS_EXPIRED)
            for ticket_id in ids:
                self.bell.ring(ticket_id)
            log.warning("match gone before its players were seated", match=match_id)
            return
        outcome = await self._done(queue, group, MATCHED)
        if outcome == b"OK":
            now = _now_ms()
            for ticket_id, (*_, created, _, _) in zip(ids, tickets, strict=True):
                self.bell.ring(ticket_id)
                metrics.ladder_tickets.labels(queue.game, "matched").inc()
                metrics.ladder_wait.labels(queue.game).observe((now - int(created)) / 1000)
            log.info("match made", match=match_id, game=queue.game, players=len(ids))

    async def _done(self, queue: Queue, group: str, status: int) -> bytes:
        p = prefix(queue.id)
        return await self.scripts["seated"](
            keys=[f"{p}g:{group}", f"{p}form", f"{p}players"],
            args=[p, group, int(self.settings.keep_s * 1000), status])

    async def _create(self, queue: Queue, group: str, tickets: list[list[str]], bots: int
                      ) -> tuple[str, str]:
        """A match for the group, bound to it once; a match made by a replica that lost
        the race to bind is closed at once (nobody can have joined it)."""
        kind = self.settings.bot_kind
        humans = len(tickets)
        options = games_pb2.GameOptions.FromString(queue.options)
        match, owner = await self.runner.create(
            queue.game, options, queue.players, None,
            bots=[(seat, kind) for seat in range(humans, humans + bots)], private=True)
        seats = [RatedSeat(player, name) for player, name, *_ in tickets]
        seats += [RatedSeat(bot_key(kind), "") for _ in range(bots)]
        await self.ratings.register(match.match_id, queue.game, queue.ruleset, seats,
                                    _now_ms() + 30_000)
        p = prefix(queue.id)
        answer = await self.scripts["bind"](keys=[f"{p}g:{group}"], args=[
            match.match_id, owner.join_secret])
        if answer[0] != b"BOUND":
            await self.runner.close(match.match_id, owner.creator_token)
            raise NotFound(f"group {group} is gone")
        bound, secret = answer[1].decode(), answer[2].decode()
        if bound != match.match_id:
            await self.runner.close(match.match_id, owner.creator_token)
        return bound, secret


@dataclass
class Watcher:
    changed: asyncio.Event
    seen: int = 0  # the ticket's version the stream read last


class TicketBell:
    """Wakes the watch streams of this replica when one of their tickets changes: at once
    for a change made here (`ring`), else when a poll of every watched ticket's version
    (one pipelined read per `poll_s`) finds it past what a stream read."""

    def __init__(self, redis, poll_s: float) -> None:
        self.redis = redis
        self.watched: dict[str, list[Watcher]] = {}
        self._rounds = Periodic(self.poll, poll_s, log, "ticket poll failed")

    @contextlib.contextmanager
    def watching(self, ticket_id: str):
        watcher = Watcher(asyncio.Event())
        self.watched.setdefault(ticket_id, []).append(watcher)
        try:
            yield watcher
        finally:
            watchers = self.watched[ticket_id]
            watchers.remove(watcher)
            if not watchers:
                del self.watched[ticket_id]

    def ring(self, ticket_id: str) -> None:
        for watcher in self.watched.get(ticket_id, ()):
            watcher.changed.set()

    def start(self) -> None:
        self._rounds.start()

    async def stop(self) -> None:
        await self._rounds.stop()

    async def poll(self) -> None:
        ids = list(self.watched)
        if not ids:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for ticket_id in ids:
                pipe.hget(f"{prefix(queue_of(ticket_id))}t:{ticket_id}", "ver")
            versions = await pipe.execute()
        for ticket_id, version in zip(ids, versions, strict=True):
            for watcher in self.watched.get(ticket_id, ()):
                if version is None or int(version) != watcher.seen:
                    watcher.changed.set()


def _now_ms() -> int:
    return time.time_ns() // 1_000_000

