// Must not type-check where marked: a move with two games set (@hey-api/openapi-ts types).
import { submitMove } from "../gen/hey/sdk.gen";
import type { GameMove } from "../gen/hey/types.gen";

export const right: GameMove = { tictactoe: { cell: 4 } };
export const wrong: GameMove = { tictactoe: { cell: 4 }, highcard: { card: 1 } }; // wrong oneof

export async function submit(matchId: string): Promise<void> {
  await submitMove({ path: { matchId },
    body: { expectedVersion: "1", move: { tictactoe: { cell: 4 }, mlem: {} } } }); // wrong oneof
}
