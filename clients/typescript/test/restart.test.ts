// Play sessions across a replica restart: the replica is killed (SIGKILL) mid-match and
// started again on the same port; the seats' sessions reopen from their last version and
// resend their unanswered moves. COSMODROME_RESTARTABLE_ADDRESS names that replica's gRPC
// port and COSMODROME_REPLICA_CONTROL an HTTP endpoint that kills it (POST /kill) and
// starts it again (POST /start, answered once it serves): tests/web/test_typescript_client.py
// sets both. Without them the test is skipped, saying why.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  connectGrpc,
  type Decision,
  type GameMove,
  MatchStatus,
  type MatchView,
  play,
  type Session,
} from "../src/node.js";

const ADDRESS = process.env.COSMODROME_RESTARTABLE_ADDRESS ?? "";
const CONTROL = process.env.COSMODROME_REPLICA_CONTROL ?? "";
const skip =
  ADDRESS && CONTROL
    ? false
    : "COSMODROME_RESTARTABLE_ADDRESS/REPLICA_CONTROL unset (run through make test)";

async function replica(action: "kill" | "start"): Promise<void> {
  const reply = await fetch(`${CONTROL}/${action}`, { method: "POST" });
  assert.equal(reply.status, 200, `${action}: ${await reply.text()}`);
}

describe("a replica restart", { skip, timeout: 120_000 }, () => {
  const client = connectGrpc(ADDRESS || "127.0.0.1:9");
  after(() => client.close());

  test("a session resends its move made while the replica was down, and resumes its updates", async () => {
    const match = await client.createMatch("tictactoe", { seed: 3n });
    const x = await client.join(match.matchId);
    const o = await client.join(match.matchId);
    const sx: Session = x.session({ fromVersion: 3n });
    const so: Session = o.session({ fromVersion: 3n });
    try {
      const [decision] = x.decisions(await x.view());
      assert.equal(await sx.submit(decision.options[4], { expectedVersion: 3n }), 4n);
      const [owed] = o.decisions(await viewAt(so, 4n));
      await replica("kill");
      const answered = so.submit(owed.options[0], { expectedVersion: 4n });
      await replica("start");
      assert.equal(await answered, 5n, "sent while down, resent on the new stream, answered");
      const seen: bigint[] = [];
      for await (const update of sx.updates()) {
        seen.push(update.entry!.version);
        if (update.entry!.version === 5n) break;
      }
      assert.deepEqual(
        seen,
        [4n, 5n],
        "x's updates: nothing missed or repeated across the restart",
      );
      assert.ok(sx.streams >= 2 && so.streams >= 2, `${sx.streams}, ${so.streams} streams`);
      assert.equal((await client.getMatch(match.matchId)).version, 5n);
    } finally {
      sx.close();
      so.close();
    }
  });

  test("play() finishes a match whose replica is restarted in the middle", async () => {
    const match = await client.createMatch("mlem", { players: 3, seed: 2n });
    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await client.join(match.matchId, { name: `robot ${i}` }));
    let restarted: Promise<void> | undefined;
    let moves = 0;
    const choose = async (_: MatchView, decision: Decision): Promise<GameMove> => {
      if (++moves === 4) restarted = replica("kill").then(() => replica("start"));
      return decision.options[0];
    };
    const finals = await Promise.all(seats.map((s) => play(s, choose)));
    assert.ok(restarted, "the match was long enough for a restart");
    await restarted;
    assert.ok(
      finals.every((f) => f.status === MatchStatus.FINISHED && f.version === finals[0].version),
    );
    const log = await client.spectate(match.matchId).log();
    assert.deepEqual(
      log.map((e) => e.version),
      Array.from({ length: Number(finals[0].version) }, (_, i) => BigInt(i + 1)),
      "every move applied once",
    );
  });
});

/** The view of `version` as the session brings it (its viewer's newest view once there). */
async function viewAt(session: Session, version: bigint): Promise<MatchView> {
  for await (const update of session.updates()) {
    if (update.entry?.version === version && update.view) return update.view;
  }
  throw new Error(`the session ended before version ${version}`);
}
