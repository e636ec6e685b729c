// Ratings, leaderboards and the matchmaker through the real edge (gRPC-Web): two guests
// find each other, play tic-tac-toe to its end and see their ratings on the leaderboard;
// pages; a ticket cancelled; matches listed by open seats. COSMODROME_EDGE_URL as in
// client.test.ts; without it every test is skipped.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  Client,
  Code,
  CosmodromeError,
  type Decision,
  MatchStatus,
  type MatchView,
  NoMatchFound,
  play,
  type Rating,
  TicketStatus,
} from "../src/index.js";

const EDGE = process.env.COSMODROME_EDGE_URL ?? "";
const skip = EDGE ? false : "COSMODROME_EDGE_URL is not set (run through make test)";
const GAME = "tictactoe";

const anyOption = (_: MatchView, d: Decision) =>
  d.options[Math.floor(Math.random() * d.options.length)];

async function guest(): Promise<Client> {
  const client = Client.connect(EDGE);
  await client.createGuest();
  return client;
}

// The replica that commits the final move rates the match right after it: the update that
// shows it finished may come first.
async function rated(client: Client, matches: bigint): Promise<Rating> {
  for (;;) {
    const rating = await client.myRating(GAME);
    if (rating.matches >= matches) return rating;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("ladder and matchmaker", { skip }, () => {
  test("two guests meet through the matchmaker, play, and are rated", async () => {
    const [ada, bob] = [await guest(), await guest()];
    const before = await ada.myRating(GAME);
    assert.deepEqual([before.matches, before.rank], [0n, 0n]);
    const [x, o] = await Promise.all([
      ada.findMatch(GAME, { players: 2, name: "ada" }),
      bob.findMatch(GAME, { players: 2, name: "bob" }),
    ]);
    assert.equal(x.matchId, o.matchId);
    assert.deepEqual(new Set([x.seat, o.seat]), new Set([0, 1]));
    const [final] = await Promise.all([play(x, anyOption), play(o, anyOption)]);
    assert.equal(final.status, MatchStatus.FINISHED);
    const ratings = [await rated(ada, 1n), await rated(bob, 1n)];
    for (const r of ratings) assert.ok(r.rank > 0n && r.sigma < before.sigma);
    const around = await ada.leaderboardAroundMe(GAME, { pageSize: 200 });
    for (const [rating, name] of [
      [ratings[0], "ada"],
      [ratings[1], "bob"],
    ] as const) {
      const entry = around.find((e) => e.player === rating?.player);
      assert.deepEqual(
        [entry?.displayName, entry?.matches, entry?.rank],
        [name, 1n, rating?.rank],
      );
    }
    const top = await ada.leaderboard(GAME, { limit: 1000 });
    assert.deepEqual(
      top.map((e) => e.rank),
      top.map((_, i) => BigInt(i + 1)),
    );
  });

  test("the leaderboard's pages follow one another", async () => {
    const client = Client.connect(EDGE);
    const first = await client.leaderboardPage(GAME, { pageSize: 1 });
    assert.ok(first.total >= 2n, "the matchmaker test rated two players");
    const second = await client.leaderboardPage(GAME, {
      pageSize: 1,
      pageToken: first.nextPageToken,
    });
    assert.deepEqual([first.entries[0]?.rank, second.entries[0]?.rank], [1n, 2n]);
    const both = await client.leaderboard(GAME, { limit: 2, pageSize: 1 });
    assert.deepEqual(
      both.map((e) => e.player),
      [first.entries[0]?.player, second.entries[0]?.player],
    );
  });

  test("a ticket cancelled ends the wait without a match", async () => {
    const ada = await guest();
    // four players of high card: a queue of its own, where nobody else waits
    const ticket = await ada.createTicket("highcard", { players: 4, ttlSeconds: 60 });
    assert.equal(ticket.status, TicketStatus.WAITING);
    const waiting = assert.rejects(ada.waitForMatch(ticket), (e: NoMatchFound) => {
      assert.ok(e instanceof NoMatchFound);
      assert.equal(e.ticket?.status, TicketStatus.CANCELLED);
      return true;
    });
    const cancelled = await ada.cancelTicket(ticket.ticketId);
    assert.equal(cancelled.status, TicketStatus.CANCELLED);
    await waiting;
  });

  test("findMatch stopped by its signal withdraws the ticket", async () => {
    const ada = await guest();
    const stop = new AbortController();
    const finding = ada.findMatch("highcard", { players: 4, ttlSeconds: 60, signal: stop.signal });
    stop.abort();
    await assert.rejects(finding, NoMatchFound);
    // withdrawn: a new ticket in that queue is not refused as a second live one
    const again = await ada.createTicket("highcard", { players: 4, ttlSeconds: 60 });
    await ada.cancelTicket(again.ticketId);
  });

  test("the ladder's player calls need a player token", async () => {
    await assert.rejects(Client.connect(EDGE).myRating(GAME), (e: CosmodromeError) => {
      assert.equal(e.code, Code.Unauthenticated);
      return true;
    });
  });

  test("listMatches with openSeats lists only matches a newcomer may join", async () => {
    const client = Client.connect(EDGE);
    const open = await client.createMatch(GAME);
    await client.join(open.matchId);
    const full = await client.createMatch(GAME);
    await client.join(full.matchId);
    await client.join(full.matchId);
    const listed = new Set(
      (await client.listMatches({ game: GAME, openSeats: true })).map((m) => m.matchId),
    );
    assert.ok(listed.has(open.matchId));
    assert.ok(!listed.has(full.matchId));
  });
});
