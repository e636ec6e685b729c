// A thin typed client over gRPC-Web: create, join, view, submit, watch.
//
//   const client = Client.connect("http://127.0.0.1:8080");
//   const match = await client.createMatch("tictactoe");
//   const x = await client.join(match.matchId, { name: "x" });
//   const view = await x.view();
//   await x.submit(gameMove("tictactoe", { cell: 4 }));
//
// A `Player` acts for one seat with its secret token (and may `sendChat`); a `Viewer` only
// sees, follows and reads the match chat.
// A person is a bearer JWT (`playerToken`: the host's login, or `createGuest()`): joins then
// act for him, so joining a match where he holds a seat gives it back (a fresh seat token)
// from any tab or device, and `listMyMatches()` lists his matches and whose turn it is.
// Messages are the generated protobuf-es types; game messages travel in the typed oneofs
// of games.proto (`GameMove`, `GameView`, ...).

import { create, equals, type MessageInitShape } from "@bufbuild/protobuf";
import {
  type CallOptions,
  type Client as Stub,
  createClient,
  type Transport,
} from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import {
  authorization,
  backoffMs,
  ConnectionReporter,
  Reconnects,
  type ConnectionStatus,
  newIdempotencyKey,
  RESUMABLE,
  sleep,
  TRANSIENT,
} from "./calls.js";
import {
  Code,
  CosmodromeError,
  MoveNoLongerLegal,
  NoMatchFound,
  StaleVersionError,
} from "./errors.js";
import { CatalogService, type GameInfo } from "./gen/cosmodrome/v1/catalog_pb.js";
import {
  ClockSchema,
  type GameContent,
  type GameMove,
  GameMoveSchema,
  GameOptionsSchema,
} from "./gen/cosmodrome/v1/games_pb.js";
import {
  type GetLeaderboardResponse,
  LadderService,
  type LeaderboardEntry,
  MatchmakerService,
  type Rating,
  type Ticket,
  TicketStatus,
} from "./gen/cosmodrome/v1/ladder_pb.js";
import { LobbyService } from "./gen/cosmodrome/v1/lobby_pb.js";
import { type Replay, ReplayService } from "./gen/cosmodrome/v1/replay_pb.js";
import {
  type BotKind,
  type Decision,
  type LogEntry,
  type Match,
  MatchStatus,
  type MatchView,
} from "./gen/cosmodrome/v1/match_pb.js";
import {
  type ChatLine,
  type MatchUpdate,
  PlayService,
  type SendChatResponse,
  type SubmitMoveResponse,
  type WatchTicket,
} from "./gen/cosmodrome/v1/play_pb.js";
import {
  type CreateGuestResponse,
  type MyMatch,
  PlayerService,
} from "./gen/cosmodrome/v1/player_pb.js";
import { Session, type SessionOptions } from "./session.js";

export { newIdempotencyKey };

// A read that failed with one of these never reached a replica that answered: ask again.
const RETRY_READ = new Set([Code.Unavailable, Code.Canceled]);
const READ_ATTEMPTS = 8;

/** The seat index of a spectator's view. */
export const SPECTATOR = -1;

export interface ClientOptions {
  /** Bound on each unary call, in ms (default 30 s). */
  timeoutMs?: number;
  /** Extra fetch options, e.g. `credentials`. */
  fetch?: typeof globalThis.fetch;
  /**
   * The transport carries bidirectional streams (Node's gRPC over HTTP/2, not gRPC-Web):
   * `play()` then moves over a Play session. `connectGrpc` sets it.
   */
  bidiStreams?: boolean;
  /** What `close()` must release (the Node transport's HTTP/2 connection). */
  onClose?: () => void;
  /** The player's bearer JWT (the host's login, or a guest token): sent with joins. */
  playerToken?: string;
}

export interface CreateMatchOptions {
  /** The game's options in its typed oneof, e.g. `{ game: { case: "mlem", value: {...} } }`. */
  options?: MessageInitShape<typeof GameOptionsSchema>;
  /** 0: the game's minimum. */
  players?: number;
  /** Fixes the PRNG (replays, tests); unset: a secure random seed. */
  seed?: bigint;
  /** Seats the server plays itself from the start (kind unset: the game's own bot). */
  bots?: { seat: number; kind?: BotKind }[];
  /** Joined only with the join secret of the reply (`match.secrets.joinSecret`), never listed. */
  private?: boolean;
  /**
   * The match's clock and what a timeout does (docs/api.md, Clocks and abandonment), e.g.
   * `{ kind: ClockKind.FISCHER, bankMs: 300_000n, incrementMs: 5_000n,
   * onTimeout: TimeoutPolicy.ZOMBIE }`. Each seat's time: `timeLeftMs(match)`.
   */
  clock?: MessageInitShape<typeof ClockSchema>;
}

