// What every call of the client shares: the token header, the codes worth a retry, waits.

import { Code } from "@connectrpc/connect";
import { CosmodromeError } from "./errors.js";

// A stream that ends with one of these was dropped, not refused: open it again.
export const RESUMABLE = new Set([
  Code.Unavailable,
  Code.Canceled,
  Code.DeadlineExceeded,
  Code.Unknown,
  Code.Internal,
  Code.ResourceExhausted,
]);

// A submit that failed with one of these may or may not have been applied: resend it with
// the same idempotency key, which the server answers with the first result. CANCELLED is
// what a proxy answers when its upstream replica went away mid-call.
export const TRANSIENT = new Set([Code.Unavailable, Code.DeadlineExceeded, Code.Canceled]);

/** A fresh random idempotency key (128 bits, hex). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function authorization(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * How a watch's or a session's stream stands, told to its `onConnection`: `reconnecting`
 * when it dropped (`attempt` 1, 2... since it was last live, the next try `retryInMs` away,
 * `error` why it dropped, unset when it just ended), `live` once a stream is answered (the
 * first one, and the first after reconnects: said again only after a `reconnecting`).
 */
export type ConnectionStatus =
  | { state: "reconnecting"; attempt: number; retryInMs: number; error?: CosmodromeError }
  | { state: "live" };

/**
 * Says each change of a stream's state once to `listener`: `live()` when a stream answers,
 * `reconnecting()` before each wait to reopen it.
 */
export class ConnectionReporter {
  private attempt = 0;
  private isLive = false;

  constructor(private readonly listener?: (status: ConnectionStatus) => void) {}

  live(): void {
    if (this.isLive) return;
    this.isLive = true;
    this.attempt = 0;
    this.listener?.({ state: "live" });
  }

  reconnecting(retryInMs: number, error?: CosmodromeError): void {
    this.isLive = false;
    this.attempt += 1;
    this.listener?.({ state: "reconnecting", attempt: this.attempt, retryInMs, error });
  }
}

/**
 * A stream's reconnects in a row without progress: each waits `backoffMs` (told to the
 * stream's `ConnectionReporter` first), and one past `maxRetries` throws UNAVAILABLE with
 * `lost(reconnects)`, the reconnects made before it, as its message.
 */
export class Reconnects {
  private failures = 0;

  constructor(
    readonly connection: ConnectionReporter,
    private readonly maxRetries: number | undefined,
    private readonly lost: (reconnects: number) => string,
  ) {}

  /** The stream delivered something: the next drop is the first in a row again. */
  progressed(): void {
    this.failures = 0;
  }

  /** The stream dropped (`error`: why, if it failed): wait, or throw past `maxRetries`. */
  async wait(signal?: AbortSignal, error?: CosmodromeError): Promise<void> {
    this.failures += 1;
    if (this.maxRetries !== undefined && this.failures > this.maxRetries) {
      throw new CosmodromeError(Code.Unavailable, this.lost(this.failures - 1));
    }
    this.connection.reconnecting(backoffMs(this.failures), error);
    await sleep(backoffMs(this.failures), signal);
  }
}

/** The wait before the n-th reconnect in a row: 100 ms doubling, at most 2 s. */
export function backoffMs(failures: number): number {
  return Math.min(2000, 50 * 2 ** Math.min(failures, 6));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * An async queue: `push` on one side, `for await` on the other (one reader). `end` finishes
 * the iteration once the queued values are read; `fail` makes it throw there instead.
 */
export class Channel<T> implements AsyncIterable<T> {
  private readonly queued: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private error: unknown;

  push(value: T): void {
    if (this.closed) return;
    this.queued.push(value);
    this.wake?.();
  }

  end(): void {
    this.closed = true;
    this.wake?.();
  }

  fail(error: unknown): void {
    if (this.closed) return;
    this.error = error;
    this.end();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      const value = this.queued.shift();
      if (value !== undefined) {
        yield value;
        continue;
      }
      if (this.closed) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
