// Headless Chromium plays a whole tic-tac-toe match against a bot on the page, through the
// real edge. tests/web/test_page.py starts server + Envoy + a static server for the page and
// sets the environment below; it then compares the final page with a GetView over gRPC.
//   COSMODROME_PAGE_URL    the page, with ?edge=URL
//   COSMODROME_ARTIFACTS   folder for the screenshot and page.json (what the page shows)
//   CHROMIUM               the browser (default /usr/bin/chromium)

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";

const PAGE = process.env.COSMODROME_PAGE_URL ?? "";
const ARTIFACTS = process.env.COSMODROME_ARTIFACTS ?? "test-results";
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const skip = !PAGE ? "COSMODROME_PAGE_URL is not set (run through make test)"
  : !existsSync(BROWSER) ? `no Chromium at ${BROWSER}` : false;

async function openPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  await page.goto(PAGE);
  return { page, problems };
}

test("the page plays a whole tic-tac-toe match against a bot", { skip, timeout: 120_000 }, async () => {
  const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
  try {
    const { page, problems } = await openPage(browser);
    await page.click('.card[data-game="tictactoe"] button.play-bots');
    await page.waitForSelector('#match[data-viewer="0"]');
    let moves = 0;
    while ((await page.getAttribute("#match", "data-status")) !== "finished") {
      // Locators, not element handles: each update of the match redraws the page.
      const cells = page.locator("button.cell.playable");
      const count = await cells.count();
      if (count) {
        const version = await page.getAttribute("#match", "data-version");
        await cells.nth(Math.floor(Math.random() * count)).click();
        moves += 1;
        await page.waitForFunction((v) => document.querySelector("#match")?.dataset.version !== v, version);
      } else {
        await page.waitForFunction(() => {
          const m = document.querySelector("#match");
          return m?.dataset.status === "finished" || document.querySelector("button.cell.playable");
        });
      }
      assert.ok(moves <= 5, "X never needs more than 5 moves");
    }
    await page.waitForSelector(".result .summary");
    const shown = await page.evaluate(() => {
      const match = document.querySelector("#match");
      const held = JSON.parse(sessionStorage.getItem(`cosmodrome.seat.${match.dataset.match}`));
      return {
        matchId: match.dataset.match,
        version: match.dataset.version,
        status: match.dataset.status,
        seat: held.seat,
        token: held.token,
        cells: [...document.querySelectorAll(".tictactoe [data-cell]")].map((c) => c.textContent),
        summary: document.querySelector(".result .summary").textContent,
        winners: document.querySelector(".result .winners").dataset.winners,
        boardStatus: document.querySelector(".board-status").textContent,
      };
    });
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "tictactoe-final.png"), fullPage: true });
    await writeFile(join(ARTIFACTS, "page.json"), JSON.stringify({ ...shown, moves }, null, 2));
    assert.ok(moves >= 3, `the page made ${moves} moves`);
    assert.equal(shown.cells.length, 9);
    assert.ok(shown.summary.length > 0);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("every game the server lists starts against bots and is drawn with its options", { skip, timeout: 180_000 }, async () => {
  const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
  try {
    const { page, problems } = await openPage(browser);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.waitForSelector("#games .card");
    const games = await page.$$eval("#games .card", (cards) => cards.map((c) => c.dataset.game));
    assert.ok(games.length >= 4, `games listed: ${games}`);
    for (const game of games) {
      await page.goto(`${PAGE}#/`);
      await page.click(`.card[data-game="${game}"] button.play-bots`);
      await page.waitForSelector('#match[data-status="active"]');
      // My first decision: its options are offered (a board of the game's own, or buttons).
      await page.waitForSelector("#match .decisions li.mine");
      const before = await page.getAttribute("#match", "data-version");
      await page.locator("button.option:not([disabled]), button.cell.playable").first().click();
      await page.waitForFunction((v) => document.querySelector("#match")?.dataset.version !== v, before);
      assert.ok((await page.$eval("#match .board", (b) => b.textContent.trim().length)) > 0, `${game}: empty board`);
      await page.screenshot({ path: join(ARTIFACTS, `${game}.png`), fullPage: true });
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("a spectator follows a match live and sees none of the seat's secrets", { skip, timeout: 120_000 }, async () => {
  const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
  try {
    const seat = await openPage(browser);
    await seat.page.click('.card[data-game="highcard"] button.play-bots');
    await seat.page.waitForSelector('#match[data-status="active"] .decisions li.mine');
    const matchId = await seat.page.getAttribute("#match", "data-match");
    const myHand = (page) => page.$eval("#match .generic > dl", (dl) => {
      const dt = [...dl.children].find((c) => c.tagName === "DT" && c.textContent === "my hand");
      return dt.nextElementSibling.textContent;
    });
    assert.match(await myHand(seat.page), /^\[\d+(, \d+)+\]$/, "the seat sees its hand");

    const context = await browser.newContext(); // its own sessionStorage: holds no token
    const spectator = await context.newPage();
    const problems = [];
    spectator.on("pageerror", (e) => problems.push(e.message));
    await spectator.goto(`${PAGE}#/match/${matchId}`);
    await spectator.waitForSelector('#match[data-viewer="-1"]');
    assert.equal(await myHand(spectator), "[]", "a spectator sees no hand");

    const before = Number(await spectator.getAttribute("#match", "data-version"));
    await seat.page.locator("button.option:not([disabled])").first().click();
    await spectator.waitForFunction((v) => Number(document.querySelector("#match")?.dataset.version) > v, before);
    assert.equal(await myHand(spectator), "[]");

    // The chat: the seat speaks, the spectator reads it live (and has no field to speak).
    assert.equal(await spectator.locator("#chat form").count(), 0);
    await seat.page.fill("#chat input[name=text]", "<b>bonne</b> chance");
    await seat.page.click("#chat button[type=submit]");
    const heard = spectator.locator("#chat .chat-lines li", { hasText: "<b>bonne</b> chance" });
    await heard.waitFor();
    assert.equal(await heard.locator("b").count(), 0, "a line is text, never markup");
    assert.equal(await heard.locator("strong").textContent(), "player: ", "under the name it was said with");
    const mine = seat.page.locator("#chat .chat-lines li", { hasText: "<b>bonne</b> chance" });
    assert.equal(await mine.locator("strong").textContent(), "player (you): ");
    assert.equal(await seat.page.inputValue("#chat input[name=text]"), "", "sent: the field is cleared");
    assert.deepEqual([...seat.problems, ...problems], []);
    await spectator.screenshot({ path: join(ARTIFACTS, "highcard-spectator.png"), fullPage: true });
  } finally {
    await browser.close();
  }
});
