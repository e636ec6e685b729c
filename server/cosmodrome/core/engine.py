"""The one interface every hosted game implements.

The platform never knows a game's rules; a game never knows about gRPC or Redis. A game is
a `Game` subclass over its own protobuf messages (Options, State, Move, View, Event) and is
*pure*: no I/O, no clock, no global randomness. Time enters only as `now_ms` arguments and
randomness only through the `Rng` whose state lives inside the game State.

See docs/adding-a-game.md for a worked example (games/tictactoe).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from google.protobuf.message import Message

PUBLIC: frozenset[int] | None = None
"""Audience of an event every seat and spectator may see."""


@dataclass(frozen=True)
class Decision:
    """A seat owes a choice: what kind, a prompt for people, and every legal option.

    `options` are complete game Move messages; submitting any one of them is legal. Large
    choices are broken into small sequential decisions so options can always be listed.
    `deadline_ms` (absolute, from the `now_ms` the engine was given) makes the server fire
    `Game.timeout` when it passes; 0 means no deadline. Other seats see who owes a
    decision and its kind; `private` hides the kind too, for a choice whose very name
    would tell a secret (a question only a hidden power is asked).
    """

    seat: int
    kind: str
    prompt: str
    options: Sequence[Message]
    deadline_ms: int = 0
    private: bool = False


@dataclass(frozen=True)
class Event:
    """Something that happened. `audience` None is public; otherwise only those seats see it."""

    payload: Message
    audience: frozenset[int] | None = PUBLIC

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)


@dataclass(frozen=True)
class Result:
    """How a finished match ended. Several winners means a shared victory."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    summary: str = ""


class IllegalMove(Exception):
    """A move the rules forbid now. `rule` names the rule broken (shown to the mover only).

    The message must only mention what the mover can already see.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class BadOptions(ValueError):
    """Match options a game cannot be set up with; the message names the option."""


@dataclass(frozen=True)
class OptionSpec:
    """One entry of a game's options schema, as the catalog publishes it."""

    name: str
    type: str  # "int" | "bool" | "enum" | "string"
    description: str
    default: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = field(default_factory=tuple)


class Game(ABC):
    """Static facts plus the pure functions over one game's protobuf state."""

    name: ClassVar[str]  # short id, equal to the field name in cosmodrome.v1 game oneofs
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    hidden_information: ClassVar[bool]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # Bump when a release changes the rules so that a match in progress would play
    # differently: each match keeps the version it was created under, and only replicas
    # of that version play it (docs/operations.md, upgrades).
    rules_version: ClassVar[int] = 1
    # The game has decisions a seat may pass (TIMEOUT_POLICY_SKIP is offered): see skip_move.
    skippable: ClassVar[bool] = False

    # protobuf message classes
    Options: ClassVar[type[Message]]
    State: ClassVar[type[Message]]
    Move: ClassVar[type[Message]]
    View: ClassVar[type[Message]]
    Event: ClassVar[type[Message]]

    def check_options(self, options: Message, players: int) -> None:  # noqa: B027
        """Raise BadOptions naming the option if `options` can't be played by `players`.

        Every value of the Options message is accepted unless a game says otherwise.
        """

    @abstractmethod
    def setup(self, options: Message, players: int, seed: int, now_ms: int = 0) -> Message:
        """A fresh State, made when every seat is taken and play begins.

        `seed` seeds the Rng kept inside the State; `now_ms` lets a game start its clocks.
        """

    @abstractmethod
    def decisions(self, state: Message) -> list[Decision]:
        """Every decision owed now; empty when the game is over."""

    @abstractmethod
    def apply(self, state: Message, seat: int, move: Message, now_ms: int = 0) -> list[Event]:
        """Check `move` by `seat` and apply it to `state` in place.

        Raises IllegalMove (state untouched) when the move is not allowed now.
        """

    @abstractmethod
    def view(self, state: Message, viewer: int | None) -> Message:
        """What `viewer` may see (None: a spectator). The only road out for state."""

    @abstractmethod
    def result(self, state: Message) -> Result | None:
        """None while the game goes on."""

    def timeout(self, state: Message, now_ms: int) -> list[Event]:
        """Apply what the rules say when a decision's deadline has passed (in place)."""
        return []

    def drop_out(self, state: Message, seat: int, now_ms: int) -> list[Event]:
        """`seat` drops out (its clock ran out under TIMEOUT_POLICY_FORFEIT): apply what the
        rules make of it, in place (pieces removed, the other seat wins, ...). The platform
        then excludes the seat from the winners and has the server's random bot answer
        whatever the seat still owes, so play goes on. Default: nothing more."""
        return []

    def skip_move(self, state: Message, decision: Decision) -> Message | None:
        """For a skippable game: the option of `decision` that passes it (a seat out of time
        under TIMEOUT_POLICY_SKIP plays it), or None when this decision cannot be passed
        (the server then plays its first option: each game's provisional table says so)."""
        return None

    def judge_chat(self, state: Message, seat: int, text: str) -> Message | None:
        """The move the rules make of `seat` saying `text` in the match chat (a penalty for
        a word a rule forbids, say), or None: the chat is not judged (the default). Must not
        change `state`. The platform applies the move with `apply(state, seat, move)` and
        commits it like any move, once per line, whether or not `seat` owes a decision then
        (`apply` accepts it all the same)."""
        return None

    def takes_any_time(self, state: Message, seat: int, move: Message) -> bool:
        """Is `move` of a kind the rules take from `seat` at any moment, owed or not (a report
        of a rule broken at the table, say)? Such a move is listed in no decision; the
        platform passes it to `apply`, which refuses it (IllegalMove) when it is not true now.
        Default: none."""
        return False

    def audit(self, state: Message) -> list[str]:
        """What is wrong with `state`, if anything: the invariants a consistent game keeps
        (pieces neither lost nor invented, ...). The soak calls it on every finished match."""
        return []

    def move_kind(self, move: Message) -> str:
        """Short name of a move for logs: the set field of the Move's first oneof."""
        oneofs = move.DESCRIPTOR.oneofs
        return (move.WhichOneof(oneofs[0].name) or "none") if oneofs else move.DESCRIPTOR.name

    def decisions_of(self, state: Message, seat: int) -> list[Decision]:
        return [d for d in self.decisions(state) if d.seat == seat]
