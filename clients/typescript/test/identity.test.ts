// Identity through the real edge (gRPC-Web): a guest, his seat back from a second client
// (another tab or device), his matches and whose turn it is. COSMODROME_EDGE_URL as in
// client.test.ts; without it every test is skipped.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Client, Code, CosmodromeError, gameMove } from "../src/index.js";

const EDGE = process.env.COSMODROME_EDGE_URL ?? "";
const skip = EDGE ? false : "COSMODROME_EDGE_URL is not set (run through make test)";

describe("players", { skip }, () => {
  test("a guest comes back to his seat from another client", async () => {
    const tab = Client.connect(EDGE);
    const guest = await tab.createGuest("https://games.example.test/play");
    assert.equal(tab.playerToken, guest.guestToken);
    assert.ok(guest.resumeUrl.endsWith(`#guest=${guest.guestToken}`));
    const match = await tab.createMatch("tictactoe");
    const first = await tab.join(match.matchId, { name: "ada" });
    const device = Client.connect(EDGE, { playerToken: guest.guestToken });
    const back = await device.join(match.matchId);
    assert.equal(back.seat, first.seat);
    assert.notEqual(back.token, first.token);
    assert.equal((await back.view()).viewerSeat, first.seat);
    const mine = await device.listMyMatches();
    assert.equal(mine[0]?.match?.matchId, match.matchId);
    assert.equal(mine[0]?.myTurn, false);
  });

  test("listMyMatches says when it is the player's turn", async () => {
    const ada = Client.connect(EDGE);
    const bob = Client.connect(EDGE);
    await ada.createGuest();
    await bob.createGuest();
    const match = await ada.createMatch("tictactoe");
    const x = await ada.join(match.matchId, { seat: 0 });
    await bob.join(match.matchId, { seat: 1 });
    const adas = (await ada.listMyMatches()).find((m) => m.match?.matchId === match.matchId);
    assert.deepEqual([adas?.myTurn, adas?.toAct], [true, [0]]);
    await x.view();
    await x.submit(gameMove("tictactoe", { cell: 4 }));
    const bobs = (await bob.listMyMatches()).find((m) => m.match?.matchId === match.matchId);
    assert.deepEqual([bobs?.seat, bobs?.myTurn], [1, true]);
  });

  test("listMyMatches needs a player token", async () => {
    await assert.rejects(Client.connect(EDGE).listMyMatches(), (e: CosmodromeError) => {
      assert.equal(e.code, Code.Unauthenticated);
      return true;
    });
  });

  test("a forged player token is refused by the edge", async () => {
    const client = Client.connect(EDGE, { playerToken: "eyJhbGciOiJub25lIn0.e30." });
    await assert.rejects(client.listMyMatches(), (e: CosmodromeError) => {
      assert.equal(e.code, Code.Unauthenticated);
      return true;
    });
  });
});
