// Must not type-check where marked: a move with two games set (openapi-typescript types).
import createClient from "openapi-fetch";
import type { components, paths } from "../gen/fetch/schema";

type GameMove = components["schemas"]["GameMove"];

export const right: GameMove = { tictactoe: { cell: 4 } };
export const wrong: GameMove = { tictactoe: { cell: 4 }, highcard: { card: 1 } }; // wrong oneof

export async function submit(matchId: string): Promise<void> {
  const client = createClient<paths>({ baseUrl: "http://127.0.0.1:1" });
  await client.POST("/v1/matches/{matchId}/moves", { params: { path: { matchId } },
    body: { expectedVersion: "1", move: { tictactoe: { cell: 4 }, mlem: {} } } }); // wrong oneof
}