export interface TicketOptions {
  /** 0: the game's minimum. */
  players?: number;
  /** The game's options in its typed oneof; its ruleset names the ladder. */
  options?: MessageInitShape<typeof GameOptionsSchema>;
  /** Shown to the other seats and on the leaderboard. */
  name?: string;
  /** The ticket expires after this (0: the server's default). */
  ttlSeconds?: number;
}

/** A ticket in one of these will not change again. */
export const TICKET_ENDED: ReadonlySet<TicketStatus> = new Set([
  TicketStatus.MATCHED,
  TicketStatus.CANCELLED,
  TicketStatus.EXPIRED,
]);

export interface WatchOptions {
  /** Updates strictly after this version (default 0: from the start). */
  fromVersion?: bigint;
  /** End after the update whose view shows the match finished (default true). */
  untilFinished?: boolean;
  /** Stop following: the iteration ends quietly. */
  signal?: AbortSignal;
  /** Consecutive reconnects without progress before giving up (default: keep trying). */
  maxRetries?: number;
  /** Also the match chat: updates with `chat` set and no entry (default false). */
  chat?: boolean;
  /** With `chat`: the lines kept after this sequence first (default 0: all), then live ones. */
  chatFromSequence?: bigint;
  /**
   * Told when the stream drops and is being reopened (`reconnecting`: attempt n, next try in
   * x ms) and when it is answered again (`live`), e.g. to say "Connection lost,
   * reconnecting…" meanwhile. The iteration itself goes on as before.
   */
  onConnection?: (status: ConnectionStatus) => void;
}

/** A connection to a Cosmodrome server: gRPC-Web through its HTTP edge, or gRPC (Node). */
export class Client {
  readonly catalog: Stub<typeof CatalogService>;
  readonly lobby: Stub<typeof LobbyService>;
  readonly play: Stub<typeof PlayService>;
  readonly players: Stub<typeof PlayerService>;
  readonly ladder: Stub<typeof LadderService>;
  readonly matchmaker: Stub<typeof MatchmakerService>;
  readonly replays: Stub<typeof ReplayService>;
  /** The player's bearer JWT, sent with joins and listMyMatches; unset: anonymous play. */
  playerToken: string | undefined;
  readonly timeoutMs: number;
  readonly bidiStreams: boolean;
  private readonly onClose: (() => void) | undefined;
  private isClosed = false;
  private readonly contents = new Map<string, Promise<GameContent>>();

  constructor(
    readonly transport: Transport,
    options: ClientOptions = {},
  ) {
    this.catalog = createClient(CatalogService, transport);
    this.lobby = createClient(LobbyService, transport);
    this.play = createClient(PlayService, transport);
    this.players = createClient(PlayerService, transport);
    this.ladder = createClient(LadderService, transport);
    this.matchmaker = createClient(MatchmakerService, transport);
    this.replays = createClient(ReplayService, transport);
    this.playerToken = options.playerToken;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.bidiStreams = options.bidiStreams ?? false;
    this.onClose = options.onClose;
  }

  /** Closed: its streams end and sessions and watches stop reconnecting. */
  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Ends every call and drops the connection (under Node, so the program may exit);
   * sessions and watches end instead of reconnecting.
   */
  close(): void {
    this.isClosed = true;
    this.onClose?.();
  }

  /**
   * A client over gRPC-Web to the edge at `baseUrl` (e.g. "http://127.0.0.1:8080"): in a
   * browser, or anywhere `fetch` is. Under Node, `connectGrpc` of `@cosmodrome/client/node`
   * reaches the gRPC port straight, with Play sessions.
   */
  static connect(baseUrl: string, options: ClientOptions = {}): Client {
    const transport = createGrpcWebTransport({
      baseUrl,
      useBinaryFormat: true,
      fetch: options.fetch,
    });
    return new Client(transport, options);
  }

