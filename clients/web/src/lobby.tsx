// The lobby: the player's name, the games the server hosts (each with its options form, built
// from ListGames' published schema: a match against bots, open to others, or private with an
// invite link), and the matches to join or watch (open and active first, finished last). Also
// the invite page a private match's link opens.

import { type Client, fromJson, type GameInfo, GameOptionsSchema, type Match, MatchStatus, type OptionInfo } from "@cosmodrome/client";
import { useEffect, useState } from "preact/hooks";
import { refusal, unreachable } from "./errors.js";
import { MyMatches, ResumeLink } from "./identity.js";
import { holdCreated, holdSeat, keepPlayerName, playerName } from "./seats.js";

const STATUS: Record<number, string> = { [MatchStatus.WAITING]: "open", [MatchStatus.ACTIVE]: "in play", [MatchStatus.FINISHED]: "finished" };
// open matches first (one may join them), then those in play, finished last
const ORDER: Record<number, number> = { [MatchStatus.WAITING]: 0, [MatchStatus.ACTIVE]: 1, [MatchStatus.FINISHED]: 2 };
const MATCHES_SHOWN = 30;

interface Props {
  client: Client;
  onDown: () => void;
}

export function Lobby({ client, onDown }: Props) {
  const [games, setGames] = useState<GameInfo[]>();
  const [matches, setMatches] = useState<Match[]>();
  const [error, setError] = useState("");
  const [name, setName] = useState(playerName);
  const load = async () => {
    try {
      const [g, m] = await Promise.all([client.listGames(), client.listMatches({ limit: MATCHES_SHOWN })]);
      setGames(g);
      setMatches(m);
    } catch (e) {
      if (unreachable(e)) onDown();
      else setError(refusal(e));
    }
  };
  useEffect(() => void load(), []);
  // a lobby action's refusal is shown above the lobby rather than lost
  const act = (action: () => Promise<void>) => async () => {
    setError("");
    try {
      await action();
    } catch (e) {
      if (unreachable(e)) onDown();
      else setError(refusal(e));
    }
  };
  const titles = new Map((games ?? []).map((g) => [g.name, g.title || g.name]));
  return (
    <div class="lobby">
      <h1 class="visually-hidden">Cosmodrome lobby</h1>
      <label class="name-field">
        Your name{" "}
        <input name="player-name" value={name} maxLength={40} autocomplete="nickname"
          onInput={(e) => { setName(e.currentTarget.value); keepPlayerName(e.currentTarget.value); }} />
      </label>
      <ResumeLink client={client} />
      {error ? <p id="lobby-error" class="error" role="alert">{error}</p> : null}
      <MyMatches client={client} titles={titles} onDown={onDown} />
      <section id="games" aria-labelledby="games-title">
        <h2 id="games-title">Games</h2>
        {games ? (
          <div class="cards">{games.map((g) => <GameCard key={g.name} game={g} client={client} name={name} act={act} />)}</div>
        ) : <p class="muted">Loading…</p>}
      </section>
      <section id="matches" aria-labelledby="matches-title">
        <h2 id="matches-title">Matches <button type="button" class="small secondary" onClick={() => void load()}>Refresh</button></h2>
        {matches?.length ? (
          <ul class="match-list">
            {sortedMatches(matches).map((m) => <MatchItem key={m.matchId} match={m} title={titles.get(m.game) ?? m.game} join={act(() => join(client, m.matchId, name))} />)}
          </ul>
        ) : <p class="muted">{matches ? "No match yet: start one above." : "Loading…"}</p>}
      </section>
    </div>
  );
}

/** Open matches first, then those in play, finished last; newest first within each. */
export function sortedMatches(matches: Match[]): Match[] {
  return matches.map((m, i) => [m, i] as const)
    .sort(([a, i], [b, j]) => (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3) || i - j)
    .map(([m]) => m);
}

