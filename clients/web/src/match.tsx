// One match, live: who plays, the viewer's board, his decisions and the log in words, following
// the watch stream with the seat's token when this tab holds one (so with that seat's
// redaction), else as a spectator; beside it the match chat (a seat speaks, everyone reads).
// The creator of a match still waiting sees its invite link and may start it with bots.

import { type ChatLine, type Client, type ConnectionStatus, type GameContent, type GameMove, type LogEntry, type Match, type MatchView, MatchStatus, type Player, SPECTATOR, type Viewer } from "@cosmodrome/client";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { playedByServer, SeatList } from "./clock.js";
import { refusal, unreachable } from "./errors.js";
import { ResumeSeat } from "./identity.js";
import { Replay } from "./replay.js";
import type { RenderContext } from "./render/context.js";
import { autoMove, autoPasses, boardFor, boardPlays, eventLabel, moveLabel } from "./render/index.js";
import { seatLabel } from "./render/words.js";
import { created, forgetSeat, heldSeat, inviteLink } from "./seats.js";

const STATUS: Record<number, string> = { [MatchStatus.UNSPECIFIED]: "unknown", [MatchStatus.WAITING]: "waiting", [MatchStatus.ACTIVE]: "active", [MatchStatus.FINISHED]: "finished" };
const LOG_SHOWN = 60;
const CHAT_SHOWN = 500; // lines the panel keeps (the server keeps as many by default)
const AUTO = "cosmodrome.auto";
// what the status line says of the live connection: nothing while it is well
const CONNECTION: Record<Connection, string> = { live: "", reconnecting: "Connection lost, reconnecting…", restored: "Connected again." };
type Connection = "live" | "reconnecting" | "restored";

interface Props {
  client: Client;
  matchId: string;
  onDown: () => void;
}

/** How the page names a seat: its display name, "(you)" for the viewer; never "seat N". */
export function seatNamer(view: MatchView): (seat: number) => string {
  const seats = view.match?.seats ?? [];
  const names: string[] = [];
  for (const s of seats) names[s.index] = s.displayName;
  return (seat) => {
    const s = seats.find((x) => x.index === seat);
    const name = s?.occupied || s?.displayName ? seatLabel(names, seat) : "open seat";
    return seat === view.viewerSeat ? `${name} (you)` : name;
  };
}