  /** Runs one unary call with the client's timeout and the token, errors made readable. */
  async call<T>(run: (options: CallOptions) => Promise<T>, token?: string): Promise<T> {
    try {
      return await run({ timeoutMs: this.timeoutMs, headers: authorization(token) });
    } catch (error) {
      throw CosmodromeError.from(error);
    }
  }

  /**
   * Runs a call that changes nothing, asked again while no replica answers (UNAVAILABLE,
   * or CANCELLED by a proxy whose replica went away), up to 8 attempts.
   */
  async read<T>(run: (options: CallOptions) => Promise<T>, token?: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.call(run, token);
      } catch (error) {
        const e = error as CosmodromeError;
        if (!RETRY_READ.has(e.code) || attempt >= READ_ATTEMPTS) throw e;
        await sleep(backoffMs(attempt));
      }
    }
  }

  /** Every game the server hosts, with player counts and options schema. */
  async listGames(): Promise<GameInfo[]> {
    return (await this.read((o) => this.catalog.listGames({}, o))).games;
  }

  /** The game's static content (cards, powers, tracks...) in its typed oneof; fetched once. */
  async gameContent(game: string): Promise<GameContent> {
    let content = this.contents.get(game);
    if (!content) {
      content = this.read((o) => this.catalog.getGameContent({ game }, o));
      this.contents.set(game, content);
      content.catch(() => this.contents.delete(game)); // a failure is not kept
    }
    return content;
  }

  /**
   * A new match. The reply's `secrets` (creator token, and join secret when `private`) come
   * in this reply only: keep them to start, kick or close the match (`creator(match)`) and
   * to invite players. Never resent: a lost reply is the caller's to judge.
   */
  async createMatch(game: string, init: CreateMatchOptions = {}): Promise<Match> {
    const { players = 0, seed, bots = [], clock } = init;
    let options = init.options;
    if (clock) {
      options = create(GameOptionsSchema, init.options);
      options.clock = create(ClockSchema, clock);
    }
    return this.call((o) =>
      this.lobby.createMatch(
        { game, options, players, seed, bots, private: init.private ?? false },
        o,
      ),
    );
  }

  async getMatch(matchId: string): Promise<Match> {
    return this.read((o) => this.lobby.getMatch({ matchId }, o));
  }

  /**
   * Matches, newest first, following page tokens until the end (or `limit` matches).
   * `openSeats`: only those with a seat anyone may take (waiting, or in play with a seat
   * vacated).
   */
  async listMatches(
    filter: { game?: string; status?: MatchStatus; limit?: number; openSeats?: boolean } = {},
  ): Promise<Match[]> {
    const matches: Match[] = [];
    let pageToken = "";
    const { status, openSeats = false } = filter;
    for (;;) {
      const page = await this.read((o) =>
        this.lobby.listMatches({ game: filter.game ?? "", status, openSeats, pageToken }, o),
      );
      matches.push(...page.matches);
      pageToken = page.nextPageToken;
      if (!pageToken || (filter.limit !== undefined && matches.length >= filter.limit)) {
        return filter.limit === undefined ? matches : matches.slice(0, filter.limit);
      }
    }
  }

  /**
   * Takes a seat (default: the first open one). The Player holds the secret token. A
   * private match needs its `joinSecret`. A join whose reply is lost is resent with the same
   * request id: the same seat and token, never a second seat.
   */
  async join(
    matchId: string,
    init: { seat?: number; name?: string; joinSecret?: string; retries?: number } = {},
  ): Promise<Player> {
    const request = {
      matchId,
      seat: init.seat,
      displayName: init.name ?? "",
      joinSecret: init.joinSecret ?? "",
      requestId: newIdempotencyKey(),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await this.call((o) => this.lobby.joinMatch(request, o), this.playerToken);
        return new Player(this, matchId, reply.seat, reply.seatToken, reply.match);
      } catch (error) {
        const e = error as CosmodromeError;
        if (!TRANSIENT.has(e.code) || attempt >= (init.retries ?? 8)) throw e;
        await sleep(backoffMs(attempt + 1));
      }
    }
  }

  /**
   * A new guest player: his token (keep it, e.g. in localStorage: it brings him back to his
   * seats from any tab or device), identity, expiry and resume link
   * (`resumeBaseUrl#guest=<token>`). With `use` (default) this client acts as that guest.
   */
  async createGuest(
    resumeBaseUrl = "",
    init: { use?: boolean } = {},
  ): Promise<CreateGuestResponse> {
    const guest = await this.call((o) => this.players.createGuest({ resumeBaseUrl }, o));
    if (init.use ?? true) this.playerToken = guest.guestToken;
    return guest;
  }

  /**
   * The player's matches (needs `playerToken`), newest first, following page tokens: each
   * with his seat, the seats owing a decision (`toAct`) and `myTurn`.
   */
  async listMyMatches(init: { limit?: number } = {}): Promise<MyMatch[]> {
    const token = this.playerTokenFor("listMyMatches");
    const found: MyMatch[] = [];
    let pageToken = "";
    for (;;) {
      const page = await this.read((o) => this.players.listMyMatches({ pageToken }, o), token);
      found.push(...page.matches);
      pageToken = page.nextPageToken;
      if (!pageToken || (init.limit !== undefined && found.length >= init.limit)) {
        return init.limit === undefined ? found : found.slice(0, init.limit);
      }
    }
  }

  /** The player token a call needs, or a clear UNAUTHENTICATED before the call. */
  private playerTokenFor(call: string): string {
    if (!this.playerToken) {
      throw new CosmodromeError(
        Code.Unauthenticated,
        `${call} needs a player token (playerToken or createGuest)`,
      );
    }
    return this.playerToken;
  }

  // Ladder: ratings and leaderboards (docs/api.md, "Ratings, leaderboards, matchmaking").

  /**
   * One page of a ladder (`ruleset` "": the game's default), best first: its `entries`,
   * the ladder's `total` players and `nextPageToken` ("" on the last). `aroundMe`: the page
   * centred on this player (FailedPrecondition `not_rated` if he has no rating there).
   */
  async leaderboardPage(
    game: string,
    init: { ruleset?: string; pageSize?: number; pageToken?: string; aroundMe?: boolean } = {},
  ): Promise<GetLeaderboardResponse> {
    const { ruleset = "", pageSize = 0, pageToken = "", aroundMe = false } = init;
    const token = aroundMe ? this.playerTokenFor("leaderboard aroundMe") : this.playerToken;
    return this.read(
      (o) => this.ladder.getLeaderboard({ game, ruleset, pageSize, pageToken, aroundMe }, o),
      token,
    );
  }

  /** The ladder's `limit` (default 50) best players, rank 1 first, following pages. */
  async leaderboard(
    game: string,
    init: { ruleset?: string; limit?: number; pageSize?: number } = {},
  ): Promise<LeaderboardEntry[]> {
    const limit = init.limit ?? 50;
    const pageSize = init.pageSize || Math.min(200, limit);
    const entries: LeaderboardEntry[] = [];
    let pageToken = "";
    while (entries.length < limit) {
      const page = await this.leaderboardPage(game, { ruleset: init.ruleset, pageSize, pageToken });
      entries.push(...page.entries);
      pageToken = page.nextPageToken;
      if (!pageToken) break;
    }
    return entries.slice(0, limit);
  }

  /** The page of the ladder centred on this player (he must have a rating there). */
  async leaderboardAroundMe(
    game: string,
    init: { ruleset?: string; pageSize?: number } = {},
  ): Promise<LeaderboardEntry[]> {
    return (await this.leaderboardPage(game, { ...init, aroundMe: true })).entries;
  }

  /** This player's rating on a ladder (never rated: the initial one, rank 0). */
  async myRating(game: string, init: { ruleset?: string } = {}): Promise<Rating> {
    const token = this.playerTokenFor("myRating");
    return this.read((o) => this.ladder.getRating({ game, ruleset: init.ruleset ?? "" }, o), token);
  }

  // Matchmaking.

  /**
   * Asks the matchmaker for a rated match of `game` against players of a near rating. One
   * live ticket per player and queue. Follow it with `watchTicket`, or use `findMatch`.
   */
  async createTicket(game: string, init: TicketOptions = {}): Promise<Ticket> {
    const token = this.playerTokenFor("createTicket");
    const request = {
      game,
      players: init.players ?? 0,
      options: init.options,
      displayName: init.name ?? "",
      ttlSeconds: init.ttlSeconds ?? 0,
    };
    return this.call((o) => this.matchmaker.createTicket(request, o), token);
  }

  /** Withdraws a waiting ticket (FailedPrecondition `ticket_not_waiting` once grouped). */
  async cancelTicket(ticketId: string): Promise<Ticket> {
    const token = this.playerTokenFor("cancelTicket");
    return this.call((o) => this.matchmaker.cancelTicket({ ticketId }, o), token);
  }

  /**
   * The ticket now, then each change, until it ends (MATCHED, CANCELLED, EXPIRED). A dropped
   * stream is watched again (a MATCHED ticket gives the same seat and token again).
   */
  async *watchTicket(
    ticketId: string,
    init: { signal?: AbortSignal; maxRetries?: number } = {},
  ): AsyncGenerator<Ticket> {
    const token = this.playerTokenFor("watchTicket");
    const { signal, maxRetries } = init;
    const reconnects = new Reconnects(new ConnectionReporter(), maxRetries,
      (n) => `watch of ticket ${ticketId} lost after ${n} reconnects`);
    while (!signal?.aborted && !this.closed) {
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      signal?.addEventListener("abort", onAbort);
      try {
        const stream = this.matchmaker.watchTicket(
          { ticketId },
          { headers: authorization(token), signal: stop.signal },
        );
        for await (const ticket of stream) {
          reconnects.progressed();
          yield ticket;
          if (TICKET_ENDED.has(ticket.status)) return;
        }
      } catch (error) {
        if (signal?.aborted || this.closed) return;
        const e = CosmodromeError.from(error);
        if (!RESUMABLE.has(e.code)) throw e;
      } finally {
        signal?.removeEventListener("abort", onAbort);
        stop.abort();
      }
      await reconnects.wait(signal);
    }
  }

  /**
   * The seat the matchmaker gives a ticket, a Player as `join` returns it (`play` plays it).
   * A ticket that ends unmatched (or a wait stopped by `signal`) throws NoMatchFound.
   */
  async waitForMatch(
    ticket: Ticket | string,
    init: { signal?: AbortSignal } = {},
  ): Promise<Player> {
    const ticketId = typeof ticket === "string" ? ticket : ticket.ticketId;
    let last: Ticket | undefined;
    for await (const state of this.watchTicket(ticketId, init)) last = state;
    if (last?.status !== TicketStatus.MATCHED) throw new NoMatchFound(last);
    return new Player(this, last.matchId, last.seat, last.seatToken, last.match);
  }

  /**
   * A rated match found by the matchmaker, and this player's seat in it:
   *
   *   const seat = await client.findMatch("tictactoe", { players: 2 });
   *   const final = await play(seat, (view, decision) => decision.options[0]);
   *
   * `createTicket` then `waitForMatch`. Stopped by `signal`, the ticket is withdrawn (unless
   * it was already grouped) and NoMatchFound thrown.
   */
  async findMatch(
    game: string,
    init: TicketOptions & { signal?: AbortSignal } = {},
  ): Promise<Player> {
    const ticket = await this.createTicket(game, init);
    try {
      return await this.waitForMatch(ticket, { signal: init.signal });
    } catch (error) {
      if (init.signal?.aborted) await this.cancelTicket(ticket.ticketId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The creator's handle on a match: `match` as createMatch returned it (its secrets hold
   * the creator token), or a match id with the saved token.
   */
  creator(match: Match | string, token?: string): Creator {
    if (typeof match === "string") return new Creator(this, match, token ?? "");
    return new Creator(this, match.matchId, token ?? match.secrets?.creatorToken ?? "");
  }

  /** A Player from a saved token (to come back to a match later). */
  player(matchId: string, seat: number, token: string): Player {
    return new Player(this, matchId, seat, token);
  }

  /** A spectator's handle: view and watch without a token. */
  spectate(matchId: string): Viewer {
    return new Viewer(this, matchId);
  }
}

/** The calls only a match's creator may make, with the creator token. */
export class Creator {
  constructor(
    readonly client: Client,
    readonly matchId: string,
    readonly token: string,
  ) {}

  /** Starts a waiting match now: server bots of kind `bots` (default: the game's) take the
   * open seats. */
  async start(bots?: BotKind): Promise<Match> {
    return this.client.call(
      (o) => this.client.lobby.startMatch({ matchId: this.matchId, bots }, o),
      this.token,
    );
  }

  /** Frees a taken seat before the start (its token stops working). */
  async kick(seat: number): Promise<Match> {
    return this.client.call(
      (o) => this.client.lobby.kickSeat({ matchId: this.matchId, seat }, o),
      this.token,
    );
  }

  /** Ends the match now (FINISHED, `result.closed`, no winners). */
  async close(): Promise<Match> {
    return this.client.call(
      (o) => this.client.lobby.closeMatch({ matchId: this.matchId }, o),
      this.token,
    );
  }
}

/** Sees and follows one match, as a spectator or (subclass Player) as a seat. */
export class Viewer {
  readonly seat: number = SPECTATOR;
  readonly token: string | undefined = undefined;
  /** The newest view seen, from view(), watch() or submit(). */
  lastView: MatchView | undefined;

  constructor(
    readonly client: Client,
    readonly matchId: string,
  ) {}

  /** The version of the newest view seen (0 before any). */
  get version(): bigint {
    return this.lastView?.match?.version ?? 0n;
  }

  /** Keeps `view` as the newest seen unless a newer one is known. */
  remember(view: MatchView): void {
    if (!this.lastView || (view.match?.version ?? 0n) >= this.version) this.lastView = view;
  }

  /** The match now, as this viewer may see it. */
  async view(): Promise<MatchView> {
    const view = await this.client.read(
      (o) => this.client.play.getView({ matchId: this.matchId }, o),
      this.token,
    );
    this.remember(view);
    return view;
  }

  /** Every log entry after `fromVersion`, as this viewer may see them. */
  async log(fromVersion = 0n): Promise<LogEntry[]> {
    const entries: LogEntry[] = [];
    for (;;) {
      const page = await this.client.read(
        (o) => this.client.play.getLog({ matchId: this.matchId, fromVersion }, o),
        this.token,
      );
      entries.push(...page.entries);
      if (page.entries.length === 0 || page.nextFromVersion <= fromVersion) return entries;
      fromVersion = page.nextFromVersion;
    }
  }

  /**
   * A finished match at `version` (0: its last) as this viewer saw it: his view then and the
   * log up to it. `whole`: every seat's view and move (servers run with --whole-replays).
   */
  async replay(version = 0n, whole = false): Promise<Replay> {
    return this.client.read(
      (o) => this.client.replays.getReplay({ matchId: this.matchId, version, whole }, o),
      this.token,
    );
  }

  /** The match chat's lines kept after `fromSequence`, oldest first (public: the same for all). */
  async chat(fromSequence = 0n): Promise<ChatLine[]> {
    const lines: ChatLine[] = [];
    for (;;) {
      const page = await this.client.read(
        (o) => this.client.play.getChat({ matchId: this.matchId, fromSequence, pageSize: 1000 }, o),
        this.token,
      );
      lines.push(...page.lines);
      if (page.lines.length === 0) return lines;
      fromSequence = page.nextFromSequence;
    }
  }

  /**
   * Every update after `fromVersion`, then live ones, in version order. A dropped stream is
   * reopened from the last version seen, so nothing is missed or repeated. With `chat`, the
   * chat lines come too (`update.chat`), resumed in the same way from the last line seen.
   *
   *   for await (const update of viewer.watch()) console.log(update.entry?.version);
   */
  async *watch(options: WatchOptions = {}): AsyncGenerator<MatchUpdate> {
    const { untilFinished = true, signal, maxRetries, chat = false } = options;
    let last = options.fromVersion ?? 0n;
    let said = options.chatFromSequence ?? 0n; // the newest chat line delivered
    const connection = new ConnectionReporter(options.onConnection);
    const reconnects = new Reconnects(connection, maxRetries,
      (n) => `watch of ${this.matchId} lost after ${n} reconnects at version ${last}`);
    while (!signal?.aborted && !this.client.closed) {
      const stop = new AbortController(); // ends the call when the caller stops iterating
      const onAbort = () => stop.abort();
      signal?.addEventListener("abort", onAbort);
      let dropped: CosmodromeError | undefined; // why the stream ended, if it failed
      try {
        const stream = this.client.play.watchMatch(
          { matchId: this.matchId, fromVersion: last, withChat: chat, chatFromSequence: said },
          // the server sends headers as soon as the watch waits: live, however quiet the match
          {
            headers: authorization(this.token),
            signal: stop.signal,
            onHeader: () => connection.live(),
          },
        );
        for await (const update of stream) {
          connection.live();
          if (update.chat) {
            if (update.chat.sequence <= said) continue;
            said = update.chat.sequence;
            reconnects.progressed();
            yield update;
            if (signal?.aborted) return; // stopped while the update was read: no more
            continue;
          }
          const version = update.entry?.version ?? 0n;
          if (version <= last) continue; // already delivered before a reconnect
          last = version;
          reconnects.progressed();
          if (update.view) this.remember(update.view);
          yield update;
          if (signal?.aborted) return;
          // with the chat, the lines said as the match ended come next: read to the stream's end
          if (untilFinished && !chat && update.view?.match?.status === MatchStatus.FINISHED) return;
        }
        const seen = this.lastView?.match;
        if (seen?.status === MatchStatus.FINISHED && last >= seen.version) return;
      } catch (error) {
        if (signal?.aborted || this.client.closed) return;
        dropped = CosmodromeError.from(error);
        if (!RESUMABLE.has(dropped.code)) throw dropped;
      } finally {
        signal?.removeEventListener("abort", onAbort);
        stop.abort();
      }
      await reconnects.wait(signal, dropped);
    }
  }

  /**
   * A Play session on this match: the updates in order as `watch` gives them, and (for a
   * seat) moves answered on the same stream. Needs a client with bidi streams (Node gRPC).
   */
  session(options: SessionOptions = {}): Session {
    if (!this.client.bidiStreams) {
      // gRPC-Web would fail every attempt with UNKNOWN, which reads as a dropped stream
      throw new CosmodromeError(
        Code.Unimplemented,
        "this client's transport has no bidirectional streams (gRPC-Web): use connectGrpc " +
          "from @cosmodrome/client/node, or watch() and submit()",
      );
    }
    return new Session(this, options);
  }
}

/** Acts for one seat of a match; every call carries the seat's secret token. */
export class Player extends Viewer {
  override readonly seat: number;
  override readonly token: string;

  constructor(
    client: Client,
    matchId: string,
    seat: number,
    token: string,
    readonly match?: Match,
  ) {
    super(client, matchId);
    this.seat = seat;
    this.token = token;
  }

  /** My decisions in `view` (default: the last view seen), each with its legal options. */
  decisions(view: MatchView | undefined = this.lastView): Decision[] {
    return view ? decisionsOf(view, this.seat) : [];
  }

  /**
   * Submits a move (one of the options offered, or any GameMove) based on the last view seen.
   *
   * The move carries one idempotency key through every resend, so it is applied at most once.
   * When the match moved on (ABORTED) the view is refreshed and the move resent only if it is
   * still offered to this seat, else MoveNoLongerLegal. An illegal move throws
   * IllegalMoveError naming the rule.
   */
  async submit(
    move: GameMove,
    options: { expectedVersion?: bigint; idempotencyKey?: string; retries?: number } = {},
  ): Promise<SubmitMoveResponse> {
    const retries = options.retries ?? 8;
    let expectedVersion = options.expectedVersion;
    if (expectedVersion === undefined) {
      if (!this.lastView) await this.view();
      expectedVersion = this.version;
    }
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await this.client.call(
          (o) =>
            this.client.play.submitMove(
              { matchId: this.matchId, expectedVersion, idempotencyKey, move },
              o,
            ),
          this.token,
        );
        if (reply.view) this.remember(reply.view);
        return reply;
      } catch (error) {
        const e = CosmodromeError.from(error);
        if (attempt >= retries) throw e;
        if (e instanceof StaleVersionError) {
          const view = await this.view();
          const offered = this.decisions(view).some((d) =>
            d.options.some((o) => equals(GameMoveSchema, o, move)),
          );
          if (!offered) {
            throw new MoveNoLongerLegal(
              e.code,
              `the match moved on to version ${this.version} and the move is no longer offered ` +
                `to seat ${this.seat}`,
              e.reason,
              e.metadata,
            );
          }
          expectedVersion = this.version;
        } else if (TRANSIENT.has(e.code)) {
          await sleep(50 * 2 ** attempt);
        } else {
          throw e;
        }
      }
    }
  }

  /**
   * A short-lived ticket to follow this match as this seat with an EventSource, which cannot
   * send the token in a header: open `eventSourceUrl(edge, matchId, { ticket })`
   * (CreateWatchTicket; not the matchmaker's tickets of `Client.watchTicket`).
   */
  async createWatchTicket(): Promise<WatchTicket> {
    return this.client.call(
      (o) => this.client.play.createWatchTicket({ matchId: this.matchId }, o),
      this.token,
    );
  }

  /**
   * @deprecated Renamed `createWatchTicket` (`Client.watchTicket` follows a matchmaker
   * ticket); this name goes in the next release.
   */
  async watchTicket(): Promise<WatchTicket> {
    return this.createWatchTicket();
  }

  /**
   * Says `text` in the match chat (public to every seat and spectator). Resent with one
   * request id while the server cannot be reached, so it is said at most once; over the rate
   * limit it throws CosmodromeError ResourceExhausted (`metadata.retry_after_ms`).
   */
  async sendChat(
    text: string,
    options: { requestId?: string; retries?: number } = {},
  ): Promise<SendChatResponse> {
    const requestId = options.requestId ?? newIdempotencyKey();
    const retries = options.retries ?? 4;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.client.call(
          (o) => this.client.play.sendChat({ matchId: this.matchId, text, requestId }, o),
          this.token,
        );
      } catch (error) {
        const e = CosmodromeError.from(error);
        if (!TRANSIENT.has(e.code) || attempt >= retries) throw e;
        await sleep(50 * 2 ** attempt);
      }
    }
  }

  /**
   * Takes the seat back from the server's bot (it was abandoned: left, or timed out under
   * TimeoutPolicy.ZOMBIE): JoinMatch with this seat's token. The same token.
   */
  async reclaim(): Promise<Match> {
    const reply = await this.client.call(
      (o) => this.client.lobby.joinMatch({ matchId: this.matchId }, o),
      this.token,
    );
    if (!reply.match) throw new CosmodromeError(Code.Internal, "JoinMatch replied no match");
    return reply.match;
  }

  /**
   * Gives up the seat: before the start its token stops working; during play the server's
   * bot plays it (`Seat.abandoned`) until `reclaim`.
   */
  async leave(): Promise<Match> {
    return this.client.call(
      (o) => this.client.lobby.leaveMatch({ matchId: this.matchId }, o),
      this.token,
    );
  }
}