async function join(client: Client, matchId: string, name: string, joinSecret?: string): Promise<void> {
  const me = await client.join(matchId, { name: name.trim() || "player", joinSecret });
  holdSeat(matchId, { seat: me.seat, token: me.token });
  location.hash = `#/match/${matchId}`;
}

function GameCard({ game, client, name, act }: { game: GameInfo; client: Client; name: string; act: (a: () => Promise<void>) => () => void }) {
  const counts = Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const [players, setPlayers] = useState(game.minPlayers);
  const [values, setValues] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState(false);
  const id = (what: string) => `${game.name}-${what}`;
  const start = (bots: boolean) => act(async () => {
    // against bots: the server plays every other seat with the game's own bot
    const others = bots ? Array.from({ length: players - 1 }, (_, i) => ({ seat: i + 1 })) : [];
    const options = gameOptions(game, values);
    const match = await client.createMatch(game.name, { players, bots: others, options, private: secret && !bots });
    const joinSecret = match.secrets?.joinSecret ?? "";
    holdCreated(match.matchId, { token: match.secrets?.creatorToken ?? "", joinSecret });
    const me = await client.join(match.matchId, { seat: 0, name: name.trim() || "player", joinSecret });
    holdSeat(match.matchId, { seat: me.seat, token: me.token });
    location.hash = `#/match/${match.matchId}`;
  });
  return (
    <article class="card" data-game={game.name} aria-labelledby={id("title")}>
      <h3 id={id("title")}>{game.title || game.name}</h3>
      <p>{game.summary}</p>
      <p class="muted">{game.minPlayers}–{game.maxPlayers} players{game.hiddenInformation ? ", hidden information" : ""}</p>
      {counts.length > 1 ? (
        <label>Players{" "}
          <select name="players" value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
            {counts.map((n) => <option key={n} value={n}>{n} players</option>)}
          </select>
        </label>
      ) : null}
      {game.options.length ? (
        <details class="options-form">
          <summary>Options</summary>
          {game.options.map((o) => <OptionField key={o.name} game={game.name} option={o} value={values[o.name] ?? o.defaultValue}
            set={(v) => setValues({ ...values, [o.name]: v })} />)}
        </details>
      ) : null}
      <label class="check"><input type="checkbox" name="private" checked={secret} onChange={(e) => setSecret(e.currentTarget.checked)} /> Private (join by invite link only)</label>
      <div class="actions">
        <button type="button" class="play-bots" onClick={start(true)}>Play against bots</button>
        <button type="button" class="secondary open-match" onClick={start(false)}>{secret ? "Open a private match" : "Open a match"}</button>
      </div>
    </article>
  );
}

/** An enum's value as a person reads it: RULESET_CLASSIC -> "classic". */
const choiceLabel = (choice: string) => choice.replace(/^[A-Z0-9]+_(?=[A-Z])/, "").replace(/_/g, " ").toLowerCase();
/** An option's name as a label: "powers_per_player" -> "Powers per player",
 * "clock.bank_ms" -> "Clock bank ms". */
const optionLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/[_.]/g, " ");
// ListGames publishes the match's clock among each game's options, named "clock.<field>": the
// same Clock message for every game (GameOptions.clock), beside the game's own options
const CLOCK = "clock.";

function OptionField({ game, option, value, set }: { game: string; option: OptionInfo; value: string; set: (v: string) => void }) {
  const id = `${game}-option-${option.name}`;
  const hint = <small id={`${id}-hint`} class="muted">{option.description}</small>;
  if (option.type === "bool") {
    return (
      <div class="option-field">
        <label class="check"><input type="checkbox" id={id} name={option.name} checked={value === "true"} aria-describedby={`${id}-hint`}
          onChange={(e) => set(String(e.currentTarget.checked))} /> {optionLabel(option.name)}</label>
        {hint}
      </div>
    );
  }
  let input;
  if (option.type === "enum") {
    input = (
      <select id={id} name={option.name} value={value} aria-describedby={`${id}-hint`} onChange={(e) => set(e.currentTarget.value)}>
        {option.choices.map((c) => <option key={c} value={c}>{choiceLabel(c)}</option>)}
      </select>
    );
  } else if (option.type === "int") {
    const max = option.maximum > option.minimum ? Number(option.maximum) : undefined;
    input = <input type="number" id={id} name={option.name} value={value} min={Number(option.minimum)} max={max} aria-describedby={`${id}-hint`}
      onInput={(e) => set(e.currentTarget.value)} />;
  } else {
    input = <input type="text" id={id} name={option.name} value={value} aria-describedby={`${id}-hint`} onInput={(e) => set(e.currentTarget.value)} />;
  }
  return (
    <div class="option-field">
      <label for={id}>{optionLabel(option.name)}</label> {input}
      {hint}
    </div>
  );
}

