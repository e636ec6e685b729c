"""MLEM (Space Agency): the track with the rocket, who is aboard, the dice, the failure track,
where the cats landed and each player's score, in words.

The View does not carry the track layout, only its name: with the game's content as the
server publishes it (`ctx.content`, an mlem_pb2.Content from Client.game_content, which holds
every layout the server loaded) the board also shows the spaces, the faces allowed where the
rocket stands and the points of moons and planets; without it the rest is still drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

CATS = {pb.CAT_KIND_PLANET_DOUBLE: "planet-double", pb.CAT_KIND_MOON_DOUBLE: "moon-double",
        pb.CAT_KIND_DEEP_DOUBLE: "deep-double", pb.CAT_KIND_DIE_TAKER: "die-taker",
        pb.CAT_KIND_DIE_ONE: "die-one", pb.CAT_KIND_PARACHUTE: "parachute",
        pb.CAT_KIND_SHIFTER: "shifter", pb.CAT_KIND_SATELLITE: "satellite"}
FACES = {pb.FACE_ONE: "1", pb.FACE_TWO: "2", pb.FACE_THREE: "3", pb.FACE_FOUR: "4",
         pb.FACE_BOOSTER: "B"}
FACE_VALUE = {pb.FACE_ONE: 1, pb.FACE_TWO: 2, pb.FACE_THREE: 3, pb.FACE_FOUR: 4}
PHASES = {pb.PHASE_TAKEOFF: "take-off: each seat in turn boards one of its cats, in the open",
          pb.PHASE_TRAVEL: "travel: the Commander picks dice groups",
          pb.PHASE_LANDING: "landing: in rocket order, stay aboard or disembark",
          pb.PHASE_PARACHUTE: "crash: parachute cats may jump",
          pb.PHASE_OVER: "game over"}
OBJECTIVES = {pb.OBJECTIVE_FOUR_PLANETS: "4 on 4 planets",
              pb.OBJECTIVE_THREE_ON_ONE: "3 on one planet",
              pb.OBJECTIVE_FOUR_MOONS: "4 on 4 moons",
              pb.OBJECTIVE_TWO_DEEP: "2 in Deep Space"}
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


def cat_kind(kind: int) -> str:
    return CATS.get(kind, f"cat kind {kind}")


def cat(c: Message, ctx: Context) -> str:
    return f"{ctx.whose(c.owner)} {cat_kind(c.kind)}"


def cats(items: Iterable[Message], ctx: Context) -> str:
    return ", ".join(cat(c, ctx) for c in items) or "-"


def faces(items: Iterable[int], sep: str = "+") -> str:
    """Dice groups by face: "2+3", "1+booster"."""
    return sep.join("booster" if f == pb.FACE_BOOSTER else FACES.get(f, "?")
                    for f in items) or "-"


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
    lines = [f"Expedition {view.expedition or 1} - {PHASES.get(view.phase, 'phase ?')}",
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
        f"{text}: {ctx.who(claimed[o]) if o in claimed else 'open'}"
        for o, text in OBJECTIVES.items()))
    lines.append("Players:")
    for s in range(view.players):
        b = view.boards[s] if s < len(view.boards) else pb.Player()
        score = view.scores[s] if s < len(view.scores) else 0
        mark = " *" if s in view.winners else ""
        home = ", ".join(cat_kind(k) for k in b.home) or "none"
        lead = " (leads this expedition)" if s == view.starting_seat and view.rocket else ""
        objectives = ", ".join(OBJECTIVES.get(o, "?") for o in b.objectives)
        lines.append(f"  {ctx.label(s)}: {score} pts{mark}{lead}")
        lines.append(f"    {len(b.home)} cat{'s' if len(b.home) != 1 else ''} at home: {home}"
                     + (f"; objectives: {objectives}" if objectives else ""))
    if view.winners:
        lines.append("Winners: " + ", ".join(ctx.who(w) for w in view.winners))
    return lines


# ------------------------------------------------------------------------------- moves

def move(m: Message, ctx: Context) -> str | None:
    kind = m.WhichOneof("kind")
    if kind == "send_cat":
        return f"send your {cat_kind(m.send_cat.kind)} cat"
    if kind == "use_groups":
        groups = list(m.use_groups.faces)
        text = f"use dice groups {faces(groups)}"
        view = ctx.view
        layout = layout_of(view, ctx)
        distance = _distance(view, groups, layout) if view is not None else None
        if distance is not None:
            to = min(view.space + distance, last_space(layout))
            text += f": fly {distance} to {space_text(to, layout, view)}"
        return text
    if kind == "land":
        land = m.land
        if not land.disembark:
            return {"parachute": "go home (no parachute jump)",
                    "land": "stay aboard"}.get(ctx.kind, "stay aboard (after a crash: go home)")
        layout = layout_of(ctx.view, ctx)
        how = "parachute down" if ctx.kind == "parachute" else "disembark"
        return f"{how} at {space_text(land.space, layout, ctx.view)}"
    return None


# ------------------------------------------------------------------------------- events

def _site(landed: Message) -> str:
    if landed.site == pb.SITE_MOON:
        return f"on moon {landed.moon_number} (space {landed.space})"
    if landed.site == pb.SITE_PLANET:
        return f"on planet {landed.planet} (space {landed.space})"
    if landed.site == pb.SITE_COMET:
        return "on the Comet"
    if landed.site == pb.SITE_GALAXY:
        return "in the Galaxy"
    return f"at space {landed.space}"


def event(e: Message, ctx: Context) -> str | None:
    kind = e.WhichOneof("kind")
    if kind == "cat_boarded":
        b = e.cat_boarded
        place = "as Commander" if b.position == 0 else f"in place {b.position + 1}"
        return f"{cat(b.cat, ctx)} boards the rocket {place}"
    if kind == "take_off":
        t = e.take_off
        return (f"expedition {t.expedition} takes off from space {t.space} with "
                f"{_dice_count(t.pool)}; aboard: {cats(t.rocket, ctx)} (Commander first)")
    if kind == "dice_rolled":
        d = e.dice_rolled
        return (f"rolled {dice(d.roll)} at space {d.space}; faces allowed there: "
                f"{faces(d.allowed, ', ') if d.allowed else 'none'}")
    if kind == "rocket_moved":
        r = e.rocket_moved
        return (f"rocket flew from space {r.from_space} to space {r.to_space} with dice "
                f"groups {faces(r.faces)}; {_dice_count(r.pool)} left in the pool")
    if kind == "crashed":
        c = e.crashed
        return f"CRASH at space {c.space}! Cosmic Failure now at {c.failure}"
    if kind == "landed":
        landed = e.landed
        how = " by parachute" if landed.by_parachute else ""
        return f"{cat(landed.cat, ctx)} landed {_site(landed)}{how}"
    if kind == "stayed_aboard":
        return f"{cat(e.stayed_aboard.cat, ctx)} stays aboard"
    if kind == "cats_returned":
        return f"back home: {cats(e.cats_returned.cats, ctx)}"
    if kind == "objective_claimed":
        o = e.objective_claimed
        return f"{ctx.who(o.seat)} claimed the objective '{OBJECTIVES.get(o.objective, '?')}'"
    if kind == "expedition_ended":
        x = e.expedition_ended
        lead = "lead" if x.next_starting_seat == ctx.viewer else "leads"
        return (f"expedition {x.expedition} over{' (crashed)' if x.crashed else ''}; "
                f"{ctx.who(x.next_starting_seat)} {lead} the next one")
    if kind == "game_ended":
        g = e.game_ended
        scores = ", ".join(f"{ctx.who(s)} {p}" for s, p in enumerate(g.scores))
        winners = ", ".join(ctx.who(w) for w in g.winners) or "nobody"
        return f"game over: {scores}; won by {winners}" + (f" ({g.reason})" if g.reason else "")
    if kind == "die_taken":
        d = e.die_taken
        return f"{cat(d.cat, ctx)} took a die away: {_dice_count(d.pool)} left in the pool"
    return None
