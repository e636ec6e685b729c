// Replays through the real edge (gRPC-Web): a finished tic-tac-toe match, sought version by
// version as a seat saw it. COSMODROME_EDGE_URL as in client.test.ts; without it, skipped.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Client, CosmodromeError, type Decision, type MatchView, play } from "../src/index.js";

const EDGE = process.env.COSMODROME_EDGE_URL ?? "";
const skip = EDGE ? false : "COSMODROME_EDGE_URL is not set (run through make test)";
const client = Client.connect(EDGE || "http://127.0.0.1:9");

const first = (_view: MatchView, decision: Decision) => {
  const option = decision.options[0];
  assert.ok(option);
  return option;
};

function marks(view: MatchView | undefined): number {
  const game = view?.game?.game;
  assert.equal(game?.case, "tictactoe");
  return game.value.cells.filter((mark) => mark).length;
}

describe("replays", { skip }, () => {
  test("a finished match replays version by version as a seat saw it", async () => {
    const match = await client.createMatch("tictactoe");
    const x = await client.join(match.matchId, { name: "x" });
    const o = await client.join(match.matchId, { name: "o" });
    await assert.rejects(x.replay(), (e: unknown) => e instanceof CosmodromeError);
    const [final] = await Promise.all([play(x, first), play(o, first)]);
    const last = await x.replay();
    assert.equal(last.version, final.version);
    assert.equal(last.lastVersion, final.version);
    const moves = last.entries.filter((entry) => entry.move !== undefined).length;
    const start = last.lastVersion - BigInt(moves);
    for (let version = start; version <= last.lastVersion; version++) {
      const seen = await x.replay(version);
      assert.equal(seen.view?.match?.version, version);
      assert.equal(marks(seen.view), Number(version - start));
    }
  });
});
