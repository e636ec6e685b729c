// A seat's Play session: its moves up, their answers and the match's updates down, on one
// bidirectional gRPC stream (PlayService.Play). Needs a transport with bidi streams: the
// Node gRPC one of `connectGrpc` (@cosmodrome/client/node); gRPC-Web has none.
//
//   const session = player.session({ fromVersion: view.match!.version });
//   for await (const update of session.updates()) {
//     const [decision] = player.decisions(update.view);
//     const version = update.view?.match?.version;
//     if (decision) await session.submit(decision.options[0], { expectedVersion: version });
//   }
//   session.close();
//
// A reader loop owns the stream: it hands each answer to the `submit` awaiting it and each
// update to `updates()`, in version order. When the stream breaks (a replica restarts, the
// network drops), it opens a new one from the last version received and resends the moves
// not yet answered with their idempotency keys: none is missed, repeated or applied twice.
//
// With `socketUrl`, the same session runs on the server's Play socket (src/socket.ts), a
// WebSocket: what a browser can use, where gRPC-Web has no bidirectional stream.

import { create } from "@bufbuild/protobuf";
import {
  authorization,
  backoffMs,
  Channel,
  ConnectionReporter,
  type ConnectionStatus,
  newIdempotencyKey,
  RESUMABLE,
  sleep,
} from "./calls.js";
import type { Viewer } from "./client.js";
import { Code, CosmodromeError, IllegalMoveError } from "./errors.js";
import type { GameMove } from "./gen/cosmodrome/v1/games_pb.js";
import { playOverSocket, type WebSocketConstructor } from "./socket.js";
import { MatchStatus } from "./gen/cosmodrome/v1/match_pb.js";
import {
  type MatchUpdate,
  type MoveResult,
  type PlayMove,
  PlayMoveSchema,
  type PlayRequest,
  PlayRequestSchema,
} from "./gen/cosmodrome/v1/play_pb.js";

export interface SessionOptions {
  /** Updates strictly after this version (default 0: from the start). */
  fromVersion?: bigint;
  /** Also the match chat: updates with `chat` set and no entry (default false). */
  chat?: boolean;
  /** With `chat`: the lines kept after this sequence first (default 0: all), then live ones. */
  chatFromSequence?: bigint;
  /** Reopenings in a row that bring nothing before giving up (default: keep trying). */
  maxRetries?: number;
  /** Closes the session, as `close()` does. */
  signal?: AbortSignal;
  /** The server's Play socket (`ws(s)://HOST/v1/play`): the session on a WebSocket. */
  socketUrl?: string;
  /** The WebSocket implementation for `socketUrl` (default: the global one). */
  webSocket?: WebSocketConstructor;
  /**
   * Told when the stream drops and is being reopened, and when it is answered again
   * (`ConnectionStatus`, as `WatchOptions.onConnection`). A quiet Play stream answers
   * nothing before an update, a move's answer or a heartbeat: `live` comes with the first.
   */
  onConnection?: (status: ConnectionStatus) => void;
}

interface Pending {
  request: PlayMove;
  answer: (result: MoveResult) => void;
  refuse: (error: CosmodromeError) => void;
}

/** One viewer's Play session (a spectator's only follows). Started at once; `close()` it. */
export class Session {
  /** The newest version received. */
  last: bigint;
  /** The newest chat line received. */
  said: bigint;
  /** Streams opened so far (1 + reconnects). */
  streams = 0;
  /** Resolves when the session has ended: the match is over, it was closed, or it failed. */
  readonly ended: Promise<void>;
  private readonly chat: boolean;
  private readonly maxRetries: number | undefined;
  private readonly socketUrl: string | undefined;
  private readonly webSocket: WebSocketConstructor | undefined;
  private readonly pending = new Map<string, Pending>();
  private readonly received = new Channel<MatchUpdate>();
  private readonly stop = new AbortController();
  private outbox: Channel<PlayRequest> | undefined; // the open stream's requests
  private nextId = 1;
  private over: CosmodromeError | undefined; // why the session ended
  private readonly connection: ConnectionReporter;
  private dropped: CosmodromeError | undefined; // why the last stream failed, if it did

  constructor(
    readonly viewer: Viewer,
    options: SessionOptions = {},
  ) {
    this.last = options.fromVersion ?? 0n;
    this.said = options.chatFromSequence ?? 0n;
    this.chat = options.chat ?? false;
    this.maxRetries = options.maxRetries;
    this.socketUrl = options.socketUrl;
    this.webSocket = options.webSocket;
    this.connection = new ConnectionReporter(options.onConnection);
    if (options.signal?.aborted) this.stop.abort();
    options.signal?.addEventListener("abort", () => this.close(), { once: true });
    this.ended = this.run();
  }

  /**
   * Every update after the session's first version, in order, until the match ends (with
   * `chat`: chat lines among them, updates with `chat` set and no entry). One reader only.
   * A refusal of the session itself (NOT_FOUND, UNAUTHENTICATED...) throws here.
   */
  updates(): AsyncIterable<MatchUpdate> {
    return this.received;
  }

