// Headless Chromium, through the real edge: the page's player identity and clocks. A guest
// (made on the first visit, kept in localStorage) starts a tic-tac-toe match with a Fischer
// clock against the server's bot and moves once; his tab is closed; a new tab of the same
// browser lists the match under "My matches" with his time left, resumes it (his seat back, a
// fresh seat token) and plays it to its end; the seat's clock is shown and runs down; axe-core
// checks the "My matches" view; the resume link brings the same guest to another browser.
// Then Leave: during play it asks first (Stay changes nothing), then the seat is shown played
// by the server and taken back from the page; before the start it frees the seat at once and
// the tab watches as a spectator.
// tests/web/test_page_identity.py starts the servers.
// (Its environment: browser.mjs.)

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { Client } from "@cosmodrome/client";
import { accessible, ARTIFACTS, launch, open, PAGE, skip, VIEWPORT } from "./browser.mjs";

const CELL = "#match button.cell.playable";

/** One click on a free cell, then the match's next version (the move, or the bot's reply). */
async function moveOnce(page) {
  await page.waitForSelector(CELL);
  const version = await page.getAttribute("#match", "data-version");
  await page.locator(CELL).first().click();
  await page.waitForFunction((v) => document.querySelector("#match")?.dataset.version !== v, version);
}

/** Clicks free cells until the match is over. */
async function playToEnd(page) {
  for (let moves = 0; moves < 9; moves++) {
    const state = await page.waitForFunction((cell) => {
      if (document.querySelector("#match")?.dataset.status === "finished") return "finished";
      return document.querySelector(cell) ? "mine" : false;
    }, CELL, { polling: 50 });
    if ((await state.jsonValue()) === "finished") return;
    await moveOnce(page);
  }
  await page.waitForSelector('#match[data-status="finished"]');
}

