"""Crafting the Cosmos: the Console (energy tokens on the four controls), the display, the
objective track, and each player's galaxy, sliders, crystals, powers and what he holds, in
words.

The View carries tile, power and objective ids, not their text: they are named from the
game's content as the server publishes it (`ctx.content`, a crafting_pb2.Content from
Client.game_content), the pack the match plays; without it they are shown by id. Moves, events
and the names of controls, elements, gains, phases and reasons are the game's words from the
same catalog (`ctx.words`, server/cosmodrome/games/crafting/words.py): this module lays them
out and draws the values their templates name (`FORMATS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from cosmodrome_client.renderers.words import enum_words, worded

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

DEFAULT_PACK = "provisional"
CONTROLS = [v.number for v in pb.Control.DESCRIPTOR.values if v.number]
ELEMENTS = [v.number for v in pb.Element.DESCRIPTOR.values if v.number]


def words_of(enum: str, value: int, ctx: Context | None) -> str:
    """A value of the contract's enums (Control, Element, Phase...) in the catalog's words."""
    return enum_words(ctx, pb.DESCRIPTOR.enum_types_by_name[enum], value)


def pack_of(ctx: Context | None, view: Message | None) -> pb.ContentPack | None:
    """The content pack the view's match plays (the packaged one without a view), if the
    client has the game's content."""
    content = ctx.content if ctx is not None else None
    if not isinstance(content, pb.Content):
        return None
    name = (view.options.content if view is not None else "") or DEFAULT_PACK
    return next((p for p in content.packs if p.name == name), None)


def control(c: int, ctx: Context | None = None) -> str:
    return words_of("Control", c, ctx) if c else "an empty slot"


def tile(tile_id: int, content: pb.ContentPack | None = None, ctx: Context | None = None) -> str:
    if content is None or not 0 <= tile_id < len(content.tiles):
        return f"tile {tile_id}"
    t = content.tiles[tile_id]
    asks = " ".join(words_of("Element", e, ctx) for e in t.requires if e)
    return f"tile {tile_id} (size {t.size}, {t.points} pts, asks {asks})"


def power(card: int, content: pb.ContentPack | None = None, ctx: Context | None = None) -> str:
    if content is None or not 0 <= card < len(content.powers):
        return f"power {card}"
    info = content.powers[card]
    if info.text:  # the card as published: "Pay 2 Light energy cards: gain 2 H stars."
        return f"{info.name} ({info.text.rstrip('.')})"
    return f"{info.name} ({control(info.type, ctx)}, cost {info.cost})"


def objective(card: int, content: pb.ContentPack | None = None) -> str:
    if content is None or not 0 <= card < len(content.objectives):
        return f"objective {card}"
    info = content.objectives[card]
    return f"objective {card} ({info.text or 'most ' + info.criterion.replace('_', ' ')})"


def held_text(held: pb.Held, pack: pb.ContentPack | None = None,
              ctx: Context | None = None) -> str:
    parts = [words_of("Element", e, ctx) + " star" for e in held.stars]
    parts += [tile(t, pack, ctx) for t in held.tiles]
    if held.lives:
        parts.append(f"{held.lives} proto-life")
    return ", ".join(parts) or "nothing"


