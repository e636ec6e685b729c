// One match, live: the viewer's board, its decisions and the log, following the watch stream
// with the seat's token when this tab holds one (so with that seat's redaction), else as a
// spectator; beside it the match chat (a seat speaks, everyone reads).

import {
  type ChatLine,
  type Client,
  CosmodromeError,
  type GameContent,
  type GameMove,
  type LogEntry,
  MatchStatus,
  type MatchView,
  type Player,
  SPECTATOR,
  type Viewer,
} from "@cosmodrome/client";
import { fill, h } from "./dom.js";
import { boardFor, eventLabel, hasOwnBoard, moveLabel } from "./render/index.js";
import { type RenderContext, SEAT_COLOURS } from "./render/context.js";
import { heldSeat } from "./seats.js";

const STATUS = { [MatchStatus.UNSPECIFIED]: "unknown", [MatchStatus.WAITING]: "waiting", [MatchStatus.ACTIVE]: "active", [MatchStatus.FINISHED]: "finished" };
const LOG_SHOWN = 40;
const CHAT_SHOWN = 500; // lines the panel keeps (the server keeps as many by default)
const CONTENT = new Map<string, Promise<GameContent | undefined>>(); // by game: it never changes

/** A game's static content (what card, power and moon ids mean), fetched once per game; without
 * it the renderers name cards and powers by number. */
function gameContent(client: Client, game: string): Promise<GameContent | undefined> {
  if (!CONTENT.has(game)) {
    CONTENT.set(game, client.call((o) => client.catalog.getGameContent({ game }, o)).catch(() => undefined));
  }
  return CONTENT.get(game)!;
}

