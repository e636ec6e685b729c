// The TypeScript client under Node over gRPC (connectGrpc, HTTP/2) against a real server:
// Play sessions, play() over them, and a session that resumes when its connection is cut.
// COSMODROME_GRPC_ADDRESS names the server's gRPC port (tests/web/test_typescript_client.py
// starts it and sets it); without it every test is skipped, saying why.

import assert from "node:assert/strict";
import net from "node:net";
import { after, describe, test } from "node:test";
import type { Interceptor } from "@connectrpc/connect";
import {
  type Client,
  Code,
  connectGrpc,
  type CosmodromeError,
  gameMove,
  IllegalMoveError,
  type MatchUpdate,
  MatchStatus,
  type MatchView,
  play,
  type Player,
  SPECTATOR,
  StaleVersionError,
  tictactoe,
} from "../src/node.js";

const ADDRESS = process.env.COSMODROME_GRPC_ADDRESS ?? "";
const skip = ADDRESS ? false : "COSMODROME_GRPC_ADDRESS is not set (run through make test)";
const clients: Client[] = [];
after(() => clients.forEach((c) => c.close())); // their connections, so that Node may exit
const client = grpcClient(ADDRESS || "127.0.0.1:9");

/** A gRPC client that records the methods it calls ("Play", "SubmitMove", ...). */
function grpcClient(address: string, calls: string[] = []): Client {
  const record: Interceptor = (next) => (request) => {
    calls.push(request.method.name);
    return next(request);
  };
  const made = connectGrpc(address, { transport: { interceptors: [record] } });
  clients.push(made);
  return made;
}

async function ticTacToe(via: Client = client): Promise<[Player, Player]> {
  const match = await client.createMatch("tictactoe", { seed: 7n });
  const x = await via.join(match.matchId, { name: "x" });
  const o = await via.join(match.matchId, { name: "o" });
  await x.view();
  await o.view();
  return [x, o];
}

const cell = (n: number) => gameMove("tictactoe", { cell: n });
const versionOf = (update: MatchUpdate) => update.entry?.version ?? 0n;

function cells(view: MatchView): tictactoe.Mark[] {
  assert.equal(view.game?.game.case, "tictactoe");
  return (view.game.game.value as tictactoe.View).cells;
}

/** Reads `updates` up to the one of `version`; their versions, in the order received. */
async function readUpTo(
  updates: AsyncIterator<MatchUpdate>,
  version: bigint,
  seen: bigint[] = [],
): Promise<bigint[]> {
  while (seen.at(-1) !== version) {
    const next = await updates.next();
    assert.ok(!next.done, `the updates ended at ${seen.at(-1)} before version ${version}`);
    seen.push(versionOf(next.value));
  }
  return seen;
}

const upTo = (n: bigint) => Array.from({ length: Number(n) }, (_, i) => BigInt(i + 1));

