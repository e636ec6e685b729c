// Headless Chromium plays on the page, through the real edge, by clicks only: a whole match of
// each game against the server's bots, an invite to a private match, a spectator, the chat, the
// page at phone width, the page when the edge is down, and the edge stopped in mid-match and
// started again (the page says it is reconnecting, then plays on); axe-core checks the lobby
// and each board.
// tests/web/test_page.py starts valkey, the server, Envoy and a static server for the page, and
// runs each test alone (COSMODROME_PAGE_TEST names it); it then checks the tic-tac-toe page
// against a GetView over gRPC.
//   COSMODROME_PAGE_URL    the page, with ?edge=URL
//   COSMODROME_DOWN_URL    the page pointed at an edge nobody listens on
//   COSMODROME_ARTIFACTS   folder for screenshots, axe reports and page.json
//   COSMODROME_PAGE_TEST   run only this test (all when unset)
//   COSMODROME_EDGE_CONTROL  POST /stop and /start stop and start again the page's edge
//                          (tests/web/test_page_reconnect.py; the reconnect test needs it)
//   CHROMIUM               the browser (default /usr/bin/chromium)

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";

const PAGE = process.env.COSMODROME_PAGE_URL ?? "";
const DOWN = process.env.COSMODROME_DOWN_URL ?? "";
const ARTIFACTS = process.env.COSMODROME_ARTIFACTS ?? "test-results";
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ONLY = process.env.COSMODROME_PAGE_TEST;
const CONTROL = process.env.COSMODROME_EDGE_CONTROL ?? "";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const skip = !PAGE ? "COSMODROME_PAGE_URL is not set (run through make test)"
  : !existsSync(BROWSER) ? `no Chromium at ${BROWSER}` : false;
// what a player may click to play: an option, a board's cell, card or space (never a table
// report, nor turning auto-pass off: the page's default is on)
const PLAYABLE = [
  "#match .decisions button.option:not([disabled]):not([data-move=autoPass])",
  "#match button.cell.playable", "#match button.playing-card.playable", "#match .crafting-map .pickable",
].join(", ");

/** A test of this file, registered only when COSMODROME_PAGE_TEST names it (or is unset). */
function pageTest(name, timeout, body) {
  if (ONLY && ONLY !== name) return;
  test(name, { skip, timeout }, async () => {
    const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
    try {
      await mkdir(ARTIFACTS, { recursive: true });
      await body(browser);
    } finally {
      await browser.close();
    }
  });
}

/** A page in a fresh context (its own sessionStorage), its errors collected. */
async function openPage(browser, url = PAGE, viewport = { width: 1100, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  await page.goto(url);
  return { page, problems };
}

const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** axe-core on the page as it stands: no WCAG 2 A/AA violation; the report is kept. */
async function accessible(page, name) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "best-practice"] }));
  await writeFile(join(ARTIFACTS, `axe-${name}.json`), JSON.stringify(result.violations, null, 2));
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} - ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  assert.deepEqual(found, [], `axe on ${name}`);
}

/** No sideways scroll: the page is no wider than the window. */
async function fitsWidth(page, name) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `${name}: the page is ${scroll} px wide in a ${width} px window`);
}

/** From the lobby: a match of `game` against the server's bots, this tab in seat 0. */
async function startAgainstBots(page, game, { players, options = {} } = {}) {
  const card = page.locator(`.card[data-game="${game}"]`);
  await card.waitFor();
  if (players) await card.locator("select[name=players]").selectOption(String(players));
  if (Object.keys(options).length) {
    await card.locator("details.options-form summary").click();
    for (const [name, value] of Object.entries(options)) await card.locator(`[name="${name}"]`).fill(String(value));
  }
  await card.locator("button.play-bots").click();
  await page.waitForSelector('#match[data-viewer="0"][data-status="active"]');
}

/** Clicks until the match is over: each time the page offers the viewer something, one of the
 * playable things at random. Screenshots along the way (every `every` moves) and at the end. */
