// A whole match of every hosted game through the client that openapi-typescript and
// openapi-fetch make of /openapi.json: no cast, no `!`, no hand-written type.
//   node fetch_play.mjs EDGE_URL
import createClient from "openapi-fetch";
import type { components, paths } from "../gen/fetch/schema";

// openapi-fetch reads responses as Readable<T> and bodies as Writable<T>: the views it
// returns are passed back as they are (a move picked from a decision's options).
type MatchUpdate = components["schemas"]["MatchUpdate"];
type GameInfo = components["schemas"]["GameInfo"];

const ABORTED = 10; // google.rpc.Code: the match moved on since the view
const client = createClient<paths>({ baseUrl: process.argv[2] ?? "" });

async function view(matchId: string, token: string) {
  const { data, error } = await client.GET("/v1/matches/{matchId}/view", {
    params: { path: { matchId } }, headers: { Authorization: `Bearer ${token}` } });
  if (error) throw new Error(`GetView: ${error.message}`);
  return data;
}

// The next update after `version` (the watch, read up to its first event).
async function nextUpdate(matchId: string, token: string, version: string): Promise<MatchUpdate> {
  const { response } = await client.GET("/v1/matches/{matchId}:watch", {
    params: { path: { matchId }, query: { fromVersion: version } },
    headers: { Authorization: `Bearer ${token}` }, parseAs: "stream" });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("the watch sent no body");
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the watch ended without an update");
    text += value;
    const data = text.split("\n\n")[0]?.split("\n").find((line) => line.startsWith("data: "));
    if (text.includes("\n\n") && data) {
      await reader.cancel();
      const update: MatchUpdate = JSON.parse(data.slice("data: ".length));
      return update;
    }
  }
}

function pick<Move>(options: Move[], turn: number): Move | undefined {
  return options[turn % options.length];
}

async function play(game: GameInfo) {
  const bots = Array.from({ length: game.minPlayers - 1 }, (_, i) => ({ seat: i + 1 }));
  const created = await client.POST("/v1/matches", { body: { game: game.name, bots, seed: "7" } });
  if (created.error) throw new Error(`CreateMatch: ${created.error.message}`);
  const matchId = created.data.matchId;
  const joined = await client.POST("/v1/matches/{matchId}:join", {
    params: { path: { matchId } }, body: { displayName: "openapi-fetch" } });
  if (joined.error) throw new Error(`JoinMatch: ${joined.error.message}`);
  const token = joined.data.seatToken;
  for (let turn = 0; ; turn += 1) {
    const seen = await view(matchId, token);
    if (seen.match.status === "MATCH_STATUS_FINISHED") return seen;
    const mine = seen.decisions.find((d) => d.seat === seen.viewerSeat && d.options.length);
    const move = mine && pick(mine.options, turn);
    if (!move) {
      await nextUpdate(matchId, token, seen.match.version);
      continue;
    }
    const moved = await client.POST("/v1/matches/{matchId}/moves", {
      params: { path: { matchId } }, headers: { Authorization: `Bearer ${token}` },
      body: { expectedVersion: seen.match.version, move } });
    if (moved.error && moved.error.code !== ABORTED) {
      throw new Error(`SubmitMove: ${moved.error.message}`);
    }
  }
}

const listed = await client.GET("/v1/games");
if (listed.error) throw new Error(listed.error.message);
for (const game of listed.data.games) {
  const end = await play(game);
  const result = end.match.result;
  console.log(JSON.stringify({ game: game.name, matchId: end.match.matchId,
    version: end.match.version, summary: result ? result.summary : "" }));
}
