// Who plays in this browser: a guest of the server (CreateGuest), his token kept in
// localStorage so that every tab, and the browser after a restart, is the same player; a
// `#guest=<token>` resume link brings him to another browser. Every call carries the token
// (the client's playerToken), so the seats he takes are his: "My matches" (ListMyMatches)
// lists them, and joining again gives his seat back with a fresh seat token.

import { type Client, type MyMatch, MatchStatus } from "@cosmodrome/client";
import { useEffect, useState } from "preact/hooks";
import { formatClock, playedByServer, useNow } from "./clock.js";
import { refusal, unreachable } from "./errors.js";
import { holdSeat, playerName } from "./seats.js";

const GUEST = "cosmodrome.guest";
const MY_MATCHES_SHOWN = 20;

/** The page's address without its fragment: what a resume link adds `#guest=` to. */
const pageBase = () => `${location.origin}${location.pathname}${location.search}`;

/** The link that brings this guest back from any browser: the token rides in the fragment,
 * which browsers never send to a server. */
export const resumeLink = (token: string) => `${pageBase()}#guest=${encodeURIComponent(token)}`;

/** The guest token of a resume link in the address, kept, and the link taken out of sight. */
function tokenFromLink(): string | undefined {
  const found = /^#guest=(.+)$/.exec(location.hash);
  if (!found) return undefined;
  const token = decodeURIComponent(found[1]);
  localStorage.setItem(GUEST, token);
  history.replaceState(null, "", `${pageBase()}#/`);
  return token;
}

/** Whether a token's `exp` claim is past: the server refuses it, a new guest is made instead.
 * (Only a date read here: the server checks the signature.) */
function expired(token: string): boolean {
  try {
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: number };
    return claims.exp !== undefined && claims.exp * 1000 < Date.now();
  } catch {
    return true; // not a JWT: never accepted
  }
}

/** Makes `client` act as this browser's player: the resume link's guest, else the one kept,
 * else a new guest of the server. */
export async function signIn(client: Client): Promise<void> {
  const token = tokenFromLink() ?? localStorage.getItem(GUEST);
  if (token && !expired(token)) {
    client.playerToken = token;
    return;
  }
  const guest = await client.createGuest(pageBase());
  localStorage.setItem(GUEST, guest.guestToken);
}

/** Takes the player's seat in a match again (a fresh seat token) and opens the match. */
export async function resume(client: Client, matchId: string): Promise<void> {
  const me = await client.join(matchId, { name: playerName() });
  holdSeat(matchId, { seat: me.seat, token: me.token });
  location.hash = `#/match/${matchId}`;
}

/** The guest's resume link, to copy: the way back from another browser or device. */
export function ResumeLink({ client }: { client: Client }) {
  const [copied, setCopied] = useState(false);
  if (!client.playerToken) return null;
  const link = resumeLink(client.playerToken);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <details class="resume-link">
      <summary>Play from another browser</summary>
      <p class="muted">This link brings you back to your matches anywhere. Keep it to yourself.</p>
      <div class="invite-row">
        <input id="resume-link" aria-label="your resume link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="small" onClick={copy}>{copied ? "Copied" : "Copy"}</button>
      </div>
    </details>
  );
}

interface MyMatchesProps {
  client: Client;
  titles: Map<string, string>;
  onDown: () => void;
}

/** "My matches": the player's matches, whose turn it is, his time left, and a way back in. */
export function MyMatches({ client, titles, onDown }: MyMatchesProps) {
  const [mine, setMine] = useState<{ matches: MyMatch[]; at: number }>();
  const [error, setError] = useState("");
  const fail = (e: unknown) => (unreachable(e) ? onDown() : setError(refusal(e)));
  const load = () => {
    client.listMyMatches({ limit: MY_MATCHES_SHOWN })
      .then((matches) => setMine({ matches, at: Date.now() }), fail);
  };
  useEffect(load, []);
  const running = mine?.matches.some((m) => myTurn(m) && m.timeLeftMs !== undefined) ?? false;
  const now = useNow(running);
  return (
    <section id="my-matches" aria-labelledby="my-matches-title">
      <h2 id="my-matches-title">My matches <button type="button" class="small secondary" onClick={load}>Refresh</button></h2>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {mine?.matches.length ? (
        <ul class="match-list">
          {mine.matches.map((m) => (
            <MyMatchItem key={m.match?.matchId} mine={m} title={titles.get(m.match?.game ?? "") ?? m.match?.game ?? ""}
              elapsed={now - mine.at} open={() => resume(client, m.match?.matchId ?? "").catch(fail)} />
          ))}
        </ul>
      ) : <p class="muted">{mine ? "No match of yours yet." : "Loading…"}</p>}
    </section>
  );
}

/** His turn, unless the server's bot plays his seat (the server lists the bot's turn as his). */
const myTurn = (mine: MyMatch) => mine.myTurn && !playedByServer(mine.match?.seats[mine.seat]);

function MyMatchItem({ mine, title, elapsed, open }: { mine: MyMatch; title: string; elapsed: number; open: () => void }) {
  const match = mine.match!;
  const names = (seats: number[]) => seats.map((s) => match.seats[s]?.displayName || `player ${s + 1}`).join(", ");
  const finished = match.status === MatchStatus.FINISHED;
  const turn = myTurn(mine);
  const state = finished ? "finished" : match.status === MatchStatus.WAITING ? "waiting for players"
    : match.seats[mine.seat]?.forfeited ? "out of time: the server's bot plays your seat"
    : playedByServer(match.seats[mine.seat]) ? "the server's bot plays your seat"
    : turn ? "your turn" : mine.toAct.length ? `waiting for ${names(mine.toAct)}` : "in play";
  // the server's figure at listing time; it runs down while it is his turn
  const left = mine.timeLeftMs === undefined ? undefined
    : Number(mine.timeLeftMs) - (turn && !finished ? elapsed : 0);
  return (
    <li class={`match-item my-match${turn ? " my-turn" : ""}`} data-match={match.matchId} data-my-turn={String(turn)}>
      <div>
        <strong>{title}</strong> <span class="badge turn">{state}</span>
        {left !== undefined ? <span class="clock my-time"> your time: {formatClock(left)}</span> : null}
      </div>
      <div class="actions">
        {finished ? <a href={`#/match/${match.matchId}`} aria-label={`see ${title} match ${match.matchId}`}>See</a>
          : <button type="button" class="small resume" aria-label={`resume ${title} match ${match.matchId}`} onClick={open}>Resume</button>}
      </div>
    </li>
  );
}

/** On a match this tab holds no seat of: the player's own seat there, if he has one, to take. */
export function ResumeSeat({ client, matchId }: { client: Client; matchId: string }) {
  const [mine, setMine] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    client.listMyMatches({ limit: MY_MATCHES_SHOWN })
      .then((all) => setMine(all.some((m) => m.match?.matchId === matchId && m.match.status !== MatchStatus.FINISHED)), () => undefined);
  }, [matchId]);
  if (!mine) return null;
  const take = () => resume(client, matchId).then(() => location.reload(), (e) => setError(refusal(e)));
  return (
    <p class="resume-seat">
      You hold a seat in this match. <button type="button" class="small reclaim" onClick={take}>Take my seat back</button>
      {error ? <span class="error" role="alert"> {error}</span> : null}
    </p>
  );
}
