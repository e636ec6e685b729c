// Crafting the Cosmos: moves and events in the game's words from the catalog
// (server/cosmodrome/games/crafting/words.py); each seat's board drawn as a hex map from the
// published geometry (crafting-board.ts; a space the viewer may pick is clicked), the rest of
// the View in the generic rendering. Tiles and powers are named from the game's content (the
// pack the match plays).

import type { VNode } from "preact";
import { crafting, type GameContent, type GameEvent, type GameMove, type MatchView } from "@cosmodrome/client";
import { h } from "../dom.js";
import type { RenderContext } from "./context.js";
import { craftingBoardSvg } from "./crafting-board.js";
import { genericBoard } from "./generic.js";
import { enumWords, type Format, type Phrases, phrasesOf, type Seats, seatsOf, whose, worded } from "./words.js";

/** Where a move or an event is worded: the viewer's MatchView, the catalog, the decision's kind. */
export interface CraftingLabelContext {
  view?: MatchView;
  content?: GameContent;
  kind?: string;
}

const LIFE_STEPS = ["life_space", "dna_life", "stabilize_life"];

function name(seats: Seats, seat: number): string {
  const n = seats.names[seat] ?? "";
  return n && seats.names.filter((x) => x === n).length === 1 && !n.startsWith("seat ") ? n : `seat ${seat}`;
}

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
      h("div", { class: "map", onclick: pick, dangerouslySetInnerHTML: { __html: svg } }))];
  });
  // the rest of the View in the generic rendering, the boards drawn above left out
  const rest = { ...view, seats: view.seats.map((s) => ({ ...s, board: undefined })) };
  const trimmed = { ...ctx.view, game: { ...ctx.view.game!, game: { case: "crafting" as const, value: rest } } };
  return h("div", { class: "crafting" }, h("div", { class: "crafting-maps" }, maps), genericBoard({ ...ctx, view: trimmed }));
}