async function playToEnd(page, name, { every = 25, limit = 2000, check } = {}) {
  let moves = 0;
  for (;;) {
    const state = await page.waitForFunction((selector) => {
      if (document.querySelector("#match")?.dataset.status === "finished") return "finished";
      return document.querySelector(selector) && !document.querySelector("#match .decisions button.option[disabled]") ? "mine" : false;
    }, PLAYABLE, { polling: 50, timeout: 120_000 });
    if ((await state.jsonValue()) === "finished") break;
    if (check) await check(page);
    const targets = page.locator(PLAYABLE);
    const count = await targets.count();
    if (!count) continue; // redrawn meanwhile
    const version = await page.getAttribute("#match", "data-version");
    await targets.nth(Math.floor(Math.random() * count)).click({ timeout: 10_000 }).catch(() => undefined);
    moves += 1;
    // the answer: a new version, or the server's refusal (then another option is tried)
    await page.waitForFunction((v) => document.querySelector("#match")?.dataset.version !== v
      || document.querySelector("#match .side .error"), version, { polling: 50, timeout: 30_000 }).catch(() => undefined);
    if (moves % every === 0) await shot(page, `${name}-move-${moves}`);
    assert.ok(moves <= limit, `${name}: over ${limit} moves and the match goes on`);
  }
  await page.waitForSelector(".result .headline");
  await shot(page, `${name}-final`);
  await accessible(page, `${name}-final`);
  // the same page on a phone: nothing scrolls sideways
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await fitsWidth(page, `${name} at 360 px`);
  await shot(page, `${name}-final-phone`);
  await page.setViewportSize(size);
  return moves;
}

/** What every finished page must not show: seats by number, or totals before their reckoning. */
async function wordedThroughout(page, name) {
  const text = await page.evaluate(() => document.querySelector("#match").innerText);
  assert.doesNotMatch(text, /\bseat \d/, `${name}: a seat named by number`);
  assert.doesNotMatch(text, /\(total 0\) vs/, `${name}: totals before the reveal`);
  assert.doesNotMatch(text, /\[\d+(, \d+)+\]/, `${name}: a list of numbers for cards`);
  assert.match(await page.textContent(".result .headline"), /win|draw|victory/i);
}

pageTest("tictactoe: a whole match by clicks on the grid", 120_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "tictactoe");
  await accessible(page, "tictactoe");
  const moves = await playToEnd(page, "tictactoe");
  const shown = await page.evaluate(() => {
    const match = document.querySelector("#match");
    const held = JSON.parse(sessionStorage.getItem(`cosmodrome.seat.${match.dataset.match}`));
    return {
      matchId: match.dataset.match, version: match.dataset.version, status: match.dataset.status,
      seat: held.seat, token: held.token,
      cells: [...document.querySelectorAll(".tictactoe [data-cell]")].map((c) => c.textContent),
      summary: document.querySelector(".result .summary").textContent,
      winners: document.querySelector(".result .winners").dataset.winners,
    };
  });
  await writeFile(join(ARTIFACTS, "page.json"), JSON.stringify({ ...shown, moves }, null, 2));
  assert.ok(moves >= 3 && moves <= 5, `X makes 3 to 5 moves, not ${moves}`);
  await wordedThroughout(page, "tictactoe");
  assert.deepEqual(problems, []);
});