def board(view: pb.View, ctx: Context) -> list[str]:
    pack = pack_of(ctx, view)
    lines = [f"Crafting the Cosmos, round {view.round}: {words_of('Phase', view.phase, ctx)}"
             + (f", {ctx.whose(view.active)} turn" if view.phase != pb.PHASE_OVER else "")]
    tokens = {c: [] for c in CONTROLS}
    for seat, p in enumerate(view.seats):
        tokens.setdefault(p.energy_at, []).append(ctx.name(seat))
    for c in view.dark:
        tokens.setdefault(c, []).append("dark")
    lines.append("Console: " + "; ".join(f"{control(c, ctx)}: {', '.join(tokens[c]) or 'empty'}"
                                         for c in CONTROLS))
    lines.append("display: " + ", ".join(control(c, ctx) for c in view.display)
                 + f"; energy deck {view.energy_deck_size}; crystals in reserve "
                 f"{view.crystal_reserve}")
    track = ", ".join(objective(o, pack) if o >= 0 else "-" for o in view.objective_track)
    lines.append(f"objective track (top first): {track}; {view.objective_deck_size} to come")
    for seat, p in enumerate(view.seats):
        lines += player_lines(view, seat, p, ctx)
    mapped = view.viewer if view.viewer >= 0 else view.active
    if pack is not None and pack.board.cells and 0 <= mapped < len(view.seats):
        lines.append(f"{ctx.whose(mapped)} board:")
        lines += board_map(view.seats[mapped].board, pack.board, ctx) + MAP_KEY
        lines += nebula_lines(view.seats[mapped].board, pack, ctx)
    if view.drawn_powers:
        lines.append("you drew: " + ", ".join(power(c, pack, ctx) for c in view.drawn_powers))
    if view.phase == pb.PHASE_OVER:
        lines.append("final scores: " + ", ".join(
            f"{ctx.name(s)} {n}" for s, n in enumerate(view.final_scores))
            + "; winners: " + ", ".join(ctx.name(w) for w in view.winners))
    return lines


def player_lines(view: pb.View, seat: int, p: pb.PlayerView, ctx: Context) -> list[str]:
    pack = pack_of(ctx, view)
    b = p.board
    stars = {words_of("Element", e, ctx): sum(s.element == e for s in b.stars) for e in ELEMENTS}
    nova = sum(bool(s.element) and s.supernova for s in b.stars)
    placed = [c for c in b.cells if c.tile >= 0]
    hand = (" (" + ", ".join(f"{n} {control(c, ctx)}"
                             for c, n in zip(CONTROLS, p.hand, strict=True)
                             if n) + ")") if p.hand else ""
    values = f" worth {list(p.advanced_values)}" if p.advanced_values else ""
    return [
        f"{ctx.label(seat)}: {p.score} points, {p.hand_size} energy cards{hand}",
        "  stars " + " ".join(f"{k}{v}" for k, v in stars.items()) + f", {nova} supernovae; "
        f"nebulae {len(placed)} placed, {sum(c.completed for c in placed)} completed; "
        f"life {sum(x == pb.LIFE_PROTO for x in b.lives)} proto, "
        f"{sum(x == pb.LIFE_STABLE for x in b.lives)} stable; "
        f"advanced life {len(p.advanced_cells)}{values}",
        f"  sliders supernova {p.supernova}, DNA {p.dna}, graviton {p.graviton}; chamber case "
        f"{p.chamber if p.has_crystal else '-'}, {p.charged} charged, {p.discharged} "
        f"discharged; powers: {', '.join(power(c, pack, ctx) for c in p.powers) or 'none'}; "
        f"holds {held_text(p.held, pack, ctx)}",
    ]


# Where each space of the map goes: the published grid's (x, y) doubled, so a life space
# (a side's middle) lands on whole numbers too; COLUMN characters per half unit of x.
COLUMN = 3
LIFE = {pb.LIFE_PROTO: "p", pb.LIFE_STABLE: "S"}
MAP_KEY = ["  key: a number is an empty star space, ~n an empty life space; H O He C a star "
           "(* supernova),",
           "  p proto-life, S stable life; [n] an empty nebula space, <n> a tile, (n) completed, "
           "{n} with advanced life"]


