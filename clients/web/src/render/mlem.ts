// MLEM (Space Agency): failure track, rocket and the cats aboard, dice, moons, planets, Deep
// Space, objectives and each agency's cats, with the cats in their seat's colour.
// The track is drawn from the layout the match plays, as GetGameContent publishes it (spaces,
// their faces and boosters, moons and planets), with the rocket on its space.
// Every word about a move, an event, a cat kind, a phase or an objective is the game's own, from
// the catalog (GameContent.words, server/cosmodrome/games/mlem/words.py): this module lays them
// out and draws the values their templates name (FORMATS).

import type { VNode } from "preact";
import type { GameContent, GameEvent, GameMove, MatchView } from "@cosmodrome/client";
import { mlem } from "@cosmodrome/client";
import { h } from "../dom.js";
import { inkOn, type RenderContext, SEAT_COLOURS } from "./context.js";
import { type DescEnum, enumWords, type Format, type Phrases, phrasesOf, type Seats, seatsOf, who, whose, worded } from "./words.js";

const { CatKind, Face, Phase } = mlem;
const CAT_GLYPHS: Record<number, string> = {
  [CatKind.PLANET_DOUBLE]: "P2",
  [CatKind.MOON_DOUBLE]: "M2",
  [CatKind.DEEP_DOUBLE]: "D2",
  [CatKind.DIE_TAKER]: "DT",
  [CatKind.DIE_ONE]: "+1",
  [CatKind.PARACHUTE]: "PA",
  [CatKind.SHIFTER]: "SH",
  [CatKind.SATELLITE]: "SA",
};
// the dice as the board draws them, compactly (layout; a face's words are the catalog's)
const FACES: Record<number, string> = { [Face.ONE]: "1", [Face.TWO]: "2", [Face.THREE]: "3", [Face.FOUR]: "4", [Face.BOOSTER]: "B" };
const OBJECTIVES = mlem.ObjectiveSchema.values.map((v) => v.number).filter((n) => n !== 0);
const FAILURE_END = 11; // without the published layout: the provisional one's (docs/rules/mlem.md)

const enumOf = (phrases: Phrases | undefined, desc: DescEnum, value: number) => enumWords(phrases, desc, value);
export const catName = (kind: number, phrases?: Phrases) => enumOf(phrases, mlem.CatKindSchema, kind);

// How MLEM's words draw the values their templates name (games/mlem/words.py lists them).
function formats(seats: Seats, phrases: Phrases | undefined): Record<string, Format> {
  const cat = (c: unknown) => {
    const { owner = 0, kind = 0 } = (c ?? {}) as Partial<mlem.Cat>; // unset: the default Cat
    return `${whose(seats, owner)} ${catName(kind, phrases)}`;
  };
  const faces = (items: unknown, sep = "+") => (items as number[]).map((f) => enumOf(phrases, mlem.FaceSchema, f)).join(sep) || "-";
  const dice = (n: unknown) => `${n} ${n === 1 ? "die" : "dice"}`;
  return {
    who: (seat) => who(seats, seat as number),
    leads: (seat) => (seat === seats.viewer ? "lead" : "leads"),
    cat,
    cats: (items) => (items as mlem.Cat[]).map(cat).join(", ") || "-",
    faces,
    face_list: (items) => ((items as number[]).length ? faces(items, ", ") : "none"),
    dice,
    roll: (r) => {
      const roll = r as mlem.Rolled | undefined;
      const shown = (roll?.dice ?? []).map((f) => FACES[f] ?? "?").join(" ") || "no dice";
      const n = roll?.bonusOnes ?? 0;
      return n ? `${shown} (+${n} one${n > 1 ? "s" : ""} from die-one cat${n > 1 ? "s" : ""})` : shown;
    },
    space: (index) => `space ${index}`,
    flight: () => "", // the page does not reckon the flight: the terminal does, with the layout
    place: (position) => String((position as number) + 1),
    scores: (scores) => (scores as number[]).map((p, s) => `${who(seats, s)} ${p}`).join(", "),
    who_list: (list) => (list as number[]).map((s) => who(seats, s)).join(", ") || "nobody",
  };
}

/** Where a move or an event is worded: the viewer's MatchView, the catalog, the decision's kind. */
export interface MlemLabelContext {
  view?: MatchView;
  content?: GameContent;
  kind?: string;
}

/** An MLEM move in the game's words: "send your shifter cat", "disembark at space 9". */
export function mlemMove(move: GameMove, at: MlemLabelContext = {}): string | undefined {
  if (move.game.case !== "mlem") return undefined;
  const m = move.game.value;
  let variant = "";
  if (m.kind.case === "land") {
    const stay = at.kind === "land" || at.kind === "parachute" ? `stay.${at.kind}` : "stay";
    variant = m.kind.value.disembark ? (at.kind === "parachute" ? "parachute" : "") : stay;
  }
  const phrases = phrasesOf(at.content);
  return worded(mlem.MoveSchema, m, "move", phrases, formats(seatsOf(at.view), phrases), variant);
}

