"""MLEM (Space Agency): the track with the rocket, who is aboard, the dice, the failure track,
where the cats landed and each player's score, in words.

The View does not carry the track layout, only its name: with the game's content as the
server publishes it (`ctx.content`, an mlem_pb2.Content from Client.game_content, which holds
every layout the server loaded) the board also shows the spaces, the faces allowed where the
rocket stands and the points of moons and planets; without it the rest is still drawn.
Every sentence about a move or an event is the game's own words from the same catalog
(`ctx.words`, server/cosmodrome/games/mlem/words.py): this module lays them out and draws the
values their templates name (the `FORMATS` below).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from cosmodrome_client.renderers.words import enum_words, worded

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

# the dice as the board draws them, compactly (layout; a face's words are the catalog's)
FACES = {pb.FACE_ONE: "1", pb.FACE_TWO: "2", pb.FACE_THREE: "3", pb.FACE_FOUR: "4",
         pb.FACE_BOOSTER: "B"}
FACE_VALUE = {pb.FACE_ONE: 1, pb.FACE_TWO: 2, pb.FACE_THREE: 3, pb.FACE_FOUR: 4}
TRACK_MARKS = {pb.SPACE_KIND_EARTH: "E", pb.SPACE_KIND_EMPTY: ".", pb.SPACE_KIND_MOON: "o",
               pb.SPACE_KIND_PLANET: "P", pb.SPACE_KIND_DEEP_SPACE: "*"}
FAILURE_END = 11  # the provisional layout's; a loaded layout says its own


def layout_of(view: Message | None, ctx: Context) -> pb.Layout | None:
    """The track layout a View is played on, when the context's content has it."""
    if view is None or not isinstance(ctx.content, pb.Content):
        return None
    name = view.options.layout or "provisional"
    return next((la for la in ctx.content.layouts if la.name == name), None)


def last_space(layout: pb.Layout) -> int:
    """Index of Deep Space, the last space."""
    return len(layout.spaces) - 1


def _enum(name: str):
    return pb.DESCRIPTOR.enum_types_by_name[name]


def cat_kind(kind: int, ctx: Context) -> str:
    return enum_words(ctx, _enum("CatKind"), kind)


def cat(c: Message, ctx: Context) -> str:
    return f"{ctx.whose(c.owner)} {cat_kind(c.kind, ctx)}"


def cats(items: Iterable[Message], ctx: Context) -> str:
    return ", ".join(cat(c, ctx) for c in items) or "-"


def faces(items: Iterable[int], ctx: Context, sep: str = "+") -> str:
    """Dice groups by face: "2+3", "1+booster"."""
    return sep.join(enum_words(ctx, _enum("Face"), f) for f in items) or "-"


