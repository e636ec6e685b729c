// @cosmodrome/client/node: everything of @cosmodrome/client, plus a client over gRPC
// (HTTP/2, Node's http2 module) straight to a server's gRPC port, whose bidirectional
// streams carry Play sessions. Kept apart so a browser bundle never pulls in Node modules.
//
//   import { connectGrpc, play } from "@cosmodrome/client/node";
//   const client = connectGrpc("127.0.0.1:50051");

import {
  createGrpcTransport,
  type GrpcTransportOptions,
  Http2SessionManager,
} from "@connectrpc/connect-node";
import { Client, type ClientOptions } from "./client.js";

export * from "./index.js";

// A connection that dies without a word (a host gone, a NAT that forgot it) is found by an
// unanswered HTTP/2 PING, and a session then resumes on a new one: as the Python client's
// keepalive (the server accepts a ping every 10 s).
const KEEPALIVE = { pingIntervalMs: 20_000, pingTimeoutMs: 10_000 };

/**
 * A client over gRPC to `address`: "host:port" (plaintext, as the Python client takes it)
 * or a URL ("http://host:port", "https://host:port" for TLS). `transport` passes options
 * to connect-node's createGrpcTransport (e.g. `nodeOptions` for a CA; `pingIntervalMs`,
 * default 20 s while a call is open, and `pingTimeoutMs`, 10 s).
 * One HTTP/2 connection carries every call; `client.close()` drops it.
 */
export function connectGrpc(
  address: string,
  options: Omit<ClientOptions, "fetch" | "bidiStreams"> & {
    transport?: Partial<GrpcTransportOptions>;
  } = {},
): Client {
  const baseUrl = /^https?:\/\//.test(address) ? address : `http://${address}`;
  const connection = new Http2SessionManager(
    baseUrl,
    { ...KEEPALIVE, ...options.transport },
    options.transport?.nodeOptions,
  );
  const transport = createGrpcTransport({
    baseUrl,
    sessionManager: connection,
    ...options.transport,
  });
  return new Client(transport, {
    ...options,
    bidiStreams: true,
    onClose: () => connection.abort(),
  });
}