def board_map(board: pb.Board, geometry: pb.BoardGeometry, ctx: Context | None = None
              ) -> list[str]:
    """A board drawn from the published geometry (ContentPack.board): nebula spaces as hex
    cells, star spaces on their corners, life spaces on their sides, each empty space by the
    number a move names it with."""
    spots: dict[tuple[int, int], str] = {}
    for s in geometry.stars:
        star = board.stars[s.index]
        spots[(2 * s.y, 2 * s.x)] = (words_of("Element", star.element, ctx)
                                     + ("*" if star.supernova else "")
                                     if star.element else str(s.index))
    for e in geometry.lives:
        a, b = (geometry.stars[v] for v in e.ends)
        spots[(a.y + b.y, a.x + b.x)] = LIFE.get(board.lives[e.index], f"~{e.index}")
    for c in geometry.cells:
        spots[(6 * c.r, 2 * (2 * c.q + c.r))] = _cell_mark(board.cells[c.index], c.index)
    left = min(x for _, x in spots)
    lines = []
    for y in sorted({y for y, _ in spots}):
        line = ""
        for (_, x), label in sorted((k, v) for k, v in spots.items() if k[0] == y):
            centre = (x - left) * COLUMN + 2
            line = line.ljust(centre - len(label) // 2) + label
        lines.append("  " + line)
    return lines


def _cell_mark(cell: pb.Cell, index: int) -> str:
    if cell.tile < 0:
        return f"[{index}]"
    if cell.advanced_life:
        return f"{{{index}}}"
    return f"({index})" if cell.completed else f"<{index}>"


def nebula_lines(board: pb.Board, pack: pb.ContentPack, ctx: Context | None = None
                 ) -> list[str]:
    """Each placed tile: what it asks at which star space, and how far it is."""
    lines = []
    for c in pack.board.cells:
        cell = board.cells[c.index]
        if cell.tile < 0 or not 0 <= cell.tile < len(pack.tiles):
            continue
        t = pack.tiles[cell.tile]
        asks = ", ".join(f"{words_of('Element', e, ctx)} at {v}"
                         for v, e in zip(c.corners, t.requires, strict=True) if e)
        state = ("advanced life" if cell.advanced_life else "completed" if cell.completed
                 else f"asks {asks}")
        lines.append(f"  nebula {c.index}: tile {t.id} (size {t.size}, {t.points} pts), {state}")
    return lines


def _display_card(slot: int, ctx: Context) -> str:
    """The control of the display card in `slot` of the View the move was offered from."""
    view = ctx.view
    card = view.display[slot] if view is not None and slot < len(view.display) else 0
    return control(card, ctx)


def _seat_points(points, ctx: Context) -> str:
    return ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(points)) or "nobody"


# How Crafting's words (server/cosmodrome/games/crafting/words.py) draw their values.
FORMATS = {
    "name": lambda seat, ctx: ctx.name(seat),
    "whose": lambda seat, ctx: ctx.whose(seat),
    "control": lambda c, ctx: control(c, ctx),
    "tile": lambda t, ctx: tile(t, pack_of(ctx, ctx.view), ctx),
    "power": lambda c, ctx: power(c, pack_of(ctx, ctx.view), ctx),
    "powers": lambda cs, ctx: ", ".join(power(c, pack_of(ctx, ctx.view), ctx) for c in cs),
    "held": lambda held, ctx: held_text(held, pack_of(ctx, ctx.view), ctx),
    "display_card": _display_card,
    "seat_points": _seat_points,
    "move": lambda m, ctx: move(m, ctx) or "a move",
}
LIFE_STEPS = ("life_space", "dna_life", "stabilize_life")


def _move_variant(m: pb.Move, ctx: Context) -> str:
    kind = m.WhichOneof("kind")
    if kind == "shift_energy":
        return "dark" if m.shift_energy.WhichOneof("token") == "dark" else ""
    if kind == "take_energy":
        return "slot" if m.take_energy.WhichOneof("source") == "slot" and ctx.view is not None \
            else ""
    if kind == "pick":
        return "life" if m.pick.life or ctx.kind in LIFE_STEPS else \
            "nebula" if ctx.kind == "nebula_space" else ""
    return ""


def move(m: pb.Move, ctx: Context) -> str | None:
    """A Move in the catalog's words."""
    return worded(m, "move", ctx, FORMATS, _move_variant(m, ctx))


def event(e: pb.Event, ctx: Context) -> str | None:
    """An Event in the catalog's words; a played move in the move's words, for everyone."""
    kind = e.WhichOneof("kind")
    variant = "new" if kind == "crystal_charged" and e.crystal_charged.new_crystal else \
        "reason" if kind == "game_ended" and e.game_ended.reason else ""
    if kind == "played":  # the move as the mover's decision is not known: worded plainly
        from cosmodrome_client.renderers import Context as Ctx
        ctx = Ctx(ctx.names, ctx.viewer, view=ctx.view, content=ctx.content, words=ctx.words)
    return worded(e, "event", ctx, FORMATS, variant)
