"""PlayerService: guests, and a player's own matches.

A player is the verified identity of the caller's bearer JWT (interceptor.player): the
host's identity provider's, or a guest token made here.
"""

from __future__ import annotations

import asyncio
import contextlib

from cosmodrome.api.interceptor import player
from cosmodrome.auth import Player
from cosmodrome.auth.guest import GuestKeys
from cosmodrome.core.errors import InvalidArgument, NotFound, Unauthenticated
from cosmodrome.core.runner import ACTIVE, WAITING, OtherRules, Runner
from cosmodrome.store.players import PlayerStore, encode_position
from cosmodrome.v1 import player_pb2, player_pb2_grpc

MAX_PAGE = 100
MAX_RESUME_URL = 512


def the_player() -> Player:
    """The caller's verified identity, or UNAUTHENTICATED."""
    caller = player.get()
    if caller is None:
        raise Unauthenticated("this call needs a player token (authorization: Bearer <JWT>): "
                              "the host's login, or a guest token from CreateGuest")
    return caller


class PlayerServicer(player_pb2_grpc.PlayerServiceServicer):
    def __init__(self, runner: Runner, guests: GuestKeys, index: PlayerStore) -> None:
        self.runner = runner
        self.guests = guests
        self.index = index

    async def CreateGuest(self, request, context):
        base = request.resume_base_url
        if len(base) > MAX_RESUME_URL or (base and not base.startswith(("https://",
                                                                          "http://"))):
            raise InvalidArgument(f"resume_base_url must be an http(s) URL of at most "
                                  f"{MAX_RESUME_URL} characters")
        token, guest, expires_ms = await self.guests.issue()
        return player_pb2.CreateGuestResponse(
            guest_token=token, player=guest.message(), expire_time_ms=expires_ms,
            resume_url=f"{base.split('#')[0]}#guest={token}" if base else "")

    async def ListMyMatches(self, request, context):
        me = the_player()
        if not 0 <= request.page_size <= MAX_PAGE:
            raise InvalidArgument(f"page_size must be between 0 and {MAX_PAGE}")
        count = request.page_size or 50
        ids, position = await self.index.matches(me, request.page_token, count)
        found = await asyncio.gather(*(self._mine(me, match_id) for match_id in ids))
        # entries where he holds no seat (a join that failed after its entry was written,
        # a seat left or taken over, a match expired) are dropped here
        stale = [match_id for match_id, mine in zip(ids, found, strict=True) if mine is None]
        await self.index.forget(me, stale)
        position -= len(stale)
        return player_pb2.ListMyMatchesResponse(
            matches=[m for m in found if m is not None],
            next_page_token=encode_position(position) if len(ids) == count else "")

    async def _mine(self, me: Player, match_id: str) -> player_pb2.MyMatch | None:
        try:
            record, _ = await self.runner.store.load(match_id)
        except NotFound:
            return None
        seat = next((i for i, held in enumerate(record.seat_players) if me.same_as(held)),
                    None)
        if seat is None or (record.match.status == WAITING
                            and not record.match.seats[seat].occupied):
            return None  # a seat left before the start is given up
        to_act: list[int] = []
        if record.match.status == ACTIVE:
            with contextlib.suppress(OtherRules):  # another release's rules: not known here
                game = self.runner.game_of(record)
                state = getattr(record.state, game.name)
                to_act = sorted({d.seat for d in game.decisions(state)})
        # LEAD: time_left_ms comes from the clocks helper's per-seat clock, once it lands
        return player_pb2.MyMatch(match=record.match, seat=seat, to_act=to_act,
                                  my_turn=seat in to_act)

    async def GetGuestKeys(self, request, context):
        return player_pb2.GuestKeys(keys=[player_pb2.GuestKey(**k) for k in self.guests.jwks()])
