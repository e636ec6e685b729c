// The lobby: the games the server hosts, a match against bots or open to others, and the
// matches there are to watch or join.

import { type Client, type GameInfo, type Match, MatchStatus } from "@cosmodrome/client";
import { fill, h } from "./dom.js";
import { holdSeat } from "./seats.js";

const STATUS = { [MatchStatus.UNSPECIFIED]: "?", [MatchStatus.WAITING]: "waiting", [MatchStatus.ACTIVE]: "active", [MatchStatus.FINISHED]: "finished" };

export async function showLobby(root: HTMLElement, client: Client): Promise<void> {
  const [games, matches] = await Promise.all([client.listGames(), client.listMatches({ limit: 30 })]);
  fill(
    root,
    h("p", { id: "lobby-error", class: "error", role: "alert" }),
    h("section", { id: "games" }, h("h2", {}, "Games"), h("div", { class: "cards" }, games.map((g) => gameCard(client, g)))),
    h(
      "section",
      { id: "matches" },
      h("h2", {}, "Matches ", h("button", { class: "small", onclick: () => showLobby(root, client) }, "refresh")),
      matches.length ? matchTable(client, matches) : h("p", { class: "muted" }, "No match yet."),
    ),
  );
}

function gameCard(client: Client, game: GameInfo): HTMLElement {
  const counts = Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const players = h("select", { name: "players", "aria-label": "players" }, counts.map((n) => h("option", { value: n }, `${n} players`))) as HTMLSelectElement;
  const start = (bots: boolean) => reporting(async () => {
    const count = Number(players.value);
    // "against bots": the server plays every other seat with the game's own bot
    const others = bots ? Array.from({ length: count - 1 }, (_, i) => ({ seat: i + 1 })) : [];
    const match = await client.createMatch(game.name, { players: count, bots: others });
    const me = await client.join(match.matchId, { seat: 0, name: "player" });
    holdSeat(match.matchId, { seat: me.seat, token: me.token });
    location.hash = `#/match/${match.matchId}`;
  });
  return h(
    "article",
    { class: "card", "data-game": game.name },
    h("h3", {}, game.title || game.name),
    h("p", {}, game.summary),
    h("p", { class: "muted" }, `${game.minPlayers}-${game.maxPlayers} players${game.hiddenInformation ? ", hidden information" : ""}`),
    counts.length > 1 ? players : null,
    h("div", { class: "actions" },
      h("button", { class: "play-bots", onclick: () => start(true) }, "Play against bots"),
      h("button", { class: "secondary", onclick: () => start(false) }, "Open a match"),
    ),
  );
}

function matchTable(client: Client, matches: Match[]): HTMLElement {
  const join = (match: Match) => reporting(async () => {
    const me = await client.join(match.matchId, { name: "guest" });
    holdSeat(match.matchId, { seat: me.seat, token: me.token });
    location.hash = `#/match/${match.matchId}`;
  });
  return h(
    "table",
    { class: "matches" },
    h("tr", {}, ["match", "game", "status", "seats", "version", ""].map((t) => h("th", {}, t))),
    matches.map((m) =>
      h(
        "tr",
        { "data-match": m.matchId },
        h("td", {}, h("code", {}, m.matchId)),
        h("td", {}, m.game),
        h("td", {}, STATUS[m.status]),
        h("td", {}, m.seats.map((s) => (s.occupied ? s.displayName || `seat ${s.index}` : "open")).join(", ")),
        h("td", {}, String(m.version)),
        h(
          "td",
          {},
          h("a", { href: `#/match/${m.matchId}` }, "watch"),
          m.status === MatchStatus.WAITING && m.seats.some((s) => !s.occupied) ? h("button", { class: "small", onclick: () => join(m) }, "join") : null,
        ),
      ),
    ),
  );
}

/** Runs a lobby action; a refusal is shown above the lobby rather than lost. */
async function reporting(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    const shown = document.getElementById("lobby-error");
    if (shown) shown.textContent = String(error instanceof Error ? error.message : error);
  }
}
