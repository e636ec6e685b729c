// The TypeScript client's Play session on the server's Play socket (a WebSocket, as a
// browser opens it: the credential as a subprotocol) against a real server: its socket at
// COSMODROME_PLAY_SOCKET_URL, else the replica's default one, its gRPC port + 1. Skipped, saying why, without
// COSMODROME_GRPC_ADDRESS. A Node without a global WebSocket (20) runs this file again
// under --experimental-websocket, as one test.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  type Client,
  Code,
  type CosmodromeError,
  connectGrpc,
  gameMove,
  type MatchUpdate,
  MatchStatus,
  StaleVersionError,
} from "../src/node.js";

const ADDRESS = process.env.COSMODROME_GRPC_ADDRESS ?? "";
const skip = ADDRESS ? false : "COSMODROME_GRPC_ADDRESS is not set (run through make test)";
const [host, port] = ADDRESS.split(":");
// the server's Play socket: as the suite names it, else the default (the gRPC port + 1)
const socketUrl =
  process.env.COSMODROME_PLAY_SOCKET_URL ?? `ws://${host}:${Number(port) + 1}/v1/play`;
const clients: Client[] = [];
after(() => clients.forEach((c) => c.close()));

function client(): Client {
  const made = connectGrpc(ADDRESS || "127.0.0.1:9");
  clients.push(made);
  return made;
}

const cell = (n: number) => gameMove("tictactoe", { cell: n });
const versionOf = (update: MatchUpdate) => update.entry?.version ?? 0n;

if (globalThis.WebSocket === undefined) {
  describe("Play session on the Play socket (Node 20)", { skip, timeout: 120_000 }, () => {
    test("this file's tests pass under --experimental-websocket", () => {
      const { NODE_TEST_CONTEXT: _, ...env } = process.env; // a run of its own, not a child's
      const run = spawnSync(
        process.execPath,
        ["--experimental-websocket", "--test", "--test-reporter=tap", fileURLToPath(import.meta.url)],
        { env, encoding: "utf8", timeout: 110_000 },
      );
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /# pass [1-9]/);
    });
  });
} else describe("Play session on the Play socket", { skip, timeout: 60_000 }, () => {
  test("two seats play a match to its end, every update in order", async () => {
    const lobby = client();
    const match = await lobby.createMatch("tictactoe", { seed: 7n });
    const x = await lobby.join(match.matchId, { name: "x" });
    const o = await lobby.join(match.matchId, { name: "o" });
    const sx = x.session({ socketUrl });
    const so = o.session({ socketUrl });
    try {
      const seen: bigint[] = [];
      const reading = (async () => {
        for await (const update of so.updates()) seen.push(versionOf(update));
      })();
      for (const [session, c, version] of [
        [sx, 0, 3n],
        [so, 3, 4n],
        [sx, 1, 5n],
        [so, 4, 6n],
        [sx, 2, 7n],
      ] as const) {
        assert.equal(await session.submit(cell(c), { expectedVersion: version }), version + 1n);
      }
      await reading;
      assert.deepEqual(seen, [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
      assert.equal(o.lastView?.match?.status, MatchStatus.FINISHED);
      assert.equal(so.streams, 1);
    } finally {
      sx.close();
      so.close();
    }
  });

  test("a stale move rejects as on gRPC; an unknown match is refused, not retried", async () => {
    const lobby = client();
    const match = await lobby.createMatch("tictactoe", { seed: 7n });
    const x = await lobby.join(match.matchId, { name: "x" });
    await lobby.join(match.matchId, { name: "o" });
    const sx = x.session({ socketUrl, fromVersion: 3n });
    try {
      await assert.rejects(sx.submit(cell(4), { expectedVersion: 2n }), StaleVersionError);
      assert.equal(await sx.submit(cell(4), { expectedVersion: 3n }), 4n);
    } finally {
      sx.close();
    }
    const stranger = lobby.spectate("no-such-match-0000").session({ socketUrl });
    await assert.rejects(
      (async () => {
        for await (const _ of stranger.updates());
      })(),
      (e: CosmodromeError) => [Code.NotFound, Code.InvalidArgument].includes(e.code),
    );
  });
});
