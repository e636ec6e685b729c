// Clocks and abandonment through the real edge (gRPC-Web): a match made with a clock shows
// each seat's time left; a seat left during play is the server bot's until its player
// reclaims it. COSMODROME_EDGE_URL as in client.test.ts; without it every test is skipped.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  Client,
  ClockKind,
  gameMove,
  type MatchView,
  TimeoutPolicy,
  timeLeftMs,
} from "../src/index.js";

const EDGE = process.env.COSMODROME_EDGE_URL ?? "";
const skip = EDGE ? false : "COSMODROME_EDGE_URL is not set (run through make test)";
const client = Client.connect(EDGE || "http://127.0.0.1:9");

const FISCHER = {
  kind: ClockKind.FISCHER,
  bankMs: 600_000n,
  incrementMs: 5_000n,
  onTimeout: TimeoutPolicy.ZOMBIE,
};

function freeCell(view: MatchView): number {
  const game = view.game?.game;
  assert.equal(game?.case, "tictactoe");
  return game.value.cells.findIndex((mark) => !mark);
}

describe("clocks", { skip }, () => {
  test("a match made with a clock shows each seat's time left", async () => {
    const match = await client.createMatch("tictactoe", { clock: FISCHER });
    assert.equal(match.options?.clock?.kind, ClockKind.FISCHER);
    const x = await client.join(match.matchId);
    await client.join(match.matchId);
    const view = await x.view();
    const seats = view.match?.seats ?? [];
    const due = Number(seats[0]?.clockDueMs);
    assert.ok(due > 0, "X owes the first move: its clock runs");
    assert.equal(seats[1]?.clockDueMs, 0n);
    const started = view.match ?? match;
    assert.deepEqual(
      timeLeftMs(started, due - 1_000),
      new Map([
        [0, 1_000],
        [1, 600_000],
      ]),
    );
    assert.equal(timeLeftMs(started, due + 1).get(0), 0);
    assert.equal(timeLeftMs(match).size, 2);
    const plain = await client.createMatch("tictactoe");
    assert.equal(timeLeftMs(plain).size, 0);
  });

  test("a seat left during play is reclaimed with its token and plays again", async () => {
    const match = await client.createMatch("tictactoe");
    const x = await client.join(match.matchId);
    const o = await client.join(match.matchId);
    const left = await x.leave();
    assert.equal(left.seats[0]?.abandoned, true);
    const back = await x.reclaim();
    assert.equal(back.seats[0]?.abandoned, false);
    assert.equal(back.seats[0]?.bot, 0);
    let view = await o.view();
    if (o.decisions(view).length > 0) {
      await o.submit(gameMove("tictactoe", { cell: freeCell(view) })); // the bot played X
    }
    view = await x.view();
    const reply = await x.submit(gameMove("tictactoe", { cell: freeCell(view) }));
    assert.equal(reply.version, (view.match?.version ?? 0n) + 1n);
  });
});
