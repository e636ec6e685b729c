"""The match chat: who may speak, what a line may hold, and the game's judgement of it.

A line is public to the match: every seat and spectator sees it whole (seat, text, time,
its sequence and the match version it was said at; never a token or an internal id). Only
a seated player (his seat token) may speak, while the match waits or plays; a finished
match's chat is read-only. Lines are kept by the store (store/lua/chat.lua) under their
own sequence, the newest `kept` of them, and a seat may say `rate_lines` lines per
`rate_window_ms` (the store's clock, so the limit holds across replicas). A line never
changes the match version: moves race on nothing a chat line wrote. A game may judge a
line (`Game.judge_chat`): the move its rules make of it is applied by the runner through
the compare-and-set, once per line.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from cosmodrome import metrics
from cosmodrome.core import redact
from cosmodrome.core.errors import FailedPrecondition, InvalidArgument
from cosmodrome.core.requestlog import note
from cosmodrome.core.runner import (
    ACTIVE,
    FINISHED,
    MAX_IDEMPOTENCY_KEY,
    Runner,
    check_match_id,
    token_hash,
)
from cosmodrome.core.text import check_line
from cosmodrome.v1 import play_pb2, records_pb2

MAX_PAGE = 1000


@dataclass(frozen=True)
class ChatLimits:
    """What the host allows the chat (serve.py flags --chat-*)."""

    max_chars: int = 500          # characters a line may hold
    kept: int = 500               # lines kept per match: the oldest go
    rate_lines: int = 5           # lines a seat may say per window...
    rate_window_ms: int = 10_000  # ...of this many milliseconds


def check_text(text: str, max_chars: int) -> None:
    """Refuse a chat line that is not one line of text showing what it holds (core/text);
    the message never quotes the text."""
    check_line(text, "text", max_chars)


class Chat:
    def __init__(self, runner: Runner, limits: ChatLimits = ChatLimits()) -> None:
        self.runner = runner
        self.limits = limits

    async def send(self, match_id: str, token: str | None, text: str, request_id: str
                   ) -> play_pb2.SendChatResponse:
        check_match_id(match_id)
        if len(request_id) > MAX_IDEMPOTENCY_KEY:
            raise InvalidArgument(f"request_id is longer than {MAX_IDEMPOTENCY_KEY}")
        check_text(text, self.limits.max_chars)
        store = self.runner.store
        record, _ = await store.load(match_id)  # not the replica's cache: a seat given up
                                                # elsewhere must stop speaking at once
        seat = self.runner.seat_of(record, token, required=True)
        note(seat=seat)
        if record.match.status == FINISHED:
            raise FailedPrecondition("match_finished", "the match is over: its chat is "
                                     "kept to read (GetChat), not to add to")
        judge = self._judges(record, seat, text)  # before keeping: a refusal changes nothing
        digest = hashlib.sha256(text.encode()).digest()
        limits = self.limits
        said = records_pb2.StoredChat(  # with the name: a seat given up may change hands
            seat=seat, text=text, judge=judge,
            display_name=record.match.seats[seat].display_name)
        line, first_digest = await store.add_chat(
            match_id, said, request_id, digest, limits.kept, limits.rate_lines,
            limits.rate_window_ms, caller=token_hash(token)[:24])  # ids are the holder's own
        if first_digest is not None and first_digest != digest:
            raise FailedPrecondition("request_id_reused",
                                     "this request_id was used for another line")
        if first_digest is None:
            metrics.chat_lines.labels(record.match.game).inc()
        judged = 0
        if line.judge:  # as the line was when first kept: a resend is not a new line
            judged = await self.runner.judge_chat(match_id, seat, line.sequence, line.text,
                                                  remembered=bool(request_id))
        return play_pb2.SendChatResponse(line=redact.chat_line(line), judged_version=judged)

    def _judges(self, record: records_pb2.StoredMatch, seat: int, text: str) -> bool:
        """Whether the game's rules make a move of this line as it is said: kept with the
        line (`StoredChat.judge`), so a resend is judged as the line was, not as the match
        is then. The runner makes the move on the match as it is once the line is kept."""
        if record.match.status != ACTIVE:
            return False
        game = self.runner.game_of(record)
        return game.judge_chat(getattr(record.state, game.name), seat, text) is not None

    async def lines(self, match_id: str, from_sequence: int, page_size: int
                    ) -> play_pb2.GetChatResponse:
        check_match_id(match_id)
        if from_sequence < 0 or not 0 <= page_size <= MAX_PAGE:
            raise InvalidArgument(
                f"from_sequence must be >= 0 and page_size between 0 and {MAX_PAGE}")
        lines = await self.runner.store.chat(match_id, from_sequence, page_size or 100)
        return play_pb2.GetChatResponse(
            lines=[redact.chat_line(line) for line in lines],
            next_from_sequence=lines[-1].sequence if lines else from_sequence)

    async def kept_after(self, match_id: str, after: int) -> AsyncIterator[play_pb2.ChatLine]:
        """Every line kept after sequence `after`, oldest first, a page at a time."""
        while True:
            lines = await self.runner.store.chat(match_id, after, MAX_PAGE)
            for line in lines:
                after = line.sequence
                yield redact.chat_line(line)
            if len(lines) < MAX_PAGE:
                return
