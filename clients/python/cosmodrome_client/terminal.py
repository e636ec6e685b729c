"""`cosmodrome play`: a terminal client in which a person plays any hosted game.

    cosmodrome play tictactoe                    # you against the game's bot
    cosmodrome play highcard --players 3 --bots 1 --name ada   # one seat left open for a friend
    cosmodrome play --join MATCH_ID [--seat S]   # take a seat in an existing match
    cosmodrome play --watch MATCH_ID             # spectate live (public view only)

Each screen shows the match (status, seats, whose turn and who owes what), the game's view
(the game's own board from cosmodrome_client.renderers, else a generic field-per-line
rendering of its View message), the last events, and, when you owe a decision, its options
as a numbered list. Type a number and Enter; `q` quits; `say <text>` says a line in the
match chat (seated players), whose lines show as they come, `[chat] name: text`. The
client follows the match's watch stream and redraws when anyone moves; when that stream
drops it says so (the watch's `on_connection`), resumes where it left off, and says when it is
back.

It reads lines from stdin and writes to stdout, so it runs in a terminal, under tmux or
driven through pipes (without a TTY each screen starts with a separator instead of a clear).
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import grpc
from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from cosmodrome.v1 import match_pb2
from cosmodrome_client.channels import ConnectionStatus
from cosmodrome_client.client import FINISHED, Client, Seat, Viewer, decisions_of, game_view
from cosmodrome_client.errors import (
    CosmodromeError,
    IllegalMoveError,
    MoveNoLongerLegal,
    StaleVersionError,
)
from cosmodrome_client.messages import unwrap
from cosmodrome_client.renderers import RENDERERS, Context, Renderer  # noqa: F401  (re-exported)

PROMPT = "Your choice"
QUIT = ("q", "quit", "exit")
SAY = "say "  # a line in the match chat
EVENTS_SHOWN = 8
CLEAR = "\033[H\033[2J"
SEPARATOR = "=" * 60


# --- rendering -------------------------------------------------------------------------------

def one_line(message: Message | None, limit: int = 160) -> str:
    """A message in one line of text format (shortened past `limit` characters)."""
    if message is None:
        return "-"
    text = text_format.MessageToString(message, as_one_line=True) or "(empty)"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _value(fd: FieldDescriptor, value) -> str:
    if fd.type == FieldDescriptor.TYPE_MESSAGE:
        return "{" + one_line(value, 400) + "}"
    if fd.type == FieldDescriptor.TYPE_ENUM:
        named = fd.enum_type.values_by_number.get(value)
        return named.name if named else str(value)
    return str(value)


def fields_text(message: Message) -> list[str]:
    """A game message, one field per line: scalars always, lists and messages when set."""
    lines = []
    for fd in message.DESCRIPTOR.fields:
        value = getattr(message, fd.name)
        if fd.is_repeated:
            if fd.message_type is not None and fd.message_type.GetOptions().map_entry:
                items = [f"{k}: {v}" for k, v in value.items()]
            elif fd.type == FieldDescriptor.TYPE_MESSAGE:  # one element per line
                if value:
                    lines.append(f"{fd.name}:")
                    lines += [f"  [{i}] {one_line(v, 400)}" for i, v in enumerate(value)]
                continue
            else:
                items = [_value(fd, v) for v in value]
            if items:
                lines.append(f"{fd.name}: [{', '.join(items)}]")
        elif fd.type == FieldDescriptor.TYPE_MESSAGE:
            if message.HasField(fd.name):
                lines.append(f"{fd.name}: {_value(fd, value)}")
        else:
            lines.append(f"{fd.name}: {_value(fd, value)}")
    return lines


def context(view: match_pb2.MatchView | None, kind: str = "",
            content: Message | None = None, words: Message | None = None) -> Context:
    """What a game's renderer may know about a screen: seat names, the viewer, the View, the
    game's static content (`Client.game_content`) and its words (`Client.game_words`)."""
    if view is None:
        return Context(kind=kind, content=content, words=words)
    names = [""] * len(view.match.seats)
    for s in view.match.seats:
        if 0 <= s.index < len(names):
            names[s.index] = s.display_name
    return Context(names=tuple(names), viewer=view.viewer_seat, kind=kind,
                   view=game_view(view), content=content, words=words)


