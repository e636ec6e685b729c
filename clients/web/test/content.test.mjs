// Every game drawn from its published content alone: no server package, only the TypeScript
// client's generated types, each game's GameContent as GetGameContent publishes it and a View
// of an actual match, both written as protobuf JSON by tests/web/test_content_render.py
// (COSMODROME_RENDER_DIR: <game>-content.json, <game>-view.json). Each board is drawn (Crafting
// by the page's own crafting-board.ts, the others as text here) and written beside them
// (<game>-board.svg / .txt, the test's artifacts); each test asserts the drawing names every
// space, track space, card or piece it should, from what the content says it is.

import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const ENTRY = `
export { craftingBoardSvg } from "./src/render/crafting-board.ts";
export { cosmic, crafting, fromJson, GameContentSchema, highcard, mlem, tictactoe } from "@cosmodrome/client";
`;
const DIR = process.env.COSMODROME_RENDER_DIR;
// without the published files (a bare `npm test`), these tests say so and skip
const WRITTEN = { skip: DIR ? false : "COSMODROME_RENDER_DIR unset: run tests/web/test_content_render.py" };

let r; // the bundled modules
let folder;

before(async () => {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: "ts" },
    bundle: true, format: "esm", platform: "node", target: "es2022", write: false, logLevel: "silent",
  });
  folder = await mkdtemp(join(tmpdir(), "content-render-"));
  const file = join(folder, "render.mjs");
  await writeFile(file, out.outputFiles[0].text);
  r = await import(pathToFileURL(file).href);
});
after(() => rm(folder, { recursive: true, force: true }));

/** The game's published content and a View of its match, as the test wrote them. */
async function published(game, viewSchema) {
  const content = r.fromJson(r.GameContentSchema, JSON.parse(await readFile(join(DIR, `${game}-content.json`), "utf8")));
  const view = r.fromJson(viewSchema, JSON.parse(await readFile(join(DIR, `${game}-view.json`), "utf8")));
  return { content, view, words: content.words };
}

const count = (text, needle) => text.split(needle).length - 1;
const phrase = (words, key) => words?.phrases[key] ?? "";
const enumName = (schema, value) => schema.values.find((v) => v.number === value)?.name ?? String(value);

test("crafting: the board of a played match drawn from the published geometry names every space once", WRITTEN, async () => {
  const { content, view } = await published("crafting", r.crafting.ViewSchema);
  assert.equal(content.game.case, "crafting");
  const pack = content.game.value.packs.find((p) => p.name === (view.options?.content || "provisional"));
  const g = pack.board;
  assert.ok(g.cells.length && g.stars.length && g.lives.length, "the pack publishes its board");
  const seat = view.viewer >= 0 ? view.viewer : view.active;
  const board = view.seats[seat].board;
  const svg = r.craftingBoardSvg({ geometry: g, board, tiles: pack.tiles, owner: `seat ${seat}` });
  await writeFile(join(DIR, "crafting-board.svg"), svg);
  for (const s of g.stars) assert.equal(count(svg, `data-star="${s.index}"`), 1, `star space ${s.index}`);
  for (const e of g.lives) assert.equal(count(svg, `data-life="${e.index}"`), 1, `life space ${e.index}`);
  for (const c of g.cells) assert.equal(count(svg, `data-cell="${c.index}"`), 1, `nebula space ${c.index}`);
  const placed = board.cells.filter((c) => c.tile >= 0);
  assert.ok(placed.length > 0 && board.stars.some((s) => s.element), "the match has pieces on the board");
  for (const c of placed) assert.ok(svg.includes(`tile ${c.tile}, size ${pack.tiles[c.tile].size}`), `tile ${c.tile}`);
  board.stars.forEach((s, i) => {
    if (!s.element) return;
    const name = { 1: "H", 2: "O", 3: "He", 4: "C" }[s.element];
    assert.ok(svg.includes(`star space ${i}: ${name}`), `the ${name} star on space ${i}`);
  });
  board.lives.forEach((life, i) => {
    if (life) assert.ok(svg.includes(`life space ${i}: ${life === 2 ? "stable life" : "proto-life"}`), `life ${i}`);
  });
  // what the View names by id reads from the content: objectives and power cards with their text
  const lines = [];
  for (const o of view.objectiveTrack.filter((o) => o >= 0)) lines.push(`objective ${o}: ${pack.objectives[o].text}`);
  for (const s of view.seats) for (const p of s.powers) {
    const info = pack.powers[p];
    assert.ok(info.effect.length > 0 && info.text.includes(String(info.cost)), `power ${p} has its effect`);
    lines.push(`${info.name}: ${info.text}`);
  }
  for (const region of g.regions) {
    assert.ok(region.stars.length > 0 && region.stars.every((v) => v < g.stars.length), `region ${region.name}`);
  }
  assert.ok(lines.length > 0 && lines.every((l) => !l.endsWith(": ")), lines.join("\n"));
  await writeFile(join(DIR, "crafting-cards.txt"), lines.join("\n") + "\n");
});

