// A whole match of every hosted game through the client that @hey-api/openapi-ts makes of
// /openapi.json (its fetch client, its typed server-sent events): no cast, no `!`.
//   node hey_play.mjs EDGE_URL
import { client } from "../gen/hey/client.gen";
import { createMatch, getView, joinMatch, listGames, submitMove, watchMatch }
  from "../gen/hey/sdk.gen";
import type { GameInfo, GameMove, MatchUpdate, MatchView } from "../gen/hey/types.gen";

const ABORTED = 10; // google.rpc.Code: the match moved on since the view
client.setConfig({ baseUrl: process.argv[2] ?? "" });

async function view(matchId: string, token: string): Promise<MatchView> {
  const { data, error } = await getView({ path: { matchId }, auth: token });
  if (error) throw new Error(`GetView: ${error.message}`);
  if (!data) throw new Error("GetView: no body");
  return data;
}

// The next update after `version`: the watch's first event, typed by the document.
async function nextUpdate(matchId: string, token: string, version: string): Promise<MatchUpdate> {
  const stop = new AbortController(); // leaving the loop does not close the stream
  const { stream } = await watchMatch({ path: { matchId }, query: { fromVersion: version },
    auth: token, sseMaxRetryAttempts: 1, signal: stop.signal });
  try {
    for await (const update of stream) {
      if (update) return update;
    }
  } finally {
    stop.abort();
  }
  throw new Error("the watch ended without an update");
}

function pick(options: GameMove[], turn: number): GameMove | undefined {
  return options[turn % options.length];
}

async function play(game: GameInfo): Promise<MatchView> {
  const bots = Array.from({ length: game.minPlayers - 1 }, (_, i) => ({ seat: i + 1 }));
  const created = await createMatch({ body: { game: game.name, bots, seed: "7" } });
  if (!created.data) throw new Error(`CreateMatch: ${created.error?.message}`);
  const matchId = created.data.matchId;
  const joined = await joinMatch({ path: { matchId }, body: { displayName: "hey-api" } });
  if (!joined.data) throw new Error(`JoinMatch: ${joined.error?.message}`);
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
    const moved = await submitMove({ path: { matchId }, auth: token,
      body: { expectedVersion: seen.match.version, move } });
    if (moved.error && moved.error.code !== ABORTED) {
      throw new Error(`SubmitMove: ${moved.error.message}`);
    }
  }
}

const listed = await listGames();
if (!listed.data) throw new Error(`ListGames: ${listed.error?.message}`);
for (const game of listed.data.games) {
  const end = await play(game);
  const result = end.match.result;
  console.log(JSON.stringify({ game: game.name, matchId: end.match.matchId,
    version: end.match.version, summary: result ? result.summary : "" }));
}