test("a guest's match with a clock survives his tab: My matches, resume, his clock", { skip, timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const problems = [];
    const first = await open(context, problems);
    await first.waitForSelector("#my-matches >> text=No match of yours yet.");
    const token = await first.evaluate(() => localStorage.getItem("cosmodrome.guest"));
    assert.equal(token?.split(".").length, 3, "the guest token (a JWT) is kept in localStorage");

    // a match against the bot with a Fischer clock: 2 minutes, 2 s a move
    const card = first.locator('.card[data-game="tictactoe"]');
    await card.locator("details.options-form summary").click();
    await card.locator('select[name="clock.kind"]').selectOption("CLOCK_KIND_FISCHER");
    await card.locator('[name="clock.bank_ms"]').fill("120000");
    await card.locator('[name="clock.increment_ms"]').fill("2000");
    await card.locator("button.play-bots").click();
    await first.waitForSelector('#match[data-viewer="0"][data-status="active"]');
    const matchId = await first.getAttribute("#match", "data-match");

    // his clock runs while the move is his: shown, and it changes
    const clock = '#match .clock[data-seat="0"][data-running="true"]';
    await first.waitForSelector(clock);
    const shown = await first.textContent(clock);
    assert.match(shown, /time left \d+:\d\d/);
    await first.waitForFunction(([c, before]) => document.querySelector(c)?.textContent !== before, [clock, shown], { polling: 100 });
    assert.ok(await first.isVisible('#match .clock[data-seat="1"]'), "the bot's seat shows its clock too");
    await moveOnce(first);
    await first.close(); // the tab and its seat token are gone

    // another tab of the same browser: the same guest, his match under My matches
    const second = await open(context, problems);
    const item = second.locator(`#my-matches .my-match[data-match="${matchId}"]`);
    await item.waitFor();
    await second.waitForSelector(`#my-matches .my-match[data-match="${matchId}"][data-my-turn="true"]`).catch(async () => {
      await second.click("#my-matches h2 button"); // listed before the bot's reply: list again
      await second.waitForSelector(`#my-matches .my-match[data-match="${matchId}"][data-my-turn="true"]`);
    });
    assert.match(await item.textContent(), /your turn/);
    assert.match(await item.locator(".my-time").textContent(), /your time: \d+:\d\d/);
    await second.screenshot({ path: join(ARTIFACTS, "identity-my-matches.png"), fullPage: true });
    await accessible(second, "my-matches");

    // the resume link's guest is the same player in another browser
    const elsewhere = await browser.newContext({ viewport: VIEWPORT });
    const resumed = await open(elsewhere, problems, `${PAGE}#guest=${encodeURIComponent(token)}`);
    await resumed.waitForSelector(`#my-matches .my-match[data-match="${matchId}"]`);
    assert.doesNotMatch(resumed.url(), /guest=/, "the token is taken out of the address bar");
    await elsewhere.close();

    // resume: his seat back (a fresh seat token), played to the end
    await item.locator("button.resume").click();
    await second.waitForSelector(`#match[data-match="${matchId}"][data-viewer="0"]`);
    await playToEnd(second);
    await second.waitForSelector(".result .headline");
    await second.screenshot({ path: join(ARTIFACTS, "identity-final.png"), fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("Leave during play, confirmed: played by the server while away, then taken back", { skip, timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
    const problems = [];
    const host = await open(await browser.newContext({ viewport: VIEWPORT }), problems);
    const card = host.locator('.card[data-game="tictactoe"]');
    await card.locator("button.open-match").click();
    await host.waitForSelector('#match[data-viewer="0"][data-status="waiting"]');
    const matchId = await host.getAttribute("#match", "data-match");
    const guest = await open(await browser.newContext({ viewport: VIEWPORT }), problems);
    await guest.locator(`.match-item[data-match="${matchId}"] button.join`).click();
    await host.waitForSelector('#match[data-status="active"]');
    const seat = '#match .seats li[data-seat="0"]';

    // asked first; staying changes nothing
    await host.click("#match button.leave");
    const question = host.locator("#match .confirm-leave");
    assert.match(await question.textContent(), /Leave this match\? The server's bot plays your seat/);
    assert.ok(await host.evaluate(() => document.activeElement?.classList.contains("leave-cancel")), "Stay has the focus");
    await accessible(host, "leave-confirm");
    await host.screenshot({ path: join(ARTIFACTS, "identity-leave-confirm.png"), fullPage: true });
    await host.click("#match .confirm-leave button.leave-cancel");
    await host.waitForSelector("#match button.leave");
    assert.equal(await host.getAttribute(seat, "data-abandoned"), "false", "Stay: still his seat");

    // confirmed: the bot plays for him
    await host.click("#match button.leave");
    await host.click("#match .confirm-leave button.leave-confirm");
    await host.waitForSelector(`${seat}[data-abandoned="true"]`);
    assert.match(await host.textContent(seat), /played by the server while away/);
    assert.equal(await host.locator("#match button.leave").count(), 0, "no Leave for a seat left");
    await host.screenshot({ path: join(ARTIFACTS, "identity-abandoned.png"), fullPage: true });
    await host.click("#match .bot-plays button.reclaim");
    await host.waitForSelector(`${seat}[data-abandoned="false"]`);
    assert.doesNotMatch(await host.textContent(seat), /while away/);
    assert.equal(await host.locator("#match .bot-plays").count(), 0);
    await host.waitForSelector("#match button.leave"); // his again: he may leave again
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("Leave before the start: the seat is freed at once, the tab watches", { skip, timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
    const problems = [];
    const page = await open(await browser.newContext({ viewport: VIEWPORT }), problems);
    await page.locator('.card[data-game="tictactoe"] button.open-match').click();
    await page.waitForSelector('#match[data-viewer="0"][data-status="waiting"]');
    const matchId = await page.getAttribute("#match", "data-match");
    const held = JSON.parse(await page.evaluate((id) => sessionStorage.getItem(`cosmodrome.seat.${id}`), matchId));
    await page.click("#match button.leave");
    await page.waitForSelector('#match[data-viewer="-1"][data-status="waiting"]');
    assert.equal(await page.locator("#match .confirm-leave").count(), 0, "nothing asked before the start");
    assert.equal(await page.evaluate((id) => sessionStorage.getItem(`cosmodrome.seat.${id}`), matchId), null);
    assert.match(await page.textContent('#match .seats li[data-seat="0"]'), /open seat/);
    // the server freed it: the old seat token acts no more
    const client = Client.connect(new URL(PAGE).searchParams.get("edge"));
    const match = await client.getMatch(matchId);
    assert.equal(match.seats[0].occupied, false);
    await assert.rejects(client.player(matchId, held.seat, held.token).leave());
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("a kept guest token past its expiry: the page makes a new guest", { skip, timeout: 30_000 }, async () => {
  const browser = await launch();
  try {
    const problems = [];
    const page = await open(await browser.newContext({ viewport: VIEWPORT }), problems);
    await page.waitForSelector("#my-matches >> text=No match of yours yet.");
    const claims = Buffer.from(JSON.stringify({ sub: "old", exp: 1_000_000_000 })).toString("base64url");
    const stale = `e30.${claims}.c2ln`;
    await page.evaluate((t) => localStorage.setItem("cosmodrome.guest", t), stale);
    await page.reload();
    await page.waitForSelector("#my-matches >> text=No match of yours yet.");
    const kept = await page.evaluate(() => localStorage.getItem("cosmodrome.guest"));
    assert.notEqual(kept, stale);
    assert.equal(kept.split(".").length, 3);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
