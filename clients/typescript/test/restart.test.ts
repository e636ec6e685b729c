// Play sessions across a replica restart: the replica is killed (SIGKILL) mid-match and
// started again on the same port; the seats' sessions reopen from their last version and
// resend their unanswered moves. COSMODROME_RESTARTABLE_ADDRESS names that replica's gRPC
// port and COSMODROME_REPLICA_CONTROL an HTTP endpoint that kills it (POST /kill) and
// starts it again (POST /start, answered once it serves): tests/web/test_typescript_client.py
// sets both. Without them the test is skipped, saying why.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  type ConnectionStatus,
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

describe("a replica restart, told", { skip, timeout: 120_000 }, () => {
  const client = connectGrpc(ADDRESS || "127.0.0.1:9");
  after(() => client.close());

  for (const kind of ["watch", "session"] as const) {
    test(`a ${kind} tells its reconnects and that it is live again`, async () => {
      const match = await client.createMatch("tictactoe", { seed: 3n });
      const x = await client.join(match.matchId);
      const o = await client.join(match.matchId);
      const told = new Told();
      const stop = new AbortController();
      const options = { fromVersion: 2n, signal: stop.signal, onConnection: told.listener };
      const updates =
        kind === "watch" ? o.watch(options) : o.session(options).updates()[Symbol.asyncIterator]();
      try {
        assert.equal((await updates.next()).value?.entry?.version, 3n);
        const fourth = updates.next(); // a watch follows while it is read
        await replica("kill");
        await told.until((s) => s.state === "reconnecting" && s.attempt >= 2);
        await replica("start");
        // a quiet Play stream answers nothing before an update or a heartbeat: a move brings one
        const [decision] = x.decisions(await x.view());
        await x.submit(decision.options[4], { expectedVersion: 3n });
        assert.equal((await fourth).value?.entry?.version, 4n, "updates flow again");
        await told.until((s, i) => s.state === "live" && i > 1);
        const states = told.seen.map((s) => (s.state === "live" ? "live" : `try ${s.attempt}`));
        assert.equal(states[0], "live");
        assert.equal(states.at(-1), "live");
        const tries = states.slice(1, -1);
        assert.deepEqual(tries, tries.map((_, i) => `try ${i + 1}`), `told: ${states}`);
        const first = told.seen[1] as Extract<ConnectionStatus, { state: "reconnecting" }>;
        assert.ok(first.retryInMs > 0, "the wait before the next try");
      } finally {
        stop.abort();
      }
    });
  }
});

/** The statuses a watch or session told, in order; `until` waits for one. */
class Told {
  readonly seen: ConnectionStatus[] = [];
  private waiting: (() => void)[] = [];
  readonly listener = (status: ConnectionStatus) => {
    this.seen.push(status);
    for (const wake of this.waiting.splice(0)) wake();
  };

  async until(found: (status: ConnectionStatus, index: number) => boolean): Promise<void> {
    while (!this.seen.some(found)) await new Promise<void>((wake) => this.waiting.push(wake));
  }
}

/** The view of `version` as the session brings it (its viewer's newest view once there). */
async function viewAt(session: Session, version: bigint): Promise<MatchView> {
  for await (const update of session.updates()) {
    if (update.entry?.version === version && update.view) return update.view;
  }
  throw new Error(`the session ended before version ${version}`);
}