export function MatchPage({ client, matchId, onDown }: Props) {
  const [held, setHeld] = useState(() => heldSeat(matchId));
  const viewer: Viewer = useMemo(() => (held ? client.player(matchId, held.seat, held.token) : client.spectate(matchId)), [matchId, held]);
  const [view, setView] = useState<MatchView>();
  const [log, setLog] = useState<LogEntry[]>([]);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [content, setContent] = useState<GameContent>();
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState("");
  const [auto, setAuto] = useState(() => localStorage.getItem(AUTO) !== "off");
  const [ended, setEnded] = useState("");
  const [title, setTitle] = useState(""); // the game's, as ListGames publishes it
  const [connection, setConnection] = useState<Connection>("live");
  const [attempt, setAttempt] = useState(0); // of the reconnects in a row

  useEffect(() => {
    const stop = new AbortController();
    setLog([]); // a new watch (this tab left its seat: a spectator's now) brings them all again
    setChat([]);
    setEnded("");
    (async () => {
      const first = await viewer.view();
      const game = first.match?.game ?? "";
      client.listGames().then((games) => setTitle(games.find((g) => g.name === game)?.title ?? ""), () => undefined);
      setContent(await client.gameContent(first.match?.game ?? "").catch(() => undefined));
      setView(first);
      // "restored" once the stream answers again, "live" (said no more) once updates flow
      const onConnection = (status: ConnectionStatus) => {
        if (status.state === "reconnecting") setAttempt(status.attempt);
        setConnection((was) => (status.state === "reconnecting" ? "reconnecting" : was === "live" ? "live" : "restored"));
      };
      for await (const update of viewer.watch({ signal: stop.signal, untilFinished: true, chat: true, onConnection })) {
        if (stop.signal.aborted) break; // this watch was left: another may have begun
        setConnection("live");
        if (update.chat) setChat((lines) => [...lines, update.chat!].slice(-CHAT_SHOWN));
        if (update.entry) setLog((entries) => [...entries, update.entry!]);
        if (update.view) setView(update.view);
      }
    })().catch((e) => {
      if (stop.signal.aborted) return;
      if (unreachable(e)) onDown();
      else setEnded(refusal(e));
    });
    return () => stop.abort(); // leaving the page stops the watch
  }, [viewer]);

  const choose = async (move: GameMove) => {
    const current = viewer.lastView ?? view;
    if (submitting || !current || !held) return;
    setSubmitting(true);
    setMessage("");
    try {
      await (viewer as Player).submit(move, { expectedVersion: current.match?.version });
    } catch (e) {
      if (unreachable(e)) onDown();
      else setMessage(refusal(e));
    } finally {
      setSubmitting(false);
      if (viewer.lastView) setView(viewer.lastView);
    }
  };

  // sensible defaults: a window that asks nothing of the viewer is passed for him (the game's
  // standing auto-pass), unless he turned it off
  const autoDone = useRef(false);
  // while the server's bot plays his seat its decisions are the bot's: the server refuses his
  const botPlays = playedByServer(view?.match?.seats[view.viewerSeat]);
  const automatic = view && held && !botPlays && auto && !submitting && connection !== "reconnecting" && !autoDone.current ? autoMove(view) : undefined;
  useEffect(() => {
    if (!automatic) return;
    autoDone.current = true; // once: a player who then stops auto-passing is asked again
    void choose(automatic);
  }, [automatic]);

  if (ended && !view) return <p class="error" role="alert">{ended} <a href="#/">Back to the lobby</a></p>;
  if (!view?.match) return <p class="muted">Loading the match…</p>;
  const match = view.match;
  const seatName = seatNamer(view);
  const mine = view.decisions.filter((d) => d.seat === view.viewerSeat && d.options.length > 0);
  // no move offered while the edge is away (it would go nowhere, and the board may be stale),
  // nor while the server's bot plays the seat
  const offered = submitting || connection === "reconnecting" || botPlays ? [] : mine.flatMap((d) => d.options);
  const ctx: RenderContext = { view, seatName, options: offered, choose, content, log };
  const status = STATUS[match.status];
  const creator = created(matchId);
  return (
    <div class="match-page">
      <section id="match" data-match={match.matchId} data-status={status} data-version={String(match.version)} data-viewer={view.viewerSeat} aria-labelledby="match-title">
        <h1 id="match-title">{title || match.game} <small class="muted">match {match.matchId}</small></h1>
        <p class="meta">
          <span class={`status status-${status}`}>{status}</span>{" "}
          {view.viewerSeat === SPECTATOR ? "You are watching (a spectator sees no hidden card)." : `You play as ${seatName(view.viewerSeat).replace(/ \(you\)$/, "")}.`}
        </p>
        <p class={`connection connection-${connection}`} role="status" aria-live="polite" data-connection={connection} data-attempt={attempt}>{CONNECTION[connection]}</p>
        <SeatList match={match} viewerSeat={view.viewerSeat} seatName={seatName} />
        {held && botPlays && match.status !== MatchStatus.FINISHED ? (
          <BotPlays forfeited={match.seats[view.viewerSeat].forfeited}
            reclaim={() => (viewer as Player).reclaim().catch((e) => setMessage(refusal(e)))} />
        ) : null}
        {held && !botPlays && match.status !== MatchStatus.FINISHED ? (
          <Leave player={viewer as Player} match={match} onError={setMessage}
            onFreed={() => { forgetSeat(matchId); setHeld(undefined); }} />
        ) : null}
        {!held && match.status !== MatchStatus.FINISHED ? <ResumeSeat client={client} matchId={matchId} /> : null}
        {match.status === MatchStatus.WAITING && creator ? <Waiting client={client} matchId={matchId} creator={creator} onError={setMessage} /> : null}
        {match.status === MatchStatus.FINISHED ? <Result view={view} seatName={seatName} /> : null}
        <div class="play">
          <div class="board">{boardFor(match.game)(ctx)}</div>
          <div class="side-top">
            <Decisions view={view} ctx={ctx} seatName={seatName} buttons={!boardPlays(match.game)} botPlays={botPlays} />
            {held && match.status !== MatchStatus.FINISHED && autoPasses(match.game) ? (
              <label class="check auto"><input type="checkbox" name="auto-pass" checked={auto}
                onChange={(e) => { setAuto(e.currentTarget.checked); localStorage.setItem(AUTO, e.currentTarget.checked ? "on" : "off"); }} />
                {" "}Pass automatically where nothing is asked of me</label>
            ) : null}
            {message ? <p class="error" role="alert">{message}</p> : null}
            {ended ? <p class="error" role="alert">{ended}</p> : null}
          </div>
          <div class="side-rest">
            <Log log={log} view={view} content={content} seatName={seatName} />
          </div>
        </div>
      </section>
      {match.status === MatchStatus.FINISHED ? <Replay matchId={matchId} token={held?.token} content={content} seatName={seatName} /> : null}
      <Chat player={held ? (viewer as Player) : undefined} view={view} lines={chat} />
    </div>
  );
}

