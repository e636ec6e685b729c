"""An asyncio client for Cosmodrome servers (grpc.aio), typed end to end.

Create a match, take both seats and let two random bots play it out::

    import asyncio
    from cosmodrome_client import Client, play
    from cosmodrome_client.bots import RandomBot

    async def main() -> None:
        async with Client.connect("127.0.0.1:50051") as client:
            match = await client.create_match("tictactoe", seed=1)
            x = await client.join(match.match_id, name="x")
            o = await client.join(match.match_id, name="o")
            final, _ = await asyncio.gather(play(x, RandomBot()), play(o, RandomBot()))
            print(final.result.summary)

    asyncio.run(main())

A player (the host's login, or a guest) is a bearer JWT: `Client(address, player_token=...)`
or `await client.create_guest()`. Joins then act for the player: joining a match where he
holds a seat gives it back with a fresh token, from any device; `list_my_matches()` lists
his matches and whose turn it is. A player finds a rated match through the matchmaker,
`seat = await client.find_match("tictactoe", players=2)`, plays it with `play(seat, bot)`,
and reads `my_rating(game)` and `leaderboard(game)` afterwards.

A `Seat` acts for one seat with its secret token: `view()`, `decisions()`, `submit(move)`,
`watch()`, `leave()`, `send_chat(text)`; anyone reads the match chat with `chat()`, or
hears it live with `watch(chat=True)`. Moves and views are the game's own messages
(tictactoe_pb2.Move, ...); the client wraps and unwraps the service's typed oneofs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Self

import grpc
from google.protobuf.message import Message

from cosmodrome.v1 import (
    catalog_pb2,
    catalog_pb2_grpc,
    games_pb2,
    ladder_pb2,
    ladder_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    play_pb2,
    play_pb2_grpc,
    player_pb2,
    player_pb2_grpc,
    replay_pb2,
    replay_pb2_grpc,
)
from cosmodrome_client.bots.base import Bot
from cosmodrome_client.bots.games import bot_for, has_bot
from cosmodrome_client.channels import (
    ChannelPool,
    OnConnection,
    Reconnects,
    answered,
)
from cosmodrome_client.errors import (
    CosmodromeError,
    MoveNoLongerLegal,
    NoMatchFound,
    StaleVersionError,
)
from cosmodrome_client.messages import unwrap, wrap_move, wrap_options
from cosmodrome_client.session import Session

SPECTATOR = -1
FINISHED = match_pb2.MATCH_STATUS_FINISHED

# A watch stream that ends with one of these was dropped, not refused: resume it.
_RESUMABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                        grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNKNOWN,
                        grpc.StatusCode.INTERNAL, grpc.StatusCode.RESOURCE_EXHAUSTED})
# A move that failed with one of these may or may not have been applied: resend it with the
# same idempotency key, which the server answers with the first result. CANCELLED is what a
# proxy (Envoy) answers when the replica behind it goes away mid-call.
_TRANSIENT = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                        grpc.StatusCode.CANCELLED})
# A read that failed with one of these never reached a replica that answered: ask again.
_RETRY_READ = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED})
# A ticket in one of these will not change again.
TICKET_ENDED = frozenset({ladder_pb2.TICKET_STATUS_MATCHED, ladder_pb2.TICKET_STATUS_CANCELLED,
                          ladder_pb2.TICKET_STATUS_EXPIRED})
READ_ATTEMPTS = 8

_CHANNEL_OPTIONS = (
    ("grpc.keepalive_time_ms", 20_000),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 2_000),
)
_ROUND_ROBIN = ("grpc.service_config",
                json.dumps({"loadBalancingConfig": [{"round_robin": {}}]}))


def channel_target(address: str) -> tuple[str, bool]:
    """The gRPC target for `address`, and whether it names several servers.

    "host:port" is one server; "10.0.0.1:50051,10.0.0.2:50051" (several, comma-separated
    IP addresses) becomes the target "ipv4:..." (or "ipv6:...") that lists them all; a
    gRPC target such as "dns:///game.example:50051" passes through unchanged.
    """
    if "," not in address:
        return address, False
    parts = [a.strip() for a in address.split(",") if a.strip()]
    scheme = "ipv6" if any(a.startswith("[") for a in parts) else "ipv4"
    return f"{scheme}:{','.join(parts)}", True


@dataclass(frozen=True)
class Decision:
    """A choice a seat owes, with its options unwrapped to the game's own Move messages."""

    seat: int
    kind: str
    prompt: str
    options: Sequence[Message]
    deadline_ms: int = 0


def decisions_of(view: match_pb2.MatchView, seat: int | None = None) -> list[Decision]:
    """The decisions in a MatchView owed by `seat` (default: the viewer's own seat).

    Only the viewer's own decisions carry options; others' arrive as bare notices.
    """
    seat = view.viewer_seat if seat is None else seat
    return [Decision(d.seat, d.kind, d.prompt, [unwrap(o) for o in d.options], d.deadline_ms)
            for d in view.decisions if d.seat == seat and d.options]