export async function showMatch(root: HTMLElement, client: Client, matchId: string, signal: AbortSignal): Promise<void> {
  const held = heldSeat(matchId);
  const viewer: Viewer = held ? client.player(matchId, held.seat, held.token) : client.spectate(matchId);
  const log: LogEntry[] = [];
  let submitting = false;
  let message = "";
  let content: GameContent | undefined;
  // The board is redrawn on every update; the chat is not (a line being typed survives).
  const board = h("div", {});
  const chat = chatPanel(held ? (viewer as Player) : undefined, () => viewer.lastView);
  fill(root, board, chat.element);

  const choose = async (move: GameMove) => {
    const view = viewer.lastView;
    if (submitting || !view || !held) return;
    submitting = true;
    message = "";
    render(view);
    try {
      await (viewer as Player).submit(move, { expectedVersion: view.match?.version });
    } catch (error) {
      message = error instanceof CosmodromeError ? error.message : String(error);
    } finally {
      submitting = false;
      render(viewer.lastView ?? view);
    }
  };

  const render = (view: MatchView) => {
    const match = view.match!;
    const seatName = seatNamer(view);
    const mine = view.decisions.filter((d) => d.seat === view.viewerSeat && d.options.length > 0);
    const ctx: RenderContext = { view, seatName, options: submitting ? [] : mine.flatMap((d) => d.options), choose, content };
    fill(
      board,
      h(
        "section",
        { id: "match", "data-match": match.matchId, "data-status": STATUS[match.status], "data-version": String(match.version), "data-viewer": view.viewerSeat },
        h("h2", {}, `${match.game} `, h("code", {}, match.matchId)),
        h(
          "p",
          { class: "meta" },
          h("span", { class: `status status-${STATUS[match.status]}` }, STATUS[match.status]),
          ` version ${match.version} - `,
          view.viewerSeat === SPECTATOR ? "spectating (a spectator's view)" : `you play seat ${view.viewerSeat} (your seat's view)`,
        ),
        h(
          "ul",
          { class: "seats" },
          match.seats.map((s) =>
            h("li", {}, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[s.index % SEAT_COLOURS.length]}` }), `${s.index}: ${s.occupied ? seatName(s.index) : "open"}`),
          ),
        ),
        match.status === MatchStatus.FINISHED ? result(view, seatName) : null,
        h("div", { class: "board" }, boardFor(match.game)(ctx)),
        decisions(view, ctx, seatName, !hasOwnBoard(match.game) || mine.length > 0),
        message ? h("p", { class: "error", role: "alert" }, message) : null,
        h("h3", {}, "Log"),
        h(
          "ol",
          { class: "log", reversed: true },
          log
            .slice(-LOG_SHOWN)
            .reverse()
            .map((e) =>
              h("li", { value: Number(e.version) }, `${e.seat >= 0 ? seatName(e.seat) : "server"}: ${e.moveKind || "-"}`, e.events.length ? ` (${e.events.map((ev) => eventLabel(ev, { view, content })).join("; ")})` : ""),
            ),
        ),
      ),
    );
  };

  const first = await viewer.view();
  content = await gameContent(client, first.match?.game ?? "");
  render(first);
  for await (const update of viewer.watch({ signal, untilFinished: true, chat: true })) {
    if (update.chat) chat.add(update.chat);
    if (update.entry) log.push(update.entry);
    if (update.view) render(update.view);
  }
  if (viewer.lastView && !signal.aborted) render(viewer.lastView);
}

function seatNamer(view: MatchView): (seat: number) => string {
  const names = new Map((view.match?.seats ?? []).map((s) => [s.index, s.displayName || `seat ${s.index}`]));
  return (seat) => (seat === view.viewerSeat ? `${names.get(seat)} (you)` : (names.get(seat) ?? `seat ${seat}`));
}

/** The chat: its lines as they come, and for a seat a field to speak. */
function chatPanel(player: Player | undefined, view: () => MatchView | undefined) {
  const lines = h("ol", { class: "chat-lines" });
  const status = h("p", { class: "error", role: "alert" });
  // no maxlength: it counts UTF-16 units, the server code points (an emoji is 2 and 1); the
  // server names the length it refuses
  const input = h("input", { type: "text", name: "text", placeholder: "Say something", autocomplete: "off" }) as HTMLInputElement;
  const speak = async (event: Event) => {
    event.preventDefault();
    const text = input.value;
    if (!player || !text.trim()) return;
    try {
      await player.sendChat(text);
      input.value = "";
      status.textContent = "";
    } catch (error) {
      status.textContent = error instanceof CosmodromeError ? error.message : String(error);
    }
  };
  const element = h(
    "section",
    { id: "chat" },
    h("h3", {}, "Chat"),
    lines,
    player
      ? h("form", { class: "chat-form", onsubmit: speak }, input, h("button", { type: "submit" }, "Send"))
      : h("p", { class: "muted" }, "Spectators read the chat; take a seat to speak."),
    status,
  );
  const add = (line: ChatLine) => {
    const current = view();
    // the name it was said under: a seat given up may have another holder now
    const you = current?.viewerSeat === line.seat && current.match?.seats[line.seat]?.displayName === line.displayName;
    const who = `${line.displayName || `seat ${line.seat}`}${you ? " (you)" : ""}`;
    // textContent only: a line is shown as text, never as markup
    lines.append(h("li", { "data-sequence": String(line.sequence), "data-seat": line.seat }, h("strong", {}, `${who}: `), line.text));
    while (lines.children.length > CHAT_SHOWN) lines.firstElementChild!.remove();
    lines.scrollTop = lines.scrollHeight; // the newest line in sight
  };
  return { element, add };
}

function result(view: MatchView, seatName: (s: number) => string): HTMLElement {
  const r = view.match!.result;
  return h(
    "div",
    { class: "result" },
    h("strong", {}, "Finished: "),
    h("span", { class: "summary" }, r?.summary || ""),
    h("span", { class: "winners", "data-winners": (r?.winners ?? []).join(",") }, r?.winners.length ? ` - winner${r.winners.length > 1 ? "s" : ""}: ${r.winners.map(seatName).join(", ")}` : " - no winner"),
  );
}

function decisions(view: MatchView, ctx: RenderContext, seatName: (s: number) => string, showOptions: boolean): HTMLElement {
  const items = view.decisions.map((d) => {
    const due = d.deadlineMs > 0n ? ` - due at ${new Date(Number(d.deadlineMs)).toLocaleTimeString()}` : "";
    if (d.seat !== view.viewerSeat || d.options.length === 0) {
      return h("li", { class: "muted" }, `waiting for ${seatName(d.seat)}${d.kind ? ` (${d.kind})` : ""}${due}`);
    }
    return h(
      "li",
      { class: "mine" },
      h("strong", {}, d.prompt || d.kind),
      due,
      showOptions
        ? h("div", { class: "options" }, d.options.map((o, i) => h("button", { class: "option", "data-option": i, disabled: ctx.options.length === 0, onclick: () => ctx.choose(o) }, moveLabel(o, { view, content: ctx.content, kind: d.kind }))))
        : null,
    );
  });
  return h("ul", { class: "decisions" }, items);
}
