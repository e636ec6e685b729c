// What a failed call means to someone at the page: the edge unreachable (a page of its own,
// never "Unknown: Failed to fetch"), or the server's refusal in its own words.

import { CosmodromeError } from "@cosmodrome/client";

// gRPC status codes (google.rpc.Code) the page tells apart
const UNKNOWN = 2;
const UNAVAILABLE = 14;

/** The call never reached a server: the edge is down, restarting, or the network is gone. */
export function unreachable(error: unknown): boolean {
  if (!(error instanceof CosmodromeError)) return error instanceof TypeError; // fetch's own
  if (error.code === UNAVAILABLE) return true;
  return error.code === UNKNOWN && /fetch|network|load failed/i.test(error.rawMessage);
}

/** A refusal in the server's words (its message without the code's name). */
export function refusal(error: unknown): string {
  if (error instanceof CosmodromeError) return error.rawMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The page shown while the game server cannot be reached; `retry` tries again. */
export function EdgeDown({ edge, retry }: { edge: string; retry: () => void }) {
  return (
    <section id="edge-down" class="panel" role="alert">
      <h1>The game server cannot be reached</h1>
      <p>
        This page could not reach Cosmodrome at <code>{edge}</code>. The server may be down or
        restarting, or your connection may be offline.
      </p>
      <p>Your seats are kept in this tab: once the server is back, you can continue your matches.</p>
      <button type="button" onClick={retry}>Try again</button>
    </section>
  );
}