/**
 * For a seated player: Leave. Before the start it frees the seat at once (`onFreed`: this tab
 * then watches as a spectator); during play it asks first, then the server's bot plays the
 * seat until "Take my seat back".
 */
function Leave({ player, match, onFreed, onError }: { player: Player; match: Match; onFreed: () => void; onError: (m: string) => void }) {
  const [asking, setAsking] = useState(false);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), [asking]); // the question in hand, staying the default
  const playing = match.status === MatchStatus.ACTIVE;
  const leave = async () => {
    setAsking(false);
    try {
      await player.leave();
      if (!playing) onFreed();
    } catch (e) {
      onError(refusal(e));
    }
  };
  if (!asking) {
    return <button type="button" class="small secondary leave" onClick={playing ? () => setAsking(true) : leave}>Leave the match</button>;
  }
  return (
    <div class="confirm-leave panel" role="group" aria-labelledby="leave-question">
      <p id="leave-question">Leave this match? The server's bot plays your seat until you take it back.</p>
      <button type="button" class="leave-confirm" onClick={leave}>Leave</button>{" "}
      <button type="button" class="secondary leave-cancel" ref={stay} onClick={() => setAsking(false)}>Stay</button>
    </div>
  );
}

/**
 * For a seated player whose seat the server's bot plays: said where Leave was, with the way
 * back while the seat was left or timed out (a forfeited seat is out of the match for good).
 */
function BotPlays({ forfeited, reclaim }: { forfeited: boolean; reclaim: () => void }) {
  return (
    <p class="bot-plays panel" role="status">
      {forfeited ? "Your time ran out: you are out of the match, the server's bot plays your seat to the end."
        : <>The server's bot is playing your seat.{" "}
          <button type="button" class="small reclaim" onClick={reclaim}>Take my seat back</button></>}
    </p>
  );
}

