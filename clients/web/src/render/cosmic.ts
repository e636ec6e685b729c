// Cosmic Encounter in words: every Move and Event of the contract (cosmic.proto). The events,
// notes, tasks, steps, outcomes and edict names are the game's words from the catalog
// (GameContent.words, server/cosmodrome/games/cosmic/words.py), filled here as the terminal
// fills them; the moves are still worded in this file (and in the terminal's renderer). Pure
// functions of the message and what the viewer may know (names, seat, the game's content and
// words from GetGameContent, the View a move was offered from): no DOM, so Node tests them
// (test/words.test.mjs). A case left without words returns undefined and the page falls back
// to the generic rendering; the test fails on any such case.
//
// Board encoding (cosmic.proto): seat s owns home system s, planet p = system * 5 + i; a body
// past the planets is a moon of seed 000. A planet is named by its system's colour and its
// number: "blue 3" is planet 3 of seat 1's home system.

import { cosmic, type GameContent, type MatchView } from "@cosmodrome/client";
import { enumWords, type fill, type Format, worded } from "./words.js";

const {
  CardFace, CardInfo_Kind, CardSource, DealTerm,
  PowerScope, PowersPassed, Reason, Side, Step,
} = cosmic;

/** What the words may know beyond the message itself (all of it optional). */
export interface CosmicWords {
  viewer: number; // the seat whose screen this is; -1: a spectator
  names?: readonly string[]; // display name of each seat ("" for none)
  content?: cosmic.Content; // the game's static content (GetGameContent), if fetched
  kind?: string; // for a move: the kind of decision it is offered for
  view?: cosmic.View; // for a move: the View it was offered from
  words?: GameContent["words"]; // the game's words (the catalog's: notes, tasks, steps, names)
}

/** The words' context for a viewer's MatchView (names, seat, the cosmic View and content). */
export function cosmicWords(view: MatchView | undefined, content?: GameContent, kind?: string): CosmicWords {
  const names: string[] = [];
  for (const s of view?.match?.seats ?? []) names[s.index] = s.displayName;
  const game = view?.game?.game;
  return {
    viewer: view?.viewerSeat ?? -1,
    names,
    content: content?.game.case === "cosmic" ? content.game.value : undefined,
    words: content?.words,
    kind,
    view: game?.case === "cosmic" ? game.value : undefined,
  };
}

export const PLANETS_PER_SYSTEM = 5;

// How Cosmic's words draw the values their templates name (server/cosmodrome/games/cosmic/words.py).
export function formats(w: CosmicWords): Record<string, Format> {
  return {
    who: (seat) => who(w, seat as number),
    whose: (seat) => whose(w, seat as number),
    subject: (seat) => subject(w, seat as number),
    who_list: (seats) => (seats as number[]).map((s) => who(w, s)).join(", ") || "nobody",
    other: (seat) => (seat === undefined ? "the deck" : who(w, seat as number)),
    hand: (seat) => (seat === undefined ? "the deck" : `${whose(w, seat as number)} hand`),
    card: (c) => card(c as number, w),
    cards: (cs) => cardList(cs as number[], w),
    shown: (c) => (c === undefined ? "no card" : card(c as number, w)),
    power: (p) => power(p as number, w),
    colour: (seat) => colour(seat as number),
    moon_number: (n) => moonNumber(n as number, w),
    index: (i) => String((i as number) + 1),
    edict: (edict) => edictName(edict as string, w),
    reason: (c) => reason(c as cosmic.CardsSeen, w),
    others: (seat) => (seat === undefined ? "every other player" : who(w, seat as number)),
    yes_no: (yes) => (yes ? "yes" : "no"),
    planet: (p) => planet(p as number),
    moon: (m) => `moon ${(m as number) + 1}`,
    tokens: (n) => plural(n as number, "token"),
  };
}

type EnumSchema = Parameters<typeof enumWords>[1];
const ENUMS: Record<string, EnumSchema> = {
  NoteKind: cosmic.NoteKindSchema, Step: cosmic.StepSchema, Outcome: cosmic.OutcomeSchema, GameEnd: cosmic.GameEndSchema,
  Question: cosmic.QuestionSchema, Reason: cosmic.ReasonSchema, Place: cosmic.PlaceSchema, MoonWhy: cosmic.MoonWhySchema,
};

/** A value of one of the contract's enums (Step, NoteKind, Outcome...) in the game's words from
 * the catalog, filled from `message` (of type `schema`) where it has fields. */
