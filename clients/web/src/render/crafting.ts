// Crafting the Cosmos: moves and events in the game's words from the catalog
// (server/cosmodrome/games/crafting/words.py); each seat's board drawn as a hex map from the
// published geometry (crafting-board.ts; a space the viewer may pick is clicked), and beside
// them the Console, each seat's sliders, tiles and power cards. Tiles and powers are named from
// the game's content (the pack the match plays).

import type { VNode } from "preact";
import { crafting, type GameContent, type GameEvent, type GameMove, type MatchView } from "@cosmodrome/client";
import { h } from "../dom.js";
import { type RenderContext, SEAT_COLOURS } from "./context.js";
import { craftingBoardSvg } from "./crafting-board.js";
import { genericBoard } from "./generic.js";
import { enumWords, type Format, type Phrases, phrasesOf, type Seats, seatLabel, seatsOf, whose, worded } from "./words.js";

/** Where a move or an event is worded: the viewer's MatchView, the catalog, the decision's kind. */
export interface CraftingLabelContext {
  view?: MatchView;
  content?: GameContent;
  kind?: string;
}

const LIFE_STEPS = ["life_space", "dna_life", "stabilize_life"];

const name = (seats: Seats, seat: number) => seatLabel(seats.names, seat);

// How Crafting's words draw the values their templates name.
function formats(at: CraftingLabelContext): Record<string, Format> {
  const seats = seatsOf(at.view);
  const phrases: Phrases | undefined = phrasesOf(at.content);
  const game = at.view?.game?.game;
  const view = game?.case === "crafting" ? game.value : undefined;
  const content = at.content?.game.case === "crafting" ? at.content.game.value : undefined;
  const pack = content?.packs.find((p) => p.name === (view?.options?.content || "provisional"));
  const control = (c: unknown) => (c ? enumWords(phrases, crafting.ControlSchema, c as number) : "an empty slot");
  const element = (e: number) => enumWords(phrases, crafting.ElementSchema, e);
  const tile = (t: unknown) => {
    const info = pack?.tiles[t as number];
    if (!info) return `tile ${t}`;
    return `tile ${t} (size ${info.size}, ${info.points} pts, asks ${info.requires.filter(Boolean).map(element).join(" ")})`;
  };
  const power = (c: unknown) => {
    const info = pack?.powers[c as number];
    if (!info) return `power ${c}`;
    // the card as published ("Pay 2 Light energy cards: gain 2 H stars."), else its type and cost
    return info.text ? `${info.name} (${info.text.replace(/\.$/, "")})` : `${info.name} (${control(info.type)}, cost ${info.cost})`;
  };
  const seatPoints = (points: unknown) => (points as number[]).map((n, s) => `${name(seats, s)} ${n}`).join(", ") || "nobody";
  return {
    name: (seat) => name(seats, seat as number),
    whose: (seat) => whose(seats, seat as number),
    control,
    tile,
    power,
    powers: (cards) => (cards as number[]).map(power).join(", "),
    held: (h) => {
      const held = h as crafting.Held | undefined;
      const parts = [...(held?.stars ?? []).map((e) => `${element(e)} star`), ...(held?.tiles ?? []).map(tile)];
      if (held?.lives) parts.push(`${held.lives} proto-life`);
      return parts.join(", ") || "nothing";
    },
    display_card: (slot) => control(view?.display[slot as number] ?? 0),
    seat_points: seatPoints,
    // a played move: in the move's own words (the decision it answered is not known here)
    move: (m) => (m ? worded(crafting.MoveSchema, m, "move", phrases, formats({ ...at, kind: undefined }), moveVariant(m as crafting.Move, {})) : undefined) ?? "a move",
  };
}

function moveVariant(m: crafting.Move, at: CraftingLabelContext): string {
  const k = m.kind;
  if (k.case === "shiftEnergy") return k.value.token.case === "dark" ? "dark" : "";
  if (k.case === "takeEnergy") return k.value.source.case === "slot" && at.view ? "slot" : "";
  if (k.case === "pick") return k.value.life || LIFE_STEPS.includes(at.kind ?? "") ? "life" : at.kind === "nebula_space" ? "nebula" : "";
  return "";
}

export function craftingMove(move: GameMove, at: CraftingLabelContext = {}): string | undefined {
  if (move.game.case !== "crafting") return undefined;
  return worded(crafting.MoveSchema, move.game.value, "move", phrasesOf(at.content), formats(at), moveVariant(move.game.value, at));
}

