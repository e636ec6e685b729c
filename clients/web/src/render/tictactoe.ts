// Tic-tac-toe: the 3x3 grid; a cell the viewer may take is a button. Moves and events in the
// game's words from the catalog (server/cosmodrome/games/tictactoe/words.py).

import type { VNode } from "preact";
import { type GameContent, type GameEvent, type GameMove, type MatchView, tictactoe } from "@cosmodrome/client";
import { playedByServer } from "../clock.js";
import { h } from "../dom.js";
import type { RenderContext } from "./context.js";
import { type Format, phrasesOf, type Seats, seatsOf, who, worded } from "./words.js";

const MARKS: Record<number, string> = { [tictactoe.Mark.X]: "X", [tictactoe.Mark.O]: "O" };
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6],
];

export function ticTacToeBoard(ctx: RenderContext): VNode {
  const game = ctx.view.game?.game;
  if (game?.case !== "tictactoe") return h("p", { class: "muted" }, "Waiting for players.");
  const view = game.value;
  const byCell = new Map<number, GameMove>();
  for (const move of ctx.options) if (move.game.case === "tictactoe") byCell.set(move.game.value.cell, move);
  const line = LINES.find((l) => view.cells[l[0]] && l.every((c) => view.cells[c] === view.cells[l[0]])) ?? [];
  const cells = view.cells.map((mark, i) => {
    const move = byCell.get(i);
    const attrs = {
      class: `cell mark-${MARKS[mark] ?? "none"}${line.includes(i) ? " won" : ""}`,
      "data-cell": i,
      "aria-label": `cell ${i}: ${MARKS[mark] ?? "empty"}`,
    };
    return move
      ? h("button", { ...attrs, class: `${attrs.class} playable`, onclick: () => ctx.choose(move) }, "")
      : h("div", { ...attrs, role: "img" }, MARKS[mark] ?? ""); // named by its label
  });
  const status = view.finished
    ? view.winner >= 0
      ? `${ctx.seatName(view.winner)} (${view.winner === 0 ? "X" : "O"}) won`
      : "a draw"
    : `${ctx.seatName(view.toMove)} (${view.toMove === 0 ? "X" : "O"}) to move${botMoves(ctx, view.toMove)}`;
  return h("div", { class: "tictactoe" }, h("div", { class: "grid" }, cells), h("p", { class: "board-status" }, status));
}

// a seat left or out of time: its move is the server's bot's, not its player's
const botMoves = (ctx: RenderContext, seat: number) =>
  (playedByServer(ctx.view.match?.seats[seat]) ? ", played by the server's bot" : "");

// How tic-tac-toe's words draw the values their templates name.
function formats(seats: Seats, content?: GameContent): Record<string, Format> {
  return {
    who: (seat) => who(seats, seat as number),
    wins: (seat) => (seat === seats.viewer ? "win" : "wins"),
    cell: (cell) => phrasesOf(content)?.[`Cell.${cell}`] ?? `cell ${cell}`,
  };
}

/** Where a move or an event is worded: the viewer's MatchView and the catalog. */
export interface WordsContext {
  view?: MatchView;
  content?: GameContent;
}

export function ticTacToeMove(move: GameMove, at: WordsContext = {}): string | undefined {
  if (move.game.case !== "tictactoe") return undefined;
  return worded(tictactoe.MoveSchema, move.game.value, "move", phrasesOf(at.content), formats(seatsOf(at.view), at.content));
}

export function ticTacToeEvent(event: GameEvent, at: WordsContext = {}): string | undefined {
  if (event.game.case !== "tictactoe") return undefined;
  const e = event.game.value;
  const over = e.kind.case === "gameOver" ? e.kind.value : undefined;
  const variant = over ? [over.winner < 0 ? "draw" : "", over.reason ? "reason" : ""].filter(Boolean).join(".") : "";
  return worded(tictactoe.EventSchema, e, "event", phrasesOf(at.content), formats(seatsOf(at.view), at.content), variant);
}