export function catalogWords(w: CosmicWords, enumName: keyof typeof ENUMS, value: number, schema?: Parameters<typeof fill>[1], message?: unknown): string {
  return enumWords(w.words?.phrases, ENUMS[enumName], value, schema, message, formats(w));
}

/** An edict by the seed's French name (the catalog's), else by its id. */
export const edictName = (edict: string, w: CosmicWords) => w.words?.names[`edict.${edict}`]?.french || edict;


// the colour of each seat's system, as docs/rules/cosmic.md names them (the View numbers seats)
const COLOURS = ["red", "blue", "green", "black", "white", "silver", "gold", "brown"];

// ------------------------------------------------------------------------------- names

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A seat by its display name when that is unambiguous, else "seat N". */
export function seatName(w: CosmicWords, seat: number): string {
  const names = w.names ?? [];
  const name = names[seat] ?? "";
  if (name && names.filter((n) => n === name).length === 1 && !name.startsWith("seat ")) return name;
  return `seat ${seat}`;
}
/** A seat in a sentence: "you" for the viewer. */
export const who = (w: CosmicWords, seat: number) => (seat === w.viewer && seat >= 0 ? "you" : seatName(w, seat));
/** A seat as an owner: "your", "ada's". */
export function whose(w: CosmicWords, seat: number): string {
  const name = who(w, seat);
  return name === "you" ? "your" : `${name}'s`;
}
/** A seat heading a line: "bob", "ada (you)". */
const subject = (w: CosmicWords, seat: number) => seatName(w, seat) + (seat === w.viewer && seat >= 0 ? " (you)" : "");

export const colour = (seat: number) => COLOURS[seat] ?? `colour ${seat}`;

/** A planet by its system's colour and its number: "blue 3". */
export function planet(p: number): string {
  return p < 0 ? "no planet" : `${colour(Math.floor(p / PLANETS_PER_SYSTEM))} ${(p % PLANETS_PER_SYSTEM) + 1}`;
}

/** Moon m of the View (body players * 5 + m) by where it lies: "moon 2 (blue system)". */
export function moon(view: cosmic.View | undefined, m: number): string {
  const system = view?.moons[m]?.system;
  return `moon ${m + 1}` + (system !== undefined ? ` (${colour(system)} system)` : "");
}

/** A moon of the annex by its number, with its name where the seed gives one: "n°9 Alien". */
export function moonNumber(n: number, w: CosmicWords): string {
  const name = w.content?.moons[n - 1]?.name ?? "";
  return `n°${n}` + (name ? ` ${name}` : "");
}

/** A planet, or (seed 000) a moon: bodies past the planets are the View's moons. */
export function body(p: number, view: cosmic.View | undefined): string {
  const n = view?.planets.length ?? 0;
  return view && p >= n && p < n + view.moons.length ? moon(view, p - n) : planet(p);
}

/** A card in words: "attack 12", "compromise", "edict La Peste", "extension 3", "flare (Clone)". */
export function card(c: number, w: CosmicWords): string {
  const k = w.content?.cards[c];
  if (!k) return `card #${c}`;
  switch (k.kind) {
    case CardInfo_Kind.ATTACK:
      return `attack ${k.value}`;
    case CardInfo_Kind.EDICT:
      return `edict ${edictName(k.edict, w)}`;
    case CardInfo_Kind.EXTENSION:
      return `extension ${k.value}`;
    case CardInfo_Kind.FLARE: {
      const p = w.content?.powers.findIndex((x) => x.name === k.power) ?? -1;
      return `flare (${p >= 0 ? power(p, w) : k.power})`;
    }
    case CardInfo_Kind.COMPROMISE:
      return "compromise";
  }
  return `card #${c}`;
}

export const cardList = (cs: readonly number[], w: CosmicWords) => cs.map((c) => card(c, w)).join(", ") || "none";

/** A power in words: its English name, and the French one of the rules where it differs. */
export function power(p: number, w: CosmicWords): string {
  const info = w.content?.powers[p];
  if (!info) return `power #${p}`;
  const fr = info.name;
  return info.english.toLowerCase() === fr ? info.english : `${info.english} (${fr.charAt(0).toUpperCase()}${fr.slice(1)})`;
}

const powerName = (p: number, w: CosmicWords) => w.content?.powers[p]?.name ?? "";