function eventVariant(e: mlem.Event): string {
  const k = e.kind;
  if (k.case === "catBoarded" && k.value.position === 0) return "commander";
  if (k.case === "landed" && k.value.byParachute) return "parachute";
  if (k.case === "expeditionEnded" && k.value.crashed) return "crashed";
  if (k.case === "gameEnded" && k.value.reason) return "reason";
  return "";
}

/** An MLEM event in the game's words: "ada's shifter landed on moon 5 (space 9)". */
export function mlemEvent(event: GameEvent, at: MlemLabelContext = {}): string | undefined {
  if (event.game.case !== "mlem") return undefined;
  const e = event.game.value;
  const phrases = phrasesOf(at.content);
  return worded(mlem.EventSchema, e, "event", phrases, formats(seatsOf(at.view), phrases), eventVariant(e));
}

function token(cat: mlem.Cat | undefined, ctx: RenderContext, extra = ""): VNode {
  if (!cat) return h("span", { class: "cat empty" }, "");
  return h(
    "span",
    {
      class: `cat${extra}`,
      style: `background:${SEAT_COLOURS[cat.owner % SEAT_COLOURS.length]};color:${inkOn(cat.owner)}`,
      title: `${ctx.seatName(cat.owner)}: ${catName(cat.kind, phrasesOf(ctx.content))}`,
    },
    CAT_GLYPHS[cat.kind] ?? "?",
  );
}

const TRACK_ROW = 7; // spaces per row of the drawn track, which snakes down
const [CELL_W, CELL_H] = [84, 70];

/** The track as SVG: each space with its number, faces and what lies there (moons with the cat
 * landed on each, planets with their cats), Earth and Deep Space, the rocket on its space. */
