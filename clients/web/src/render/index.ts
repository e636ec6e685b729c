// Which board draws which game, and which words name its moves and events; every other game
// gets the generic renderer.

import type { GameContent, GameEvent, GameMove, MatchView } from "@cosmodrome/client";
import type { BoardRenderer } from "./context.js";
import { cosmicEvent, cosmicMove, cosmicWords } from "./cosmic.js";
import { cosmicTable } from "./cosmic-board.js";
import { describeEvent, describeMove, genericBoard } from "./generic.js";
import { mlemBoard, mlemEvent, mlemMove } from "./mlem.js";
import { craftingBoard, craftingEvent, craftingMove } from "./crafting.js";
import { highCardBoard, highCardEvent, highCardMove } from "./highcard.js";
import { ticTacToeBoard, ticTacToeEvent, ticTacToeMove } from "./tictactoe.js";

/** Where a move or event is shown: the viewer's MatchView, the game's content, and for a move
 * the kind of the decision that offers it. */
export interface LabelContext {
  view?: MatchView;
  content?: GameContent;
  kind?: string;
}

const BOARDS: Record<string, BoardRenderer> = {
  tictactoe: ticTacToeBoard,
  highcard: highCardBoard,
  mlem: mlemBoard,
  crafting: craftingBoard,
  cosmic: (ctx) => cosmicTable(ctx, cosmicWords(ctx.view, ctx.content)),
};
const MOVE_LABELS: ((move: GameMove, at: LabelContext) => string | undefined)[] = [
  ticTacToeMove,
  highCardMove,
  craftingMove,
  mlemMove,
  (move, at) => (move.game.case === "cosmic" ? cosmicMove(move.game.value, cosmicWords(at.view, at.content, at.kind)) : undefined),
];
const EVENT_LABELS: ((event: GameEvent, at: LabelContext) => string | undefined)[] = [
  ticTacToeEvent,
  highCardEvent,
  craftingEvent,
  mlemEvent,
  (event, at) => (event.game.case === "cosmic" ? cosmicEvent(event.game.value, cosmicWords(at.view, at.content)) : undefined),
];

export function boardFor(game: string): BoardRenderer {
  return BOARDS[game] ?? genericBoard;
}

// games whose board offers every option by a click on it (no list of buttons beside it)
const BOARD_PLAYS = new Set(["tictactoe", "highcard"]);

export function boardPlays(game: string): boolean {
  return BOARD_PLAYS.has(game);
}

export function moveLabel(move: GameMove, at: LabelContext = {}): string {
  for (const describe of MOVE_LABELS) {
    const text = describe(move, at);
    if (text) return text;
  }
  return describeMove(move);
}

export function eventLabel(event: GameEvent, at: LabelContext = {}): string {
  for (const describe of EVENT_LABELS) {
    const text = describe(event, at);
    if (text) return text;
  }
  return describeEvent(event);
}

/** The game has windows the viewer may pass automatically (the page's checkbox). */
export const autoPasses = (game: string) => game === "cosmic";

/** The move the page makes for the viewer where a window asks nothing of him: Cosmic's standing
 * auto-pass, where a decision offers to turn it on. */
export function autoMove(view: MatchView): GameMove | undefined {
  for (const d of view.decisions) {
    if (d.seat !== view.viewerSeat) continue;
    const pass = d.options.find((o) => o.game.case === "cosmic" && o.game.value.kind.case === "autoPass" && o.game.value.kind.value.on);
    if (pass) return pass;
  }
  return undefined;
}