/** A Reason (of CardsSeen or Knowledge) as a short key: "deal", "esprit", "moon n°9". */
export function reason(r: { why: cosmic.Reason; power: number; edict: string; moon: number }, w: CosmicWords): string {
  if (r.why === Reason.POWER) return powerName(r.power, w) || `power #${r.power}`;
  if (r.why === Reason.EDICT) return r.edict;
  if (r.why === Reason.MOON) return `moon ${moonNumber(r.moon, w)}`;
  return r.why ? catalogWords(w, "Reason", r.why) : "";
}

// ------------------------------------------------------------------------------- moves

const DONE: Record<string, string> = {
  retrieve: "take no token back", invite: "stop inviting", window: "pass", edict_response: "pass",
  another: "end your turn", rotation: "keep your power", take_token: "done: take no more tokens",
  amoeba: "done with the Amoeba", encounter_card: "done: no more attack cards under the extension",
  victory_contest: "let the win stand",
};

function edictWords(ed: cosmic.PlayEdict, w: CosmicWords): string {
  const name = ed.asEdict || w.content?.cards[ed.card]?.edict || "";
  const text = `play ${card(ed.card, w)}` + (ed.asEdict ? ` as ${edictName(ed.asEdict, w)}` : "");
  const target = ed.target ?? -1;
  switch (name) {
    case "peste":
      return `${text} on ${who(w, target)}`;
    case "zap": {
      const which = ed.powers === PowerScope.MAIN ? "main power" : ed.powers === PowerScope.SECONDARY ? "secondary powers" : "power";
      return `${text}: zap ${whose(w, target)} ${which}`;
    }
    case "zap_sauvage":
      return `${text}: zap every other player's ${ed.powers === PowerScope.SECONDARY ? "secondary powers" : "main powers"}`;
    case "unzap":
      return `${text}: cancel the zap`;
    case "champ":
      return `${text}: ` + (ed.target === undefined ? "send every ally home" : `send ${whose(w, target)} tokens home`);
    case "controle":
      return `${text}: both cards count as compromises`;
    case "gaz":
      return `${text}: no consolation`;
    case "moon_zap":
      return `${text}: ` + (ed.moon !== undefined ? `stop ${moon(w.view, ed.moon)} this encounter` : `free ${whose(w, target)} tokens from the prison`);
    case "anneaux":
      return `${text}: everyone's tokens come back from the black hole`;
    case "spheres":
      return `${text}: your tokens come back from the black hole`;
  }
  return text + (ed.target !== undefined ? ` on ${who(w, target)}` : "");
}

function powerUseWords(u: cosmic.UsePower, w: CosmicWords): string {
  const text = `use ${power(u.power, w)}`;
  const target = who(w, u.target ?? -1);
  const c = u.detail.case === "card" ? card(u.detail.value, w) : "a card";
  const question = u.detail.case === "question" ? catalogWords(w, "Question", u.detail.value) : "?";
  const details: Record<string, string> = {
    chercheur: `ask ${target}: ${question}`,
    philanthrope: `give ${c} to ${target}`,
    echangeur: `swap hands with ${target}`,
    esprit: `see ${whose(w, u.target ?? -1)} hand`,
    mutant: "draw cards up to seven",
    laser: `pick ${whose(w, u.target ?? -1)} card for them`,
    amibe: "add or withdraw tokens",
    sorcier: "swap the face-down cards",
    chronos: "take your card back and play the encounter again",
    clone: `take back your ${c}`,
    voleur: `take ${whose(w, u.target ?? -1)} ${c}`,
  };
  const detail = details[powerName(u.power, w)];
  if (detail) return `${text}: ${detail}`;
  return text + (u.target !== undefined ? ` on ${target}` : "");
}

/** Deal terms in words, from the offence's and the defence's sides. */
export function terms(t: cosmic.DealTerms, view: cosmic.View, w: CosmicWords): string {
  const off = subject(w, view.enc?.offense ?? -1);
  const de = subject(w, view.enc?.defense ?? -1);
  const out: string[] = [];
  if (t.offBase !== undefined) out.push(`${de} settles on ${planet(t.offBase)}`);
  if (t.defBase !== undefined) out.push(`${off} settles on ${planet(t.defBase)}`);
  if (t.offCards.length) out.push(`${off} gives ${cardList(t.offCards, w)}`);
  if (t.defCards.length) out.push(`${de} gives ${cardList(t.defCards, w)}`);
  if (t.offRandom) out.push(`${de} draws ${plural(t.offRandom, "card")} at random from ${off}`);
  if (t.defRandom) out.push(`${off} draws ${plural(t.defRandom, "card")} at random from ${de}`);
  if (t.frees) out.push(`the Zombie frees ${plural(t.frees, "token")} from the black hole`);
  return out.join("; ") || "nothing";
}

