"""The path of every change to a match: load it, apply the change, compare-and-set it back.

The runner is where the platform meets a game: it knows matches, seats, versions and the
store, and calls the pure engine for everything about rules.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import structlog
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from cosmodrome import metrics
from cosmodrome.auth import Player
from cosmodrome.core import clock, redact, replay, server_bots
from cosmodrome.core.engine import BadOptions, Decision, Event, Game, IllegalMove, Result
from cosmodrome.core.errors import (
    CosmodromeError,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Stale,
    Unauthenticated,
    Unavailable,
    clip,
)
from cosmodrome.core.record import GameRecord
from cosmodrome.core.requestlog import note
from cosmodrome.core.rng import fresh_seed
from cosmodrome.core.text import check_name
from cosmodrome.store.redis_store import Duplicate, RedisStore, Retry
from cosmodrome.v1 import games_pb2, match_pb2, play_pb2, records_pb2

log = structlog.get_logger("cosmodrome.runner")

SERVER_SEAT = -1
MATCH_ID = re.compile(r"^[a-z0-9]{1,64}$")
MAX_IDEMPOTENCY_KEY = 128
MIN_JOIN_REQUEST_ID = 16  # it derives a seat token: too short would be guessable
MAX_NAME = 64
MAX_JOIN_ATTEMPTS = 16
WATCH_TICKET_TTL_S = 300  # provisional: long enough for a browser's reconnects, no longer
MAX_TICKET = 64
MAX_OPTIONS_BYTES = 4096  # default cap on a match's options (a host may set another)

SILENT = "abandoned_silent"  # the log's entry of a match ended by its silence limit
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE
WAITING = match_pb2.MATCH_STATUS_WAITING
FINISHED = match_pb2.MATCH_STATUS_FINISHED


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_match_id(match_id: str) -> None:
    if not MATCH_ID.match(match_id):
        raise InvalidArgument("match_id must be 1-64 lowercase letters or digits")


class OtherRules(Unavailable):
    """The match is played under a rules version this replica does not have (a replica of
    another release, during an upgrade, plays it): retry, another replica will serve it."""

    def __init__(self, game: Game, version: int) -> None:
        super().__init__(
            f"this match plays {game.name} rules version {version}, this replica has version "
            f"{game.rules_version}; retry: a replica of the match's release will serve it",
            rule="rules_version", match_rules_version=str(version),
            replica_rules_version=str(game.rules_version))
        self.rule = "rules_version"


class Committed(Protocol):
    def __call__(self, entry: records_pb2.StoredEntry, snapshot: redact.Snapshot) -> None: ...


def _nobody(entry: records_pb2.StoredEntry, snapshot: redact.Snapshot) -> None:
    pass


class Runner:
    def __init__(self, store: RedisStore, games: Mapping[str, GameRecord | Game],
                 clock: Callable[[], int] = wall_clock_ms,
                 max_options_bytes: int = MAX_OPTIONS_BYTES, silent_match_ms: int = 0) -> None:
        """`silent_match_ms`: an active match with no change for that long ends as
        abandoned (0: never)."""
        self.store = store
        self.silent_match_ms = silent_match_ms
        # the games' records (games.records()); a bare engine is a game without content,
        # words or bot of its own
        self.records = {name: g if isinstance(g, GameRecord) else GameRecord(engine=g)
                        for name, g in games.items()}
        self.games = {name: r.engine for name, r in self.records.items()}
        self.clock = clock
        self.max_options_bytes = max_options_bytes
        # Told of every version this replica commits, with the record in hand: its own
        # watchers need not wait for (nor parse) the store's notice of it.
        self.on_commit: Committed = _nobody

    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            raise NotFound(f"no game named {clip(name)}; see ListGames") from None

    def game_of(self, record: records_pb2.StoredMatch) -> Game:
        """The match's game, if this replica plays the match's rules version (matches
        stored before versions were stamped carry 0: version 1)."""
        game = self.game(record.match.game)
        version = record.match.rules_version or 1
        if version != game.rules_version:
            raise OtherRules(game, version)
        return game

    # -- lobby -------------------------------------------------------------------------

    async def create(self, game_name: str, options: games_pb2.GameOptions, players: int,
                     seed: int | None, bots: Iterable[tuple[int, int]] = (),
                     private: bool = False) -> tuple[match_pb2.Match, match_pb2.MatchSecrets]:
        """A new match; `bots` (seat, BotKind) are seats the server plays. Returns the match
        and the creator's secrets (kept here only as hashes)."""
        game = self.game(game_name)
        chosen = options.WhichOneof("game")
        if chosen not in (None, game.name):
            raise InvalidArgument(f"options are for {chosen}, not {game.name}")
        players = players or game.min_players
        if not game.min_players <= players <= game.max_players:
            raise InvalidArgument(
                f"players must be between {game.min_players} and {game.max_players}")
        game_options = game.Options()
        if chosen:
            game_options.CopyFrom(getattr(options, game.name))
            # Fields this release does not know would be stored and served to everyone.
            game_options.DiscardUnknownFields()
        if game_options.ByteSize() > self.max_options_bytes:
            raise InvalidArgument(f"options take {game_options.ByteSize()} bytes; "
                                  f"at most {self.max_options_bytes} are accepted")
        try:
            game.check_options(game_options, players)
        except BadOptions as exc:
            raise InvalidArgument(f"bad options for {game.name}: {exc}") from exc
        clock.check(options.clock, game)
        bot_seats = _bot_seats(bots, players)
        now = self.clock()
        match = match_pb2.Match(
            match_id=secrets.token_hex(8), game=game.name, players=players, version=1,
            status=WAITING, create_time=_timestamp(now), update_time=_timestamp(now),
            seats=[match_pb2.Seat(index=i) for i in range(players)], private=private,
            seeded=seed is not None, rules_version=game.rules_version)
        match.options.CopyFrom(games_pb2.GameOptions(**{game.name: game_options},
                                                     clock=options.clock))
        owner = match_pb2.MatchSecrets(creator_token=secrets.token_urlsafe(24),
                                       join_secret=secrets.token_urlsafe(12) if private else "")
        record = records_pb2.StoredMatch(
            match=match, seat_token_sha256=[""] * players,
            seed=fresh_seed() if seed is None else seed, incarnation=secrets.token_hex(8),
            creator_token_sha256=token_hash(owner.creator_token),
            join_secret_sha256=token_hash(owner.join_secret) if private else "")
        for seat, kind in bot_seats.items():
            _seat_bot(record.match.seats[seat], kind)
        kind, started = "create", None
        if all(s.occupied for s in record.match.seats):  # the server plays every seat
            started = self._start(record, now)
            decisions = game.decisions(getattr(record.state, game.name))
            _note_deadline(record, decisions, now, silent_ms=self.silent_match_ms)
            await self._arm_bot(record, decisions)
            kind = "create_and_start"
        entry = records_pb2.StoredEntry(version=1, seat=SERVER_SEAT, move_kind=kind,
                                        time=match.create_time, start_ms=started)
        await self.store.create(record, entry, now)
        return record.match, owner

    async def join(self, match_id: str, seat: int | None, name: str, join_secret: str = "",
                   request_id: str = "", player: Player | None = None
                   ) -> tuple[match_pb2.Match, int, str]:
        """Take a seat. With `request_id` the token is derived from it, so a retry (whose
        first reply was lost) finds the seat it took and gets the same answer. A `player`
        (a verified identity) who holds a seat of the match gets it back with a fresh token
        (the old one stops working); a seat held by a player is nobody else's."""
        check_match_id(match_id)
        if name:  # shown to others, beside chat lines too: held to the same rules
            check_name(name, MAX_NAME)
        if request_id and not MIN_JOIN_REQUEST_ID <= len(request_id) <= MAX_IDEMPOTENCY_KEY:
            raise InvalidArgument(f"request_id must be {MIN_JOIN_REQUEST_ID} to "
                                  f"{MAX_IDEMPOTENCY_KEY} random characters")
        token = _join_token(match_id, request_id) if request_id else secrets.token_urlsafe(24)
        asked = _JoinAsk(seat, name, token, join_secret, bool(request_id), player)
        cached = self.store.cache.latest(match_id)
        if cached is not None:  # most joins follow a create or a join on this replica
            with contextlib.suppress(CosmodromeError):
                return await self._join(_copy(cached), asked)
            # refused on what this replica remembered: decide again on what Redis holds
        for _ in range(MAX_JOIN_ATTEMPTS):
            record, _ = await self.store.load(match_id)
            try:
                return await self._join(record, asked)
            except Stale:
                continue  # someone else changed the match meanwhile: look again
        raise FailedPrecondition("busy_match", "the match kept changing; try again")

    async def _join(self, record: records_pb2.StoredMatch, asked: _JoinAsk
                    ) -> tuple[match_pb2.Match, int, str]:
        """`asked.retried`: the token comes from a request_id, and the seat holding it
        (taken by a first attempt whose reply was lost) is the answer."""
        match = record.match
        if asked.retried and (taken := self._seat_holding(record, asked.token)) is not None:
            return match, taken, asked.token
        held = _seat_of_player(record, asked.player)
        if held is None:  # a player back at his seat needs no join secret
            _check_join_secret(record, asked.join_secret)
        if match.status == FINISHED:
            raise FailedPrecondition("match_finished", "the match is over")
        if held is not None and asked.seat not in (None, held):
            raise FailedPrecondition("already_seated", f"you hold seat {held} of this match: "
                                     "join without a seat, or with that one, to get it back")
        chosen = held if held is not None else self._free_seat(record, asked.seat)
        record.seat_token_sha256[chosen] = token_hash(asked.token)
        seat = match.seats[chosen]
        seat.occupied = True
        if asked.name or held is None:
            seat.display_name = asked.name or f"seat {chosen}"
        kind = "rejoin" if held is not None else "join"
        if held is not None and self.reclaim(record, chosen):  # the bot played it meanwhile
            kind = "reclaim"
        _set_seat_player(record, chosen, asked.player)
        starts = match.status == WAITING and all(s.occupied for s in match.seats)
        if starts:
            kind = "join_and_start"
        await self._commit(record, chosen, kind, starts)
        return record.match, chosen, asked.token

    async def leave(self, match_id: str, token: str) -> match_pb2.Match:
        check_match_id(match_id)
        for _ in range(MAX_JOIN_ATTEMPTS):
            record, _ = await self.store.load(match_id)
            seat = self.seat_of(record, token, required=True)
            if record.match.status == FINISHED:  # nothing to give up: write nothing
                raise FailedPrecondition("match_finished", "the match is over")
            kind = "leave"
            if record.match.status == ACTIVE:  # the server's bot plays on for the player
                _abandon(record.match.seats[seat])
                kind = "abandon"
            else:
                record.seat_token_sha256[seat] = ""
                record.match.seats[seat].occupied = False
                record.match.seats[seat].display_name = ""
                _set_seat_player(record, seat, None)  # given up before the start
            try:
                await self._commit(record, seat, kind)
            except Stale:
                continue
            return record.match
        raise FailedPrecondition("busy_match", "the match kept changing; try again")

    @staticmethod
    def reclaim(record: records_pb2.StoredMatch, seat: int) -> bool:
        """Give an abandoned seat (left, or timed out under ZOMBIE) back to its player: the
        server's bot stops playing it, and its clock starts again from the match's starting
        time. False (nothing changed) if the seat was not abandoned. The caller commits."""
        played = record.match.seats[seat]
        if not played.abandoned:
            return False
        played.abandoned, played.bot = False, match_pb2.BOT_KIND_UNSPECIFIED
        clock.restart(record.match, played)
        return True

    async def rejoin(self, match_id: str, token: str
                     ) -> tuple[match_pb2.Match, int, str] | None:
        """JoinMatch presenting a seat token of this match: the player returns to his seat,
        reclaiming it if it was abandoned. None if the token holds no seat here."""
        check_match_id(match_id)
        for _ in range(MAX_JOIN_ATTEMPTS):
            record, _ = await self.store.load(match_id)
            seat = self._seat_holding(record, token)
            if seat is None:
                return None
            if record.match.status != ACTIVE or not self.reclaim(record, seat):
                return record.match, seat, token  # nothing to reclaim: the seat is his
            try:
                await self._commit(record, seat, "reclaim")
            except Stale:
                continue
            return record.match, seat, token
        raise FailedPrecondition("busy_match", "the match kept changing; try again")

    # -- the creator's calls -----------------------------------------------------------

    async def start(self, match_id: str, token: str | None, bots: int) -> match_pb2.Match:
        """Start a waiting match now, server bots of kind `bots` taking its open seats."""
        _check_bot_kind(bots)

        def change(record: records_pb2.StoredMatch) -> str:
            _require_waiting(record)
            for seat in record.match.seats:
                if not seat.occupied:
                    _seat_bot(seat, server_bots.kind_or_default(bots))
            return "start"
        return await self._as_creator(match_id, token, change, starts=True)

    async def kick(self, match_id: str, token: str | None, seat: int) -> match_pb2.Match:
        """Free a taken seat of a waiting match (a player's token stops working)."""
        def change(record: records_pb2.StoredMatch) -> str:
            _require_waiting(record)
            seats = record.match.seats
            if not 0 <= seat < len(seats):
                raise InvalidArgument(f"seat must be between 0 and {len(seats) - 1}")
            if not seats[seat].occupied:
                raise FailedPrecondition("seat_open", f"seat {seat} is already open")
            record.seat_token_sha256[seat] = ""
            _set_seat_player(record, seat, None)  # a kicked player has no claim on it
            seats[seat].Clear()
            seats[seat].index = seat
            return "kick"
        return await self._as_creator(match_id, token, change)

    async def close(self, match_id: str, token: str | None) -> match_pb2.Match:
        """End the match now, whatever its state: no winners, Result.closed."""
        def change(record: records_pb2.StoredMatch) -> str:
            if record.match.status == FINISHED:
                raise FailedPrecondition("match_finished", "the match is over")
            record.match.status = FINISHED
            record.match.result.CopyFrom(match_pb2.Result(summary="closed by its creator",
                                                          closed=True))
            return "close"
        return await self._as_creator(match_id, token, change)

    async def _as_creator(self, match_id: str, token: str | None,
                          change: Callable[[records_pb2.StoredMatch], str], starts: bool = False
                          ) -> match_pb2.Match:
        """`starts`: the change begins play (the commit sets the game up)."""
        check_match_id(match_id)
        for _ in range(MAX_JOIN_ATTEMPTS):
            record, _ = await self.store.load(match_id)
            _check_creator(record, token)
            kind = change(record)
            try:
                await self._commit(record, SERVER_SEAT, kind, starts)
            except Stale:
                continue
            return record.match
        raise FailedPrecondition("busy_match", "the match kept changing; try again")

    @staticmethod
    def _seat_holding(record: records_pb2.StoredMatch, token: str) -> int | None:
        try:
            return Runner.seat_by_digest(record, token_hash(token))
        except Unauthenticated:
            return None

    @staticmethod
    def _free_seat(record: records_pb2.StoredMatch, wanted: int | None) -> int:
        """An open seat no player holds (a player's seat stays his while he is away)."""
        seats = record.match.seats
        if wanted is None:
            free = [s.index for s in seats if _open(record, s.index)]
            if not free:
                raise FailedPrecondition("match_full", "every seat is taken")
            return free[0]
        if not 0 <= wanted < len(seats):
            raise InvalidArgument(f"seat must be between 0 and {len(seats) - 1}")
        if seats[wanted].occupied:
            raise FailedPrecondition("seat_taken", f"seat {wanted} is taken")
        if not _open(record, wanted):
            raise PermissionDenied(f"seat {wanted} belongs to another player")
        return wanted

    def _start(self, record: records_pb2.StoredMatch, now: int) -> int:
        """Set the game up at `now` (returned: the log keeps it, so a replay sets it up
        the same)."""
        game = self.game_of(record)
        record.state.CopyFrom(games_pb2.GameState(**{game.name: replay.setup(game, record,
                                                                             now)}))
        record.match.status = ACTIVE
        clock.start(record.match)
        return now

    # -- credentials -------------------------------------------------------------------

    @staticmethod
    def seat_of(record: records_pb2.StoredMatch, token: str | None, required: bool = False
                ) -> int | None:
        """The seat a token holds in this match; None for a spectator (no token)."""
        if not token:
            if required:
                raise Unauthenticated("this call needs a seat token (authorization: Bearer ...)")
            return None
        return Runner.seat_by_digest(record, token_hash(token))

    @staticmethod
    def seat_by_digest(record: records_pb2.StoredMatch, digest: str | None) -> int:
        """The seat whose token hashes to `digest` (a seat token is required)."""
        if digest is None:
            raise Unauthenticated("this call needs a seat token (authorization: Bearer ...)")
        for seat, stored in enumerate(record.seat_token_sha256):
            if stored and hmac.compare_digest(stored, digest):
                return seat
        raise Unauthenticated("the seat token is not valid for this match")

    # -- watch tickets: a seat's credential for clients that cannot send headers --------

    async def watch_ticket(self, match_id: str, token: str | None) -> play_pb2.WatchTicket:
        """A new ticket standing for the caller's seat in this match, for a while."""
        check_match_id(match_id)
        record, _ = await self.store.load(match_id)
        self.seat_of(record, token, required=True)
        ticket = secrets.token_urlsafe(24)
        await self.store.put_ticket(match_id, token_hash(ticket), token_hash(token),
                                    WATCH_TICKET_TTL_S)
        expires = Timestamp()
        expires.FromMilliseconds(wall_clock_ms() + WATCH_TICKET_TTL_S * 1000)
        return play_pb2.WatchTicket(ticket=ticket, expire_time=expires)

    async def ticket_holder(self, match_id: str, ticket: str) -> str:
        """The seat token hash a watch ticket stands for (UNAUTHENTICATED once expired)."""
        if len(ticket) > MAX_TICKET:
            raise InvalidArgument(f"a watch ticket has at most {MAX_TICKET} characters")
        digest = await self.store.ticket_holder(match_id, token_hash(ticket))
        if digest is None:
            raise Unauthenticated("the watch ticket is unknown or expired: "
                                  "get a new one with CreateWatchTicket")
        return digest

    # -- play --------------------------------------------------------------------------

    async def view(self, match_id: str, token: str | None) -> match_pb2.MatchView:
        check_match_id(match_id)
        record, _ = await self.store.load(match_id)
        game = self.game_of(record)
        return redact.match_view(game, record, self.seat_of(record, token))

    async def submit(self, match_id: str, token: str | None, expected_version: int,
                     idempotency_key: str, move: games_pb2.GameMove, with_view: bool = True,
                     credential: str | None = None) -> play_pb2.SubmitMoveResponse:
        """Apply a move. `with_view`: the response carries the mover's view (a Play session
        sends it with the version's update instead, so its answer is the version alone).
        `credential`: token_hash(token), when the caller keeps it (a Play session)."""
        check_match_id(match_id)
        if len(idempotency_key) > MAX_IDEMPOTENCY_KEY:
            raise InvalidArgument(f"idempotency_key is longer than {MAX_IDEMPOTENCY_KEY}")
        # Retries are kept per credential, so one holder's keys never meet another's.
        if credential is None and token:
            credential = token_hash(token)
        retry = Retry((credential or token_hash(""))[:24], idempotency_key) \
            if idempotency_key else None
        digest = hashlib.sha256(move.SerializeToString(deterministic=True)).digest()
        submission = _Submission(credential, expected_version, retry, digest, move, with_view)
        cached = self.store.cache.get(match_id, expected_version)
        if cached is not None:
            with contextlib.suppress(CosmodromeError):
                return await self._submit(cached, None, submission)
            # refused on what this replica remembered: decide again on what Redis holds
        record, prior = await self.store.load(match_id, retry)
        return await self._submit(record, prior, submission)

    async def _submit(self, record: records_pb2.StoredMatch, prior: Duplicate | None,
                      sub: _Submission) -> play_pb2.SubmitMoveResponse:
        seat = self.seat_by_digest(record, sub.credential)
        if prior:
            return self._resent(record, seat, prior, sub)
        game = self.game_of(record)
        game_move = self._unwrap_move(game, sub.move)
        kind = game.move_kind(game_move)
        note(seat=seat, move_kind=kind)
        if record.match.version != sub.expected_version:
            raise Stale(sub.expected_version, record.match.version)
        if record.match.status != ACTIVE:
            raise FailedPrecondition("match_not_active", "the match is not in play")
        _check_played_by_player(record.match.seats[seat])
        state = getattr(record.state, game.name)
        now = self.clock()
        events = self._apply(game, state, seat, game_move, now)
        decisions = self._settle(game, record, state)
        deadline_moved = _note_deadline(record, decisions, now, mover=seat,
                                        silent_ms=self.silent_match_ms)
        entry = self._entry(record, seat, kind, now)
        entry.move.CopyFrom(sub.move)
        redact.add_events(game, events, entry.events)
        snapshot = redact.Snapshot(record, decisions)
        response = play_pb2.SubmitMoveResponse(
            version=record.match.version,
            events=[e.event for e in entry.events if redact.visible(e, seat)])
        # kept without the view (most of a finished match's bytes when it was kept): a
        # resend rebuilds it from the record (_resent)
        result = sub.digest + response.SerializeToString() if sub.retry else b""
        if sub.with_view:  # built once: the mover's watch streams show the same
            response.view.CopyFrom(snapshot.view(game, seat))
        prior = await self._write(record, entry, sub.expected_version, sub.retry, result,
                                  _deadline(record, deadline_moved), snapshot)
        if prior:  # a resend committed first: its answer, on the record as it is now
            current, _ = await self.store.load(record.match.match_id)
            return self._resent(current, seat, prior, sub)
        note(version=record.match.version)
        metrics.count_move(game.name)
        return response

    def _resent(self, record: records_pb2.StoredMatch, seat: int, prior: Duplicate,
                sub: _Submission) -> play_pb2.SubmitMoveResponse:
        """The first answer to a resent move. Its version and events are kept; its view
        is not: a resend gets the mover's view of the match as it is now (`record`), which
        may be later than the move's version if others moved since."""
        response = _replay(prior.value, sub.digest)
        if sub.with_view and not response.HasField("view"):
            response.view.CopyFrom(redact.match_view(self.game_of(record), record, seat))
        return response

    def _unwrap_move(self, game: Game, move: games_pb2.GameMove) -> Message:
        kind = move.WhichOneof("game")
        if kind is None:
            raise InvalidArgument("move is empty: set the field named after the game")
        if kind != game.name:
            raise InvalidArgument(f"move is for {kind}, but this match plays {game.name}")
        return getattr(move, kind)

    @staticmethod
    def _apply(game: Game, state: Message, seat: int, move: Message, now: int) -> list:
        owed = game.decisions_of(state, seat)
        any_time = game.takes_any_time(state, seat, move)  # a report: no decision owed
        if not owed and not any_time:
            raise FailedPrecondition("no_decision_owed", f"seat {seat} owes no decision now")
        legal = any_time or any(move == option for d in owed for option in d.options)
        try:
            events = game.apply(state, seat, move, now)
        except IllegalMove as exc:
            raise FailedPrecondition(exc.rule, exc.message) from None
        except Exception:
            if legal:
                raise  # an engine bug on a legal move: INTERNAL, and logged
            log.exception("engine raised on an illegal move", game=game.name)
            raise FailedPrecondition("illegal_move", "not among the legal options") from None
        if not legal:
            log.error("engine accepted a move it did not offer", game=game.name)
            raise FailedPrecondition("illegal_move", "not among the legal options")
        return events

    def _settle(self, game: Game, record: records_pb2.StoredMatch, state: Message
                ) -> list[Decision]:
        """Record the outcome of a change: finished or not, and what is owed next."""
        result = game.result(state)
        if result is None and clock.policy(record.match.options.clock) == clock.FORFEIT:
            result = _last_standing(record.match.seats)
        if result is not None:
            seats = record.match.seats
            record.match.status = FINISHED
            record.match.result.CopyFrom(match_pb2.Result(
                winners=[w for w in result.winners if not seats[w].forfeited],
                scores=result.scores, summary=result.summary))
            return []
        return game.decisions(state)

    def _entry(self, record: records_pb2.StoredMatch, seat: int, kind: str, now: int
               ) -> records_pb2.StoredEntry:
        record.match.version += 1
        record.match.update_time.FromMilliseconds(now)
        return records_pb2.StoredEntry(version=record.match.version, seat=seat, move_kind=kind,
                                       time=record.match.update_time)

    async def _commit(self, record: records_pb2.StoredMatch, seat: int, kind: str,
                      starts: bool = False) -> None:
        """Commit a change of the platform's (`starts`: play begins with it)."""
        expected = record.match.version
        game = self.game_of(record)
        now = self.clock()
        started = self._start(record, now) if starts else None
        decisions: list[Decision] = []
        if record.match.status == ACTIVE:
            decisions = self._settle(game, record, getattr(record.state, game.name))
        deadline_moved = _note_deadline(record, decisions, now, silent_ms=self.silent_match_ms)
        entry = self._entry(record, seat, kind, now)
        if started is not None:
            entry.start_ms = started
        await self._write(record, entry, expected, deadline_ms=_deadline(record, deadline_moved),
                          snapshot=redact.Snapshot(record, decisions))

    async def _write(self, record: records_pb2.StoredMatch, entry: records_pb2.StoredEntry,
                     expected_version: int, retry: Retry | None = None, result: bytes = b"",
                     deadline_ms: int | None = None, snapshot: redact.Snapshot | None = None
                     ) -> Duplicate | None:
        """The store's compare-and-set, timed (every change of a match goes through it);
        once it holds the new version, `on_commit` hears of it (`snapshot`: the record
        with what is known of it already)."""
        start = time.perf_counter()
        try:
            prior = await self.store.commit(record, entry, expected_version, retry, result,
                                            deadline_ms)
        finally:
            metrics.observe_store("commit", time.perf_counter() - start)
        if prior is None:
            self.on_commit(entry, snapshot or redact.Snapshot(record))
        return prior

    # -- deadlines ---------------------------------------------------------------------

    async def fire_deadline(self, match_id: str) -> bool:
        """Play a server bot's move if one owes a decision, else apply the rules' timeout if
        a deadline of the match has passed. True if something was applied.

        Any number of replicas may call this at once: the compare-and-set lets one win.
        Raises OtherRules for a match of another rules version (its release fires it).
        """
        for _ in range(MAX_JOIN_ATTEMPTS):
            try:
                record, _ = await self.store.load(match_id)
            except NotFound:
                return False
            if record.match.status != ACTIVE:
                return False
            game = self.game_of(record)
            state = getattr(record.state, game.name)
            expected, now = record.match.version, self.clock()
            decisions = game.decisions(state)
            owed = server_bots.owed_by_bot(record, decisions)
            seat, kind, mover = SERVER_SEAT, replay.TIMEOUT, SERVER_SEAT
            late = clock.out_of_time(record.match, now)
            move: Message | None = None
            if owed is not None:
                move = server_bots.bot_move(self.records[game.name], record, state, owed)
                seat, kind = owed.seat, game.move_kind(move)
                events = self._apply(game, state, seat, move, now)
            elif late:  # one seat at a time: the next fires at once after
                seat = late[0]
                kind, mover, move, events = self._out_of_time(game, record, state, decisions,
                                                              seat, now)
            else:
                events = game.timeout(state, now)
            silent = not events and owed is None and not late and self._silent(record, now)
            if not events and owed is None and not late and not silent:
                # not due: keep a later deadline, drop a dead one
                upcoming = _next_deadline(record, decisions, _silence_due(
                    record, record.match.update_time.ToMilliseconds(), self.silent_match_ms))
                if upcoming > now:
                    await self.store.set_deadline(match_id, upcoming)
                return False
            if silent:
                kind, decisions = SILENT, []
                record.match.status = FINISHED
                record.match.result.CopyFrom(match_pb2.Result(summary=(
                    f"abandoned: no change for {self.silent_match_ms / 3_600_000:g} hours"),
                    abandoned=True))
            else:
                decisions = self._settle(game, record, state)
            _note_deadline(record, decisions, now, mover, self.silent_match_ms)
            entry = self._entry(record, seat, kind, now)
            replay.keep_move(game, entry, move)
            redact.add_events(game, events, entry.events)
            try:
                await self._write(record, entry, expected, deadline_ms=record.next_deadline_ms,
                                  snapshot=redact.Snapshot(record, decisions))
            except Stale:
                continue
            log.info("deadline fired", match=match_id, version=record.match.version, seat=seat,
                     move_kind=kind)
            metrics.deadlines_fired.labels(game.name).inc()
            return True
        return False

    def _silent(self, record: records_pb2.StoredMatch, now: int) -> bool:
        """No change came to the match for the host's limit (never without one)."""
        due = _silence_due(record, record.match.update_time.ToMilliseconds(),
                           self.silent_match_ms)
        return bool(due) and now >= due

    def _out_of_time(self, game: Game, record: records_pb2.StoredMatch, state: Message,
                     decisions: list[Decision], seat: int, now: int
                     ) -> tuple[str, int, Message | None, list[Event]]:
        """Apply the match's timeout policy to `seat`, whose clock has run out: the move
        kind logged, the seat whose clock the change credits (-1: none), the move played
        for it (None: none) and the events."""
        played = record.match.seats[seat]
        policy = clock.policy(record.match.options.clock)
        if policy == clock.SKIP:  # a move of the seat's: its clock ticks as after any move
            owed = next((d for d in decisions if d.seat == seat), None)
            if owed is None:  # the rules took the decision back meanwhile: nothing to pass
                return "timeout_skip", seat, None, []
            move = game.skip_move(state, owed) or owed.options[0]
            return "timeout_skip", seat, move, self._apply(game, state, seat, move, now)
        if policy == clock.FORFEIT:
            played.forfeited, played.bot = True, server_bots.RANDOM
            clock.stop(played)
            return replay.FORFEIT, SERVER_SEAT, None, game.drop_out(state, seat, now)
        _abandon(played)
        return "timeout_zombie", SERVER_SEAT, None, []

    async def judge_chat(self, match_id: str, seat: int, sequence: int, text: str,
                         remembered: bool = True) -> int:
        """Apply the move the game's rules make of `seat` saying chat line `sequence`, if
        any, through the compare-and-set like any move: the version it made, or 0. Judged
        once: for a line that may be resent (`remembered`: it has a request id), the line's
        sequence is the move's idempotency key, so a resent line finds its judgement."""
        # Kept per seat (no seat token hashes to this slot name), as the seat's chat request
        # ids are: a judgement is remembered as long as a resend of its line can come.
        retry = Retry(f"chat{seat}", str(sequence)) if remembered else None
        for _ in range(MAX_JOIN_ATTEMPTS):
            record, prior = await self.store.load(match_id, retry)
            if prior:
                return int(prior.value)
            if record.match.status != ACTIVE:
                return 0
            game = self.game_of(record)
            state = getattr(record.state, game.name)
            move = game.judge_chat(state, seat, text)
            if move is None:
                return 0
            expected, now = record.match.version, self.clock()
            try:
                events = game.apply(state, seat, move, now)
            except IllegalMove as exc:  # the game's bug, not the speaker's: no penalty
                log.error("game refused the move it judged a chat line to be",
                          game=game.name, rule=exc.rule)
                return 0
            decisions = self._settle(game, record, state)
            deadline_moved = _note_deadline(record, decisions, now,
                                            silent_ms=self.silent_match_ms)
            kind = game.move_kind(move)
            entry = self._entry(record, seat, kind, now)
            replay.keep_move(game, entry, move)
            redact.add_events(game, events, entry.events)
            version = record.match.version
            try:
                prior = await self._write(record, entry, expected, retry, str(version).encode(),
                                          _deadline(record, deadline_moved),
                                          redact.Snapshot(record, decisions))
            except Stale:
                continue
            if prior:
                return int(prior.value)
            log.info("chat judged", match=match_id, version=version, seat=seat, move_kind=kind)
            return version
        raise FailedPrecondition("busy_match", "the match kept changing; the line is kept, "
                                 "send it again with the same request_id to judge it")

    async def _arm_bot(self, record: records_pb2.StoredMatch, decisions: list[Decision]
                       ) -> bool:
        """When a match is created with a server bot owing a decision, set its deadline
        first (True): the create script writes no deadline (a move's commit writes its own,
        atomically). Armed for a create that then fails, the deadline finds nothing owed
        and is dropped."""
        if server_bots.owed_by_bot(record, decisions) is None:
            return False
        await self.store.set_deadline(record.match.match_id, record.next_deadline_ms)
        return True

    async def refresh_deadline(self, record: records_pb2.StoredMatch) -> None:
        """Put the match's recorded deadline in the deadlines set (after an import)."""
        await self.store.set_deadline(record.match.match_id, record.next_deadline_ms)

    # -- admin -------------------------------------------------------------------------

    def check_import(self, record: records_pb2.StoredMatch,
                     log_entries: list[records_pb2.StoredEntry]) -> None:
        """Refuse an import the server could not play on; note its next deadline, and give
        it a new incarnation (no replica may build on a copy of what it replaces)."""
        record.incarnation = secrets.token_hex(8)
        check_match_id(record.match.match_id)
        game = self.game_of(record)
        match = record.match
        if len(match.seats) != match.players or len(record.seat_token_sha256) != match.players:
            raise InvalidArgument("seats and seat_token_sha256 must have one entry per player")
        if not game.min_players <= match.players <= game.max_players:
            raise InvalidArgument("players is out of the game's range")
        if match.status != WAITING and record.state.WhichOneof("game") != game.name:
            raise InvalidArgument(f"state must hold a {game.name} state once play has begun")
        versions = [e.version for e in log_entries]
        if versions and (versions != sorted(set(versions)) or versions[-1] > match.version):
            raise InvalidArgument("log versions must increase and not pass the match version")
        if record.state.WhichOneof("game"):
            state = getattr(record.state, game.name)
            try:
                decisions = game.decisions(state) if match.status == ACTIVE else []
                game.view(state, None)
            except Exception as exc:
                raise InvalidArgument(f"state is not a playable {game.name} state") from exc
            problems = game.audit(state)  # pieces lost or invented: name the first
            if problems:
                raise InvalidArgument(f"state is inconsistent: {problems[0][:200]}")
            _note_deadline(record, decisions, self.clock(), silent_ms=self.silent_match_ms)


