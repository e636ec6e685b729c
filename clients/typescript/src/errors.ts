// Errors the client throws, read from the server's structured details.
//
// The server refuses a call with a canonical gRPC code and a google.rpc.Status whose details
// hold a google.rpc.ErrorInfo (domain "cosmodrome"): `reason` names the rule or cause,
// `metadata` carries facts such as the match's `current_version`.

import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { type ErrorInfo, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import type { Status } from "./gen/google/rpc/status_pb.js";
import { type Ticket, TicketStatus } from "./gen/cosmodrome/v1/ladder_pb.js";

export { Code };

/** A call the server refused. `code` is the gRPC status, `reason` the ErrorInfo reason. */
export class CosmodromeError extends Error {
  constructor(
    readonly code: Code,
    readonly rawMessage: string,
    readonly reason = "",
    readonly metadata: Record<string, string> = {},
  ) {
    super(`${Code[code]}: ${rawMessage}${reason ? ` [${reason}]` : ""}`);
    this.name = new.target.name;
  }

  /** The error of a failed call, as the most specific class its code allows. */
  static from(error: unknown): CosmodromeError {
    if (error instanceof CosmodromeError) return error;
    const e = ConnectError.from(error);
    const [info] = e.findDetails(ErrorInfoSchema);
    return refusal(
      info === undefined && lostConnection(e.cause) ? Code.Unavailable : e.code,
      e.rawMessage,
      info,
    );
  }

  /**
   * The error a google.rpc.Status carries (a Play session's answer to a refused move):
   * the same class and ErrorInfo a unary call refused in the same way would throw.
   */
  static fromStatus(status: Status): CosmodromeError {
    const info = status.details
      .map((detail) => anyUnpack(detail, ErrorInfoSchema))
      .find((found) => found !== undefined);
    return refusal(status.code as Code, status.message, info);
  }
}

// What Node says when a connection dies under a call (connect-node reports these as
// ABORTED, which a client would read as a stale version): the server is out of reach.
const LOST = new Set(["ECONNRESET", "EPIPE", "ERR_STREAM_DESTROYED", "ERR_HTTP2_INVALID_STREAM"]);

function lostConnection(cause: unknown): boolean {
  for (let e = cause; e instanceof Error; e = e.cause) {
    if (LOST.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

function refusal(code: Code, message: string, info: ErrorInfo | undefined): CosmodromeError {
  const kind =
    code === Code.FailedPrecondition
      ? IllegalMoveError
      : code === Code.Aborted
        ? StaleVersionError
        : CosmodromeError;
  return new kind(code, message, info?.reason ?? "", { ...info?.metadata });
}

/** FAILED_PRECONDITION: the rules forbid this move now. `rule` names the rule. */
export class IllegalMoveError extends CosmodromeError {
  get rule(): string {
    return this.reason;
  }
}

/** ABORTED: the match moved on since the version the move was based on. */
export class StaleVersionError extends CosmodromeError {
  get currentVersion(): bigint | undefined {
    const value = this.metadata["current_version"];
    return value === undefined ? undefined : BigInt(value);
  }
}

/**
 * The match moved on while a move was in flight and the move is no longer offered:
 * thrown by `Player.submit` instead of resending. Read the fresh view and choose again.
 */
export class MoveNoLongerLegal extends CosmodromeError {}

/**
 * A matchmaker ticket ended without a match: cancelled, or expired (no players of a near
 * rating within its time to live). `ticket` is its last state (undefined: never seen).
 */
export class NoMatchFound extends CosmodromeError {
  constructor(readonly ticket: Ticket | undefined) {
    const expired = ticket?.status === TicketStatus.EXPIRED;
    super(
      expired ? Code.DeadlineExceeded : Code.Canceled,
      `ticket ${ticket?.ticketId ?? "?"} ended without a match`,
      expired ? "ticket_expired" : "ticket_cancelled",
    );
  }
}