const DEAL_EDITS: Record<number, (d: cosmic.DealEdit, w: CosmicWords) => string> = {
  [DealTerm.OFFER_BASE]: (d) => `deal: offer a base on ${planet(d.planet)}`,
  [DealTerm.ASK_BASE]: (d) => `deal: ask for a base on ${planet(d.planet)}`,
  [DealTerm.GIVE_CARD]: (d, w) => `deal: give ${card(d.card, w)}`,
  [DealTerm.ASK_RANDOM_CARD]: () => "deal: ask for one more card at random",
  [DealTerm.CLEAR]: () => "deal: clear your draft",
  [DealTerm.FREE_TOKEN]: () => "deal: free one of their tokens from the black hole (Zombie)",
};

type MoveCase = NonNullable<cosmic.Move["kind"]["case"]>;
type MoveOf<K extends MoveCase> = Extract<cosmic.Move["kind"], { case: K }>["value"];
type MoveWords = { [K in MoveCase]: (m: MoveOf<K>, w: CosmicWords) => string };

// One entry per Move oneof case: the compiler refuses a case added to the contract without
// words here (and test/words.test.mjs checks each one gives a sentence).
const MOVES: MoveWords = {
  done: (_, w) => DONE[w.kind ?? ""] ?? "done / pass",
  planet: (m, w) => {
    const p = body(m.planet, w.view);
    const byKind: Record<string, string> = {
      retrieve: `bring a token back from the black hole to ${p}`,
      take_token: `take a token from ${p}`,
      place_token: `put a token on ${p}`,
      amoeba: `add a token from ${p}`,
      table_penalty: `send a token from ${p} to the black hole (the table moon's penalty)`,
      moon: `answer the moon: ${p}`,
    };
    return byKind[w.kind ?? ""] ?? `choose ${p}`;
  },
  aim: (m, w) =>
    m.defense === undefined
      ? `aim at ${body(m.planet, w.view)}, nobody there (automatic win)`
      : `aim at ${body(m.planet, w.view)}, defended by ${who(w, m.defense)}`,
  invite: (m, w) => `invite ${who(w, m.seat)}`,
  join: (m) => (m.side === Side.OFFENCE ? "join the offence" : m.side === Side.DEFENCE ? "join the defence" : "stay out"),
  card: (m, w) => (w.kind === "plague_discard" ? `discard ${card(m.card, w)}` : `play ${card(m.card, w)} face down`),
  power: (m, w) => powerUseWords(m, w),
  reward: (m) => `reward: ${plural(m.cards, "card")}, the rest as tokens back from the black hole`,
  dealEdit: (m, w) => DEAL_EDITS[m.what]?.(m, w) ?? `deal: edit ${m.what}`,
  dealPropose: () => "deal: propose your draft",
  dealAccept: (_, w) => {
    const offer = w.view?.deal?.offerBy !== undefined && w.view.deal.offer ? ` (${terms(w.view.deal.offer, w.view, w)})` : "";
    return `deal: accept the offer on the table${offer}`;
  },
  dealAbandon: () => "deal: walk away (no deal: each loses three tokens to the black hole)",
  edict: (m, w) => edictWords(m, w),
  answer: (m, w) => {
    const byKind: Record<string, [string, string]> = {
      answer: ["yes, I will play a compromise", "no, I will not play a compromise"],
      tokens_lost: ["yes: your power saves the lost tokens", "no: let them go"],
      new_hand: ["yes: keep your edicts (shown to all)", "no: discard the hand"],
      disc_redraw: ["yes: set the disc aside and draw another (the moon)", "no: keep the disc drawn"],
    };
    const [yes, no] = byKind[w.kind ?? ""] ?? ["answer yes", "answer no"];
    return m.yes ? yes : no;
  },
  withdraw: (m, w) => `withdraw a token to ${body(m.planet, w.view)}`,
  pick: (m, w) => {
    if (w.kind === "laser_pick") return `pick face-down card ${m.index + 1}`;
    return `pick ${m.index + 1}`;
  },
  another: () => "launch another encounter",
  system: (m, w) => (m.seat === w.viewer ? "attack your own system" : `attack the ${colour(m.seat)} system (${whose(w, m.seat)})`),
  keepPower: (m, w) => `discard ${power(m.power, w)} (keep the other two)`,
  autoPass: (m) => (m.on ? "pass this and every window and response from now on (auto-pass)" : "stop auto-passing: be asked in windows again"),
  newPower: () => "draw a new power",
  consolation: (m) =>
    m.source === CardSource.HAND ? "take a consolation card at random from the opponent's hand" : "take a consolation card from the deck",
  draw: (m, w) => (m.seat !== undefined ? `draw a card at random from ${whose(w, m.seat)} hand` : "draw from the deck"),
  moonChoice: (m) =>
    ({
      [PowersPassed.MAIN]: "the moon passes the main powers",
      [PowersPassed.SECONDARY]: "the moon passes the secondary powers",
      [PowersPassed.ALL]: "the moon passes every power",
    })[m.powers as number] ?? "answer the moon",
  // seed 000: a moon used by choice (3, 11, 17, 29, 59)
  moonUse: (m, w) => {
    if (m.power !== undefined) return `reveal ${moon(w.view, m.moon)}: swap ${power(m.power, w)} for a power not in play`;
    const byKind: Record<string, string> = {
      encounter_card: `use ${moon(w.view, m.moon)} for your cards (extension or three cards)`,
      edict_response: `use ${moon(w.view, m.moon)}: cancel the zap`,
    };
    return byKind[w.kind ?? ""] ?? `use ${moon(w.view, m.moon)}, which you stand on`;
  },
  cancelVictory: (m, w) => `cancel the win of ${who(w, m.seat)} with the moon`,
  transform: (m, w) => `transform the revealed ${card(m.card, w)} with the moon`,
  moveMoon: (m, w) => {
    const system = w.view?.moons[m.moon]?.system;
    const beside = system !== undefined ? planet(system * PLANETS_PER_SYSTEM + m.slot) : `planet ${m.slot + 1} of its system`;
    return `move ${moon(w.view, m.moon)} beside ${beside}`;
  },
  flare: (m, w) => `play ${card(m.card, w)} face up` + (m.use ? `: ${powerUseWords(m.use, w)}` : ""),
  flaresKept: (m, w) => `keep ${m.cards.length ? cardList(m.cards, w) : "no flare"}, discard the others`,
  report: (m, w) => `report ${who(w, m.offender)}: the rule of ${moon(w.view, m.moon)} (a table moon) is broken`,
  penaltyCard: () => "take a random card of his hand (the table moon's penalty)",
};