function track(ctx: RenderContext, v: mlem.View, layout: mlem.Layout): VNode {
  const phrases = phrasesOf(ctx.content);
  const moonByNumber = new Map(v.moons.map((m) => [m.number, m]));
  const at = (i: number) => {
    const row = Math.floor(i / TRACK_ROW);
    const col = row % 2 ? TRACK_ROW - 1 - (i % TRACK_ROW) : i % TRACK_ROW;
    return [4 + col * CELL_W, 4 + row * CELL_H];
  };
  const spaces = layout.spaces.map((sp, i) => {
    const [x, y] = at(i);
    const here = v.space === i && v.phase !== mlem.Phase.TAKEOFF;
    const faces = sp.faces.map((f) => FACES[f] ?? "?").join(" ");
    const moons = sp.moons.map((m) => layout.moons[m]).filter(Boolean);
    const planet = sp.planet !== undefined ? layout.planets[sp.planet] : undefined;
    const pile = planet ? v.planets.find((p) => p.name === planet.name) : undefined;
    const kind = sp.kind === mlem.SpaceKind.EARTH ? "Earth" : sp.kind === mlem.SpaceKind.DEEP_SPACE ? "Deep Space" : planet ? planet.name : "";
    const said = [`space ${i}`, kind, moons.length ? `moons ${moons.map((m) => m.number).join(", ")}` : "", `faces ${faces}`, here ? "the rocket is here" : ""].filter(Boolean).join(", ");
    return h("g", { class: `space kind-${sp.kind}${here ? " rocket-here" : ""}`, "data-space": i },
      h("title", {}, said),
      h("rect", { x, y, width: CELL_W - 6, height: CELL_H - 6, rx: 8 }),
      h("text", { x: x + 4, y: y + 11, class: "space-index" }, String(i)),
      h("text", { x: x + CELL_W - 10, y: y + 11, class: "faces" }, faces),
      kind ? h("text", { x: x + (CELL_W - 6) / 2, y: y + 30, class: "space-kind" }, kind) : null,
      ...moons.map((m, k) => {
        const slot = moonByNumber.get(m.number);
        const cx = x + 16 + k * 24;
        return h("g", { class: "track-moon", "data-moon": m.number },
          h("title", {}, `moon ${m.number} (${m.points} points): ${slot?.occupied && slot.cat ? `${ctx.seatName(slot.cat.owner)}'s ${catName(slot.cat.kind, phrases)}` : "free"}`),
          h("circle", { cx, cy: y + 40, r: 10, fill: slot?.occupied && slot.cat ? SEAT_COLOURS[slot.cat.owner % SEAT_COLOURS.length] : "#d9d4c7" }),
          h("text", { x: cx, y: y + 40, class: "moon-number" }, String(m.number)));
      }),
      pile?.cats.length ? h("text", { x: x + (CELL_W - 6) / 2, y: y + 46, class: "pile-count" }, `${pile.cats.length} cat${pile.cats.length > 1 ? "s" : ""}`) : null,
      here ? h("path", { class: "rocket-mark", d: `M${x + CELL_W - 22},${y + CELL_H - 10} l6,-22 l6,22 z` }) : null,
    );
  });
  const rows = Math.ceil(layout.spaces.length / TRACK_ROW);
  return h("svg", { class: "mlem-track", viewBox: `0 0 ${TRACK_ROW * CELL_W + 4} ${rows * CELL_H + 4}`, role: "img", "aria-label": `The track: the rocket at space ${v.space}` }, spaces);
}

export function mlemBoard(ctx: RenderContext): VNode {
  const game = ctx.view.game?.game;
  if (game?.case !== "mlem") return h("p", { class: "muted" }, "Waiting for players.");
  const v = game.value;
  const content = ctx.content?.game.case === "mlem" ? ctx.content.game.value : undefined;
  const layout = content?.layouts.find((l) => l.name === (v.options?.layout || "provisional"));
  const failure = Array.from({ length: layout?.failureEnd || FAILURE_END }, (_, i) =>
    h("span", { class: `failure-step${i < v.failure ? " hit" : ""}` }, String(i + 1)),
  );
  const rocket = v.rocket.map((c, i) =>
    h("span", { class: "aboard" }, token(c, ctx, i === v.landingIndex && v.phase >= Phase.LANDING ? " deciding" : ""), i === 0 ? h("small", {}, "cmdr") : null),
  );
  const dice = (v.roll?.dice ?? []).map((f) => h("span", { class: "die" }, FACES[f] ?? "?"));
  const bonus = v.roll?.bonusOnes ? h("small", {}, ` +${v.roll.bonusOnes} ones from die-one cats`) : null;
  const moons = v.moons.map((m) =>
    h("div", { class: `moon${m.occupied ? " taken" : ""}` }, h("small", {}, `moon ${m.number}`), m.occupied ? token(m.cat, ctx) : null),
  );
  const planets = v.planets.map((p) =>
    h("div", { class: "planet" }, h("strong", {}, p.name), h("div", { class: "pile" }, p.cats.map((c) => token(c, ctx)))),
  );
  const phrases = phrasesOf(ctx.content);
  const objectives = OBJECTIVES.map((value) => {
    const owner = v.boards.findIndex((b) => b.objectives.includes(value));
    return h("li", {}, `${enumOf(phrases, mlem.ObjectiveSchema, value)}: `, owner >= 0 ? h("strong", {}, ctx.seatName(owner)) : h("span", { class: "muted" }, "open"));
  });
  const players = Array.from({ length: v.players }, (_, s) => {
    const board = v.boards[s];
    return h(
      "tr",
      { class: v.winners.includes(s) ? "winner" : "" },
      h("td", {}, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` }), ctx.seatName(s)),
      h("td", { class: "score" }, String(v.scores[s] ?? 0)),
      h("td", {}, (board?.home ?? []).map((kind) => token({ owner: s, kind } as mlem.Cat, ctx))),
      h("td", {}, v.sends[s] && v.phase === Phase.TAKEOFF ? "to board" : ""),
    );
  });
  return h(
    "div",
    { class: "mlem" },
    h("p", { class: "board-status" }, `Expedition ${v.expedition || 1}: ${enumOf(phrases, mlem.PhaseSchema, v.phase)}`),
    h("div", { class: "failure" }, h("span", {}, "Cosmic failure "), failure),
    layout ? track(ctx, v, layout) : null,
    h(
      "div",
      { class: "rocket-row" },
      h("div", { class: "rocket" }, h("strong", {}, `Rocket at space ${v.space}`), h("div", {}, rocket.length ? rocket : h("span", { class: "muted" }, "empty"))),
      h("div", { class: "dice" }, h("strong", {}, `Dice: ${v.pool} in the pool`), h("div", {}, dice, bonus)),
    ),
    layout ? null : [h("h2", {}, "Moons"), h("div", { class: "moons" }, moons)], // else on the track
    h("h2", {}, "Planets"),
    h("div", { class: "planets" }, planets),
    h(
      "div",
      { class: "deep" },
      h("div", {}, h("strong", {}, "Comet "), v.comet.map((c) => token(c, ctx))),
      h("div", {}, h("strong", {}, "Galaxy "), v.galaxy.map((c) => token(c, ctx))),
    ),
    h("h2", {}, "Objectives"),
    h("ul", { class: "objectives" }, objectives),
    h("h2", {}, "Agencies"),
    h("table", { class: "agencies" }, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, "cats at home"), h("th", {}, "take-off")), players),
  );
}