pageTest("replay: a finished tic-tac-toe match replayed by its slider", 120_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "tictactoe");
  await playToEnd(page, "tictactoe-replay");
  const final = await page.evaluate(() => [...document.querySelectorAll("#match .tictactoe [data-cell]")].map((c) => c.textContent));
  await page.locator("button.replay-open").click();
  const slider = page.locator("#replay-slider");
  await slider.waitFor();
  const last = Number(await page.getAttribute(".replay", "data-last"));
  assert.equal(String(last), await page.getAttribute("#match", "data-version"), "the slider ends at the match's last version");
  const replayed = () => page.evaluate(() => [...document.querySelectorAll(".replay-board [data-cell]")].map((c) => c.textContent));
  assert.deepEqual(await replayed(), final, "the last version is the board as it ended");
  // created (1), joined and started (2): then one mark a version
  for (let version = last - 1; version >= 2; version -= 1) {
    await slider.fill(String(version));
    await page.waitForSelector(`.replay[data-version="${version}"]`);
    const cells = await replayed();
    assert.equal(cells.filter(Boolean).length, version - 2, `marks at version ${version}`);
    assert.ok(cells.every((c, i) => !c || c === final[i]), `version ${version}: marks of the final board only`);
  }
  await slider.fill("1");
  await page.waitForSelector('.replay[data-version="1"]');
  await shot(page, "tictactoe-replay");
  await accessible(page, "tictactoe-replay");
  assert.deepEqual(problems, []);
});

pageTest("highcard: a whole match by clicks on the cards, its hand size from the options form", 120_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "highcard", { players: 3, options: { hand_size: 4 } });
  await page.waitForSelector(".highcard .hand button.playing-card.playable");
  assert.equal(await page.locator(".highcard .hand .playing-card").count(), 4, "the options form's hand size");
  await accessible(page, "highcard");
  const moves = await playToEnd(page, "highcard");
  assert.equal(moves, 4, "a card a round, four rounds");
  await wordedThroughout(page, "highcard");
  assert.deepEqual(problems, []);
});

pageTest("mlem: a whole match by clicks", 240_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "mlem");
  await page.waitForSelector("svg.mlem-track [data-space]");
  await accessible(page, "mlem");
  await playToEnd(page, "mlem");
  await wordedThroughout(page, "mlem");
  assert.deepEqual(problems, []);
});

pageTest("crafting: a whole match by clicks on options and the hex board", 300_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "crafting");
  await page.waitForSelector("svg.crafting-map");
  await accessible(page, "crafting");
  await playToEnd(page, "crafting", { every: 60 });
  await wordedThroughout(page, "crafting");
  assert.deepEqual(problems, []);
});

pageTest("cosmic: a whole match by clicks, windows passed automatically", 300_000, async (browser) => {
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "cosmic");
  await page.waitForSelector(".cosmic .systems figure.system");
  assert.equal(await page.locator(".cosmic figure.system").count(), 2, "a home system per seat");
  assert.ok(await page.locator(".cosmic-hand .cosmic-card").count() >= 7, "the hand as cards");
  await accessible(page, "cosmic");
  // never a total beside a card still face down: totals show once reckoned
  const totalsOnceKnown = async (p) => assert.equal(await p.evaluate(() => {
    const encounter = document.querySelector(".encounter");
    return encounter?.querySelector(".total") && encounter.querySelector(".playing-card.back") ? encounter.innerText : "";
  }), "", "a total before the reveal");
  await playToEnd(page, "cosmic", { every: 40, check: totalsOnceKnown });
  await wordedThroughout(page, "cosmic");
  assert.deepEqual(problems, []);
});

