// The replay of a finished match: a slider over its versions, the board as this tab's seat
// (or a spectator) saw it at the version chosen. Opened on demand (a button), so the finished
// page draws one board until asked. The server rebuilds each version (GetReplay, over the
// edge's REST route: the TypeScript client has no call for it yet).

import { fromJson, type GameContent, type JsonValue, type LogEntry, LogEntrySchema, type MatchView, MatchViewSchema } from "@cosmodrome/client";
import { useEffect, useState } from "preact/hooks";
import { type RenderContext } from "./render/context.js";
import { boardFor, eventLabel } from "./render/index.js";

interface Props {
  matchId: string;
  token?: string;
  content?: GameContent;
  seatName: (seat: number) => string;
}

interface Shown {
  view: MatchView;
  entries: LogEntry[];
  last: number;
}

// where the page's edge is (as main.tsx reads it)
const edge = () => new URLSearchParams(location.search).get("edge") ?? `${location.protocol}//${location.hostname}:8080`;

async function getReplay(matchId: string, version: number, token?: string): Promise<Shown> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const answer = await fetch(`${edge()}/v1/matches/${matchId}/replay?version=${version}`, { headers });
  const body = (await answer.json()) as { view: JsonValue; entries?: JsonValue[]; lastVersion: string; message?: string };
  if (!answer.ok) throw new Error(body.message ?? `replay refused (${answer.status})`);
  return {
    view: fromJson(MatchViewSchema, body.view, { ignoreUnknownFields: true }),
    entries: (body.entries ?? []).map((e) => fromJson(LogEntrySchema, e, { ignoreUnknownFields: true })),
    last: Number(body.lastVersion),
  };
}

export function Replay({ matchId, token, content, seatName }: Props) {
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0); // 0: the last
  const [shown, setShown] = useState<Shown>();
  const [error, setError] = useState("");
  useEffect(() => {
    if (!open) return;
    let current = true;
    getReplay(matchId, version, token).then((s) => current && setShown(s), (e) => current && setError(String(e.message ?? e)));
    return () => { current = false; };
  }, [open, version]);
  if (!open) {
    return <section class="replay panel" aria-label="replay"><button type="button" class="secondary replay-open" onClick={() => setOpen(true)}>Replay this match</button></section>;
  }
  const at = Number(shown?.view.match?.version ?? 0);
  const ctx: RenderContext | undefined = shown && { view: shown.view, seatName, options: [], choose: () => undefined, content, log: shown.entries };
  const latest = shown?.entries[shown.entries.length - 1];
  const words = latest && shown ? latest.events.map((ev) => eventLabel(ev, { view: shown.view, content })).filter(Boolean).join("; ") : "";
  return (
    <section class="replay panel" aria-labelledby="replay-title" data-version={String(at)} data-last={String(shown?.last ?? 0)}>
      <h2 id="replay-title">Replay</h2>
      {shown ? (
        <>
          <label for="replay-slider">Version {at} of {shown.last}</label>
          <input id="replay-slider" class="replay-slider" style="width:100%" type="range" min={1} max={shown.last} value={at}
            onInput={(e) => setVersion(Number(e.currentTarget.value))} />
          <p class="replay-step muted">{words || (latest?.seat !== undefined && latest.seat >= 0 ? `${seatName(latest.seat)}: ${latest.moveKind}` : latest?.moveKind)}</p>
          {shown.view.game?.game.case && ctx
            ? <div class="board replay-board">{boardFor(shown.view.match?.game ?? "")(ctx)}</div>
            : <p class="muted replay-board">Play had not begun yet.</p>}
        </>
      ) : <p class="muted">Loading the replay…</p>}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
