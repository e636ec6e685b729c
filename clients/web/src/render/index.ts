// Which board draws which game; every other game gets the generic renderer.

import type { GameMove } from "@cosmodrome/client";
import type { BoardRenderer } from "./context.js";
import { describeMove, genericBoard } from "./generic.js";
import { describeMlemMove, mlemBoard } from "./mlem.js";
import { ticTacToeBoard } from "./tictactoe.js";

const BOARDS: Record<string, BoardRenderer> = { tictactoe: ticTacToeBoard, mlem: mlemBoard };
const MOVE_LABELS: ((move: GameMove) => string | undefined)[] = [describeMlemMove];

export function boardFor(game: string): BoardRenderer {
  return BOARDS[game] ?? genericBoard;
}

export function hasOwnBoard(game: string): boolean {
  return game in BOARDS;
}

export function moveLabel(move: GameMove): string {
  for (const describe of MOVE_LABELS) {
    const text = describe(move);
    if (text) return text;
  }
  return describeMove(move);
}
