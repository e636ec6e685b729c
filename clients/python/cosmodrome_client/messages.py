"""Wrap a game's own messages into the service's typed envelopes, and unwrap them.

The service carries each game's messages in a `oneof game` whose field is named after the
game (cosmodrome.v1.GameMove has `tictactoe`, `highcard`, ...). These helpers find the right
field from the message type, so they work for every game the generated code knows::

    >>> from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
    >>> envelope = wrap_move(tictactoe_pb2.Move(cell=4))
    >>> envelope.WhichOneof("game")
    'tictactoe'
    >>> unwrap(envelope)
    cell: 4
    <BLANKLINE>
    >>> game_of(envelope)
    'tictactoe'
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from google.protobuf.message import Message

from cosmodrome.v1 import games_pb2

Envelope = TypeVar("Envelope", bound=Message)

ENVELOPES = (games_pb2.GameOptions, games_pb2.GameMove, games_pb2.GameView,
             games_pb2.GameEvent, games_pb2.GameState)


@cache
def _fields(envelope: type[Message]) -> dict[str, str]:
    """Inner message full name -> oneof field name, for one envelope type."""
    oneof = envelope.DESCRIPTOR.oneofs_by_name["game"]
    return {f.message_type.full_name: f.name for f in oneof.fields}


def wrap(envelope: type[Envelope], inner: Message) -> Envelope:
    """Put a game message in `envelope` (one of ENVELOPES); an envelope passes through."""
    if isinstance(inner, envelope):
        return inner
    name = _fields(envelope).get(inner.DESCRIPTOR.full_name)
    if name is None:
        raise TypeError(f"{inner.DESCRIPTOR.full_name} does not fit in "
                        f"{envelope.DESCRIPTOR.full_name}")
    wrapped = envelope()
    getattr(wrapped, name).CopyFrom(inner)
    return wrapped


def wrap_move(move: Message) -> games_pb2.GameMove:
    """A game's Move as a cosmodrome.v1.GameMove."""
    return wrap(games_pb2.GameMove, move)


def wrap_options(options: Message) -> games_pb2.GameOptions:
    """A game's Options as a cosmodrome.v1.GameOptions."""
    return wrap(games_pb2.GameOptions, options)


def unwrap(envelope: Message) -> Message | None:
    """The game message inside an envelope, or None when no game field is set."""
    name = envelope.WhichOneof("game")
    return getattr(envelope, name) if name else None


def game_of(envelope: Message) -> str | None:
    """The name of the game whose message the envelope carries."""
    return envelope.WhichOneof("game")