/** For the creator of a match still waiting: the invite link, and a start with bots. */
function Waiting({ client, matchId, creator, onError }: { client: Client; matchId: string; creator: { token: string; joinSecret: string }; onError: (m: string) => void }) {
  const link = creator.joinSecret ? inviteLink(matchId, creator.joinSecret) : `${location.origin}${location.pathname}${location.search}#/match/${matchId}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const start = () => client.creator(matchId, creator.token).start().catch((e) => onError(refusal(e)));
  return (
    <div class="waiting panel">
      <p>{creator.joinSecret ? "A private match: only those with this link may join." : "Waiting for players: others join from their lobby, or from this link."}</p>
      <label for="invite-link">Invite link</label>
      <div class="invite-row">
        <input id="invite-link" class="invite-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="small" onClick={copy}>{copied ? "Copied" : "Copy"}</button>
      </div>
      <button type="button" class="secondary start-now" onClick={start}>Start now (bots take the open seats)</button>
    </div>
  );
}

function Result({ view, seatName }: { view: MatchView; seatName: (s: number) => string }) {
  const r = view.match!.result;
  const winners = r?.winners ?? [];
  const names = winners.map((s) => seatName(s).replace(/ \(you\)$/, ""));
  const you = winners.includes(view.viewerSeat);
  const headline = !winners.length ? "No winner: a draw."
    : winners.length > 1 ? `Shared victory: ${names.join(", ")}${you ? " (you among them)" : ""}.`
    : you ? "You win!" : `${names[0]} wins.`;
  // the server's summary, its seats named as the page names them
  const summary = (r?.summary ?? "").replace(/\bseat (\d+)/g, (_, s) => seatName(Number(s)).replace(/ \(you\)$/, ""));
  return (
    <div class="result" role="status">
      <strong class="headline">{headline}</strong>{" "}
      <span class="summary">{summary}</span>
      <span class="winners" data-winners={winners.join(",")} />
    </div>
  );
}

function Decisions({ view, ctx, seatName, buttons, botPlays }: { view: MatchView; ctx: RenderContext; seatName: (s: number) => string; buttons: boolean; botPlays: boolean }) {
  if (!view.decisions.length) return null;
  return (
    <ul class="decisions" aria-label="whose turn">
      {view.decisions.map((d, i) => {
        const due = d.deadlineMs > 0n ? ` (before ${new Date(Number(d.deadlineMs)).toLocaleTimeString()})` : "";
        if (d.seat === view.viewerSeat && botPlays) {
          return <li key={i} class="bot-move">The server's bot makes your move{due}</li>;
        }
        if (d.seat !== view.viewerSeat || d.options.length === 0) {
          return <li key={i} class="waiting-for">Waiting for {seatName(d.seat)}{due}</li>;
        }
        return (
          <li key={i} class="mine">
            <strong>Your move: {d.prompt || d.kind}</strong>{due}
            {buttons ? <div class="options">
              {d.options.map((o, n) => (
                <button type="button" key={n} class="option" data-option={n} data-move={moveCase(o)} disabled={ctx.options.length === 0} onClick={() => ctx.choose(o)}>
                  {moveLabel(o, { view, content: ctx.content, kind: d.kind })}
                </button>
              ))}
            </div> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The log in words: each entry's events, newest first, under who made the move. */
function Log({ log, view, content, seatName }: { log: LogEntry[]; view: MatchView; content?: GameContent; seatName: (s: number) => string }) {
  const shown = log.slice(-LOG_SHOWN).reverse();
  return (
    <section class="log-panel" aria-labelledby="log-title">
      <h2 id="log-title">What happened</h2>
      <ol class="log" reversed tabIndex={0} aria-label="the log, newest first">
        {shown.map((e) => {
          const events = e.events.map((ev) => eventLabel(ev, { view, content })).filter(Boolean);
          return (
            <li key={String(e.version)} value={Number(e.version)}>
              {events.length ? capitalised(events.join("; ")) : <><strong>{e.seat >= 0 ? seatName(e.seat) : "The game"}</strong>: {lobbyWords(e.moveKind)}</>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The chat: its lines as they come (text, never markup), and for a seat a field to speak. */
function Chat({ player, view, lines }: { player?: Player; view: MatchView; lines: ChatLine[] }) {
  const [text, setText] = useState("");
  const [status, setStatus] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight; // the newest line in sight
  }, [lines.length]);
  const speak = async (event: Event) => {
    event.preventDefault();
    if (!player || !text.trim()) return;
    try {
      await player.sendChat(text);
      setText("");
      setStatus("");
    } catch (e) {
      setStatus(refusal(e));
    }
  };
  return (
    <section id="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      <ol class="chat-lines" ref={list} tabIndex={0} aria-label="chat lines">
        {lines.map((line) => {
          // the name it was said under: a seat given up may have another holder now
          const you = view.viewerSeat === line.seat && view.match?.seats[line.seat]?.displayName === line.displayName;
          const who = `${line.displayName || `player ${line.seat + 1}`}${you ? " (you)" : ""}`;
          return <li key={String(line.sequence)} data-sequence={String(line.sequence)} data-seat={line.seat}><strong>{who}: </strong>{line.text}</li>;
        })}
      </ol>
      {player ? (
        // no maxlength: it counts UTF-16 units, the server code points; the server names the
        // length it refuses
        <form class="chat-form" onSubmit={speak}>
          <input type="text" name="text" aria-label="chat message" placeholder="Say something" autocomplete="off" value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <button type="submit">Send</button>
        </form>
      ) : <p class="muted">Spectators read the chat; take a seat to speak.</p>}
      {status ? <p class="error" role="alert">{status}</p> : null}
    </section>
  );
}

// the log entries the lobby writes (the match's life, no game move): in words
const LOBBY_WORDS: Record<string, string> = {
  create: "the match was opened", create_and_start: "the match was opened and started", join: "joined",
  join_and_start: "joined; the match starts", start: "the match starts", leave: "left the match", kick: "a seat was freed",
  close: "the match was closed", done: "passed", rejoin: "came back",
  abandon: "left; the server's bot plays the seat", reclaim: "took the seat back from the server's bot",
  timeout_zombie: "a seat ran out of time: the server's bot plays it",
  timeout_forfeit: "a seat ran out of time and is out of the match",
};
// the move's case ("autoPass", "pick"...): lets a test or a style tell options apart
const moveCase = (o: GameMove) => ((o.game.value as { kind?: { case?: string } } | undefined)?.kind?.case ?? o.game.case ?? "");
const capitalised = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);
// a game move whose events this viewer may not see: said without the contract's words
const lobbyWords = (kind: string) => LOBBY_WORDS[kind] ?? "made a move";
