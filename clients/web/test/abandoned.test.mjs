// Headless Chromium, through the real edge, on a server whose bots never move (its deadlines
// are never due in a test's time): the seat the server's bot plays is not the player's turn.
// A player leaves a two-player tic-tac-toe match during play while the move is his: the
// server still lists the decision as his seat's (its bot will make it), yet the page says the
// server's bot plays his seat, offers no move and no "Your move" (axe-core on that state), the
// board and the log say so, and "My matches" in another tab says so too, not "your turn"; he
// takes his seat back and "Your move" returns, his move accepted.
// tests/web/test_page_abandoned.py starts the servers.
// (Its environment: browser.mjs.)

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { Client } from "@cosmodrome/client";
import { accessible, ARTIFACTS, launch, open, PAGE, skip, VIEWPORT } from "./browser.mjs";

const CELL = "#match button.cell.playable";
const MINE = "#match .decisions li.mine";
const SEAT = '#match .seats li[data-seat="0"]';

test("a seat the server's bot plays: no move offered, said so; taken back, his move again", { skip, timeout: 60_000 }, async () => {
  const browser = await launch();
  try {
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