def _join_token(match_id: str, request_id: str) -> str:
    """The seat token of a join request: secret as long as its request_id is."""
    mac = hmac.new(request_id.encode(), f"cosmodrome seat token {match_id}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def _replay(stored: bytes, digest: bytes) -> play_pb2.SubmitMoveResponse:
    """The first result of a retried move, if the retry is the same move."""
    if stored[:32] != digest:
        raise FailedPrecondition("idempotency_key_reused",
                                 "this idempotency key was used for a different move")
    return play_pb2.SubmitMoveResponse.FromString(stored[32:])


def _next_deadline(record: records_pb2.StoredMatch, decisions: list[Decision],
                   silence_due: int = 0) -> int:
    """The earliest of the game's deadlines, the seats' running clocks and the match's
    silence limit (0: none)."""
    due = [d.deadline_ms for d in decisions if d.deadline_ms]
    if running := clock.next_due(record.match):
        due.append(running)
    if silence_due:
        due.append(silence_due)
    return min(due, default=0)


def _silence_due(record: records_pb2.StoredMatch, last_change_ms: int, silent_ms: int) -> int:
    """When an active match silent since `last_change_ms` ends as abandoned (0: never)."""
    if not silent_ms or record.match.status != ACTIVE:
        return 0
    return last_change_ms + silent_ms


def _deadline(record: records_pb2.StoredMatch, moved: bool) -> int | None:
    """The deadline a commit writes: the match's next one if it moved, else None (kept)."""
    return record.next_deadline_ms if moved else None


def _note_deadline(record: records_pb2.StoredMatch, decisions: list[Decision], now: int,
                   mover: int = SERVER_SEAT, silent_ms: int = 0) -> bool:
    """Bring the seats' clocks to `now` after a change by `mover` (-1: the server) and
    record the match's earliest deadline (now, when a server bot owes a decision; the
    silence limit, `silent_ms` after this change, counts too); True if the deadlines set
    needs an update."""
    clock.tick(record.match, decisions, mover, now)
    due = now if server_bots.owed_by_bot(record, decisions) else _next_deadline(
        record, decisions, _silence_due(record, now, silent_ms))
    moved = due != record.next_deadline_ms
    record.next_deadline_ms = due
    return moved


@dataclass(frozen=True)
class _Submission:
    credential: str | None  # sha256 of the caller's token; None without one
    expected_version: int
    retry: Retry | None
    digest: bytes
    move: games_pb2.GameMove
    with_view: bool


def _abandon(seat: match_pb2.Seat) -> None:
    """The server's bot plays the seat until its player joins again (Runner.reclaim); the
    seat keeps its token, which reclaims it."""
    seat.abandoned, seat.bot = True, server_bots.GAME
    clock.stop(seat)


def _check_played_by_player(seat: match_pb2.Seat) -> None:
    if seat.abandoned:
        raise FailedPrecondition("seat_abandoned", f"seat {seat.index} was abandoned and the "
                                 "server plays it: join the match again to reclaim it")
    if seat.forfeited:
        raise FailedPrecondition("seat_forfeited", f"seat {seat.index} ran out of time and "
                                 "is out of the match")


def _last_standing(seats: Iterable[match_pb2.Seat]) -> Result | None:
    """The match's end when every seat but one (or all) forfeited: the last one wins."""
    seats = list(seats)
    left = [s.index for s in seats if not s.forfeited]
    if len(left) == len(seats) or len(left) > 1:
        return None
    return Result(winners=tuple(left), summary="the other seats forfeited")


def _bot_seats(bots: Iterable[tuple[int, int]], players: int) -> dict[int, int]:
    chosen: dict[int, int] = {}
    for seat, kind in bots:
        if not 0 <= seat < players:
            raise InvalidArgument(f"bots: seat must be between 0 and {players - 1}")
        if seat in chosen:
            raise InvalidArgument(f"bots: seat {seat} is listed twice")
        _check_bot_kind(kind)
        chosen[seat] = server_bots.kind_or_default(kind)
    return chosen


def _check_bot_kind(kind: int) -> None:
    if kind and kind not in server_bots.KINDS:
        raise InvalidArgument(f"bot kind {kind} is not a BotKind")


def _seat_bot(seat: match_pb2.Seat, kind: int) -> None:
    seat.bot = kind
    seat.occupied = True
    seat.display_name = f"{server_bots.NAMES[kind]} {seat.index}"


def _require_waiting(record: records_pb2.StoredMatch) -> None:
    if record.match.status != WAITING:
        raise FailedPrecondition("match_not_waiting", "the match has already started")


def _check_creator(record: records_pb2.StoredMatch, token: str | None) -> None:
    if not token:
        raise Unauthenticated("this call needs the match's creator token "
                              "(authorization: Bearer ...)")
    stored = record.creator_token_sha256
    if not stored or not hmac.compare_digest(stored, token_hash(token)):
        raise PermissionDenied("not this match's creator token")


@dataclass(frozen=True)
class _JoinAsk:
    """What a JoinMatch asks for (the token already chosen)."""

    seat: int | None
    name: str
    token: str
    join_secret: str
    retried: bool
    player: Player | None


def _seat_of_player(record: records_pb2.StoredMatch, player: Player | None) -> int | None:
    """The seat `player` holds in the match, if any."""
    if player is None:
        return None
    for index, holder in enumerate(record.seat_players):
        if player.same_as(holder):
            return index
    return None


def _set_seat_player(record: records_pb2.StoredMatch, seat: int, player: Player | None
                     ) -> None:
    """Record who took `seat` (None: an anonymous seat token, no player's)."""
    if player is None and seat >= len(record.seat_players):
        return
    while len(record.seat_players) < len(record.match.seats):  # records made before players
        record.seat_players.add()
    if player is None:
        record.seat_players[seat].Clear()
    else:
        record.seat_players[seat].CopyFrom(player.message())


def _open(record: records_pb2.StoredMatch, seat: int) -> bool:
    """Free to take: not occupied, and no player's (before the start, a seat left open is
    free whoever held it: leaving a waiting match gives the seat up)."""
    if record.match.seats[seat].occupied:
        return False
    if record.match.status == WAITING or seat >= len(record.seat_players):
        return True
    return not record.seat_players[seat].subject


def _check_join_secret(record: records_pb2.StoredMatch, join_secret: str) -> None:
    stored = record.join_secret_sha256
    if stored and not hmac.compare_digest(stored, token_hash(join_secret)):
        raise PermissionDenied("this match is private: joining it needs its join_secret"
                               if not join_secret else "wrong join_secret for this match")


def _copy(record: records_pb2.StoredMatch) -> records_pb2.StoredMatch:
    copy = records_pb2.StoredMatch()
    copy.CopyFrom(record)
    return copy


def _timestamp(ms: int) -> Timestamp:
    ts = Timestamp()
    ts.FromMilliseconds(ms)
    return ts
