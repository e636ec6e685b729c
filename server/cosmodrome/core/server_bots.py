"""Seats the server plays itself (CreateMatch `bots`, StartMatch): which bot, and its move.

A server bot moves through the deadlines mechanism: when a bot seat owes a decision the
match's deadline is due at once, and whichever replica fires it computes the bot's move
and commits it with the same compare-and-set as any move. A replica dying midway leaves the
deadline in Redis for another; two replicas firing together cannot both commit. The bot's
randomness is seeded from the match's seed, version and seat, so a move is the same
whichever replica computes it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

import structlog
from google.protobuf.message import Message

from cosmodrome.core.engine import Decision
from cosmodrome.core.record import GameRecord
from cosmodrome.v1 import match_pb2, records_pb2

log = structlog.get_logger("cosmodrome.server_bots")

GAME = match_pb2.BOT_KIND_GAME
RANDOM = match_pb2.BOT_KIND_RANDOM
KINDS = (GAME, RANDOM)
NAMES = {GAME: "bot", RANDOM: "random bot"}


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Message, kind: str, options: Sequence[Message]) -> Message:
        return self._random.choice(list(options))


def has_game_bot(game: GameRecord) -> bool:
    return game.bot is not None


def kind_or_default(kind: int) -> int:
    return kind or GAME


def owed_by_bot(record: records_pb2.StoredMatch, decisions: list[Decision]
                ) -> Decision | None:
    """The first decision a server bot owes, if any."""
    seats = record.match.seats
    return next((d for d in decisions if seats[d.seat].bot), None)


def bot_move(game: GameRecord, record: records_pb2.StoredMatch, state: Message,
             decision: Decision) -> Message:
    """The move the seat's bot makes for `decision`, from that seat's View only: the game's
    own bot (its record's, built with the content this server publishes) or a random one.

    A bot that fails or answers with a move it was not offered is replaced by a random legal
    choice: a server bot must never wedge a match.
    """
    seed = _seed(record, decision.seat)
    kind = record.match.seats[decision.seat].bot
    make = game.bot if kind == GAME else None
    options = list(decision.options)
    try:
        bot = make(game.published_content, seed) if make else RandomBot(seed)
        move = bot.choose(game.engine.view(state, decision.seat), decision.kind, options)
        if any(move == option for option in options):
            return move
        log.error("server bot chose a move it was not offered", game=game.name)
    except Exception:
        log.exception("server bot failed", game=game.name)
    return RandomBot(seed).choose(None, decision.kind, options)


def _seed(record: records_pb2.StoredMatch, seat: int) -> int:
    material = f"{record.seed}:{record.match.version}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big")