describe("Play session", { skip, timeout: 120_000 }, () => {
  test("a seat's session brings every update in order and answers each move with its version", async () => {
    const [x, o] = await ticTacToe();
    const sx = x.session();
    const so = o.session({ fromVersion: 3n });
    const seenX = sx.updates()[Symbol.asyncIterator]();
    const seenO = so.updates()[Symbol.asyncIterator]();
    try {
      assert.deepEqual(await readUpTo(seenX, 3n), [1n, 2n, 3n]);
      assert.equal(await sx.submit(cell(4), { expectedVersion: 3n }), 4n);
      assert.deepEqual(await readUpTo(seenO, 4n), [4n]);
      assert.equal(cells(o.lastView!)[4], tictactoe.Mark.X, "o's view came with the update");
      assert.equal(await so.submit(cell(0)), 5n, "expected version: the newest view seen");
      for (const [session, c, version] of [
        [sx, 1, 5n],
        [so, 3, 6n],
        [sx, 7, 7n],
      ] as const) {
        assert.equal(await session.submit(cell(c), { expectedVersion: version }), version + 1n);
      }
      const rest: bigint[] = [];
      for (;;) {
        const next = await seenO.next();
        if (next.done) break;
        rest.push(versionOf(next.value));
      }
      assert.deepEqual(rest, [5n, 6n, 7n, 8n], "o's updates end with the match");
      assert.equal(o.lastView?.match?.status, MatchStatus.FINISHED);
      assert.deepEqual(o.lastView?.match?.result?.winners, [0]);
      await so.ended;
      assert.equal(so.streams, 1);
      await assert.rejects(so.submit(cell(2)), (e: IllegalMoveError) => {
        assert.ok(e instanceof IllegalMoveError && e.rule === "match_finished", String(e));
        return true;
      });
    } finally {
      sx.close();
      so.close();
    }
  });

  test("a refused move is answered on the stream with the unary error classes, and the session goes on", async () => {
    const [x, o] = await ticTacToe();
    const sx = x.session({ fromVersion: 3n });
    try {
      await assert.rejects(sx.submit(cell(4), { expectedVersion: 2n }), (e: StaleVersionError) => {
        assert.ok(e instanceof StaleVersionError, String(e));
        assert.equal(e.reason, "STALE_VERSION");
        assert.equal(e.currentVersion, 3n);
        return true;
      });
      assert.equal(await sx.submit(cell(4), { expectedVersion: 3n }), 4n);
      await o.submit(cell(0));
      await assert.rejects(sx.submit(cell(0), { expectedVersion: 5n }), (e: IllegalMoveError) => {
        assert.ok(e instanceof IllegalMoveError, String(e));
        assert.equal(e.rule, "cell_empty");
        return true;
      });
      assert.equal(await sx.submit(cell(8), { expectedVersion: 5n }), 6n);
      assert.equal(sx.streams, 1, "the refusals kept the stream open");
      assert.equal((await client.getMatch(x.matchId)).version, 6n);
    } finally {
      sx.close();
    }
  });

  test("a spectator's session follows the match, and a move on it is refused UNAUTHENTICATED", async () => {
    const [x] = await ticTacToe();
    const spectator = client.spectate(x.matchId);
    const session = spectator.session();
    const seen = session.updates()[Symbol.asyncIterator]();
    try {
      await readUpTo(seen, 3n);
      assert.equal(spectator.lastView?.viewerSeat, SPECTATOR);
      await assert.rejects(
        session.submit(cell(4), { expectedVersion: 3n }),
        (e: CosmodromeError) => {
          assert.equal(e.code, Code.Unauthenticated, String(e));
          return true;
        },
      );
      await x.submit(cell(4));
      assert.deepEqual(await readUpTo(seen, 4n), [4n], "still following after the refusal");
      assert.equal((await client.getMatch(x.matchId)).version, 4n);
    } finally {
      session.close();
    }
  });

  test("with chat, a session brings the chat lines among the updates, each once", async () => {
    const [x, o] = await ticTacToe();
    await o.sendChat("à toi, x");
    const session = client.spectate(x.matchId).session({ fromVersion: 3n, chat: true });
    const seen = session.updates()[Symbol.asyncIterator]();
    try {
      const line = (await seen.next()).value as MatchUpdate;
      assert.equal(line.chat?.text, "à toi, x");
      assert.equal(line.entry, undefined);
      await x.submit(cell(4));
      await o.sendChat("bien joué");
      const next = [(await seen.next()).value, (await seen.next()).value] as MatchUpdate[];
      const said = next.map((u) => (u.chat ? u.chat.text : versionOf(u)));
      assert.deepEqual(new Set(said), new Set([4n, "bien joué"]), "the move and the line");
      assert.equal(session.said, 2n);
    } finally {
      session.close();
    }
  });

  test("a session on an unknown match fails its updates with NOT_FOUND", async () => {
    const session = client.spectate("nosuchmatch0").session();
    await assert.rejects(
      (async () => {
        for await (const _ of session.updates());
      })(),
      (e: CosmodromeError) => e.code === Code.NotFound,
    );
  });

  test("close() ends the updates quietly and rejects an unanswered move", async () => {
    const [x] = await ticTacToe();
    const session = x.session({ fromVersion: 3n });
    session.close();
    for await (const _ of session.updates()) assert.fail("no update after close");
    await assert.rejects(session.submit(cell(4)), (e: CosmodromeError) => e.code === Code.Canceled);
  });
});

