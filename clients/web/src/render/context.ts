// What a renderer is given: the viewer's MatchView, names for seats, and (for a seat that owes
// a decision) the legal options with a way to choose one.

import type { VNode } from "preact";
import type { GameContent, GameMove, LogEntry, MatchView } from "@cosmodrome/client";

export interface RenderContext {
  view: MatchView;
  /** "Ada (seat 0)", "you", ...: how the page names a seat. */
  seatName(seat: number): string;
  /** Every option this viewer may submit now (empty for spectators and while waiting). */
  options: GameMove[];
  /** Submits one of `options`. */
  choose(move: GameMove): void;
  /** The game's static content (GetGameContent: card, power, moon names), once fetched. */
  content?: GameContent;
  /** The match's log as far as this viewer has followed it (what was revealed, and when). */
  log?: LogEntry[];
}

/** A game's own board: draws the game's View, and may offer options by clicking on it. */
export type BoardRenderer = (ctx: RenderContext) => VNode;

/** Each seat's colour, everywhere on the page: Cosmic's ship colours as the rules name them
 * (red, blue, green, black, white, silver, gold, brown; docs/rules/cosmic.md). */
export const SEAT_COLOURS = ["#f0605a", "#3b82f6", "#22a55a", "#2b2b2b", "#f2f2f2", "#aab4c3", "#e6b422", "#8b5a2b"];
/** The ink that reads on each seat's colour (WCAG AA contrast): dark, but on black and brown. */
export const SEAT_INK = ["#111", "#111", "#111", "#fff", "#111", "#111", "#111", "#fff"];
export const inkOn = (seat: number) => SEAT_INK[seat % SEAT_INK.length];