def _rendered(render: Callable | None, message: Message, ctx: Context | None):
    """A game renderer's output, or None (no renderer, an unknown kind, a renderer bug:
    a person is better served by the generic text than by a traceback)."""
    if render is None:
        return None
    try:
        return render(message, ctx if ctx is not None else Context())
    except Exception:
        return None


def describe_move(game: str, move: Message, ctx: Context | None = None) -> str:
    r = RENDERERS.get(game)
    return _rendered(r and r.move, move, ctx) or one_line(move, 100)


def describe_event(game: str, event: Message, ctx: Context | None = None) -> str:
    r = RENDERERS.get(game)
    return _rendered(r and r.event, event, ctx) or one_line(event, 400)


def describe_view(game: str, view: Message, ctx: Context | None = None) -> list[str]:
    """The game's View as lines: the game's own board, else one field per line."""
    r = RENDERERS.get(game)
    lines = _rendered(r and r.board, view, ctx)
    return lines if lines is not None else fields_text(view)


def status_name(status: int) -> str:
    return match_pb2.MatchStatus.Name(status).removeprefix("MATCH_STATUS_").lower()


def render(view: match_pb2.MatchView, events: Sequence[str] = (),
           content: Message | None = None, words: Message | None = None) -> list[str]:
    """The screen for one MatchView (without the options): match, seats, turn, game, events.
    Seats are named by their display names; `content` is the game's (Client.game_content)."""
    m = view.match
    me = view.viewer_seat
    ctx = context(view, content=content, words=words)
    who = "spectator" if me < 0 else f"seat {me}"
    lines = [f"{m.game}  match {m.match_id}  version {m.version}  {status_name(m.status)}"
             f"  (you: {who})"]
    for s in m.seats:
        name = s.display_name or ("(open)" if not s.occupied else "-")
        mark = "  <- you" if s.index == me else ""
        lines.append(f"  seat {s.index}: {name}{'' if s.occupied else ' (open)'}{mark}")
    if m.status == match_pb2.MATCH_STATUS_WAITING:
        taken = sum(s.occupied for s in m.seats)
        lines.append(f"Waiting for players: {taken}/{m.players} seats taken. Others join with "
                     f"`cosmodrome play --join {m.match_id}`.")
    gv = game_view(view)
    if gv is not None:
        lines.append("")
        lines += describe_view(m.game, gv, ctx)
    if view.decisions:
        lines.append("")
        for d in view.decisions:
            owner = ctx.who(d.seat)
            clock = ""
            if d.deadline_ms:
                left = max(0, round(d.deadline_ms / 1000 - time.time()))
                clock = f", {left} s left when drawn"
            lines.append(f"Turn: {owner} to {d.kind}" + (f" ({d.prompt})" if d.prompt else "")
                         + clock)
    if events:
        lines.append("")
        lines.append("Last events:")
        lines += [f"  {e}" for e in events]
    if m.status == FINISHED:
        lines.append("")
        winners = list(m.result.winners)
        lines.append(f"Game over: {m.result.summary or 'finished'}"
                     f" (winners: {', '.join(ctx.name(w) for w in winners) or 'none'})")
        if me >= 0:
            lines.append("You win!" if me in winners else
                         "Draw." if not winners else "You lose.")
    return lines


# --- input -----------------------------------------------------------------------------------

EOF = object()


def start_reader(stream: TextIO, loop: asyncio.AbstractEventLoop,
                 queue: asyncio.Queue) -> threading.Thread:
    """Reads lines from `stream` in a daemon thread into `queue` (EOF at the end)."""

    def run() -> None:
        while True:
            line = stream.readline()
            try:
                loop.call_soon_threadsafe(queue.put_nowait, ("line", line) if line else ("eof",))
            except RuntimeError:
                return  # the session is over and its loop closed
            if not line:
                return

    thread = threading.Thread(target=run, name="stdin", daemon=True)
    thread.start()
    return thread


# --- the session -----------------------------------------------------------------------------

