// The page: a hash router between the lobby (#/), a match (#/match/ID) and an invite
// (#/join/ID/SECRET). The edge is `?edge=URL` when given, else port 8080 of the host that served
// the page. While the edge cannot be reached, a page saying so replaces the screen. Before any
// screen the page signs in as this browser's player (src/identity.tsx).

import { Client } from "@cosmodrome/client";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { EdgeDown, unreachable } from "./errors.js";
import { signIn } from "./identity.js";
import { Invite, Lobby } from "./lobby.js";
import { MatchPage } from "./match.js";

const edge = new URLSearchParams(location.search).get("edge") ?? `${location.protocol}//${location.hostname}:8080`;
const client = Client.connect(edge);

type Route = { page: "lobby" } | { page: "match"; matchId: string } | { page: "join"; matchId: string; secret: string };

function route(hash: string): Route {
  const match = /^#\/match\/([a-z0-9]+)$/.exec(hash);
  if (match) return { page: "match", matchId: match[1] };
  const join = /^#\/join\/([a-z0-9]+)\/(.+)$/.exec(hash);
  if (join) return { page: "join", matchId: join[1], secret: decodeURIComponent(join[2]) };
  return { page: "lobby" };
}

function App() {
  const [at, setAt] = useState(() => route(location.hash));
  const [down, setDown] = useState(false);
  const [attempt, setAttempt] = useState(0); // a retry draws the screen afresh
  const [signedIn, setSignedIn] = useState(false);
  const [signInError, setSignInError] = useState("");
  useEffect(() => {
    if (signedIn) return;
    signIn(client).then(() => setSignedIn(true), (e) => (unreachable(e) ? setDown(true) : setSignInError(String(e))));
  }, [attempt]);
  useEffect(() => {
    const follow = () => setAt(route(location.hash));
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  const onDown = () => setDown(true);
  const retry = () => {
    setDown(false);
    setAttempt((n) => n + 1);
  };
  let screen;
  if (down) screen = <EdgeDown edge={edge} retry={retry} />;
  else if (!signedIn) screen = <p class={signInError ? "error" : "muted"} role={signInError ? "alert" : undefined}>{signInError || "Signing in…"}</p>;
  else if (at.page === "match") screen = <MatchPage key={`${at.matchId}-${attempt}`} client={client} matchId={at.matchId} onDown={onDown} />;
  else if (at.page === "join") screen = <Invite key={attempt} client={client} matchId={at.matchId} secret={at.secret} onDown={onDown} />;
  else screen = <Lobby key={attempt} client={client} onDown={onDown} />;
  return (
    <>
      <header>
        <a href="#/" class="brand">Cosmodrome</a>
        <span class="muted edge">server: {edge}</span>
      </header>
      <main id="app">{screen}</main>
    </>
  );
}

render(<App />, document.body);
