// High card: moves and reveals in the game's words from the catalog
// (server/cosmodrome/games/highcard/words.py); the table and the viewer's hand drawn as cards.

import { type GameEvent, type GameMove, highcard } from "@cosmodrome/client";
import type { VNode } from "preact";
import { h } from "../dom.js";
import { type RenderContext, SEAT_COLOURS } from "./context.js";
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

/** The table: each seat's face-down card (or the card just revealed) and tricks, the viewer's
 * hand as cards; a card he may play is a button. */
export function highCardBoard(ctx: RenderContext): VNode {
  const game = ctx.view.game?.game;
  if (game?.case !== "highcard") return h("p", { class: "muted" }, "Waiting for players.");
  const v = game.value;
  const playable = new Map<number, GameMove>();
  for (const move of ctx.options) if (move.game.case === "highcard") playable.set(move.game.value.card, move);
  const seats = v.handSizes.map((size, s) => {
    const played = s === ctx.view.viewerSeat && v.myPlayed ? faceUp(v.myPlayed, "your card, face down to the others") : v.hasPlayed[s] ? faceDown() : null;
    const last = v.lastRevealed[s] ? h("span", { class: "last" }, "last round: ", faceUp(v.lastRevealed[s], "revealed", true)) : null;
    return h("li", { class: "hc-seat", "data-seat": s, style: `border-color:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` },
      h("strong", {}, ctx.seatName(s)),
      h("span", { class: "muted" }, ` ${size} in hand · ${v.tricks[s] ?? 0} trick${v.tricks[s] === 1 ? "" : "s"}`),
      h("div", { class: "played" }, played ?? h("span", { class: "muted" }, v.finished ? "" : "no card yet")),
      last);
  });
  const hand = v.myHand.map((c) => {
    const move = playable.get(c);
    return move
      ? h("button", { type: "button", class: "playing-card playable", "data-card": c, "aria-label": `play card ${c}`, onclick: () => ctx.choose(move) }, String(c))
      : faceUp(c, "in your hand");
  });
  const status = v.finished ? "The last round is played." : `Round ${v.round}: everyone plays a card face down; the highest takes the trick.`;
  return h("div", { class: "highcard" },
    h("p", { class: "board-status" }, status),
    h("ul", { class: "hc-table" }, seats),
    ctx.view.viewerSeat >= 0 ? h("section", { class: "hand", "aria-label": "your hand" }, h("h2", {}, "Your hand"), hand.length ? h("div", { class: "cards-row" }, hand) : h("p", { class: "muted" }, "empty")) : null);
}

function faceUp(card: number, title: string, small = false): VNode {
  return h("span", { class: `playing-card${small ? " small" : ""}`, "data-card": card, title }, String(card));
}

const faceDown = () => h("span", { class: "playing-card back", title: "a card face down" }, h("span", { class: "visually-hidden" }, "a card face down"));
