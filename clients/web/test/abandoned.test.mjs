// Headless Chromium, through the real edge, on a server whose bots never move (its deadlines
// are never due in a test's time): the seat the server's bot plays is not the player's turn.
// A player leaves a two-player tic-tac-toe match during play while the move is his: the
// server still lists the decision as his seat's (its bot will make it), yet the page says the
// server's bot plays his seat, offers no move and no "Your move" (axe-core on that state), the
// board and the log say so, and "My matches" in another tab says so too, not "your turn"; he
// takes his seat back and "Your move" returns, his move accepted.
// tests/web/test_page_abandoned.py starts the servers.
//   COSMODROME_PAGE_URL    the page, with ?edge=URL
//   COSMODROME_ARTIFACTS   folder for screenshots and axe reports
//   CHROMIUM               the browser (default /usr/bin/chromium)

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { Client } from "@cosmodrome/client";
import { chromium } from "playwright-core";

const PAGE = process.env.COSMODROME_PAGE_URL ?? "";
const ARTIFACTS = process.env.COSMODROME_ARTIFACTS ?? "test-results";
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const skip = !PAGE ? "COSMODROME_PAGE_URL is not set (run through make test)"
  : !existsSync(BROWSER) ? `no Chromium at ${BROWSER}` : false;
const CELL = "#match button.cell.playable";
const MINE = "#match .decisions li.mine";
const SEAT = '#match .seats li[data-seat="0"]';
const VIEWPORT = { width: 1100, height: 900 };

/** A new tab of `context` on the page, its errors collected into `problems`. */
async function open(context, problems) {
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  await page.goto(PAGE);
  return page;
}

/** axe-core on the page as it stands: no WCAG 2 A/AA violation; the report is kept. */
async function accessible(page, name) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "best-practice"] }));
  await writeFile(join(ARTIFACTS, `axe-${name}.json`), JSON.stringify(result.violations, null, 2));
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} - ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  assert.deepEqual(found, [], `axe on ${name}`);
}

test("a seat the server's bot plays: no move offered, said so; taken back, his move again", { skip, timeout: 60_000 }, async () => {
  const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
  try {
    await mkdir(ARTIFACTS, { recursive: true });
    const problems = [];
    const hosting = await browser.newContext({ viewport: VIEWPORT });
    const host = await open(hosting, problems);
    await host.locator('.card[data-game="tictactoe"] button.open-match').click();
    await host.waitForSelector('#match[data-viewer="0"][data-status="waiting"]');
    const matchId = await host.getAttribute("#match", "data-match");
    const guest = await open(await browser.newContext({ viewport: VIEWPORT }), problems);
    await guest.locator(`.match-item[data-match="${matchId}"] button.join`).click();
    await host.waitForSelector(MINE); // seat 0 moves first: his move
    assert.match(await host.textContent(MINE), /Your move/);

    // he leaves while the move is his
    await host.click("#match button.leave");
    await host.click("#match .confirm-leave button.leave-confirm");
    await host.waitForSelector(`${SEAT}[data-abandoned="true"]`);
    await host.waitForSelector("#match .bot-plays");
    // the server still lists the move as seat 0's: its bot owes it (it never moves here)
    const view = await Client.connect(new URL(PAGE).searchParams.get("edge")).spectate(matchId).view();
    assert.deepEqual(view.decisions.map((d) => d.seat), [0], "the decision is still the seat's");
    assert.equal(view.match.version, BigInt(await host.getAttribute("#match", "data-version")));
    assert.match(await host.textContent("#match .bot-plays"), /The server's bot is playing your seat\./);
    assert.equal(await host.locator(MINE).count(), 0, "no decision of his offered");
    assert.equal(await host.locator(CELL).count(), 0, "no cell to play");
    assert.doesNotMatch(await host.textContent("#match"), /Your move/);
    assert.match(await host.textContent("#match .decisions li.bot-move"), /The server's bot makes your move/);
    assert.match(await host.textContent("#match .board-status"), /to move, played by the server's bot/);
    assert.match(await host.textContent("#match .log"), /left; the server's bot plays the seat/);
    assert.equal(await host.locator("#match button.leave").count(), 0, "no Leave for a seat left");
    await host.screenshot({ path: join(ARTIFACTS, "abandoned-bot-plays.png"), fullPage: true });
    await accessible(host, "bot-plays");

    // My matches, in another tab of his browser: not his turn, the bot's
    const lobby = await open(hosting, problems);
    const item = lobby.locator(`#my-matches .my-match[data-match="${matchId}"]`);
    await item.waitFor();
    assert.equal(await item.getAttribute("data-my-turn"), "false");
    assert.match(await item.locator(".turn").textContent(), /the server's bot plays your seat/);
    await lobby.close();

    // taken back: his move again, and the server takes it
    await host.click("#match .bot-plays button.reclaim");
    await host.waitForSelector(`${SEAT}[data-abandoned="false"]`);
    await host.waitForSelector(MINE);
    assert.match(await host.textContent(MINE), /Your move/);
    assert.equal(await host.locator("#match .bot-plays").count(), 0);
    assert.doesNotMatch(await host.textContent("#match .board-status"), /server's bot/);
    assert.match(await host.textContent("#match .log"), /took the seat back from the server's bot/);
    const version = await host.getAttribute("#match", "data-version");
    await host.locator(CELL).first().click();
    await host.waitForFunction((v) => document.querySelector("#match")?.dataset.version !== v, version);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