/** A Move in words; undefined only for a case added to the contract after this file. */
export function cosmicMove(move: cosmic.Move, w: CosmicWords): string | undefined {
  const k = move.kind;
  if (!k.case) return undefined;
  const words = MOVES[k.case] as ((m: unknown, w: CosmicWords) => string) | undefined;
  return words?.(k.value, w);
}

// ------------------------------------------------------------------------------- events

// Which words an Event takes (a "#variant" of its case in the catalog), from its fields.
const SEEN_BY_REASON: Partial<Record<number, string>> = {
  [Reason.NEW_HAND]: "REASON_NEW_HAND", [Reason.REWARD]: "REASON_REWARD", [Reason.CONSOLATION]: "REASON_CONSOLATION", [Reason.DEAL]: "REASON_DEAL",
};

function seenVariant(c: cosmic.CardsSeen, w: CosmicWords): string {
  const byReason = SEEN_BY_REASON[c.why];
  if (byReason) return byReason;
  const why = reason(c, w);
  if (why && w.words?.phrases[`event.cards_seen#${why}`] !== undefined) return why;
  const how = c.fromSeat === c.seat ? "shown" : c.fromSeat !== undefined ? "from" : "";
  return [how, why ? "why" : ""].filter(Boolean).join(".");
}

const flags = (...pairs: [string, boolean][]) => pairs.filter(([, on]) => on).map(([name]) => name).join(".");

function eventVariant(e: cosmic.Event, w: CosmicWords): string {
  const k = e.kind;
  switch (k.case) {
    case "note": return flags(["seat", k.value.seat !== undefined]);
    case "cardsSeen": return seenVariant(k.value, w);
    case "encounterOver": return flags(["winner", !!k.value.winner], ["success", k.value.success]);
    case "gameOver": return flags(["why", !!k.value.why]);
    case "edictPlayed": return flags(["as", !!k.value.asEdict], ["target", k.value.target !== undefined]);
    case "flarePlayed": return flags(["sauvage", k.value.sauvage]);
  }
  return "";
}

/** An Event in the catalog's words (server/cosmodrome/games/cosmic/words.py). */
export function cosmicEvent(event: cosmic.Event, w: CosmicWords): string | undefined {
  return worded(cosmic.EventSchema, event, "event", w.words?.phrases, formats(w), eventVariant(event, w));
}
