// The Play session's transport on the server's Play socket: a WebSocket (`/v1/play`, on a
// replica's --play-socket-port or through the edge) carrying the same PlayRequest and
// PlayResponse messages as gRPC's Play, one binary frame each. What a browser can open,
// where gRPC's bidirectional streams cannot go; Node too (its global WebSocket: Node 22, or
// 20 with --experimental-websocket; or pass another implementation, such as the `ws`
// package's).
//
//   const session = player.session({ socketUrl: "wss://play.example.org/v1/play" });
//
// The credential travels as a subprotocol (`bearer.<token>` beside `cosmodrome.play.v1`):
// a browser cannot set the Authorization header on a WebSocket; the server answers with
// `cosmodrome.play.v1` alone. How the server ends a session, in its close frame: 1000 (the
// match ended, or the replica drains: reopen if the match is not over), 4000 + a gRPC code
// (refused, after a last frame whose `ended` holds the whole google.rpc.Status), 1009 (a
// frame too large).

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Channel } from "./calls.js";
import { Code, CosmodromeError } from "./errors.js";
import { StatusSchema } from "./gen/google/rpc/status_pb.js";
import {
  type PlayRequest,
  PlayRequestSchema,
  type PlayResponse,
  PlayResponseSchema,
} from "./gen/cosmodrome/v1/play_pb.js";

export const PLAY_PROTOCOL = "cosmodrome.play.v1";
const CLOSE_BASE = 4000; // a refused session: 4000 + its gRPC status code

/** What a WebSocket implementation must offer: the browser's, Node's, or the `ws` package's. */
export type WebSocketConstructor = new (url: string, protocols?: string[]) => WebSocket;

/**
 * One Play session's responses on a new Play socket, while `requests` go up. Ends when the
 * server closes cleanly; throws a CosmodromeError when it refuses the session (its status)
 * or the connection breaks (UNAVAILABLE, resumable). `signal` closes the socket.
 */
export async function* playOverSocket(
  url: string,
  token: string | undefined,
  requests: AsyncIterable<PlayRequest>,
  signal: AbortSignal,
  WebSocketImpl: WebSocketConstructor | undefined = globalThis.WebSocket,
): AsyncGenerator<PlayResponse> {
  if (WebSocketImpl === undefined) {
    throw new CosmodromeError(
      Code.FailedPrecondition,
      "no WebSocket here: Node 22, or Node 20 with --experimental-websocket, or pass one",
    );
  }
  const ws = new WebSocketImpl(url, token ? [PLAY_PROTOCOL, `bearer.${token}`] : [PLAY_PROTOCOL]);
  ws.binaryType = "arraybuffer";
  const responses = new Channel<PlayResponse>();
  let ended: PlayResponse["ended"];
  ws.onopen = () => void pump(ws, requests);
  ws.onmessage = (event: MessageEvent) => {
    const response = fromBinary(PlayResponseSchema, new Uint8Array(event.data as ArrayBuffer));
    if (response.ended) ended = response.ended;
    else responses.push(response);
  };
  ws.onclose = (event: CloseEvent) => {
    if (event.code === 1000) responses.end();
    else responses.fail(refusal(event, ended));
  };
  const close = () => ws.close(1000);
  signal.addEventListener("abort", close, { once: true });
  try {
    yield* responses;
  } finally {
    signal.removeEventListener("abort", close);
    if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.close(1000);
  }
}

async function pump(ws: WebSocket, requests: AsyncIterable<PlayRequest>): Promise<void> {
  for await (const request of requests) {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(toBinary(PlayRequestSchema, request));
  }
}

/** Why the server closed the session: its `ended` status, else the close code's. */
function refusal(event: CloseEvent, ended: PlayResponse["ended"]): CosmodromeError {
  if (event.code >= CLOSE_BASE && event.code < CLOSE_BASE + 100) {
    const status = ended ?? create(StatusSchema, { code: event.code - CLOSE_BASE,
                                                   message: event.reason });
    return CosmodromeError.fromStatus(status);
  }
  if (event.code === 1009) {  // not worth a retry: the same move would be as large
    return new CosmodromeError(Code.InvalidArgument, "a frame over the server's size limit");
  }
  return new CosmodromeError(Code.Unavailable, `the Play socket closed (${event.code})`);
}