export function craftingEvent(event: GameEvent, at: CraftingLabelContext = {}): string | undefined {
  if (event.game.case !== "crafting") return undefined;
  const e = event.game.value;
  const k = e.kind;
  const variant = k.case === "crystalCharged" && k.value.newCrystal ? "new" : k.case === "gameEnded" && k.value.reason ? "reason" : "";
  return worded(crafting.EventSchema, e, "event", phrasesOf(at.content), formats(at), variant);
}

const LIFE_PICKS: number[] = [crafting.Step.LIFE_SPACE, crafting.Step.DNA_LIFE, crafting.Step.STABILIZE_LIFE];

/** What kind of space a Pick names at the view's step: "star", "life" or "cell". */
function pickKind(view: crafting.View, pick: crafting.Pick): string {
  if (view.step === crafting.Step.NEBULA_SPACE) return "cell";
  if (LIFE_PICKS.includes(view.step)) return "life";
  if (view.step === crafting.Step.GRAVITON_FROM) return pick.life ? "life" : "star";
  if (view.step === crafting.Step.GRAVITON_TO) return view.targetLife ? "life" : "star";
  return "star";
}

export function craftingBoard(ctx: RenderContext): VNode {
  const game = ctx.view.game?.game;
  const content = ctx.content?.game.case === "crafting" ? ctx.content.game.value : undefined;
  if (game?.case !== "crafting") return genericBoard(ctx);
  const view = game.value;
  const pack = content?.packs.find((p) => p.name === (view.options?.content || "provisional"));
  if (!pack?.board?.cells.length) return genericBoard(ctx);
  const picks = new Map<string, GameMove>();
  for (const move of ctx.options) {
    const m = move.game.case === "crafting" ? move.game.value.kind : undefined;
    if (m?.case === "pick") picks.set(`${pickKind(view, m.value)}:${m.value.space}`, move);
  }
  const maps = view.seats.flatMap((seat, i) => {
    if (!seat.board) return [];
    const mine = i === view.active ? picks : new Map<string, GameMove>();
    const svg = craftingBoardSvg({
      geometry: pack.board!, board: seat.board, tiles: pack.tiles,
      pickable: new Set(mine.keys()), owner: ctx.seatName(i),
    });
    // one listener on the map: the space clicked names its move by its data attributes
    const pick = (event: Event) => {
      const el = (event.target as Element).closest<SVGGElement>(".pickable");
      if (!el) return;
      const key = el.dataset.star !== undefined ? `star:${el.dataset.star}` : el.dataset.life !== undefined ? `life:${el.dataset.life}` : `cell:${el.dataset.cell}`;
      const move = mine.get(key);
      if (move) ctx.choose(move);
    };
    return [h("figure", { class: "crafting-seat", "data-seat": i },
      h("figcaption", {}, `${ctx.seatName(i)}: ${seat.score} points`),
      h("div", { class: "map", onclick: pick, onkeydown: (e: KeyboardEvent) => (e.key === "Enter" || e.key === " ") && pick(e), dangerouslySetInnerHTML: { __html: svg } }))];
  });
  // the rest of the View in the generic rendering, the boards and panels drawn above left out
  const rest = { ...view, seats: view.seats.map((s) => ({ ...s, board: undefined })) };
  const trimmed = { ...ctx.view, game: { ...ctx.view.game!, game: { case: "crafting" as const, value: rest } } };
  const phrases = phrasesOf(ctx.content);
  return h("div", { class: "crafting" },
    h("p", { class: "board-status" }, `Round ${view.round}: ${ctx.seatName(view.active)} is active${view.step ? ` (${enumWords(phrases, crafting.StepSchema, view.step)})` : ""}`),
    consolePanel(ctx, view, phrases),
    h("div", { class: "crafting-maps" }, maps.map((map, i) => h("div", { class: "crafting-player" }, map, seatPanel(ctx, view.seats[i], i, pack, phrases)))),
    objectivesPanel(view, pack),
    h("details", { class: "raw" }, h("summary", {}, "Every field of the view"), genericBoard({ ...ctx, view: trimmed })));
}

const CONTROL_COLOURS: Record<number, string> = { 1: "#f4d35e", 2: "#5fa8d3", 3: "#9b5de5", 4: "#52b788" };

/** The Console: the four controls, the energy tokens standing at each (seats' and dark), and
 * the face-up energy cards of the display. */