/**
 * The edge's server-sent events URL for a match's updates (REST/JSON, one MatchUpdate per
 * `data:` event), for a browser's EventSource. With a `ticket` it carries that seat's view.
 */
export function eventSourceUrl(
  baseUrl: string,
  matchId: string,
  options: { fromVersion?: bigint; ticket?: string } = {},
): string {
  const url = new URL(`/v1/matches/${encodeURIComponent(matchId)}:watch`, baseUrl);
  url.searchParams.set("fromVersion", String(options.fromVersion ?? 0n));
  if (options.ticket) url.searchParams.set("ticket", options.ticket);
  return url.toString();
}

/**
 * Each seat's time left in ms at `nowMs` (default: this machine's clock) under the match's
 * clock: a running clock counts down to `Seat.clockDueMs`, a stopped one shows
 * `Seat.timeLeftMs`. Empty for a match without a clock.
 */
export function timeLeftMs(match: Match, nowMs: number = Date.now()): Map<number, number> {
  const left = new Map<number, number>();
  if (!match.options?.clock?.kind) return left;
  for (const seat of match.seats) {
    const due = Number(seat.clockDueMs);
    left.set(seat.index, due ? Math.max(0, due - nowMs) : Number(seat.timeLeftMs));
  }
  return left;
}

/** The decisions in a view owed by `seat` (default: the viewer's) that carry options. */
export function decisionsOf(view: MatchView, seat: number = view.viewerSeat): Decision[] {
  return view.decisions.filter((d) => d.seat === seat && d.options.length > 0);
}

/** A game's own Move in its GameMove envelope: `gameMove("tictactoe", { cell: 4 })`. */
export function gameMove<G extends GameName>(
  game: G,
  value: Extract<GameMoveInit, { case: G }>["value"],
): GameMove {
  return create(GameMoveSchema, { game: { case: game, value } as GameMoveInit });
}

type GameMoveInit = NonNullable<MessageInitShape<typeof GameMoveSchema>["game"]>;
/** The short name of a hosted game, as in the GameMove oneof ("tictactoe", "mlem", ...). */
export type GameName = NonNullable<GameMove["game"]["case"]>;