def time_left_ms(match: match_pb2.Match, now_ms: int | None = None) -> dict[int, int]:
    """Each seat's time left at `now_ms` (default: this machine's clock) under the match's
    clock (`GameOptions.clock`): a running clock counts down to `Seat.clock_due_ms`, a
    stopped one shows `Seat.time_left_ms`. Empty for a match without a clock."""
    if not match.options.clock.kind:
        return {}
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    return {s.index: max(0, s.clock_due_ms - now_ms) if s.clock_due_ms else s.time_left_ms
            for s in match.seats}


def game_view(view: match_pb2.MatchView) -> Message | None:
    """The game's own View inside a MatchView (None while the match waits for players)."""
    return unwrap(view.game) if view.HasField("game") else None


def _auth(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


class Client:
    """A connection to one Cosmodrome server.

    Use as `async with Client.connect(address) as client:` (waits until the server answers),
    or `client = Client(address)` ... `await client.close()`. `timeout` bounds each unary
    call, in seconds. `tls`: False, plain text; True, TLS checked against the system's
    root certificates; PEM bytes, TLS checked against those roots (a private CA).

    Several replicas: `address` may list them ("10.0.0.1:50051,10.0.0.2:50051"), or be a
    DNS name with `round_robin=True` ("dns:///game.example:50051" resolves to every
    replica); calls are then spread over every replica that answers, and a replica that goes
    away is skipped until it is back. Reads are retried, moves resent with their
    idempotency key and watches resumed, so a replica's restart costs a game nothing.

    `player_token`: the player's bearer JWT (the host's login, or a guest token of
    `create_guest`), sent with joins and `list_my_matches`; None: anonymous play.
    """

    def __init__(self, address: str, *, timeout: float | None = 30.0,
                 channel: grpc.aio.Channel | None = None,
                 round_robin: bool | None = None, tls: bool | bytes = False,
                 player_token: str | None = None) -> None:
        self.address = address
        self.timeout = timeout
        self.player_token = player_token
        target, several = channel_target(address)
        options = _CHANNEL_OPTIONS
        if round_robin or (round_robin is None and several):
            options = (*options, _ROUND_ROBIN)

        def open_channel(extra: tuple) -> grpc.aio.Channel:
            if tls:
                roots = tls if isinstance(tls, bytes) else None
                return grpc.aio.secure_channel(
                    target, grpc.ssl_channel_credentials(root_certificates=roots),
                    options=(*options, *extra))
            return grpc.aio.insecure_channel(target, options=(*options, *extra))
        self.channels = ChannelPool(open_channel, channel)  # watch streams spread over it
        self.channel = self.channels.first
        self.catalog = catalog_pb2_grpc.CatalogServiceStub(self.channel)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.play = play_pb2_grpc.PlayServiceStub(self.channel)
        self.players = player_pb2_grpc.PlayerServiceStub(self.channel)
        self.ladder = ladder_pb2_grpc.LadderServiceStub(self.channel)
        self.matchmaker = ladder_pb2_grpc.MatchmakerServiceStub(self.channel)
        self.replays = replay_pb2_grpc.ReplayServiceStub(self.channel)
        self.closed = False
        self._contents: dict[str, games_pb2.GameContent] = {}

    @classmethod
    @asynccontextmanager
    async def connect(cls, address: str, *, ready_timeout: float = 10.0,
                      **kwargs) -> AsyncIterator[Client]:
        """A connected client, closed on exit. Waits up to `ready_timeout` s for the server."""
        client = cls(address, **kwargs)
        try:
            try:
                await asyncio.wait_for(client.channel.channel_ready(), ready_timeout)
            except TimeoutError:
                raise CosmodromeError(grpc.StatusCode.UNAVAILABLE,
                                      f"no server answered at {address} within "
                                      f"{ready_timeout:g} s") from None
            yield client
        finally:
            await client.close()

    async def close(self) -> None:
        self.closed = True
        await self.channels.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _call(self, method, request: Message, token: str | None = None) -> Message:
        """A call that changes something: sent once (a lost reply is not resent)."""
        try:
            return await method(request, metadata=_auth(token), timeout=self.timeout)
        except grpc.aio.AioRpcError as e:
            raise CosmodromeError.from_rpc(e) from e

    async def _read(self, method, request: Message, token: str | None = None) -> Message:
        """A call that changes nothing: asked again while no replica answers (UNAVAILABLE,
        or CANCELLED by a proxy whose replica went away), waiting for one to be ready."""
        for attempt in range(READ_ATTEMPTS):
            try:
                return await method(request, metadata=_auth(token), timeout=self.timeout,
                                    wait_for_ready=True)
            except grpc.aio.AioRpcError as e:
                if e.code() not in _RETRY_READ or self.closed or attempt == READ_ATTEMPTS - 1:
                    raise CosmodromeError.from_rpc(e) from e
            await asyncio.sleep(min(1.0, 0.05 * 2 ** attempt))
        raise AssertionError("unreachable")

    # catalog

    async def list_games(self) -> list[catalog_pb2.GameInfo]:
        """Every game the server hosts, with player counts and options schema."""
        response = await self._read(self.catalog.ListGames, catalog_pb2.ListGamesRequest())
        return list(response.games)

    async def game_content(self, game: str) -> Message | None:
        """The game's static content as its own typed message (cosmic_pb2.Content: cards and
        powers; mlem_pb2.Content: track layouts), or None for a game without any. Fetched
        once per client: it never changes while a server runs."""
        if game not in self._contents:
            self._contents[game] = await self._read(
                self.catalog.GetGameContent, catalog_pb2.GetGameContentRequest(game=game))
        return unwrap(self._contents[game])

    async def game_words(self, game: str) -> games_pb2.Words | None:
        """The game's words (a template for each of its moves and events, which the renderers
        fill), or None for a game that publishes none. From the same GameContent as
        `game_content`, fetched once."""
        await self.game_content(game)
        content = self._contents[game]
        return content.words if content.HasField("words") else None

    async def game_bot(self, game: str, seed: int | None = None) -> Bot:
        """The game's own heuristic bot (`bots.bot_for`) with the game's content, or a
        RandomBot for a game without one."""
        content = await self.game_content(game) if has_bot(game) else None
        return bot_for(game, seed, content)

    # lobby

    async def create_match(self, game: str, options: Message | None = None, players: int = 0,
                           seed: int | None = None, *,
                           bots: Mapping[int, int] | Sequence[int] = (),
                           private: bool = False,
                           clock: games_pb2.Clock | None = None) -> match_pb2.Match:
        """A new match of `game`; `options` is the game's own Options message (or None for
        its defaults), `players` 0 means the game's minimum, `seed` fixes the shuffle.

        `bots`: seats the server plays itself, as a list of seats (the game's own bot) or a
        {seat: match_pb2.BotKind} mapping. `private`: joined only with the join secret, never
        listed. `clock`: the match's clock and what a timeout does (docs/api.md, Clocks and
        abandonment; e.g. Clock(kind=CLOCK_KIND_FISCHER, bank_ms=300_000, increment_ms=5_000,
        on_timeout=TIMEOUT_POLICY_ZOMBIE)). The reply's `secrets` (creator token, join
        secret) is in this reply only: keep it to start, kick or close the match
        (`client.creator(match)`) and to invite.
        """
        kinds = bots if isinstance(bots, Mapping) else dict.fromkeys(bots, 0)
        request = lobby_pb2.CreateMatchRequest(
            game=game, players=players, private=private,
            bots=[lobby_pb2.ServerSeat(seat=s, kind=k) for s, k in kinds.items()])
        if options is not None:
            request.options.CopyFrom(wrap_options(options))
        if clock is not None:
            request.options.clock.CopyFrom(clock)
        if seed is not None:
            request.seed = seed
        return await self._call(self.lobby.CreateMatch, request)

    async def get_match(self, match_id: str) -> match_pb2.Match:
        return await self._read(self.lobby.GetMatch, lobby_pb2.GetMatchRequest(match_id=match_id))

    async def list_matches(self, game: str = "",
                           status: match_pb2.MatchStatus = match_pb2.MATCH_STATUS_UNSPECIFIED,
                           limit: int | None = None,
                           page_size: int = 0, *,
                           open_seats: bool = False) -> list[match_pb2.Match]:
        """Matches, following page tokens until the end (or `limit` matches). `open_seats`:
        only those with a seat anyone may take (waiting, or in play with a seat vacated)."""
        matches: list[match_pb2.Match] = []
        token = ""
        while True:
            request = lobby_pb2.ListMatchesRequest(game=game, status=status,
                                                   page_size=page_size, page_token=token,
                                                   open_seats=open_seats)
            page = await self._read(self.lobby.ListMatches, request)
            matches.extend(page.matches)
            token = page.next_page_token
            if not token or (limit is not None and len(matches) >= limit):
                return matches[:limit] if limit is not None else matches

    async def join(self, match_id: str, seat: int | None = None, name: str = "",
                   join_secret: str = "", retries: int = 8) -> Seat:
        """Take a seat (`seat` None: the first open one). The Seat holds the secret token.
        A private match needs its `join_secret` (from its creator). A join whose reply is
        lost (UNAVAILABLE) is resent with the same request_id: same seat, same token."""
        request = lobby_pb2.JoinMatchRequest(match_id=match_id, display_name=name,
                                             join_secret=join_secret,
                                             request_id=secrets.token_urlsafe(24))
        if seat is not None:
            request.seat = seat
        for attempt in range(retries + 1):  # a retry takes the same seat, never a second one
            try:
                response = await self._call(self.lobby.JoinMatch, request, self.player_token)
                return Seat(self, match_id, response.seat, response.seat_token, response.match)
            except CosmodromeError as error:
                if error.code not in _TRANSIENT or attempt == retries:
                    raise
                await asyncio.sleep(0.05 * 2 ** attempt)
        raise AssertionError("unreachable")

    # players

    async def create_guest(self, resume_base_url: str = "", *, use: bool = True
                           ) -> player_pb2.CreateGuestResponse:
        """A new guest player: his token (keep it: it brings him back to his seats from
        any device), identity, expiry and resume link (`resume_base_url#guest=<token>`).
        `use`: this client acts as that guest from now on (`player_token`)."""
        guest = await self._call(self.players.CreateGuest, player_pb2.CreateGuestRequest(
            resume_base_url=resume_base_url))
        if use:
            self.player_token = guest.guest_token
        return guest

    async def list_my_matches(self, limit: int | None = None, page_size: int = 0
                              ) -> list[player_pb2.MyMatch]:
        """The player's matches (`player_token` needed), newest first: each with his seat,
        the seats owing a decision and whether it is his turn."""
        player = self._player("list_my_matches")
        found: list[player_pb2.MyMatch] = []
        token = ""
        while True:
            page = await self._read(self.players.ListMyMatches, player_pb2.ListMyMatchesRequest(
                page_size=page_size, page_token=token), player)
            found.extend(page.matches)
            token = page.next_page_token
            if not token or (limit is not None and len(found) >= limit):
                return found[:limit] if limit is not None else found

    def _player(self, call: str) -> str:
        if not self.player_token:
            raise CosmodromeError(grpc.StatusCode.UNAUTHENTICATED,
                                  f"{call} needs a player token (player_token or create_guest)")
        return self.player_token

    # ladder: ratings and leaderboards (docs/api.md, Ratings, leaderboards, matchmaking)

    async def leaderboard_page(self, game: str, ruleset: str = "", *, page_size: int = 0,
                               page_token: str = "", around_me: bool = False
                               ) -> ladder_pb2.GetLeaderboardResponse:
        """One page of a ladder (`ruleset` "": the game's default), best first: its
        `entries`, the ladder's `total` players and the `next_page_token` ("" on the last).
        `around_me`: the page centred on this player (FAILED_PRECONDITION `not_rated` if he
        has no rating there)."""
        request = ladder_pb2.GetLeaderboardRequest(game=game, ruleset=ruleset,
                                                   page_size=page_size, page_token=page_token,
                                                   around_me=around_me)
        token = self._player("leaderboard around_me") if around_me else self.player_token
        return await self._read(self.ladder.GetLeaderboard, request, token)

    async def leaderboard(self, game: str, ruleset: str = "", *, limit: int = 50,
                          page_size: int = 0) -> list[ladder_pb2.LeaderboardEntry]:
        """The ladder's `limit` best players (rank 1 first), following pages (of
        `page_size`; 0: as few as the server allows)."""
        entries: list[ladder_pb2.LeaderboardEntry] = []
        token = ""
        while len(entries) < limit:
            page = await self.leaderboard_page(game, ruleset,
                                               page_size=page_size or min(200, limit),
                                               page_token=token)
            entries.extend(page.entries)
            token = page.next_page_token
            if not token:
                break
        return entries[:limit]

    async def leaderboard_around_me(self, game: str, ruleset: str = "", *, page_size: int = 0
                                    ) -> list[ladder_pb2.LeaderboardEntry]:
        """The page of the ladder centred on this player (he must have a rating there)."""
        page = await self.leaderboard_page(game, ruleset, page_size=page_size, around_me=True)
        return list(page.entries)

    async def my_rating(self, game: str, ruleset: str = "") -> ladder_pb2.Rating:
        """This player's rating on a ladder (never rated: the initial one, rank 0)."""
        request = ladder_pb2.GetRatingRequest(game=game, ruleset=ruleset)
        return await self._read(self.ladder.GetRating, request, self._player("my_rating"))

    # matchmaking

    async def create_ticket(self, game: str, players: int = 0, options: Message | None = None,
                            *, name: str = "", ttl_seconds: int = 0) -> ladder_pb2.Ticket:
        """Ask the matchmaker for a rated match of `game` (`players` 0: its minimum; `options`
        the game's own Options, its ruleset naming the ladder) against players of a near
        rating. `name` is shown to the other seats and on the leaderboard; the ticket expires
        after `ttl_seconds` (0: the server's default). One live ticket per player and queue.
        Follow it with `watch_ticket`, or use `find_match`."""
        request = ladder_pb2.CreateTicketRequest(game=game, players=players,
                                                 display_name=name, ttl_seconds=ttl_seconds)
        if options is not None:
            request.options.CopyFrom(wrap_options(options))
        return await self._call(self.matchmaker.CreateTicket, request,
                                self._player("create_ticket"))

    async def cancel_ticket(self, ticket_id: str) -> ladder_pb2.Ticket:
        """Withdraw a waiting ticket (FAILED_PRECONDITION `ticket_not_waiting` once grouped)."""
        return await self._call(self.matchmaker.CancelTicket,
                                ladder_pb2.CancelTicketRequest(ticket_id=ticket_id),
                                self._player("cancel_ticket"))

    async def watch_ticket(self, ticket_id: str, *, max_retries: int | None = None,
                           on_connection: OnConnection | None = None
                           ) -> AsyncIterator[ladder_pb2.Ticket]:
        """The ticket now, then each change, until it ends (MATCHED, CANCELLED, EXPIRED). A
        dropped stream is watched again (any replica: a MATCHED ticket gives the same seat
        and token again); `max_retries` bounds reconnects in a row (None: keep trying);
        `on_connection` is told how the stream stands (`ConnectionStatus`, as `watch`)."""
        token = self._player("watch_ticket")
        reconnects = Reconnects(f"watch of ticket {ticket_id}", max_retries, on_connection)
        while True:
            lease = self.channels.lease(ladder_pb2_grpc.MatchmakerServiceStub)
            call = lease.stub.WatchTicket(ladder_pb2.WatchTicketRequest(ticket_id=ticket_id),
                                          metadata=_auth(token), wait_for_ready=True)
            dropped = None
            try:
                if await answered(call):
                    reconnects.live()
                async for ticket in call:
                    reconnects.live()
                    reconnects.progressed()
                    yield ticket
                    if ticket.status in TICKET_ENDED:
                        return
            except grpc.aio.AioRpcError as e:
                dropped = CosmodromeError.from_rpc(e)
                if e.code() not in _RESUMABLE or self.closed:
                    raise dropped from e
            finally:
                call.cancel()
                lease.release()
            await reconnects.wait(dropped)

    async def wait_for_match(self, ticket: ladder_pb2.Ticket | str) -> Seat:
        """The seat the matchmaker gives a ticket: a Seat as `join` returns it (`play(seat,
        bot)` plays it). A ticket that ends unmatched raises NoMatchFound (its `ticket`)."""
        ticket_id = ticket if isinstance(ticket, str) else ticket.ticket_id
        last = None
        async for state in self.watch_ticket(ticket_id):
            last = state
        if last is None or last.status != ladder_pb2.TICKET_STATUS_MATCHED:
            raise NoMatchFound(last)
        return Seat(self, last.match_id, last.seat, last.seat_token, last.match)

    async def find_match(self, game: str, players: int = 0, options: Message | None = None,
                         *, name: str = "", ttl_seconds: int = 0) -> Seat:
        """A rated match found by the matchmaker, and this player's seat in it::

            seat = await client.find_match("tictactoe", players=2)
            final = await play(seat, RandomBot())

        `create_ticket` then `wait_for_match`. Cancelled (e.g. by asyncio.timeout), the
        ticket is withdrawn unless it was already grouped."""
        ticket = await self.create_ticket(game, players, options, name=name,
                                          ttl_seconds=ttl_seconds)
        try:
            return await self.wait_for_match(ticket)
        except asyncio.CancelledError:
            with contextlib.suppress(CosmodromeError):
                await asyncio.shield(self.cancel_ticket(ticket.ticket_id))
            raise

    def seat(self, match_id: str, seat: int, token: str) -> Seat:
        """A Seat handle from a saved token (to come back to a match after a restart)."""
        return Seat(self, match_id, seat, token)

    def spectate(self, match_id: str) -> Viewer:
        """A spectator's handle: view and watch without a token."""
        return Viewer(self, match_id)

    def creator(self, match: match_pb2.Match | str, token: str | None = None) -> Creator:
        """The creator's handle on a match: `match` as CreateMatch returned it (its secrets
        hold the token), or a match id with the saved `token`."""
        if isinstance(match, str):
            return Creator(self, match, token or "")
        return Creator(self, match.match_id, token or match.secrets.creator_token)


class Creator:
    """The calls only a match's creator may make, with the creator token."""

    def __init__(self, client: Client, match_id: str, token: str) -> None:
        self.client = client
        self.match_id = match_id
        self.token = token

    async def start(self, bots: match_pb2.BotKind = match_pb2.BOT_KIND_GAME
                    ) -> match_pb2.Match:
        """Start now; server bots of kind `bots` take the open seats."""
        request = lobby_pb2.StartMatchRequest(match_id=self.match_id, bots=bots)
        return await self.client._call(self.client.lobby.StartMatch, request, self.token)

    async def kick(self, seat: int) -> match_pb2.Match:
        """Free a taken seat before the start."""
        request = lobby_pb2.KickSeatRequest(match_id=self.match_id, seat=seat)
        return await self.client._call(self.client.lobby.KickSeat, request, self.token)

    async def close(self) -> match_pb2.Match:
        """End the match now (FINISHED, Result.closed, no winners)."""
        request = lobby_pb2.CloseMatchRequest(match_id=self.match_id)
        return await self.client._call(self.client.lobby.CloseMatch, request, self.token)


class Viewer:
    """Sees and follows one match, as a spectator or (subclass Seat) as a seat."""

    seat: int = SPECTATOR
    token: str | None = None

    def __init__(self, client: Client, match_id: str) -> None:
        self.client = client
        self.match_id = match_id
        self.last_view: match_pb2.MatchView | None = None

    @property
    def version(self) -> int:
        """The version of the newest view seen (0 before any)."""
        return self.last_view.match.version if self.last_view else 0

    def _remember(self, view: match_pb2.MatchView) -> None:
        if self.last_view is None or view.match.version >= self.last_view.match.version:
            self.last_view = view

    async def view(self) -> match_pb2.MatchView:
        """The match now, as this viewer may see it."""
        view = await self.client._read(self.client.play.GetView,
                                       play_pb2.GetViewRequest(match_id=self.match_id),
                                       self.token)
        self._remember(view)
        return view

    async def log(self, from_version: int = 0) -> list[match_pb2.LogEntry]:
        """Every log entry after `from_version`, as this viewer may see them."""
        entries: list[match_pb2.LogEntry] = []
        while True:
            request = play_pb2.GetLogRequest(match_id=self.match_id, from_version=from_version)
            page = await self.client._read(self.client.play.GetLog, request, self.token)
            entries.extend(page.entries)
            if not page.entries or page.next_from_version <= from_version:
                return entries
            from_version = page.next_from_version

    async def replay(self, version: int = 0, whole: bool = False) -> replay_pb2.Replay:
        """A finished match at `version` (0: its last) as this viewer saw it: his view then
        and the log up to it. `whole`: every seat's view and move (servers started with
        --whole-replays only)."""
        request = replay_pb2.GetReplayRequest(match_id=self.match_id, version=version,
                                              whole=whole)
        return await self.client._read(self.client.replays.GetReplay, request, self.token)

    async def chat(self, from_sequence: int = 0) -> list[play_pb2.ChatLine]:
        """The match's chat lines kept after `from_sequence` (the newest ones, up to the
        server's cap), oldest first. The chat is public: the same for every viewer."""
        lines: list[play_pb2.ChatLine] = []
        while True:
            request = play_pb2.GetChatRequest(match_id=self.match_id,
                                              from_sequence=from_sequence, page_size=1000)
            page = await self.client._read(self.client.play.GetChat, request, self.token)
            lines.extend(page.lines)
            if not page.lines:
                return lines
            from_sequence = page.next_from_sequence

    def session(self, from_version: int = 0, *, chat: bool = False,
                chat_from_sequence: int = 0, max_retries: int | None = None,
                socket_url: str | None = None,
                on_connection: OnConnection | None = None) -> Session:
        """A Play session (`async with viewer.session() as s:`): the match's updates after
        `from_version` and, for a seat, its moves (`await s.submit(move)`) on one stream,
        reopened where it broke off; on the Play socket at `socket_url` if given;
        `on_connection` told how it stands (`ConnectionStatus`). See
        cosmodrome_client.session."""
        return Session(self, from_version, chat=chat, chat_from_sequence=chat_from_sequence,
                       max_retries=max_retries, socket_url=socket_url,
                       on_connection=on_connection)

    async def watch(self, from_version: int = 0, *, until_finished: bool = True,
                    max_retries: int | None = None, chat: bool = False,
                    chat_from_sequence: int = 0, on_connection: OnConnection | None = None
                    ) -> AsyncIterator[play_pb2.MatchUpdate]:
        """Every update after `from_version`, then live ones, in version order.

        A dropped stream is reopened from the last version seen, so no update is missed or
        repeated. With `until_finished` the iteration ends after the update whose view shows
        the match finished; stop earlier with `break`. `max_retries` bounds consecutive
        reconnects without progress (None: keep trying). With `chat`, the match's chat
        comes too (updates with `chat` set and no entry): the lines kept after
        `chat_from_sequence` first, then live ones, none missed or repeated either.
        `on_connection(status)` is told how the stream stands (`ConnectionStatus`): live at
        its headers (sent as soon as the watch waits) or first update, reconnecting before
        each wait to reopen it.

            async for update in seat.watch(chat=True):
                if update.HasField("chat"):
                    print(f"seat {update.chat.seat}: {update.chat.text}")
                else:
                    print(update.entry.version, update.entry.move_kind)
        """
        last, gap_at = from_version, None
        said = chat_from_sequence  # the newest chat line delivered
        reconnects = Reconnects(f"watch of {self.match_id}", max_retries, on_connection)
        while True:
            request = play_pb2.WatchMatchRequest(match_id=self.match_id, from_version=last,
                                                 with_chat=chat, chat_from_sequence=said)
            lease = self.client.channels.lease(play_pb2_grpc.PlayServiceStub)
            call = lease.stub.WatchMatch(request, metadata=_auth(self.token),
                                         wait_for_ready=True)
            dropped = None
            try:
                if await answered(call):
                    reconnects.live()
                async for update in call:
                    reconnects.live()
                    if update.HasField("chat"):
                        if update.chat.sequence > said:
                            said = update.chat.sequence
                            reconnects.progressed()
                            yield update
                        continue
                    version = update.entry.version
                    if version <= last:
                        continue  # already delivered before a reconnect
                    if version != last + 1 and gap_at != last:
                        gap_at = last  # ask once more; a gap the server repeats is history
                        raise _Gap(last, version)  # it no longer has (e.g. an imported log)
                    last = version
                    reconnects.progressed()
                    if update.HasField("view"):
                        self._remember(update.view)
                    yield update
                    if (until_finished and not chat and update.HasField("view")
                            and update.view.match.status == FINISHED):
                        return  # (with the chat: the lines said as it ended come next)
                seen = self.last_view
                if seen is not None and seen.match.status == FINISHED and \
                        last >= seen.match.version:
                    return  # a finished match ends its stream: nothing more will come
            except _Gap:
                pass  # reopen from the last version seen: the server replays what is missing
            except grpc.aio.AioRpcError as e:
                dropped = CosmodromeError.from_rpc(e)
                if e.code() not in _RESUMABLE or self.client.closed:
                    raise dropped from e
            finally:
                call.cancel()
                lease.release()
            await reconnects.wait(dropped, f" at version {last}")


class _Gap(Exception):
    def __init__(self, last: int, got: int) -> None:
        super().__init__(f"watch jumped from version {last} to {got}")


class Seat(Viewer):
    """Acts for one seat of a match; every call carries the seat's secret token.

    Example (inside a coroutine, `client` connected)::

        seat = await client.join(match_id)
        view = await seat.view()
        for decision in seat.decisions(view):
            await seat.submit(decision.options[0])
    """

    def __init__(self, client: Client, match_id: str, seat: int, token: str,
                 match: match_pb2.Match | None = None) -> None:
        super().__init__(client, match_id)
        self.seat = seat
        self.token = token
        self.match = match

    def __repr__(self) -> str:
        return f"Seat(match_id={self.match_id!r}, seat={self.seat})"

    def decisions(self, view: match_pb2.MatchView | None = None) -> list[Decision]:
        """My decisions in `view` (default: the last view seen), options unwrapped."""
        view = view if view is not None else self.last_view
        return decisions_of(view, self.seat) if view is not None else []

    async def submit(self, move: Message, *, expected_version: int | None = None,
                     idempotency_key: str | None = None,
                     retries: int = 8) -> play_pb2.SubmitMoveResponse:
        """Submit a move (the game's own Move, or a GameMove) based on the last view seen.

        The move carries one idempotency key through every retry, so it is applied at most
        once. When the match moved on (ABORTED), the view is refreshed and the move resent
        only if it is still among this seat's options; otherwise MoveNoLongerLegal is
        raised. An illegal move raises IllegalMoveError naming the rule.
        """
        if expected_version is None:
            if self.last_view is None:
                await self.view()
            expected_version = self.version
        request = play_pb2.SubmitMoveRequest(match_id=self.match_id,
                                             expected_version=expected_version,
                                             idempotency_key=idempotency_key or uuid.uuid4().hex,
                                             move=wrap_move(move))
        for attempt in range(retries + 1):
            try:
                response = await self.client.play.SubmitMove(
                    request, metadata=_auth(self.token), timeout=self.client.timeout,
                    wait_for_ready=True)
            except grpc.aio.AioRpcError as e:
                error = CosmodromeError.from_rpc(e)
                if attempt == retries:
                    raise error from e
                if isinstance(error, StaleVersionError):
                    view = await self.view()
                    if not any(request.move == wrap_move(o)
                               for d in self.decisions(view) for o in d.options):
                        raise MoveNoLongerLegal(
                            e.code(), f"the match moved on to version {self.version} and "
                            f"the move is no longer offered to seat {self.seat}",
                            error.reason, error.metadata) from e
                    request.expected_version = view.match.version
                    if attempt:  # others keep winning the race: step aside a little
                        await asyncio.sleep(random.uniform(0, 0.002 * attempt))
                elif e.code() in _TRANSIENT and not self.client.closed:
                    await asyncio.sleep(min(1.0, 0.05 * 2 ** attempt))
                else:
                    raise error from e
            else:
                if response.HasField("view"):
                    self._remember(response.view)
                return response
        raise AssertionError("unreachable")

    async def send_chat(self, text: str, *, request_id: str | None = None,
                        retries: int = 4) -> play_pb2.SendChatResponse:
        """Say `text` in the match chat (public to every seat and spectator). Resent with
        one request id while the server cannot be reached, so it is said at most once. Too
        many lines too fast raise CosmodromeError RESOURCE_EXHAUSTED, whose
        `metadata["retry_after_ms"]` says when the next one is accepted. The reply's
        `judged_version` is set when the game's rules made a move of the line."""
        request = play_pb2.SendChatRequest(match_id=self.match_id, text=text,
                                           request_id=request_id or uuid.uuid4().hex)
        for attempt in range(retries + 1):
            try:
                return await self.client.play.SendChat(
                    request, metadata=_auth(self.token), timeout=self.client.timeout,
                    wait_for_ready=True)
            except grpc.aio.AioRpcError as e:
                if e.code() not in _TRANSIENT or attempt == retries or self.client.closed:
                    raise CosmodromeError.from_rpc(e) from e
                await asyncio.sleep(min(1.0, 0.05 * 2 ** attempt))
        raise AssertionError("unreachable")

    async def reclaim(self) -> match_pb2.Match:
        """Take the seat back from the server's bot (it was abandoned: left, or timed out
        under TIMEOUT_POLICY_ZOMBIE): JoinMatch with this seat's token. The same token."""
        response = await self.client._call(self.client.lobby.JoinMatch,
                                           lobby_pb2.JoinMatchRequest(match_id=self.match_id),
                                           self.token)
        return response.match

    async def leave(self) -> match_pb2.Match:
        """Give up the seat: before the start its token stops working; during play the
        server's bot plays it (Seat.abandoned) until `reclaim`."""
        return await self.client._call(self.client.lobby.LeaveMatch,
                                       lobby_pb2.LeaveMatchRequest(match_id=self.match_id),
                                       self.token)


async def play(seat: Seat, bot: Bot, *, stream: bool = True,
               on_connection: OnConnection | None = None) -> match_pb2.Match:
    """Plays `seat` to the end of its match with `bot`; returns the finished Match.

    Follows the match and, whenever the newest view shows this seat owing a decision, asks
    the bot for one of the options and submits it. Acts at most once per version, and never
    on a view older than its own last move. With `stream` (the default) moves and updates
    share one Play session; without it, or against a server without Play, each move is a
    SubmitMove call beside a WatchMatch stream (what gRPC-Web and REST clients do).
    `on_connection` is told how that stream stands (`ConnectionStatus`, as `watch`).
    """
    view = await seat.view()
    if view.match.status == FINISHED:
        return view.match
    if stream:
        try:
            return await _play_session(seat, _Actor(seat, bot), view, on_connection)
        except CosmodromeError as error:
            if error.code != grpc.StatusCode.UNIMPLEMENTED:
                raise
    # (a fresh actor: the session's may have chosen on `view` already, and that move was
    # refused unapplied)
    return await _play_unary(seat, _Actor(seat, bot), view, on_connection)


class _Actor:
    """A bot's choices for one seat: at most one per version, never on a view older than
    the seat's own last move."""

    def __init__(self, seat: Seat, bot: Bot) -> None:
        self.seat, self.bot = seat, bot
        self.acted: set[int] = set()
        self.floor = 0  # the version my last move produced: older views are stale for me

    def choose(self, view: match_pb2.MatchView) -> Message | None:
        version = view.match.version
        if version < self.floor or version in self.acted:
            return None
        decisions = self.seat.decisions(view)
        if not decisions:
            return None
        self.acted.add(version)
        decision = decisions[0]
        return self.bot.choose(game_view(view), decision.kind, decision.options)


async def _play_session(seat: Seat, actor: _Actor, view: match_pb2.MatchView,
                        on_connection: OnConnection | None) -> match_pb2.Match:
    async with seat.session(from_version=view.match.version,
                            on_connection=on_connection) as session:
        async def act(view: match_pb2.MatchView) -> None:
            move = actor.choose(view)
            if move is None:
                return
            try:
                version = await session.submit(move, expected_version=view.match.version)
            except (MoveNoLongerLegal, StaleVersionError):
                return  # the match moved on: a newer update is on its way
            actor.floor = max(actor.floor, version)

        await act(view)
        async for update in session.updates():
            if not update.HasField("view"):
                continue
            if update.view.match.status == FINISHED:
                return update.view.match
            await act(update.view)
    return (await seat.view()).match


async def _play_unary(seat: Seat, actor: _Actor, view: match_pb2.MatchView,
                      on_connection: OnConnection | None) -> match_pb2.Match:
    async def act(view: match_pb2.MatchView) -> None:
        move = actor.choose(view)
        if move is None:
            return
        try:
            response = await seat.submit(move, expected_version=view.match.version)
        except (MoveNoLongerLegal, StaleVersionError):
            return  # the match moved on: a newer update is on its way, decide on that one
        actor.floor = max(actor.floor, response.version)

    await act(view)
    async for update in seat.watch(from_version=view.match.version,
                                   on_connection=on_connection):
        if not update.HasField("view"):
            continue
        if update.view.match.status == FINISHED:
            return update.view.match
        await act(update.view)
    return (await seat.view()).match
