// Errors the client throws, read from the server's structured details.
//
// The server refuses a call with a canonical gRPC code and a google.rpc.Status whose details
// hold a google.rpc.ErrorInfo (domain "cosmodrome"): `reason` names the rule or cause,
// `metadata` carries facts such as the match's `current_version`.

import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

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
    const kind =
      e.code === Code.FailedPrecondition
        ? IllegalMoveError
        : e.code === Code.Aborted
          ? StaleVersionError
          : CosmodromeError;
    return new kind(e.code, e.rawMessage, info?.reason ?? "", { ...info?.metadata });
  }
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