describe("play() under Node", { skip, timeout: 120_000 }, () => {
  test("play() moves over one Play session per seat: no SubmitMove, no WatchMatch", async () => {
    const calls: string[] = [];
    const [x, o] = await ticTacToe(grpcClient(ADDRESS, calls));
    const random = (_: MatchView, d: { options: unknown[] }) =>
      d.options[Math.floor(Math.random() * d.options.length)] as ReturnType<typeof cell>;
    const [finalX, finalO] = await Promise.all([play(x, random), play(o, random)]);
    assert.equal(finalX.status, MatchStatus.FINISHED);
    assert.equal(finalO.version, finalX.version);
    assert.equal((await client.getMatch(x.matchId)).result?.summary, finalX.result?.summary);
    assert.equal(calls.filter((c) => c === "Play").length, 2, calls.join());
    assert.ok(!calls.includes("SubmitMove") && !calls.includes("WatchMatch"), calls.join());
  });

  test("play({ stream: false }) keeps the unary path: SubmitMove beside WatchMatch", async () => {
    const calls: string[] = [];
    const [x, o] = await ticTacToe(grpcClient(ADDRESS, calls));
    const first = (_: MatchView, d: { options: unknown[] }) =>
      d.options[0] as ReturnType<typeof cell>;
    const [finalX] = await Promise.all([
      play(x, first, { stream: false }),
      play(o, first, { stream: false }),
    ]);
    assert.equal(finalX.status, MatchStatus.FINISHED);
    assert.ok(calls.includes("SubmitMove") && calls.includes("WatchMatch"), calls.join());
    assert.ok(!calls.includes("Play"), calls.join());
  });
});

/**
 * A loopback TCP forwarder to the server whose live connections can be cut at will, and
 * whose answers can be held back: real bytes, real server, a real network drop.
 */
class Proxy {
  private readonly server = net.createServer((socket) => this.forward(socket));
  private readonly sockets = new Set<net.Socket>();
  private readonly held: (() => void)[] = [];
  private readonly silenced = new Set<net.Socket>();
  holding = false;
  cuts = 0;
  accepted = 0;

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  private forward(downstream: net.Socket): void {
    if (!this.server.listening) return void downstream.destroy(); // accepted as it closed
    this.accepted += 1;
    const [host, port] = [
      this.target.slice(0, this.target.lastIndexOf(":")),
      this.target.slice(this.target.lastIndexOf(":") + 1),
    ];
    const upstream = net.connect(Number(port), host);
    for (const socket of [downstream, upstream]) {
      socket.unref(); // the test's own connections never keep Node running
      this.sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.sockets.delete(socket);
        downstream.destroy();
        upstream.destroy();
      });
    }
    const silent = () => this.silenced.has(downstream);
    downstream.on("data", (data) => silent() || upstream.write(data));
    upstream.on("data", (data) => {
      if (silent()) return;
      if (this.holding) this.held.push(() => downstream.write(data));
      else downstream.write(data);
    });
  }

  /** The live connections go silent both ways, open but dead (new ones work). */
  stall(): void {
    for (const socket of this.sockets) this.silenced.add(socket);
  }

  /** The server's bytes are kept from the client until the next cut (which drops them). */
  hold(): void {
    this.holding = true;
  }

  /** Drops every live connection (the listener stays up for reconnects). */
  cut(): void {
    this.cuts += 1;
    this.holding = false;
    this.held.length = 0;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  close(): void {
    this.cut();
    this.server.close();
  }
}