@dataclass
class Terminal:
    """One person's session on one match: as a seat (`seat` set) or a spectator."""

    viewer: Viewer
    out: TextIO = sys.stdout
    clear: bool = False
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    events: deque = field(default_factory=lambda: deque(maxlen=EVENTS_SHOWN))
    view: match_pb2.MatchView | None = None
    drawn: int = 0
    options: list[Message] = field(default_factory=list)
    options_version: int = 0
    options_ctx: Context = field(default_factory=Context)
    floor: int = 0  # the version my last move produced
    viewer_game: str = ""
    content: Message | None = None  # the game's static content, from the server's catalog
    words: Message | None = None    # the game's words, from the same catalog
    lost: bool = False  # the watch's stream dropped and is not live again yet

    def say(self, text: str = "", end: str = "\n") -> None:
        self.out.write(text + end)
        self.out.flush()

    @property
    def seat(self) -> Seat | None:
        return self.viewer if isinstance(self.viewer, Seat) else None

    def draw(self) -> None:
        view = self.view
        self.say(CLEAR if self.clear else SEPARATOR, end="" if self.clear else "\n")
        for line in render(view, list(self.events), self.content, self.words):
            self.say(line)
        self.options, self.options_version = [], view.match.version
        if self.seat is not None and view.match.status != FINISHED:
            decisions = decisions_of(view, self.seat.seat)
            if decisions:
                d = decisions[0]
                self.options = list(d.options)
                self.options_ctx = context(view, d.kind, self.content, self.words)
                self.say("")
                self.say(f"You owe: {d.kind}" + (f" - {d.prompt}" if d.prompt else ""))
                for i, move in enumerate(self.options, 1):
                    self.say(f"  {i:>2}. "
                             f"{describe_move(view.match.game, move, self.options_ctx)}")
                if len(decisions) > 1:
                    self.say(f"  (then {len(decisions) - 1} more decision(s) of yours)")
                self.prompt()
        self.drawn = view.match.version

    def prompt(self) -> None:
        self.say(f"{PROMPT} (1-{len(self.options)}, q to quit): ", end="")

    async def follow(self) -> None:
        """The watch stream into the queue (the client resumes it after a drop)."""
        try:
            async for update in self.viewer.watch(from_version=0, chat=True,
                                                  on_connection=self.on_connection):
                await self.queue.put(("update", update))
            await self.queue.put(("ended",))
        except CosmodromeError as e:
            await self.queue.put(("error", e))

    def on_connection(self, status: ConnectionStatus) -> None:
        """Says when the watch's stream is lost and when it is back (live again)."""
        if status.state == "reconnecting" and status.attempt == 1:
            self.say("\n[connection lost: reconnecting...]")
        elif status.state == "live" and self.lost:
            self.say("\n[connection back]")
            if self.options:
                self.prompt()
        self.lost = status.state == "reconnecting"

    def on_chat(self, line) -> None:
        """A chat line, shown at once (the server refuses control characters in them), under
        the name it was said with (the seat may have changed hands since)."""
        who = line.display_name or context(self.view).who(line.seat)
        self.say(f"\n[chat] {who}: {line.text}")
        if self.options:
            self.prompt()

    async def speak(self, text: str) -> None:
        """`say <text>`: a line in the match chat."""
        if self.seat is None:
            self.say("Spectators read the chat; only seated players speak.")
        else:
            try:
                await self.seat.send_chat(text)
            except CosmodromeError as e:
                self.say(f"Chat refused: {e.message}")
        if self.options:
            self.prompt()

    def on_update(self, update) -> None:
        if update.HasField("chat"):
            self.on_chat(update.chat)
            return
        game = self.viewer_game
        e = update.entry
        ctx = context(update.view if update.HasField("view") else self.view,
                      content=self.content, words=self.words)
        who = "server" if e.seat < 0 else ctx.who(e.seat)
        described = [describe_event(game, unwrap(ev), ctx) for ev in e.events]
        self.events.append(f"v{e.version} {who} {e.move_kind}"
                           + (": " + "; ".join(described) if described else ""))
        if not update.HasField("view"):
            return  # an older version replayed after a reconnect: its view follows
        view = update.view
        if self.view is not None and view.match.version < self.view.match.version:
            return
        self.view = view
        # a view older than my own last move is stale for me (it still shows me to move)
        if view.match.version > self.drawn and view.match.version >= self.floor:
            self.draw()

    async def choose(self, text: str) -> None:
        """One line typed by the person at a prompt: a choice, or a re-prompt."""
        text = text.strip()
        try:
            index = int(text)
        except ValueError:
            index = 0
        if not 1 <= index <= len(self.options):
            self.say(f"Please type a number from 1 to {len(self.options)} (or q to quit).")
            self.prompt()
            return
        move, version = self.options[index - 1], self.options_version
        ctx = self.options_ctx
        self.options = []
        try:
            response = await self.seat.submit(move, expected_version=version)
        except (MoveNoLongerLegal, StaleVersionError):
            self.say("The match moved on before your move arrived: choose again.")
            self.view = await self.seat.view()
            self.draw()
            return
        except IllegalMoveError as e:
            self.say(f"Refused: {e.message} ({e.rule}); choose again.")
            self.view = await self.seat.view()
            self.draw()
            return
        self.floor = max(self.floor, response.version)
        self.say(f"Played: {describe_move(self.viewer_game, move, ctx)} "
                 f"(version {response.version})")

    async def run(self, stdin: TextIO) -> int:
        start_reader(stdin, asyncio.get_running_loop(), self.queue)
        self.view = await self.viewer.view()
        self.viewer_game = self.view.match.game
        self.content = await content_of(self.viewer.client, self.viewer_game)
        self.words = await words_of(self.viewer.client, self.viewer_game)
        tasks = [asyncio.create_task(self.follow())]
        pending: deque[str] = deque()
        closed = False
        try:
            while True:
                item = await self.queue.get()
                kind = item[0]
                if kind == "update":
                    self.on_update(item[1])
                    if self.view.match.status == FINISHED and self.drawn >= \
                            self.view.match.version:
                        return 0
                elif kind == "line" and item[1].strip().lower().startswith(SAY):
                    await self.speak(item[1].strip()[len(SAY):])  # at once, prompt or not
                elif kind == "line" and item[1].strip():
                    pending.append(item[1].strip())  # typed ahead: used at the next prompt
                elif kind == "eof":  # a spectator keeps watching without input
                    closed = True
                elif kind == "ended":
                    if self.view.match.version > self.drawn:
                        self.draw()
                    return 0
                elif kind == "error":
                    self.say(f"\nThe server refused the watch: {item[1]}")
                    return 1
                # q quits at once (after any choices typed before it); choices wait for a prompt
                while pending and (self.options or pending[0].lower() in QUIT):
                    line = pending.popleft()
                    if line.lower() in QUIT:
                        self.say("Bye.")
                        return 0
                    await self.choose(line)
                if closed and self.options and self.seat is not None:
                    self.say("\nInput closed: leaving the match as it is.")
                    return 0
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