  /**
   * Sends a move (one of the options offered, or any GameMove); resolves with the version
   * it produced. A refusal rejects as `Player.submit`'s do (StaleVersionError,
   * IllegalMoveError, CosmodromeError...), but is never resent: choose again on a newer view.
   */
  async submit(
    move: GameMove,
    options: { expectedVersion?: bigint; idempotencyKey?: string } = {},
  ): Promise<bigint> {
    if (this.stop.signal.aborted) throw closed();
    if (this.over) throw this.over;
    const request = create(PlayMoveSchema, {
      requestId: String(this.nextId++),
      expectedVersion: options.expectedVersion ?? this.viewer.version,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      move,
    });
    const result = await new Promise<MoveResult>((answer, refuse) => {
      this.pending.set(request.requestId, { request, answer, refuse });
      this.outbox?.push(moveRequest(request)); // no stream now: the next one resends it
    });
    if (result.error) throw CosmodromeError.fromStatus(result.error);
    return result.version;
  }

  /** Ends the session (as closing its client does): the stream is cancelled, the updates
   * end, unanswered submits reject (CANCELLED). */
  close(): void {
    this.stop.abort();
  }

  private async run(): Promise<void> {
    let failures = 0;
    try {
      for (;;) {
        const progressed = await this.follow();
        if (progressed === undefined) break;
        failures = progressed ? 0 : failures + 1;
        if (this.maxRetries !== undefined && failures > this.maxRetries) {
          throw new CosmodromeError(
            Code.Unavailable,
            `session of ${this.viewer.matchId} lost after ${failures - 1} reconnects ` +
              `at version ${this.last}`,
          );
        }
        this.connection.reconnecting(backoffMs(failures), this.dropped);
        await sleep(backoffMs(failures), this.stop.signal);
      }
      this.received.end();
      // what SubmitMove answers on a finished match
      this.refuseAll(
        new IllegalMoveError(Code.FailedPrecondition, "the match is over", "match_finished"),
      );
    } catch (error) {
      const e = CosmodromeError.from(error);
      if (this.stop.signal.aborted)
        this.received.end(); // closed: the updates just end
      else this.received.fail(e);
      this.refuseAll(e);
    }
  }

  /**
   * One stream: true/false when it broke having brought something or not, undefined when
   * the match ended. A refusal of the session itself, or close(), throws.
   */
  private async follow(): Promise<boolean | undefined> {
    if (this.viewer.client.closed) this.stop.abort();
    if (this.stop.signal.aborted) throw closed();
    const outbox = (this.outbox = new Channel<PlayRequest>());
    const open = {
      matchId: this.viewer.matchId,
      fromVersion: this.last,
      withChat: this.chat,
      chatFromSequence: this.said,
    };
    outbox.push(create(PlayRequestSchema, { kind: { case: "open", value: open } }));
    // the moves not answered yet, with their idempotency keys: applied once whatever happened
    for (const { request } of this.pending.values()) outbox.push(moveRequest(request));
    this.streams += 1;
    const call = new AbortController(); // ends this stream when it is left early
    const onStop = () => call.abort();
    this.stop.signal.addEventListener("abort", onStop);
    let progressed = false;
    this.dropped = undefined;
    try {
      const responses = this.socketUrl
        ? playOverSocket(this.socketUrl, this.viewer.token, outbox, call.signal, this.webSocket)
        : this.viewer.client.play.play(outbox, {
            headers: authorization(this.viewer.token),
            signal: call.signal,
            onHeader: () => this.connection.live(),
          });
      for await (const response of responses) {
        progressed = true;
        this.connection.live();
        // A response may carry an update and the answer to the move that made it.
        if (response.result) this.answer(response.result);
        if (response.update && this.take(response.update)) {
          call.abort(); // before leaving the loop, so that closing the stream waits for nothing
          return undefined;
        }
      }
      return this.finished() ? undefined : progressed;
    } catch (error) {
      if (this.viewer.client.closed) this.stop.abort();
      if (this.stop.signal.aborted) throw closed();
      const e = CosmodromeError.from(error);
      if (!RESUMABLE.has(e.code)) throw e;
      this.dropped = e;
      return progressed;
    } finally {
      this.stop.signal.removeEventListener("abort", onStop);
      call.abort();
      this.outbox = undefined;
      outbox.end();
    }
  }

  private answer(result: MoveResult): void {
    const pending = this.pending.get(result.requestId);
    this.pending.delete(result.requestId);
    pending?.answer(result);
  }

  /** Queues an update not received before; true once the match is over. */
  private take(update: MatchUpdate): boolean {
    if (update.chat) {
      if (update.chat.sequence > this.said) {
        this.said = update.chat.sequence;
        this.received.push(update);
      }
      return false;
    }
    const version = update.entry?.version ?? 0n;
    if (version <= this.last) return false; // already received before a reconnect
    this.last = version;
    if (update.view) this.viewer.remember(update.view);
    this.received.push(update);
    return (
      update.view?.match?.status === MatchStatus.FINISHED && !this.chat && this.pending.size === 0
    );
  }

  private finished(): boolean {
    const seen = this.viewer.lastView?.match;
    return seen?.status === MatchStatus.FINISHED && this.last >= seen.version;
  }

  /** The session is over: the moves not answered, and any sent later, get `error`. */
  private refuseAll(error: CosmodromeError): void {
    this.over = error;
    for (const { refuse } of this.pending.values()) refuse(error);
    this.pending.clear();
  }
}

function moveRequest(move: PlayMove): PlayRequest {
  return create(PlayRequestSchema, { kind: { case: "move", value: move } });
}

function closed(): CosmodromeError {
  return new CosmodromeError(Code.Canceled, "the session was closed");
}
