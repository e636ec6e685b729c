// MLEM (Space Agency): failure track, rocket and the cats aboard, dice, moons, planets, Deep
// Space, objectives and each agency's cats, with the cats in their seat's colour.
// The View carries the layout's name, not the track itself; the spaces are drawn by number.

import { type GameMove, mlem } from "@cosmodrome/client";
import { h } from "../dom.js";
import { type RenderContext, SEAT_COLOURS } from "./context.js";

const { CatKind, Face, Phase, Objective } = mlem;

const CAT_NAMES: Record<number, string> = {
  [CatKind.PLANET_DOUBLE]: "planet-double",
  [CatKind.MOON_DOUBLE]: "moon-double",
  [CatKind.DEEP_DOUBLE]: "deep-double",
  [CatKind.DIE_TAKER]: "die-taker",
  [CatKind.DIE_ONE]: "die-one",
  [CatKind.PARACHUTE]: "parachute",
  [CatKind.SHIFTER]: "shifter",
  [CatKind.SATELLITE]: "satellite",
};
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
const FACES: Record<number, string> = { [Face.ONE]: "1", [Face.TWO]: "2", [Face.THREE]: "3", [Face.FOUR]: "4", [Face.BOOSTER]: "B" };
const PHASES: Record<number, string> = {
  [Phase.TAKEOFF]: "take-off: each seat in turn boards one of its cats, in the open",
  [Phase.TRAVEL]: "travel: the Commander picks dice groups",
  [Phase.LANDING]: "landing: in rocket order, stay aboard or disembark",
  [Phase.PARACHUTE]: "crash: parachute cats may jump",
  [Phase.OVER]: "game over",
};
const OBJECTIVES: Record<number, string> = {
  [Objective.FOUR_PLANETS]: "4 cats on 4 planets",
  [Objective.THREE_ON_ONE]: "3 cats on one planet",
  [Objective.FOUR_MOONS]: "4 cats on 4 moons",
  [Objective.TWO_DEEP]: "2 cats in Deep Space",
};
const FAILURE_END = 11; // the provisional layout's (docs/rules/mlem.md)

export const catName = (kind: number) => CAT_NAMES[kind] ?? `cat ${kind}`;

/** MLEM moves in words: "send the shifter", "use dice 1+3", "disembark at space 9". */
export function describeMlemMove(move: GameMove): string | undefined {
  if (move.game.case !== "mlem") return undefined;
  const m = move.game.value.kind;
  switch (m.case) {
    case "sendCat":
      return `send the ${catName(m.value.kind)}`;
    case "useGroups":
      return `use dice ${m.value.faces.map((f) => FACES[f]).join("+")}`;
    case "land":
      return m.value.disembark ? `disembark at space ${m.value.space}` : "stay aboard";
  }
  return undefined;
}

function token(cat: mlem.Cat | undefined, ctx: RenderContext, extra = ""): HTMLElement {
  if (!cat) return h("span", { class: "cat empty" }, "");
  return h(
    "span",
    {
      class: `cat${extra}`,
      style: `background:${SEAT_COLOURS[cat.owner % SEAT_COLOURS.length]}`,
      title: `${ctx.seatName(cat.owner)}: ${catName(cat.kind)}`,
    },
    CAT_GLYPHS[cat.kind] ?? "?",
  );
}

export function mlemBoard(ctx: RenderContext): HTMLElement {
  const game = ctx.view.game?.game;
  if (game?.case !== "mlem") return h("p", { class: "muted" }, "Waiting for players.");
  const v = game.value;
  const failure = Array.from({ length: FAILURE_END }, (_, i) =>
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
  const objectives = Object.entries(OBJECTIVES).map(([value, text]) => {
    const owner = v.boards.findIndex((b) => b.objectives.includes(Number(value)));
    return h("li", {}, `${text}: `, owner >= 0 ? h("strong", {}, ctx.seatName(owner)) : h("span", { class: "muted" }, "open"));
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
    h("p", { class: "board-status" }, `Expedition ${v.expedition || 1}: ${PHASES[v.phase] ?? "?"}`),
    h("div", { class: "failure" }, h("span", {}, "Cosmic failure "), failure),
    h(
      "div",
      { class: "rocket-row" },
      h("div", { class: "rocket" }, h("strong", {}, `Rocket at space ${v.space}`), h("div", {}, rocket.length ? rocket : h("span", { class: "muted" }, "empty"))),
      h("div", { class: "dice" }, h("strong", {}, `Dice: ${v.pool} in the pool`), h("div", {}, dice, bonus)),
    ),
    h("h4", {}, "Moons"),
    h("div", { class: "moons" }, moons),
    h("h4", {}, "Planets"),
    h("div", { class: "planets" }, planets),
    h(
      "div",
      { class: "deep" },
      h("div", {}, h("strong", {}, "Comet "), v.comet.map((c) => token(c, ctx))),
      h("div", {}, h("strong", {}, "Galaxy "), v.galaxy.map((c) => token(c, ctx))),
    ),
    h("h4", {}, "Objectives"),
    h("ul", { class: "objectives" }, objectives),
    h("h4", {}, "Agencies"),
    h("table", { class: "agencies" }, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, "cats at home"), h("th", {}, "")), players),
  );
}
