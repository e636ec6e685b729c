"""Per-game rendering for the terminal client (`cosmodrome play`), one module per game.

A game's `Renderer` says how to draw its View (`board`: lines), a Move offered as an option
(`move`: one line) and an Event (`event`: one line). Every function also gets a `Context`:
the seats' display names, the viewer's seat, the game's static content from the server's
catalog (cards, powers, layouts: `Client.game_content`), the game's words from the same
catalog (`Client.game_words`: a template per move and event, see `renderers/words.py`), and
for a move the decision it answers and the View it was offered from. A function may return
None for a message it does not know (a kind added to the game later, or words the server did
not publish): the terminal then falls back to its generic rendering, as it does for any game
not in `RENDERERS`.

Adding a game's rendering: write `renderers/<game>.py` with any of `board`, `move`, `event`
and add one line to `RENDERERS` below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from google.protobuf.message import Message

from cosmodrome_client.renderers import cosmic, crafting, highcard, mlem, tictactoe


@dataclass(frozen=True)
class Context:
    """What a renderer may know beyond the message itself (all of it optional)."""

    names: Sequence[str] = ()      # display name of each seat ("" for none)
    viewer: int = -1               # the seat whose screen this is; -1: a spectator
    kind: str = ""                 # for a move: the kind of decision it is offered for
    view: Message | None = None    # for a move: the game's View it was offered from
    content: Message | None = None  # the game's static content (Client.game_content), if any
    words: Message | None = None    # the game's words (games_pb2.Words: Client.game_words)

    def name(self, seat: int) -> str:
        """A seat by its display name when that is unambiguous, else "seat N"."""
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        if name and list(self.names).count(name) == 1 and not name.startswith("seat "):
            return name
        return f"seat {seat}"

    def who(self, seat: int) -> str:
        """A seat in a sentence: "you" for the viewer, else its name (see `name`)."""
        return "you" if seat == self.viewer and seat >= 0 else self.name(seat)

    def whose(self, seat: int) -> str:
        """A seat as an owner: "your", "ada's", "seat 2's"."""
        who = self.who(seat)
        return "your" if who == "you" else who + "'s"

    def label(self, seat: int) -> str:
        """A seat at the head of a line: "seat 1 ada (you)"."""
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        return f"seat {seat}" + (f" {name}" if name else "") + \
            (" (you)" if seat == self.viewer and seat >= 0 else "")


@dataclass(frozen=True)
class Renderer:
    """How one game is drawn; anything left None falls back to the generic rendering."""

    board: Callable[[Message, Context], list[str]] | None = None   # the game's View -> lines
    move: Callable[[Message, Context], str | None] | None = None   # a Move -> one line
    event: Callable[[Message, Context], str | None] | None = None  # an Event -> one line


# Game-specific rendering, by game name. Games not listed get the generic rendering.
RENDERERS: dict[str, Renderer] = {
    "tictactoe": Renderer(board=tictactoe.board, move=tictactoe.move, event=tictactoe.event),
    "highcard": Renderer(move=highcard.move, event=highcard.event),
    "mlem": Renderer(board=mlem.board, move=mlem.move, event=mlem.event),
    "cosmic": Renderer(board=cosmic.board, move=cosmic.move, event=cosmic.event),
    "crafting": Renderer(board=crafting.board, move=crafting.move, event=crafting.event),
}

__all__ = ["RENDERERS", "Context", "Renderer"]