pageTest("lobby: accessible, usable at phone width, open and active matches before finished ones", 120_000, async (browser) => {
  const { page, problems } = await openPage(browser, PAGE, { width: 360, height: 740 });
  await page.waitForSelector("#games .card");
  await page.locator('.card[data-game="highcard"] details.options-form summary').click();
  await accessible(page, "lobby");
  await fitsWidth(page, "lobby");
  await shot(page, "lobby-phone");
  // a match in play at phone width: the Cosmic table, the widest board
  await startAgainstBots(page, "cosmic");
  await page.waitForSelector(".cosmic .systems figure.system");
  await fitsWidth(page, "cosmic at 360 px");
  await shot(page, "cosmic-phone");
  // one of each: a finished match (high card, one card each), one open to others, one in play
  await page.goto(`${PAGE}#/`);
  await startAgainstBots(page, "highcard", { options: { hand_size: 1 } });
  await playToEnd(page, "highcard-one-card");
  await page.goto(`${PAGE}#/`);
  await page.locator('.card[data-game="tictactoe"] button.open-match').click();
  await page.waitForSelector('#match[data-status="waiting"]');
  await page.goto(`${PAGE}#/`);
  await page.waitForSelector("#matches .match-item");
  const order = await page.$$eval("#matches .match-item", (items) => items.map((i) => Number(i.dataset.status)));
  const rank = { 1: 0, 2: 1, 3: 2 }; // waiting, active, finished
  assert.ok([1, 2, 3].every((s) => order.includes(s)), `a match of each status: ${order}`);
  assert.deepEqual(order, [...order].sort((a, b) => rank[a] - rank[b]), `lobby order: ${order}`);
  await fitsWidth(page, "lobby with matches");
  await shot(page, "lobby-matches-phone");
  assert.deepEqual(problems, []);
});

