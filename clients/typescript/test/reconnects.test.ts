// The reconnect policy the watches share (calls.ts `Reconnects`): waits told to the
// stream's reporter, attempts counted from 1 again after progress, and UNAVAILABLE, with
// the reconnects made, once one more than `maxRetries` comes. No server needed.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Code } from "@connectrpc/connect";
import { ConnectionReporter, type ConnectionStatus, Reconnects } from "../src/calls.js";
import { CosmodromeError } from "../src/errors.js";

test("a drop past maxRetries in a row throws UNAVAILABLE with the reconnects made", async () => {
  const said: ConnectionStatus[] = [];
  const reconnects = new Reconnects(new ConnectionReporter((s) => said.push(s)), 2,
    (n) => `watch of m lost after ${n} reconnects`);
  await reconnects.wait();
  reconnects.progressed();
  await reconnects.wait();
  await reconnects.wait();
  await assert.rejects(reconnects.wait(), (error: unknown) => {
    assert.ok(error instanceof CosmodromeError);
    assert.equal(error.code, Code.Unavailable);
    assert.match(error.message, /watch of m lost after 2 reconnects/);
    return true;
  });
  assert.deepEqual(said.map((s) => (s.state === "reconnecting" ? s.retryInMs : s.state)),
    [100, 100, 200]);
});
