// High card: moves and reveals in the game's words from the catalog
// (server/cosmodrome/games/highcard/words.py); the View keeps the generic rendering.

import { type GameEvent, type GameMove, highcard } from "@cosmodrome/client";
import type { WordsContext } from "./tictactoe.js";
import { type Format, phrasesOf, type Seats, seatsOf, who, worded } from "./words.js";

// How high card's words draw the values their templates name.
function formats(seats: Seats): Record<string, Format> {
  return {
    who: (seat) => who(seats, seat as number),
    take: (seat) => (seat === seats.viewer ? "take" : "takes"),
    seat_cards: (cards) => (cards as number[]).map((c, s) => `${who(seats, s)}: ${c}`).join(", "),
  };
}

export function highCardMove(move: GameMove, at: WordsContext = {}): string | undefined {
  if (move.game.case !== "highcard") return undefined;
  return worded(highcard.MoveSchema, move.game.value, "move", phrasesOf(at.content), formats(seatsOf(at.view)));
}

export function highCardEvent(event: GameEvent, at: WordsContext = {}): string | undefined {
  if (event.game.case !== "highcard") return undefined;
  return worded(highcard.EventSchema, event.game.value, "event", phrasesOf(at.content), formats(seatsOf(at.view)));
}