function consolePanel(ctx: RenderContext, view: crafting.View, phrases: Phrases | undefined): VNode {
  const controls = [1, 2, 3, 4].map((c) => {
    const seats = view.seats.flatMap((s, i) => (s.energyAt === c ? [i] : []));
    const dark = view.dark.filter((d) => d === c).length;
    return h("li", { class: "control", "data-control": c, style: `border-color:${CONTROL_COLOURS[c]}` },
      h("strong", {}, enumWords(phrases, crafting.ControlSchema, c)),
      h("div", { class: "tokens" },
        seats.map((s) => h("span", { class: "energy-token", style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}`, title: `${ctx.seatName(s)}'s energy token` }, h("span", { class: "visually-hidden" }, `${ctx.seatName(s)}'s energy token`))),
        dark ? h("span", { class: "muted" }, ` ${dark} dark`) : null));
  });
  const display = view.display.map((c, i) => h("li", { class: "energy-card", style: c ? `background:${CONTROL_COLOURS[c]}` : "", "data-slot": i }, c ? enumWords(phrases, crafting.ControlSchema, c) : "empty"));
  return h("section", { class: "console", "aria-label": "the Console" },
    h("h2", {}, "The Console"),
    h("ul", { class: "controls" }, controls),
    h("p", { class: "muted" }, `Energy deck ${view.energyDeckSize}; crystals in reserve ${view.crystalReserve}`),
    h("ul", { class: "display", "aria-label": "energy cards on display" }, display));
}

function slider(name: string, value: number, max: number): VNode {
  return h("div", { class: "slider" },
    h("span", { class: "slider-name" }, name),
    h("span", { class: "slider-track", role: "meter", "aria-label": name, "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": Math.max(max, value) },
      Array.from({ length: Math.max(max, value) }, (_, i) => h("span", { class: `pip${i < value ? " on" : ""}` }))),
    h("span", { class: "slider-value" }, String(value)));
}

/** A seat's sliders, time chamber, energy hand (the viewer's own), tiles held and power cards
 * with their published text. */
function seatPanel(ctx: RenderContext, seat: crafting.PlayerView, i: number, pack: crafting.ContentPack, phrases: Phrases | undefined): VNode {
  const element = (e: number) => enumWords(phrases, crafting.ElementSchema, e);
  const tiles = (seat.held?.tiles ?? []).map((t) => {
    const info = pack.tiles[t];
    return h("li", { class: "tile", "data-tile": t }, h("strong", {}, `Tile ${t}`), info ? ` size ${info.size}, ${info.points} points; asks ${info.requires.filter(Boolean).map(element).join(" ") || "nothing"}` : "");
  });
  const powers = seat.powers.map((p) => {
    const info = pack.powers[p];
    return h("li", { class: "power-card", "data-power": p, style: info ? `border-color:${CONTROL_COLOURS[info.type]}` : "" },
      h("strong", {}, info?.name ?? `power ${p}`),
      info ? h("small", {}, ` ${enumWords(phrases, crafting.ControlSchema, info.type)}, cost ${info.cost}`) : null,
      info?.text ? h("p", {}, info.text) : null);
  });
  const hand = i === ctx.view.viewerSeat ? seat.hand.map((n, t) => (n ? h("li", { class: "energy-card", style: `background:${CONTROL_COLOURS[t + 1]}` }, `${n} × ${enumWords(phrases, crafting.ControlSchema, t + 1)}`) : null)) : [];
  const held = seat.held;
  const stars = (held?.stars ?? []).map(element);
  return h("section", { class: "seat-panel", "aria-label": `${ctx.seatName(i)}'s resources` },
    slider("Supernova", seat.supernova, 6), slider("DNA", seat.dna, 6), slider("Graviton", seat.graviton, 6),
    h("p", {}, `Time chamber: ${seat.hasCrystal ? `a crystal at case ${seat.chamber} of ${pack.board?.chargeAt ?? "?"}` : "no crystal travelling"}; ${seat.charged} charged, ${seat.discharged} discharged`),
    i === ctx.view.viewerSeat ? h("div", {}, h("h3", {}, "Your energy cards"), hand.some(Boolean) ? h("ul", { class: "display" }, hand) : h("p", { class: "muted" }, "none")) : h("p", { class: "muted" }, `${seat.handSize} energy cards in hand`),
    stars.length || tiles.length || held?.lives ? h("p", {}, `Holding: ${[...stars.map((e) => `${e} star`), held?.lives ? `${held.lives} proto-life` : ""].filter(Boolean).join(", ")}`) : null,
    tiles.length ? h("ul", { class: "tiles" }, tiles) : null,
    h("h3", {}, "Power cards"),
    powers.length ? h("ul", { class: "power-cards" }, powers) : h("p", { class: "muted" }, "none yet"));
}

function objectivesPanel(view: crafting.View, pack: crafting.ContentPack): VNode | null {
  if (!view.objectiveTrack.length) return null;
  return h("section", { class: "objectives" }, h("h2", {}, "Objectives"),
    h("ul", {}, view.objectiveTrack.map((o, i) => h("li", { "data-objective": o, key: i }, o < 0 ? h("span", { class: "muted" }, "face down") : pack.objectives[o]?.text ?? `objective ${o}`))));
}
