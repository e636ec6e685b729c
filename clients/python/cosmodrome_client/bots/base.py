"""The bot interface and the game-agnostic random bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from google.protobuf.message import Message


class Bot(Protocol):
    """Picks a move for one decision.

    `view` is the game's own View message for the bot's seat (e.g. tictactoe_pb2.View);
    `kind` and `options` come from the decision the seat owes (options are the game's own
    Move messages). Return one of `options`.
    """

    def choose(self, view: Message, kind: str, options: Sequence[Message]) -> Message: ...


class RandomBot:
    """Plays any hosted game: a uniformly random legal option. Needs no rules knowledge."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: Message, kind: str, options: Sequence[Message]) -> Message:
        return self._random.choice(options)
