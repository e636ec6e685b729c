// The page's Crafting board in headless Chromium: render/crafting.ts draws each seat's hex map
// from the published geometry, and clicking a space the viewer may pick submits that Pick.
// tests/web/test_content_render.py writes, in COSMODROME_RENDER_DIR, the published
// crafting-content.json, a View at a star-placing step (crafting-pick-view.json) and the
// options the active seat has there (crafting-pick-options.json); the screenshot is kept there
// as crafting-page.png. No server: the board is bundled by esbuild and drawn on a blank page.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const DIR = process.env.COSMODROME_RENDER_DIR;
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = !DIR ? "COSMODROME_RENDER_DIR unset: run tests/web/test_content_render.py"
  : !existsSync(BROWSER) ? `no Chromium at ${BROWSER}` : false;

const ENTRY = `
import { fromJson, toJson, GameContentSchema, GameMoveSchema, MatchViewSchema } from "@cosmodrome/client";
import { render } from "preact";
import { craftingBoard } from "./src/render/crafting.ts";
window.draw = (content, view, options) => {
  window.chosen = [];
  const moves = options.map((o) => fromJson(GameMoveSchema, { crafting: o }));
  const ctx = {
    view: fromJson(MatchViewSchema, { game: { crafting: view } }),
    content: fromJson(GameContentSchema, content),
    options: moves,
    seatName: (seat) => "seat " + seat,
    choose: (move) => window.chosen.push(toJson(GameMoveSchema, move)),
  };
  render(craftingBoard(ctx), document.body);
};
`;

test("the page's Crafting board draws every seat's map and a click on a pickable space submits its Pick", { skip, timeout: 60_000 }, async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: "ts" },
    bundle: true, format: "iife", target: "es2022", write: false, logLevel: "silent",
  });
  const read = async (name) => JSON.parse(await readFile(join(DIR, name), "utf8"));
  const [content, view, options] = await Promise.all(
    ["crafting-content.json", "crafting-pick-view.json", "crafting-pick-options.json"].map(read));
  const browser = await chromium.launch({ executablePath: BROWSER, args: ["--no-sandbox", "--disable-gpu"], headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.setContent(`<style>${await readFile("style.css", "utf8")}</style><body></body>`);
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    await page.evaluate(([c, v, o]) => window.draw(c, v, o), [content, view, options]);
    const maps = await page.locator("svg.crafting-map").count();
    assert.equal(maps, view.seats.length, "one map per seat");
    const picks = options.filter((o) => o.pick).map((o) => o.pick.space ?? 0);
    const active = page.locator("figure.crafting-seat").nth(view.active ?? 0);
    const pickable = await active.locator(".star.pickable").evaluateAll((els) => els.map((e) => Number(e.dataset.star)));
    assert.deepEqual(pickable.sort((a, b) => a - b), [...picks].sort((a, b) => a - b), "exactly the offered star spaces are pickable");
    await page.screenshot({ path: join(DIR, "crafting-page.png"), fullPage: true });
    await active.locator(`.star.pickable[data-star="${picks[0]}"]`).click();
    const chosen = await page.evaluate(() => window.chosen);
    assert.deepEqual(chosen, [{ crafting: { pick: picks[0] ? { space: picks[0] } : {} } }]);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
