// A real EventSource (Node's `eventsource` package, and Chromium's own) watches a whole
// tic-tac-toe match through the edge, with a reconnect in the middle (the edge cuts a watch
// idle for COSMODROME_WATCH_IDLE_S) and one at the end (the stream ends with the match):
// every version arrives exactly once, in order, and the EventSource stops by itself (204).
//   COSMODROME_EDGE_URL  the edge (tests/openapi_clients/test_event_source.py starts it)
//   COSMODROME_RUNTIME   node or chromium: where the EventSource runs
//   CHROMIUM             the browser (default /usr/bin/chromium)
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { EventSource } from "eventsource";
import { chromium } from "playwright-core";

const EDGE = process.env.COSMODROME_EDGE_URL ?? "";
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"];

// The watcher, as source text: the same code runs in Node and in the page.
const WATCHER = `
  const seen = { ids: [], opens: 0, closed: false, mismatched: [] };
  const source = new EventSource(url);
  Object.defineProperty(seen, "close", { value: () => source.close() });  // not sent back
  source.onopen = () => { seen.opens += 1; };
  source.onmessage = (event) => {
    seen.ids.push(event.lastEventId);
    const update = JSON.parse(event.data);
    if (update.entry.version !== event.lastEventId) seen.mismatched.push(event.lastEventId);
  };
  source.onerror = () => { if (source.readyState === 2) seen.closed = true; };
  return seen;`;

async function call(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const reply = await fetch(EDGE + path, { method, headers, body: body && JSON.stringify(body) });
  const json = await reply.json();
  assert.ok(reply.ok, `${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

// Polls `check`; gives up after a while so that a failure ends the run (an EventSource that
// is never told 204 would reconnect forever).
async function until(check, what) {
  for (let polls = 0; !(await check()); polls += 1) {
    assert.ok(polls < 600, `gave up waiting: ${what}`);
    await sleep(50);
  }
}

// Two seats, the match started; each seat then plays its first option until the end.
async function newMatch() {
  const { matchId } = await call("POST", "/v1/matches", { game: "tictactoe" });
  const tokens = [];
  for (let i = 0; i < 2; i += 1) {
    tokens.push((await call("POST", `/v1/matches/${matchId}:join`, {})).seatToken);
  }
  return { matchId, tokens };
}

async function playToTheEnd({ matchId, tokens }) {
  for (;;) {
    for (const token of tokens) {
      const view = await call("GET", `/v1/matches/${matchId}/view`, undefined, token);
      if (view.match.status === "MATCH_STATUS_FINISHED") return Number(view.match.version);
      const mine = view.decisions.find((d) => d.seat === view.viewerSeat && d.options.length);
      if (mine) {
        await call("POST", `/v1/matches/${matchId}/moves`,
          { expectedVersion: view.match.version, move: mine.options[0] }, token);
      }
    }
  }
}

// The whole scenario; `watch(url)` starts a watcher, `seen()` reads what it saw.
async function watchWholeMatch(watch, seen) {
  const match = await newMatch();
  await watch(`${EDGE}/v1/matches/${match.matchId}:watch`);
  await until(async () => (await seen()).ids.length >= 3, "the first versions");
  await until(async () => (await seen()).opens >= 2, "a reconnect after the idle cut");
  const last = await playToTheEnd(match);
  await until(async () => (await seen()).closed, "the EventSource to stop (204)");
  const { ids, opens, mismatched } = await seen();
  assert.deepEqual(ids, Array.from({ length: last }, (_, i) => String(i + 1)));
  assert.deepEqual(mismatched, []);
  assert.ok(opens >= 2, `${opens} connections`);
}

const RUNTIME = process.env.COSMODROME_RUNTIME ?? "node";
const skip = EDGE ? false : "COSMODROME_EDGE_URL is not set (run through make test)";

async function inNode() {
  let watcher;
  try {
    await watchWholeMatch(
      async (url) => { watcher = new Function("EventSource", "url", WATCHER)(EventSource, url); },
      async () => watcher);
  } finally {
    watcher?.close();
  }
}

async function inChromium() {
  const browser = await chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${EDGE}/openapi.json`); // the edge's own origin
    await watchWholeMatch(
      (url) => page.evaluate(([body, url]) => {
        window.seen = new Function("EventSource", "url", body)(EventSource, url);
      }, [WATCHER, url]),
      () => page.evaluate(() => window.seen));
  } finally {
    await browser.close();
  }
}

if (RUNTIME === "node") {
  test("Node's EventSource resumes without replay and stops at the end",
    { skip, timeout: 60_000 }, inNode);
}
if (RUNTIME === "chromium") {
  test("Chromium's EventSource resumes without replay and stops at the end",
    { skip: skip || (!existsSync(BROWSER) && `no Chromium at ${BROWSER}`), timeout: 60_000 },
    inChromium);
}
