"""A hosted game as the platform sees it: one record per game, exported by its package.

The platform (core, api, store, edge) iterates the records and names no game: the catalog
publishes each record's content and words, the server plays each record's bot for
BOT_KIND_GAME seats. A record holds the game's pieces, never the platform's: the content
builder, the bot and the words are the game's own functions (docs/adding-a-game.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from google.protobuf.message import Message

from cosmodrome.core.engine import Game

if TYPE_CHECKING:  # games_pb2 imports every game's contract, whose packages import this module
    from cosmodrome.v1 import games_pb2


class Bot(Protocol):
    """Picks one of `options` for a decision, from the seat's View only (the clients' Bot)."""

    def choose(self, view: Message, kind: str, options: Sequence[Message]) -> Message: ...


@dataclass(frozen=True)
class GameRecord:
    """One game: its engine, and optionally what the catalog publishes and the server plays.

    `content(engine)` builds the game's Content message (its field of GameContent, named as
    the game); `bot(content, seed)` builds the game's heuristic bot from that published
    content; `words(engine)` builds the words every client renders its moves and events with.
    """

    engine: Game
    content: Callable[[Game], Message] | None = None
    bot: Callable[[Message | None, int], Bot] | None = None
    words: Callable[[Game], games_pb2.Words] | None = None

    @property
    def name(self) -> str:
        return self.engine.name

    @functools.cached_property
    def published_content(self) -> Message | None:
        """The game's content as this server publishes it, built once: a bot needs nothing
        else, so the server plays the clients' own bots with it."""
        return self.content(self.engine) if self.content else None


def enum_phrases(enum, texts: dict[int, str]) -> dict[str, str]:
    """Words keys of an enum's values ("<Enum>.<VALUE>", the Words message's grammar) from
    `texts` by value: each game's words name its enums this way."""
    return {f"{enum.name}.{enum.values_by_number[value].name}": text
            for value, text in texts.items()}