pageTest("invite: a private match is joined by its link only, names shown to both; start with bots", 120_000, async (browser) => {
  const host = await openPage(browser);
  await host.page.fill("input[name=player-name]", "Ada");
  const card = host.page.locator('.card[data-game="tictactoe"]');
  await card.locator("input[name=private]").check();
  await card.locator("button.open-match").click();
  const link = await host.page.locator("#invite-link").inputValue();
  assert.match(link, /#\/join\/[a-z0-9]+\/.+/, "the join secret rides in the fragment");
  const matchId = await host.page.getAttribute("#match", "data-match");
  await shot(host.page, "invite-host");
  const guest = await openPage(browser, link);
  await guest.page.fill("#invite input[name=player-name]", "Grace");
  await accessible(guest.page, "invite");
  await guest.page.click("#invite button.accept");
  await guest.page.waitForSelector('#match[data-status="active"][data-viewer="1"]');
  await host.page.waitForSelector('#match[data-status="active"]');
  for (const { page } of [host, guest]) {
    const names = await page.$$eval("#match .seats li", (li) => li.map((l) => l.textContent));
    assert.ok(names[0].startsWith("Ada") && names[1].startsWith("Grace"), `names: ${names}`);
  }
  const lobby = await openPage(browser);
  await lobby.page.waitForSelector("#matches");
  assert.equal(await lobby.page.locator(`.match-item[data-match="${matchId}"]`).count(), 0, "a private match is never listed");
  // a match opened to others starts at its creator's word, server bots in the open seats
  await host.page.goto(`${PAGE}#/`);
  await host.page.locator('.card[data-game="highcard"] button.open-match').click();
  await host.page.waitForSelector('#match[data-status="waiting"] button.start-now');
  await host.page.click("button.start-now");
  await host.page.waitForSelector('#match[data-status="active"] .highcard .hand button.playing-card.playable');
  assert.match(await host.page.textContent('#match .seats li[data-seat="1"]'), /\(bot\)/);
  assert.deepEqual([...host.problems, ...guest.problems], []);
});

pageTest("spectator: follows live, sees no hand, reads the chat as text", 120_000, async (browser) => {
  const seat = await openPage(browser);
  await startAgainstBots(seat.page, "highcard");
  await seat.page.waitForSelector(".highcard .hand button.playing-card.playable");
  const matchId = await seat.page.getAttribute("#match", "data-match");
  const spectator = await openPage(browser, `${PAGE}#/match/${matchId}`);
  await spectator.page.waitForSelector('#match[data-viewer="-1"] .highcard');
  assert.equal(await spectator.page.locator(".highcard .hand").count(), 0, "a spectator sees no hand");
  const before = Number(await spectator.page.getAttribute("#match", "data-version"));
  await seat.page.locator("button.playing-card.playable").first().click();
  await spectator.page.waitForFunction((v) => Number(document.querySelector("#match")?.dataset.version) > v, before);
  assert.equal(await spectator.page.locator(".highcard .hand, .highcard [data-card]:not(.last [data-card])").count(), 0);
  assert.equal(await spectator.page.locator("#chat form").count(), 0);
  await seat.page.fill("#chat input[name=text]", "<b>bonne</b> chance");
  await seat.page.click("#chat button[type=submit]");
  const heard = spectator.page.locator("#chat .chat-lines li", { hasText: "<b>bonne</b> chance" });
  await heard.waitFor();
  assert.equal(await heard.locator("b").count(), 0, "a line is text, never markup");
  assert.equal(await heard.locator("strong").textContent(), "player: ", "under the name it was said with");
  const mine = seat.page.locator("#chat .chat-lines li", { hasText: "<b>bonne</b> chance" });
  assert.equal(await mine.locator("strong").textContent(), "player (you): ");
  await seat.page.waitForFunction(() => document.querySelector("#chat input[name=text]").value === "");
  await shot(spectator.page, "highcard-spectator");
  assert.deepEqual([...seat.problems, ...spectator.problems], []);
});

pageTest("edge down: a page that says so, and a way back", 60_000, async (browser) => {
  assert.ok(DOWN, "COSMODROME_DOWN_URL is not set");
  const { page } = await openPage(browser, DOWN, { width: 360, height: 740 });
  await page.waitForSelector("#edge-down");
  const text = await page.textContent("#edge-down");
  assert.match(text, /cannot be reached/);
  assert.doesNotMatch(await page.textContent("body"), /Failed to fetch|Unknown:/);
  await accessible(page, "edge-down");
  await fitsWidth(page, "edge down");
  await shot(page, "edge-down");
  await page.click("#edge-down button");
  await page.waitForSelector("#edge-down"); // still down: the page says so again
});

/** Stops or starts again the page's edge (answered once done: once it serves, for a start). */
async function edge(action) {
  const reply = await fetch(`${CONTROL}/${action}`, { method: "POST" });
  assert.equal(reply.status, 200, `edge ${action}: ${await reply.text()}`);
}

/** The tic-tac-toe marks on the board. */
const marks = (page) => page.$$eval("#match .tictactoe [data-cell]", (cells) => cells.filter((c) => c.textContent).length);

pageTest("reconnect: the edge dies in mid-match, the page says so, then plays on once it is back", 180_000, async (browser) => {
  assert.ok(CONTROL, "COSMODROME_EDGE_CONTROL is not set");
  const { page, problems } = await openPage(browser);
  await startAgainstBots(page, "tictactoe");
  const status = page.locator('#match p.connection[role="status"][aria-live="polite"]');
  assert.equal(await status.textContent(), "", "nothing said while the connection is well");
  await page.locator("#match button.cell.playable").first().click();
  await page.waitForFunction(() => document.querySelectorAll("#match .tictactoe [data-cell]:not(:empty)").length === 2
    && document.querySelector("#match button.cell.playable"), null, { polling: 50 }); // the bot answered
  await edge("stop");
  await page.waitForSelector('#match p.connection[data-connection="reconnecting"]');
  assert.equal(await status.textContent(), "Connection lost, reconnecting…");
  assert.equal(await page.locator("#match button.cell.playable").count(), 0, "no move offered meanwhile");
  await page.waitForSelector('#match p.connection:not([data-attempt="0"]):not([data-attempt="1"])'); // tries again
  await shot(page, "reconnecting");
  await accessible(page, "reconnecting");
  await edge("start");
  await page.waitForSelector('#match p.connection[data-connection="restored"]');
  assert.equal(await status.textContent(), "Connected again.");
  assert.equal(await marks(page), 2, "the board as it was");
  await playToEnd(page, "reconnect");
  assert.equal(await status.getAttribute("data-connection"), "live", "updates flowed again");
  assert.equal(await status.textContent(), "");
  // the edge refused the page's calls while it was down: the browser logs each of those
  assert.deepEqual(problems.filter((p) => !/net::ERR_/.test(p)), []);
});