def _dice_count(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def dice(roll: Message) -> str:
    shown = " ".join(FACES.get(f, "?") for f in roll.dice) or "no dice"
    if roll.bonus_ones:
        n = roll.bonus_ones
        shown += f" (+{n} one{'s' if n > 1 else ''} from die-one cat{'s' if n > 1 else ''})"
    return shown


def space_text(index: int, layout, view: Message | None = None) -> str:
    """A space in words: "space 9 (moon 5)", "space 10 (planet Azura)", "Deep Space"."""
    if layout is None or not 0 <= index < len(layout.spaces):
        return f"space {index}"
    s = layout.spaces[index]
    if s.kind == pb.SPACE_KIND_EARTH:
        return f"space {index} (Earth)"
    if s.kind == pb.SPACE_KIND_DEEP_SPACE:
        return f"space {index} (Deep Space)"
    if s.kind == pb.SPACE_KIND_MOON:
        numbers = sorted(layout.moons[i].number for i in s.moons)
        moons = "moon" + ("s " if len(numbers) > 1 else " ") + ", ".join(map(str, numbers))
        if view is not None and all(m.occupied for m in view.moons if m.number in numbers):
            moons += ", all taken"
        return f"space {index} ({moons})"
    if s.kind == pb.SPACE_KIND_PLANET:
        return f"space {index} (planet {layout.planets[s.planet].name})"
    return f"space {index}"


def _allowed(space, layout) -> str:
    names = []
    for f in sorted(space.faces):
        names.append(f"booster (+{space.booster} each)" if f == pb.FACE_BOOSTER
                     else FACES.get(f, "?"))
    return ", ".join(names) or "none"


def _distance(view: Message, groups: Iterable[int], layout) -> int | None:
    if layout is None or not 0 <= view.space < len(layout.spaces):
        return None
    here = layout.spaces[view.space]
    total = 0
    for f in groups:
        count = list(view.roll.dice).count(f)
        if f == pb.FACE_ONE:
            count += view.roll.bonus_ones
        total += here.booster * count if f == pb.FACE_BOOSTER else FACE_VALUE.get(f, 0) * count
    return total


# ------------------------------------------------------------------------------- the board

def board(view: Message, ctx: Context) -> list[str]:
    layout = layout_of(view, ctx)
    end = layout.failure_end if layout else FAILURE_END
    lines = [f"Expedition {view.expedition or 1} - {enum_words(ctx, _enum('Phase'), view.phase)}",
             f"Cosmic Failure: {view.failure}/{end} "
             f"[{'#' * min(view.failure, end)}{'.' * max(0, end - view.failure)}]"]
    if layout is not None:
        track = "".join(TRACK_MARKS.get(s.kind, "?") for s in layout.spaces)
        lines.append(f"Track:  {track}   (E Earth, o moon, P planet, * Deep Space)")
        if view.rocket or view.phase in (pb.PHASE_TRAVEL, pb.PHASE_LANDING):
            lines.append(f"Rocket: {' ' * view.space}^ {space_text(view.space, layout, view)}")
            if 0 <= view.space < len(layout.spaces) and layout.spaces[view.space].faces:
                lines.append(f"  dice allowed here: "
                             f"{_allowed(layout.spaces[view.space], layout)}")
    elif view.rocket:
        lines.append(f"Rocket at space {view.space}")
    if view.phase == pb.PHASE_TAKEOFF:
        waiting = [ctx.who(s) for s, sends in enumerate(view.sends) if sends]
        lines.append(f"Take-off: boarding in turn, from the Commander; still to board: "
                     f"{', '.join(waiting) or 'nobody'}")
    if view.rocket:
        aboard = []
        for i, c in enumerate(view.rocket):
            text = cat(c, ctx) + (" (Commander)" if i == 0 else "")
            if i == view.landing_index and view.phase in (pb.PHASE_LANDING,
                                                          pb.PHASE_PARACHUTE):
                text += " <- deciding"
            aboard.append(text)
        lines.append("Aboard: " + ", ".join(aboard))
    if view.phase in (pb.PHASE_TRAVEL, pb.PHASE_LANDING, pb.PHASE_PARACHUTE) or view.rocket:
        roll = dice(view.roll) if view.HasField("roll") else "-"
        lines.append(f"Dice: {_dice_count(view.pool)} in the pool; last roll: {roll}")
    lines.append("Moons:")
    points = {m.number: m.points for m in layout.moons} if layout else {}
    taken = [m for m in view.moons if m.occupied]
    for m in taken:
        worth = f" ({points[m.number]} pts)" if m.number in points else ""
        lines.append(f"  moon {m.number}{worth}: {cat(m.cat, ctx)}")
    free = [str(m.number) for m in view.moons if not m.occupied]
    lines.append(f"  free: {', '.join(free) or 'none'}")
    values = {p.name: p.values for p in layout.planets} if layout else {}
    lines.append("Planets:" + (" (points: most/second/presence)" if values else ""))
    for p in view.planets:
        worth = f" ({'/'.join(str(v) for v in values[p.name])})" if p.name in values else ""
        lines.append(f"  {p.name}{worth}: {cats(p.cats, ctx)}")
    comet = f" ({layout.comet_points} pts)" if layout else ""
    galaxy = f" ({layout.galaxy_points} pts)" if layout else ""
    lines.append(f"Comet{comet}: {cats(view.comet, ctx)}   Galaxy{galaxy}: "
                 f"{cats(view.galaxy, ctx)}")
    claimed = {o: s for s, b in enumerate(view.boards) for o in b.objectives}
    lines.append("Objectives: " + " | ".join(
        f"{objective(o, ctx)}: {ctx.who(claimed[o]) if o in claimed else 'open'}"
        for o in OBJECTIVES))
    lines.append("Players:")
    for s in range(view.players):
        b = view.boards[s] if s < len(view.boards) else pb.Player()
        score = view.scores[s] if s < len(view.scores) else 0
        mark = " *" if s in view.winners else ""
        home = ", ".join(cat_kind(k, ctx) for k in b.home) or "none"
        lead = " (leads this expedition)" if s == view.starting_seat and view.rocket else ""
        objectives = ", ".join(objective(o, ctx) for o in b.objectives)
        lines.append(f"  {ctx.label(s)}: {score} pts{mark}{lead}")
        lines.append(f"    {len(b.home)} cat{'s' if len(b.home) != 1 else ''} at home: {home}"
                     + (f"; objectives: {objectives}" if objectives else ""))
    if view.winners:
        lines.append("Winners: " + ", ".join(ctx.who(w) for w in view.winners))
    return lines


def objective(o: int, ctx: Context) -> str:
    return enum_words(ctx, _enum("Objective"), o)


OBJECTIVES = [v.number for v in _enum("Objective").values if v.number]


# ------------------------------------------------------------------------------- moves

def _flight(groups: Iterable[int], ctx: Context) -> str:
    """Where the chosen dice groups fly the rocket, when the View and the layout say."""
    view = ctx.view
    layout = layout_of(view, ctx)
    distance = _distance(view, list(groups), layout) if view is not None else None
    if distance is None:
        return ""
    to = min(view.space + distance, last_space(layout))
    return f": fly {distance} to {space_text(to, layout, view)}"


def _dice(n: int, ctx: Context) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _scores(scores: Iterable[int], ctx: Context) -> str:
    return ", ".join(f"{ctx.who(s)} {p}" for s, p in enumerate(scores))


# How MLEM's words draw the values their templates name (games/mlem/words.py lists them).
FORMATS = {
    "who": lambda seat, ctx: ctx.who(seat),
    "leads": lambda seat, ctx: "lead" if seat == ctx.viewer else "leads",
    "cat": cat,
    "cats": cats,
    "faces": faces,
    "face_list": lambda items, ctx: faces(items, ctx, ", ") if items else "none",
    "dice": _dice,
    "roll": lambda roll, ctx: dice(roll),
    "space": lambda index, ctx: space_text(index, layout_of(ctx.view, ctx), ctx.view),
    "flight": _flight,
    "place": lambda position, ctx: str(position + 1),
    "scores": _scores,
    "who_list": lambda seats, ctx: ", ".join(ctx.who(s) for s in seats) or "nobody",
}


def move(m: Message, ctx: Context) -> str | None:
    variant = ""
    if m.WhichOneof("kind") == "land":
        disembark = "parachute" if ctx.kind == "parachute" else ""
        variant = disembark if m.land.disembark else f"stay.{ctx.kind}" \
            if ctx.kind in ("land", "parachute") else "stay"
    return worded(m, "move", ctx, FORMATS, variant)


# ------------------------------------------------------------------------------- events

def _event_variant(e: Message) -> str:
    kind = e.WhichOneof("kind")
    if kind == "cat_boarded" and e.cat_boarded.position == 0:
        return "commander"
    if kind == "landed" and e.landed.by_parachute:
        return "parachute"
    if kind == "expedition_ended" and e.expedition_ended.crashed:
        return "crashed"
    if kind == "game_ended" and e.game_ended.reason:
        return "reason"
    return ""


def event(e: Message, ctx: Context) -> str | None:
    return worded(e, "event", ctx, FORMATS, _event_variant(e))