async def content_of(client: Client, game: str) -> Message | None:
    """The game's static content, or None from a server that does not publish it (the
    renderers then show ids by number)."""
    return await _unless_unimplemented(client.game_content(game))


async def words_of(client: Client, game: str) -> Message | None:
    """The game's words, or None from a server that does not publish them (the renderers
    then fall back to the generic rendering)."""
    return await _unless_unimplemented(client.game_words(game))


async def _unless_unimplemented(fetch: Awaitable[Message | None]) -> Message | None:
    """What the catalog answers, or None from a server without GetGameContent."""
    try:
        return await fetch
    except CosmodromeError as e:
        if e.code == grpc.StatusCode.UNIMPLEMENTED:
            return None
        raise


async def play_terminal(client: Client, args, stdin: TextIO = sys.stdin,
                        out: TextIO = sys.stdout) -> int:
    """`cosmodrome play`: create or join a match (or watch one) and run the terminal. The
    other seats of a match it creates are played by the server's own bots."""
    clear = out.isatty()
    if args.watch:
        viewer: Viewer = client.spectate(args.watch)
    elif args.join:
        viewer = await client.join(args.join, seat=args.seat, name=args.name)
    else:
        if not args.game:
            raise SystemExit("cosmodrome play: name a GAME, or use --join / --watch MATCH_ID")
        players = await _players(client, args)
        others = players - 1 if args.bots is None else max(0, min(args.bots, players - 1))
        match = await client.create_match(args.game, players=players,
                                          bots=list(range(1, others + 1)))
        viewer = await client.join(match.match_id, seat=0, name=args.name)
        if others < match.players - 1:
            out.write(f"Match {match.match_id}: others join with "
                      f"`cosmodrome play --join {match.match_id}`\n")
    if isinstance(viewer, Seat):
        out.write(f"You are seat {viewer.seat} of match {viewer.match_id} "
                  f"(seat token {viewer.token}).\n")
    out.flush()
    return await Terminal(viewer, out=out, clear=clear).run(stdin)


async def _players(client: Client, args) -> int:
    """The seats of the match to create: --players, else the game's minimum."""
    if args.players:
        return args.players
    games = {g.name: g for g in await client.list_games()}
    return games[args.game].min_players if args.game in games else 0
