// The page: a hash router between the lobby (#/) and a match (#/match/ID).
// The edge is `?edge=URL` when given, else port 8080 of the host that served the page.

import { Client } from "@cosmodrome/client";
import { fill, h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showMatch } from "./match.js";

const edge = new URLSearchParams(location.search).get("edge") ?? `${location.protocol}//${location.hostname}:8080`;
const client = Client.connect(edge);
const root = document.getElementById("app")!;
document.getElementById("edge")!.textContent = `edge: ${edge}`;

let current = new AbortController();

async function route(): Promise<void> {
  current.abort(); // stops the previous screen's watch
  current = new AbortController();
  const signal = current.signal;
  const matchId = /^#\/match\/([a-z0-9]+)$/.exec(location.hash)?.[1];
  try {
    if (matchId) await showMatch(root, client, matchId, signal);
    else await showLobby(root, client);
  } catch (error) {
    if (!signal.aborted) fill(root, h("p", { class: "error", role: "alert" }, String(error)), h("a", { href: "#/" }, "back to the lobby"));
  }
}

addEventListener("hashchange", route);
route();