test("mlem: the track drawn from the published layout names every space, moon and planet", WRITTEN, async () => {
  const { content, view } = await published("mlem", r.mlem.ViewSchema);
  assert.equal(content.game.case, "mlem");
  const layout = content.game.value.layouts.find((l) => l.name === (view.options?.layout || "provisional"));
  const lines = [`${layout.name}: ${layout.spaces.length} spaces, ${layout.dice} dice`];
  for (const s of layout.spaces) {
    const kind = enumName(r.mlem.SpaceKindSchema, s.kind).replace("SPACE_KIND_", "").toLowerCase();
    const moons = s.moons.map((m) => `moon ${layout.moons[m].number} (${layout.moons[m].points} pts)`);
    const planet = s.planet !== undefined ? `planet ${layout.planets[s.planet].name} (${layout.planets[s.planet].values.join("/")})` : "";
    const rocket = s.index === view.space ? " <- rocket" : "";
    lines.push(`space ${s.index}: ${[kind, ...moons, planet].filter(Boolean).join(", ")}${rocket}`);
  }
  const text = lines.join("\n");
  await writeFile(join(DIR, "mlem-board.txt"), text + "\n");
  for (const s of layout.spaces) assert.ok(text.includes(`space ${s.index}: `), `space ${s.index}`);
  for (const m of layout.moons) assert.ok(text.includes(`moon ${m.number} `), `moon ${m.number}`);
  for (const p of layout.planets) assert.ok(text.includes(`planet ${p.name} `), `planet ${p.name}`);
  assert.equal(count(text, "<- rocket"), 1, "the rocket is on one space");
});

test("cosmic: the viewer's hand, every power and the moons drawn from the published cards, powers and moons, with their texts", WRITTEN, async () => {
  const { content, view, words } = await published("cosmic", r.cosmic.ViewSchema);
  assert.equal(content.game.case, "cosmic");
  const { cards, powers, moons } = content.game.value;
  const K = r.cosmic.CardInfo_Kind;
  const card = (id) => {
    const c = cards[id];
    if (c.kind === K.ATTACK) return `attack ${c.value}`;
    if (c.kind === K.COMPROMISE) return "compromise";
    if (c.kind === K.EXTENSION) return `extension ${c.value}`;
    if (c.kind === K.EDICT) return `edict ${words.names[`edict.${c.edict}`]?.english || c.edict}: ${c.text}`;
    if (c.kind === K.FLARE) return `${c.flareName} (${powers.find((p) => p.name === c.power)?.english}): wild: ${c.wild} parasite: ${c.parasite}`;
    return "";
  };
  const lines = [`hand: ${view.myHand.map(card).join(", ")}`];
  view.seats.forEach((s, i) => lines.push(`seat ${i}: ${s.powers.map((p) => `${powers[p].english} (${powers[p].name}): ${powers[p].text}`).join("; ")}`));
  for (const m of view.moons ?? []) if (m.number) lines.push(`moon ${m.number}: ${moons[m.number - 1]?.english ?? ""}`);
  const text = lines.join("\n");
  await writeFile(join(DIR, "cosmic-board.txt"), text + "\n");
  assert.ok(view.myHand.length > 0, "the viewer holds cards");
  for (const id of view.myHand) assert.ok(card(id), `card ${id} is named by the content`);
  for (const p of view.myPowers) assert.ok(powers[p].english && text.includes(powers[p].english), `power ${p}`);
  for (const m of moons) assert.ok(m.english, `moon ${m.number} has its English text`);
  for (const c of cards.filter((c) => c.kind === K.EDICT)) assert.ok(words.names[`edict.${c.edict}`]?.english, `edict ${c.edict}`);
  for (const p of powers) assert.ok(p.text, `power ${p.name} says what it does`);
  for (const c of cards.filter((c) => c.kind === K.FLARE)) assert.ok(c.flareName && c.wild && c.parasite, `flare ${c.power}`);
  for (const id of view.myHand) assert.ok(!card(id).endsWith(": ") && !card(id).includes("undefined"), card(id));
  assert.ok(phrase(words, "move.pass") || Object.keys(words.phrases).length > 0, "the words come with the content");
});

test("tic-tac-toe and high card: drawn from their View and words alone", WRITTEN, async () => {
  const ttt = await published("tictactoe", r.tictactoe.ViewSchema);
  const marks = { [r.tictactoe.Mark.X]: "X", [r.tictactoe.Mark.O]: "O" };
  // each cell by its name in the game's words ("top left"), then its mark
  const cells = ttt.view.cells.map((mark, i) => `${phrase(ttt.words, `Cell.${i}`)}: ${marks[mark] ?? "empty"}`);
  const grid = [0, 3, 6].map((row) => cells.slice(row, row + 3).join(" | ")).join("\n");
  await writeFile(join(DIR, "tictactoe-board.txt"), grid + "\n");
  assert.equal(ttt.view.cells.length, 9);
  assert.ok(ttt.view.cells.some(Boolean), "the match has marks");
  for (let i = 0; i < 9; i++) assert.ok(!cells[i].startsWith(":") && grid.includes(cells[i]), `cell ${i}`);
  const hc = await published("highcard", r.highcard.ViewSchema);
  const hand = `hand: ${hc.view.myHand.join(", ")}; tricks ${hc.view.tricks.join("-")}; round ${hc.view.round}`;
  await writeFile(join(DIR, "highcard-board.txt"), hand + "\n");
  for (const c of hc.view.myHand) assert.ok(hand.includes(String(c)), `card ${c}`);
  assert.ok(phrase(hc.words, "move").includes("{card}"), "high card words a card by its number");
});
