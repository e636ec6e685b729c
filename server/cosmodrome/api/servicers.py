"""The gRPC servicers: thin translations between requests and the runner.

The interceptor reads the caller's credential (`authorization: Bearer <token>`); every
response that shows game content is built by core.redact for the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Awaitable, Callable

from google.protobuf import empty_pb2
from google.protobuf.message import Message

from cosmodrome.api.content import game_content
from cosmodrome.api.interceptor import credential, player
from cosmodrome.api.play_session import PlayLimits, PlaySession
from cosmodrome.api.watch_hub import Following, WatchHub
from cosmodrome.core import clock, redact, server_bots
from cosmodrome.core.chat import Chat
from cosmodrome.core.errors import (
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
)
from cosmodrome.core.requestlog import note
from cosmodrome.core.runner import Runner, check_match_id, token_hash
from cosmodrome.store.players import PlayerStore
from cosmodrome.v1 import (
    admin_pb2,
    admin_pb2_grpc,
    catalog_pb2,
    catalog_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    play_pb2,
    play_pb2_grpc,
    records_pb2,
)

MAX_PAGE = 200
MAX_LOG_PAGE = 1000
MAX_GAME_NAME = 64


class CatalogServicer(catalog_pb2_grpc.CatalogServiceServicer):
    def __init__(self, runner: Runner) -> None:
        self.response = catalog_pb2.ListGamesResponse(games=[
            catalog_pb2.GameInfo(
                name=g.name, title=g.title, summary=g.summary, min_players=g.min_players,
                max_players=g.max_players, hidden_information=g.hidden_information,
                options=[catalog_pb2.OptionInfo(
                    name=o.name, type=o.type, description=o.description,
                    default_value=o.default, minimum=o.minimum or 0, maximum=o.maximum or 0,
                    choices=o.choices) for o in (*g.option_specs, *clock.option_specs(g))],
                has_game_bot=server_bots.has_game_bot(runner.records[g.name]))
            for g in runner.games.values()])
        self.runner = runner
        self.contents = {name: game_content(r) for name, r in runner.records.items()}

    async def ListGames(self, request, context):
        return self.response

    async def GetGameContent(self, request, context):
        if len(request.game) > MAX_GAME_NAME:
            raise InvalidArgument("game must be a game's name from ListGames")
        self.runner.game(request.game)  # NOT_FOUND naming ListGames for an unknown game
        return self.contents[request.game]


class LobbyServicer(lobby_pb2_grpc.LobbyServiceServicer):
    def __init__(self, runner: Runner, drain: bool = False,
                 players: PlayerStore | None = None) -> None:
        self.runner = runner
        self.drain = drain  # during an upgrade: the old release starts no new match
        self.players = players or PlayerStore(runner.store.redis)

    async def CreateMatch(self, request, context):
        note(game=request.game)
        if self.drain:
            raise Unavailable("this replica is draining (an upgrade): retry, another "
                              "replica will create the match")
        seed = request.seed if request.HasField("seed") else None
        bots = [(b.seat, b.kind) for b in request.bots]
        match, owner = await self.runner.create(request.game, request.options, request.players,
                                                seed, bots, request.private)
        note(match=match.match_id)
        reply = match_pb2.Match()
        reply.CopyFrom(match)
        reply.secrets.CopyFrom(owner)  # the creator's, in this reply only
        return reply

    async def GetMatch(self, request, context):
        check_match_id(request.match_id)
        note(match=request.match_id)
        record, _ = await self.runner.store.load(request.match_id)
        return record.match

    async def ListMatches(self, request, context):
        if not 0 <= request.page_size <= MAX_PAGE:
            raise InvalidArgument(f"page_size must be between 0 and {MAX_PAGE}")
        if request.status not in match_pb2.MatchStatus.values():
            raise InvalidArgument("status must be a MatchStatus (0: every status)")
        if request.game:
            self.runner.game(request.game)
        matches, token = await self.runner.store.list_matches(
            request.game, request.status, request.page_size or 50, request.page_token,
            request.open_seats)
        return lobby_pb2.ListMatchesResponse(matches=matches, next_page_token=token)

    async def JoinMatch(self, request, context):
        note(match=request.match_id)
        seat = request.seat if request.HasField("seat") else None
        caller = player.get()
        if caller is not None:  # his list first: a crash before the join loses nothing
            check_match_id(request.match_id)
            await self.players.remember(caller, request.match_id, self.runner.clock())
        elif (token := credential.get()) and \
                (back := await self.runner.rejoin(request.match_id, token)):
            # a seat token of this match: its player returns to it (reclaimed from the bot)
            return lobby_pb2.JoinMatchResponse(match=back[0], seat=back[1], seat_token=token)
        match, seat, token = await self.runner.join(request.match_id, seat,
                                                    request.display_name, request.join_secret,
                                                    request.request_id, caller)
        note(seat=seat, version=match.version)
        return lobby_pb2.JoinMatchResponse(match=match, seat=seat, seat_token=token)

    async def LeaveMatch(self, request, context):
        note(match=request.match_id)
        token = credential.get()
        return await self.runner.leave(request.match_id, token or "")

    async def StartMatch(self, request, context):
        note(match=request.match_id)
        return await self.runner.start(request.match_id, credential.get(), request.bots)

    async def KickSeat(self, request, context):
        note(match=request.match_id, seat=request.seat)
        return await self.runner.kick(request.match_id, credential.get(), request.seat)

    async def CloseMatch(self, request, context):
        note(match=request.match_id)
        return await self.runner.close(request.match_id, credential.get())


class PlayServicer(play_pb2_grpc.PlayServiceServicer):
    def __init__(self, runner: Runner, hub: WatchHub, chat: Chat | None = None,
                 play_limits: PlayLimits | None = None) -> None:
        self.runner = runner
        self.hub = hub
        self.chat = chat or Chat(runner)
        self.play_limits = play_limits or PlayLimits()

    async def GetView(self, request, context):
        note(match=request.match_id)
        return await self.runner.view(request.match_id, credential.get())

    async def SubmitMove(self, request, context):
        note(match=request.match_id, expected_version=request.expected_version)
        return await self.runner.submit(request.match_id, credential.get(),
                                        request.expected_version, request.idempotency_key,
                                        request.move)

    async def GetLog(self, request, context):
        check_match_id(request.match_id)
        note(match=request.match_id)
        if request.from_version < 0 or not 0 <= request.page_size <= MAX_LOG_PAGE:
            raise InvalidArgument(
                f"from_version must be >= 0 and page_size between 0 and {MAX_LOG_PAGE}")
        record, _ = await self.runner.store.load(request.match_id)
        viewer = self.runner.seat_of(record, credential.get())
        entries = await self.runner.store.entries(request.match_id, request.from_version,
                                                  request.page_size or 100)
        return play_pb2.GetLogResponse(
            entries=[redact.log_entry(e, viewer) for e in entries],
            next_from_version=entries[-1].version if entries else request.from_version)

    async def WatchMatch(self, request, context):
        check_match_id(request.match_id)
        note(match=request.match_id)
        if request.from_version < 0 or request.chat_from_sequence < 0:
            raise InvalidArgument("from_version and chat_from_sequence must be >= 0")
        digest = await self._watcher_digest(request)
        # Headers with the first update, or on their own as soon as the watch has to wait
        # for one: an HTTP client (SSE) sees at once that its watch is open, however quiet
        # the match, and a busy stream spares a write per watch.
        await self.follow(Following(request.match_id, request.from_version, request.with_chat,
                                    request.chat_from_sequence, digest),
                          lambda update, _: context.write(update),
                          lambda: context.send_initial_metadata(()))

    async def Play(self, requests, context):
        session = PlaySession(self, context.write, credential.get(), self.play_limits)
        await session.run(requests)

    async def follow(self, following: Following,
                     write: Callable[[Message | bytes, int], Awaitable],
                     before_waiting: Callable[[], Awaitable] | None = None,
                     known: tuple[records_pb2.StoredMatch, int | None] | None = None) -> None:
        """Write every update of the match after `following.from_version` (then its chat if
        asked), in order, each with its version (0: a chat line), as `following.digest`'s
        seat (None: a spectator) may see them, until the match ends. `before_waiting` runs
        when the stream first has to wait. `known`: the match and the viewer's seat, when
        the caller has them."""
        match_id = following.match_id
        record, viewer = known or await self.viewer(match_id, following.digest)
        game = self.runner.game_of(record)
        if finished(record) and following.from_version >= record.match.version:
            if following.with_chat:  # no move to send, but the chat asked for
                await self._chat_to_the_end(write, match_id, following.chat_from_sequence)
            return  # a finished match has nothing more to say
        chat_after = following.chat_from_sequence if following.with_chat else None
        watch = self.hub.watch(match_id, following.from_version, record, chat_after,
                               before_waiting=before_waiting)
        try:
            async for item in watch:
                watch.before_waiting = None  # written below: the headers go with it
                if isinstance(item, records_pb2.StoredChat):
                    await write(play_pb2.MatchUpdate(chat=redact.chat_line(item)), 0)
                    continue
                entries, snapshot = item
                if snapshot is not None and following.digest is not None:
                    # The token's seat as of this batch, before any of it is written: a
                    # token given up ends the stream; one that now holds another seat (a
                    # join retried with its request_id after a leave, perhaps on another
                    # replica, whose cached record `viewer` came from) sees as that seat,
                    # as anyone taking over a seat does, never as the one it left.
                    viewer = self.runner.seat_by_digest(snapshot.record, following.digest)
                if snapshot is not None and snapshot.version != entries[-1].version:
                    snapshot = None  # newer than these entries: no view with them
                for entry in entries:
                    if snapshot is not None and entry is entries[-1]:
                        await write(snapshot.update(game, entry, viewer), entry.version)
                    else:
                        update = play_pb2.MatchUpdate(entry=redact.log_entry(entry, viewer))
                        await write(update, entry.version)
                if snapshot is not None and finished(snapshot.record):
                    if watch.chat_last is not None:  # lines said as it ended, not heard yet
                        await self._chat_to_the_end(write, match_id, watch.chat_last)
                    return  # the end of the match ends the stream
        except asyncio.CancelledError:
            if not watch.dropped:
                raise
            asyncio.current_task().uncancel()
            raise ResourceExhausted(
                f"this stream fell {self.hub.limits.buffer} updates behind the match and "
                "was dropped: watch again from the last version received") from None
        finally:
            watch.close()

    async def _chat_to_the_end(self, write, match_id: str, after: int) -> None:
        """A stream ending with its finished match: the chat lines kept after `after` first
        (those said as the last move was made may not have come as notices yet)."""
        async for line in self.chat.kept_after(match_id, after):
            await write(play_pb2.MatchUpdate(chat=line), 0)

    async def viewer(self, match_id: str, digest: str | None
                      ) -> tuple[records_pb2.StoredMatch, int | None]:
        """The match and the seat `digest` holds in it (None: a spectator), from this
        replica's last record of it when that one knows the seat (a seat is never given to
        another token without a new version, which the stream then checks), else from
        Redis."""
        record = self.runner.store.cache.latest(match_id)
        if record is not None:
            with contextlib.suppress(Unauthenticated):
                return record, self._seat(record, digest)
        record, _ = await self.runner.store.load(match_id)
        return record, self._seat(record, digest)

    def _seat(self, record: records_pb2.StoredMatch, digest: str | None) -> int | None:
        return self.runner.seat_by_digest(record, digest) if digest else None

    async def _watcher_digest(self, request) -> str | None:
        """The hash of the seat token a watch acts for: the caller's own, or the one its
        watch ticket stands for; None for a spectator."""
        token = credential.get()
        if not request.ticket:
            return token_hash(token) if token else None
        if token:
            raise InvalidArgument("send a seat token or a watch ticket, not both")
        return await self.runner.ticket_holder(request.match_id, request.ticket)

    async def CreateWatchTicket(self, request, context):
        note(match=request.match_id)
        return await self.runner.watch_ticket(request.match_id, credential.get())

    async def SendChat(self, request, context):
        note(match=request.match_id)
        return await self.chat.send(request.match_id, credential.get(), request.text,
                                    request.request_id)

    async def GetChat(self, request, context):
        note(match=request.match_id)
        return await self.chat.lines(request.match_id, request.from_sequence,
                                     request.page_size)


def finished(record) -> bool:
    return record.match.status == match_pb2.MATCH_STATUS_FINISHED


class AdminServicer(admin_pb2_grpc.AdminServiceServicer):
    def __init__(self, runner: Runner, admin_token: str | None) -> None:
        self.runner = runner
        self.admin_token = admin_token

    def _authorize(self) -> None:
        if not self.admin_token:
            raise PermissionDenied("the admin API is disabled: the server has no admin token")
        token = credential.get()
        if token is None:
            raise Unauthenticated("the admin API needs authorization: Bearer <admin token>")
        if not hmac.compare_digest(token.encode(), self.admin_token.encode()):
            raise PermissionDenied("not the admin token")

    async def ExportMatch(self, request, context):
        self._authorize()
        check_match_id(request.match_id)
        note(match=request.match_id)
        record, log = await self.runner.store.export(request.match_id)
        return admin_pb2.MatchExport(record=record, log=log)

    async def ImportMatch(self, request, context):
        self._authorize()
        record, log = request.export.record, list(request.export.log)
        note(match=record.match.match_id)
        self.runner.check_import(record, log)
        await self.runner.store.replace(record, log, request.overwrite)
        await self.runner.refresh_deadline(record)
        return admin_pb2.MatchExport(record=record, log=log)

    async def DeleteMatch(self, request, context):
        self._authorize()
        check_match_id(request.match_id)
        note(match=request.match_id)
        record, _ = await self.runner.store.load(request.match_id)
        await self.runner.store.delete(request.match_id, record.match.game)
        return empty_pb2.Empty()