/** The game's typed options from the form: only what differs from the published default is
 * sent (an unset option keeps the server's default, e.g. a ruleset's own extensions); the
 * "clock.*" ones go to GameOptions.clock. */
export function gameOptions(game: GameInfo, values: Record<string, string>) {
  const json: Record<string, string | number | boolean> = {};
  const clock: Record<string, string | number | boolean> = {};
  for (const o of game.options) {
    const value = values[o.name];
    if (value === undefined || value === "" || value === o.defaultValue) continue;
    const typed = o.type === "bool" ? value === "true" : o.type === "int" ? Number(value) : value;
    if (o.name.startsWith(CLOCK)) clock[o.name.slice(CLOCK.length)] = typed;
    else json[o.name] = typed;
  }
  const options = { ...(Object.keys(json).length ? { [game.name]: json } : {}), ...(Object.keys(clock).length ? { clock } : {}) };
  return Object.keys(options).length ? fromJson(GameOptionsSchema, options) : undefined;
}

function MatchItem({ match, title, join }: { match: Match; title: string; join: () => void }) {
  const open = match.status === MatchStatus.WAITING && match.seats.some((s) => !s.occupied);
  const players = match.seats.map((s) => (s.occupied ? s.displayName || `player ${s.index + 1}` : "open seat")).join(", ");
  return (
    <li class={`match-item status-${(STATUS[match.status] ?? "unknown").replace(" ", "-")}`} data-match={match.matchId} data-status={match.status}>
      <div>
        <strong>{title}</strong> <span class="badge">{STATUS[match.status] ?? "?"}</span>
        <div class="muted players">{players}</div>
      </div>
      <div class="actions">
        <a href={`#/match/${match.matchId}`} aria-label={`watch ${title} match ${match.matchId}`}>Watch</a>
        {open ? <button type="button" class="small join" onClick={join}>Join</button> : null}
      </div>
    </li>
  );
}

/** What a private match's invite link opens: a name, and Join. */
export function Invite({ client, matchId, secret, onDown }: Props & { matchId: string; secret: string }) {
  const [match, setMatch] = useState<Match>();
  const [name, setName] = useState(playerName);
  const [error, setError] = useState("");
  useEffect(() => {
    client.getMatch(matchId).then(setMatch, (e) => (unreachable(e) ? onDown() : setError(refusal(e))));
  }, [matchId]);
  const accept = async (event: Event) => {
    event.preventDefault();
    try {
      keepPlayerName(name);
      await join(client, matchId, name, secret);
    } catch (e) {
      if (unreachable(e)) onDown();
      else setError(refusal(e));
    }
  };
  const host = match?.seats.find((s) => s.occupied)?.displayName;
  return (
    <section id="invite" class="panel">
      <h1>You are invited{match ? ` to a match of ${match.game}` : ""}</h1>
      {host ? <p>{host} is waiting for you.</p> : null}
      <form onSubmit={accept}>
        <label>Your name <input name="player-name" value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} /></label>{" "}
        <button type="submit" class="accept">Join the match</button>
      </form>
      {error ? <p class="error" role="alert">{error}</p> : null}
      <p><a href="#/">Back to the lobby</a></p>
    </section>
  );
}
