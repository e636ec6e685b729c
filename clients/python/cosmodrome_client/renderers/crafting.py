"""Crafting the Cosmos: the Console (energy tokens on the four controls), the display, the
objective track, and each player's galaxy, sliders, crystals, powers and what he holds, in
words.

The View carries tile and power ids, not their text: where the game's content data is
installed (`cosmodrome.games.crafting.content`, as beside the server), tiles show what they
ask and powers their names; without it the ids are shown.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

CONTROLS = {pb.CONTROL_LIGHT: "Light", pb.CONTROL_TIME: "Time", pb.CONTROL_GRAVITY: "Gravity",
            pb.CONTROL_CHEMISTRY: "Chemistry"}
ELEMENTS = {pb.ELEMENT_H: "H", pb.ELEMENT_O: "O", pb.ELEMENT_HE: "He", pb.ELEMENT_C: "C"}
GAINS = {pb.GAIN_ENERGY_CARD: "an energy card", pb.GAIN_CRYSTAL: "a crystal advance",
         pb.GAIN_GRAVITON: "a graviton", pb.GAIN_PROTO_LIFE: "a proto-life",
         pb.GAIN_STAR_H: "an H star", pb.GAIN_STAR_O: "an O star",
         pb.GAIN_STAR_HE: "an He star", pb.GAIN_STAR_C: "a C star", pb.GAIN_DNA: "a DNA",
         pb.GAIN_SUPERNOVA: "a supernova", pb.GAIN_NEBULA: "a nebula tile",
         pb.GAIN_POINTS: "a point"}
OMEGAS = {pb.OMEGA_NEBULA: "omega: gain a nebula tile", pb.OMEGA_STABILIZE:
          "omega: stabilise a proto-life", pb.OMEGA_NONE: "end the turn (no omega possible)",
          pb.OMEGA_UNSPECIFIED: "end the turn"}
REASONS = {pb.REASON_NEBULA: "a completed nebula", pb.REASON_DISCHARGE: "a crystal discharge",
           pb.REASON_TRADE_FIVE: "five identical cards", pb.REASON_OBJECTIVE: "an objective",
           pb.REASON_POWER: "a power card", pb.REASON_ADVANCED_LIFE: "advanced life",
           pb.REASON_UNSPECIFIED: "points"}
PHASES = {pb.PHASE_ENERGY_MOVE: "energy phase: moving energy tokens",
          pb.PHASE_COLLECT: "energy phase: collecting", pb.PHASE_CREATION: "creation phase",
          pb.PHASE_HAND_LIMIT: "end of round: hand limit", pb.PHASE_OVER: "game over"}


@cache
def _contents() -> dict:
    try:
        from cosmodrome.games.crafting.content import host_content_paths, load_contents
        return load_contents(host_content_paths())
    except Exception:  # the content data is not installed here, or does not load
        return {}


def content_of(view: Message | None):
    if view is None:
        return None
    return _contents().get(view.options.content or "provisional")


def control(c: int) -> str:
    return CONTROLS.get(c, "an empty slot")


def tile(tile_id: int, view: Message | None = None) -> str:
    content = content_of(view)
    if content is None or not 0 <= tile_id < len(content.tiles):
        return f"tile {tile_id}"
    t = content.tiles[tile_id]
    asks = " ".join(ELEMENTS[e] for e in t.requires if e)
    return f"tile {tile_id} (size {t.size}, {t.points} pts, asks {asks})"


def power(card: int, view: Message | None = None) -> str:
    content = content_of(view)
    if content is None or not 0 <= card < len(content.powers):
        return f"power {card}"
    return f"{content.powers[card].name} ({control(content.powers[card].type)}, " \
           f"cost {content.powers[card].cost})"


def objective(card: int, view: Message | None = None) -> str:
    content = content_of(view)
    if content is None or not 0 <= card < len(content.objectives):
        return f"objective {card}"
    return f"objective {card} (most {content.objectives[card].replace('_', ' ')})"


def held_text(held: pb.Held, view: Message | None = None) -> str:
    parts = [ELEMENTS.get(e, "?") + " star" for e in held.stars]
    parts += [tile(t, view) for t in held.tiles]
    if held.lives:
        parts.append(f"{held.lives} proto-life")
    return ", ".join(parts) or "nothing"


def board(view: pb.View, ctx: Context) -> list[str]:
    lines = [f"Crafting the Cosmos, round {view.round}: {PHASES.get(view.phase, '')}"
             + (f", {ctx.whose(view.active)} turn" if view.phase != pb.PHASE_OVER else "")]
    tokens = {c: [] for c in CONTROLS}
    for seat, p in enumerate(view.seats):
        tokens.setdefault(p.energy_at, []).append(ctx.name(seat))
    for c in view.dark:
        tokens.setdefault(c, []).append("dark")
    lines.append("Console: " + "; ".join(f"{name}: {', '.join(tokens[c]) or 'empty'}"
                                         for c, name in CONTROLS.items()))
    lines.append("display: " + ", ".join(control(c) for c in view.display)
                 + f"; energy deck {view.energy_deck_size}; crystals in reserve "
                 f"{view.crystal_reserve}")
    track = ", ".join(objective(o, view) if o >= 0 else "-" for o in view.objective_track)
    lines.append(f"objective track (top first): {track}; {view.objective_deck_size} to come")
    for seat, p in enumerate(view.seats):
        lines += player_lines(view, seat, p, ctx)
    if view.drawn_powers:
        lines.append("you drew: " + ", ".join(power(c, view) for c in view.drawn_powers))
    if view.phase == pb.PHASE_OVER:
        lines.append("final scores: " + ", ".join(
            f"{ctx.name(s)} {n}" for s, n in enumerate(view.final_scores))
            + "; winners: " + ", ".join(ctx.name(w) for w in view.winners))
    return lines


def player_lines(view: pb.View, seat: int, p: pb.PlayerView, ctx: Context) -> list[str]:
    b = p.board
    stars = {name: sum(s.element == e for s in b.stars) for e, name in ELEMENTS.items()}
    nova = sum(bool(s.element) and s.supernova for s in b.stars)
    placed = [c for c in b.cells if c.tile >= 0]
    hand = (" (" + ", ".join(f"{n} {control(c)}" for c, n in zip(CONTROLS, p.hand, strict=True)
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
        f"discharged; powers: {', '.join(power(c, view) for c in p.powers) or 'none'}; "
        f"holds {held_text(p.held, view)}",
    ]


def move(m: pb.Move, ctx: Context) -> str | None:
    kind = m.WhichOneof("kind")
    view = ctx.view
    if kind == "shift_energy":
        s = m.shift_energy
        return ("move your energy token one control clockwise"
                if s.WhichOneof("token") != "dark"
                else f"move dark token {s.dark} one control clockwise")
    if kind == "end_shifts":
        return "stop moving energy and collect"
    if kind == "take_energy":
        if m.take_energy.WhichOneof("source") == "slot" and view is not None:
            slot = m.take_energy.slot
            card = view.display[slot] if slot < len(view.display) else 0
            return f"take the {control(card)} card from the display"
        return "draw an energy card from the deck"
    if kind == "choose_size":
        return f"take a nebula tile of size {m.choose_size.size}"
    if kind == "place_star":
        return f"place an {ELEMENTS.get(m.place_star.element, '?')} star"
    if kind == "place_nebula":
        return f"place {tile(m.place_nebula.tile, view)}"
    if kind == "place_life":
        return "place a proto-life"
    if kind == "complete_nebula":
        return f"complete the nebula on space {m.complete_nebula.cell}"
    if kind == "discharge":
        return "discharge a time crystal"
    if kind == "create_advanced_life":
        return f"create advanced life on space {m.create_advanced_life.cell}"
    if kind == "use_supernova":
        return "spend a supernova: turn a star to its supernova face"
    if kind == "use_dna":
        return "spend a DNA: stabilise a proto-life"
    if kind == "use_graviton":
        return "spend a graviton: move a star or a life"
    if kind == "buy_power":
        return f"buy a {control(m.buy_power.type)} power card"
    if kind == "keep_power":
        return f"keep {power(m.keep_power.card, view)}"
    if kind == "activate_power":
        return f"activate {power(m.activate_power.card, view)}"
    if kind == "trade_five":
        return f"trade five {control(m.trade_five.type)} cards for 6 points"
    if kind == "end_turn":
        return OMEGAS.get(m.end_turn.omega, "end the turn")
    if kind == "pick":
        what = "life space" if m.pick.life or ctx.kind in (
            "life_space", "dna_life", "stabilize_life") else (
            "nebula space" if ctx.kind == "nebula_space" else "space")
        return f"{what} {m.pick.space}"
    if kind == "choose_element":
        return f"an {ELEMENTS.get(m.choose_element.element, '?')} star"
    if kind == "discard_energy":
        return f"discard a {control(m.discard_energy.type)} card"
    return None


def event(e: pb.Event, ctx: Context) -> str | None:
    kind = e.WhichOneof("kind")
    if kind == "played":
        played = e.played
        from cosmodrome_client.renderers import Context as Ctx
        text = move(played.move, Ctx(ctx.names, ctx.viewer))
        return f"{ctx.name(played.seat)}: {text or 'a move'}"
    if kind == "collected":
        return f"{ctx.name(e.collected.seat)} collects {GAINS.get(e.collected.gain, 'a reward')}"
    if kind == "card_drawn":
        return f"you drew a {control(e.card_drawn.type)} energy card"
    if kind == "tile_drawn":
        return f"{ctx.name(e.tile_drawn.seat)} draws {tile(e.tile_drawn.tile)}"
    if kind == "crystal_charged":
        new = "; a new crystal starts" if e.crystal_charged.new_crystal else ""
        return f"{ctx.whose(e.crystal_charged.seat)} time crystal is charged{new}"
    if kind == "scored":
        s = e.scored
        return f"{ctx.name(s.seat)} scores {s.points} for {REASONS.get(s.reason, 'points')}"
    if kind == "powers_drawn":
        return "you drew power cards " + ", ".join(power(c) for c in e.powers_drawn.cards)
    if kind == "advanced_life_drawn":
        a = e.advanced_life_drawn
        return f"your advanced life on space {a.cell} is worth {a.value}"
    if kind == "lost":
        return f"{ctx.name(e.lost.seat)} loses {held_text(e.lost.held)}"
    if kind == "objective_revealed":
        return f"objective {e.objective_revealed.card} is revealed"
    if kind == "objective_scored":
        o = e.objective_scored
        return f"objective {o.card} scores: " + (", ".join(
            f"{ctx.name(s)} {n}" for s, n in enumerate(o.points)) or "nobody")
    if kind == "round_ended":
        return f"round {e.round_ended.round} ends; {ctx.name(e.round_ended.first_player)} " \
               "starts the next"
    if kind == "game_ended":
        g = e.game_ended
        return f"game over ({g.reason or 'the end'}): " + (", ".join(
            f"{ctx.name(s)} {n}" for s, n in enumerate(g.scores)) or "no scores")
    return None