describe("a session through a connection that is cut", { skip, timeout: 120_000 }, () => {
  const proxies: Proxy[] = [];
  after(() => proxies.forEach((p) => p.close()));

  async function proxied(): Promise<[Proxy, Client]> {
    const proxy = new Proxy(ADDRESS);
    proxies.push(proxy);
    return [proxy, grpcClient(await proxy.start())];
  }

  test("a move whose answer was lost in the cut is resent with its key: applied once, answered", async () => {
    const [proxy, through] = await proxied();
    const [x, o] = await ticTacToe(through);
    const sx = x.session({ fromVersion: 3n });
    const seen = sx.updates()[Symbol.asyncIterator]();
    try {
      assert.equal(await sx.submit(cell(4), { expectedVersion: 3n }), 4n);
      assert.deepEqual(await readUpTo(seen, 4n), [4n]);
      await client.player(o.matchId, o.seat, o.token).submit(cell(0));
      assert.deepEqual(await readUpTo(seen, 5n), [5n]);
      proxy.hold(); // the server applies the next move, its answer stays in the proxy
      const answered = sx.submit(cell(8), { expectedVersion: 5n });
      while ((await client.getMatch(x.matchId)).version < 6n); // applied on the server
      proxy.cut();
      assert.equal(await answered, 6n, "the resend got the first result, not STALE_VERSION");
      assert.deepEqual(await readUpTo(seen, 6n), [6n], "nothing missed, nothing repeated");
      assert.ok(sx.streams >= 2, `${sx.streams} streams`);
      assert.equal((await client.getMatch(x.matchId)).version, 6n, "applied once");
      assert.equal(cells(await client.spectate(x.matchId).view())[8], tictactoe.Mark.X);
    } finally {
      sx.close();
    }
  });

  test("a connection gone silent is found by an unanswered PING; the session resumes on a new one", async () => {
    const proxy = new Proxy(ADDRESS);
    proxies.push(proxy);
    const pings = { pingIntervalMs: 100, pingTimeoutMs: 100 }; // short, so the test is quick
    const through = connectGrpc(await proxy.start(), { transport: pings });
    clients.push(through);
    const [x, o] = await ticTacToe(through);
    const sx = x.session({ fromVersion: 3n });
    const seen = sx.updates()[Symbol.asyncIterator]();
    try {
      assert.equal(await sx.submit(cell(4), { expectedVersion: 3n }), 4n);
      proxy.stall(); // no RST, no FIN: only a PING can tell
      await client.player(o.matchId, o.seat, o.token).submit(cell(0));
      assert.deepEqual(await readUpTo(seen, 5n), [4n, 5n]);
      assert.equal(await sx.submit(cell(8), { expectedVersion: 5n }), 6n);
      assert.ok(sx.streams >= 2 && proxy.accepted >= 2, `${sx.streams} streams, ${proxy.accepted}`);
    } finally {
      sx.close();
    }
  });

  test("play() finishes a match while every connection is cut after each move", async () => {
    const [proxy, through] = await proxied();
    const match = await client.createMatch("mlem", { players: 3, seed: 5n });
    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await through.join(match.matchId, { name: `robot ${i}` }));
    const seated = (await client.getMatch(match.matchId)).version;
    const watching = (async () => {
      let cuts = 0;
      for await (const update of client.spectate(match.matchId).watch({ fromVersion: seated })) {
        if (cuts++ < 20) proxy.cut(); // a drop after each move
      }
    })();
    const random = (_: MatchView, d: { options: unknown[] }) =>
      d.options[Math.floor(Math.random() * d.options.length)] as ReturnType<typeof cell>;
    const finals = await Promise.all(seats.map((s) => play(s, random)));
    await watching;
    assert.ok(
      finals.every((f) => f.status === MatchStatus.FINISHED && f.version === finals[0].version),
    );
    const log = await client.spectate(match.matchId).log();
    assert.deepEqual(
      log.map((e) => e.version),
      upTo(finals[0].version),
      "every version once",
    );
    assert.ok(
      proxy.cuts >= 3 && proxy.accepted > 1,
      `${proxy.cuts} cuts, ${proxy.accepted} connections`,
    );
  });
});
