// A Crafting player's board as SVG, drawn from the published geometry alone
// (GetGameContent: ContentPack.board, the engine's own): nebula spaces as pointy-top hexagons,
// star spaces on their corners, life spaces on their sides. Every space carries its index
// (data-star, data-life, data-cell: the number a move's Pick names) and a <title>; an empty
// space shows its number. Pure (a string, no DOM), so Node draws it too (test/content.test.mjs).

import type { crafting } from "@cosmodrome/client";

/** Pixels per unit of the published grid: x counts half hex widths, y quarter hex heights. */
const UNIT_X = 30;
const UNIT_Y = 17.3; // UNIT_X / sqrt(3): regular hexagons
const MARGIN = 14;
const ELEMENTS: Record<number, string> = { 1: "H", 2: "O", 3: "He", 4: "C" };
const LIVES: Record<number, string> = { 1: "proto-life", 2: "stable life" };

export interface CraftingBoardParts {
  geometry: crafting.BoardGeometry;
  board: crafting.Board;
  /** The pack's tiles, by id (what each placed tile asks at which corner). */
  tiles: crafting.TileInfo[];
  /** Spaces the viewer may pick now, marked as such ("star:4", "life:12", "cell:3"). */
  pickable?: Set<string>;
  /** The board's owner, for the SVG's title. */
  owner?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function craftingBoardSvg(parts: CraftingBoardParts): string {
  const { geometry: g, board, tiles } = parts;
  const pick = (key: string) => (parts.pickable?.has(key) ? " pickable" : "");
  // a pickable space is a button to the keyboard too (crafting.ts answers Enter and Space)
  const focus = (key: string) => (parts.pickable?.has(key) ? ' tabindex="0" role="button"' : "");
  const xs = g.stars.map((s) => s.x);
  const ys = g.stars.map((s) => s.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const px = (x: number) => MARGIN + (x - left) * UNIT_X;
  const py = (y: number) => MARGIN + (y - top) * UNIT_Y;
  const width = px(Math.max(...xs)) + MARGIN;
  const height = py(Math.max(...ys)) + MARGIN;
  const out: string[] = [];
  for (const c of g.cells) {
    const cell = board.cells[c.index];
    const corners = c.corners.map((v) => g.stars[v]);
    const points = corners.map((s) => `${px(s.x)},${py(s.y)}`).join(" ");
    const [cx, cy] = [px(2 * c.q + c.r), py(3 * c.r)];
    const tile = cell && cell.tile >= 0 ? tiles[cell.tile] : undefined;
    const state = !tile ? "empty" : cell.advancedLife ? "advanced" : cell.completed ? "completed" : "placed";
    const title = tile
      ? `nebula space ${c.index}: tile ${tile.id}, size ${tile.size}, ${tile.points} points, ${state === "placed" ? "asks " + asks(c, tile) : state.replace("advanced", "advanced life")}`
      : `nebula space ${c.index}: empty`;
    out.push(`<g class="cell ${state}${pick(`cell:${c.index}`)}"${focus(`cell:${c.index}`)} data-cell="${c.index}"><title>${esc(title)}</title>`);
    out.push(`<polygon points="${points}"/>`);
    out.push(`<text x="${cx}" y="${cy}" class="cell-label">${tile ? `${tile.points} pts` : `[${c.index}]`}</text>`);
    if (tile) out.push(`<text x="${cx}" y="${cy + 11}" class="cell-index">[${c.index}]</text>`);
    if (tile && state === "placed") {
      tile.requires.forEach((e, i) => {
        if (!e) return;
        const s = corners[i];
        const [ax, ay] = [cx + (px(s.x) - cx) * 0.62, cy + (py(s.y) - cy) * 0.62];
        out.push(`<text x="${ax.toFixed(1)}" y="${ay.toFixed(1)}" class="asks">${ELEMENTS[e]}</text>`);
      });
    }
    out.push("</g>");
  }
  for (const e of g.lives) {
    const [a, b] = e.ends.map((v) => g.stars[v]);
    const life = board.lives[e.index] ?? 0;
    const [x, y] = [(px(a.x) + px(b.x)) / 2, (py(a.y) + py(b.y)) / 2];
    const title = `life space ${e.index}: ${LIVES[life] ?? "empty"}`;
    out.push(`<g class="life ${life ? (life === 2 ? "stable" : "proto") : "empty"}${pick(`life:${e.index}`)}"${focus(`life:${e.index}`)} data-life="${e.index}"><title>${title}</title>`);
    out.push(`<rect x="${x - 6}" y="${y - 4.5}" width="12" height="9" rx="3"/><text x="${x}" y="${y}">${life ? (life === 2 ? "S" : "p") : e.index}</text></g>`);
  }
  for (const s of g.stars) {
    const star = board.stars[s.index];
    const name = star?.element ? ELEMENTS[star.element] + (star.supernova ? "*" : "") : "";
    const title = `star space ${s.index}: ${name ? (star.supernova ? `${ELEMENTS[star.element]} supernova` : `${name} star`) : "empty"}${s.index === g.centerStar ? " (central)" : ""}`;
    out.push(`<g class="star ${name ? "el-" + ELEMENTS[star.element] : "empty"}${star?.supernova ? " supernova" : ""}${pick(`star:${s.index}`)}"${focus(`star:${s.index}`)} data-star="${s.index}"><title>${title}</title>`);
    out.push(`<circle cx="${px(s.x)}" cy="${py(s.y)}" r="7"/><text x="${px(s.x)}" y="${py(s.y)}">${name || s.index}</text></g>`);
  }
  const label = parts.owner ? `${esc(parts.owner)} board` : "board";
  return `<svg xmlns="http://www.w3.org/2000/svg" class="crafting-map" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}"><title>${label}</title>${out.join("")}</svg>`;
}

function asks(c: crafting.NebulaSpace, tile: crafting.TileInfo): string {
  return tile.requires.map((e, i) => (e ? `${ELEMENTS[e]} at ${c.corners[i]}` : "")).filter(Boolean).join(", ");
}
