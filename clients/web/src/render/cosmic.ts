// Cosmic Encounter in words: every Move and Event of the contract (cosmic.proto), in the game's
// words from the catalog (GameContent.words, server/cosmodrome/games/cosmic/words.py: moves,
// events, notes, tasks, steps, outcomes, edict names), filled here as the terminal fills them:
// this file picks each case's variant and draws the values the templates name (formats). Pure
// functions of the message and what the viewer may know (names, seat, the game's content and
// words from GetGameContent, the View a move was offered from): no DOM, so Node tests them
// (test/words.test.mjs). A case left without words returns undefined and the page falls back
// to the generic rendering; the test fails on any such case.
//
// Board encoding (cosmic.proto): seat s owns home system s, planet p = system * 5 + i; a body
// past the planets is a moon of seed 000. A planet is named by its system's colour and its
// number: "blue 3" is planet 3 of seat 1's home system.

import { cosmic, type GameContent, type MatchView } from "@cosmodrome/client";
import { enumWords, fill, type Format, seatLabel, worded } from "./words.js";

const { CardInfo_Kind, PowerScope, Reason } = cosmic;

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
    card: (c) => (c === undefined ? "a card" : card(c as number, w)),
    cards: (cs) => cardList(cs as number[], w),
    shown: (c) => (c === undefined ? "no card" : card(c as number, w)),
    power: (p) => power(p as number, w),
    colour: (seat) => colour(seat as number),
    moon_number: (n) => moonNumber(n as number, w),
    index: (i) => String((i as number) + 1),
    edict: (edict) => edictName(edict as string, w),
    reason: (c) => reasonWords(c as cosmic.CardsSeen, w),
    body: (p) => body(p as number, w.view),
    card_count: (n) => plural(n as number, "card"),
    played: (ed) => sub(w, "move.edict", (ed as cosmic.PlayEdict).asEdict ? "played.as" : "played", cosmic.PlayEdictSchema, ed),
    power_use: (u) => sub(w, "move.power", powerVariant(u as cosmic.UsePower, w), cosmic.UsePowerSchema, u),
    offer: () => (w.view?.deal?.offer ? terms(w.view.deal.offer, w.view, w) : ""),
    beside: (mm) => {
      const { moon: m, slot } = mm as cosmic.MoveMoon;
      const system = w.view?.moons[m]?.system;
      return system !== undefined ? planet(system * PLANETS_PER_SYSTEM + slot) : `planet ${slot + 1} of its system`;
    },
    others: (seat) => (seat === undefined ? "every other player" : who(w, seat as number)),
    yes_no: (yes) => (yes ? "yes" : "no"),
    planet: (p) => planet(p as number),
    moon: (m) => moon(w.view, m as number),
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

/** An edict by its English name with the seed's French one beside it, as a power is named:
 * "Plague (La Peste)"; else by its id. */
export function edictName(edict: string, w: CosmicWords): string {
  const name = w.words?.names[`edict.${edict}`];
  return name ? bilingual(name.english, name.french) : edict;
}

/** An English name with the seed's French one beside it where they differ. */
export function bilingual(english: string, french: string): string {
  if (!french || english.toLowerCase() === french.toLowerCase()) return english || french;
  return english ? `${english} (${french.charAt(0).toUpperCase()}${french.slice(1)})` : french;
}


// the colour of each seat's system, as docs/rules/cosmic.md names them (the View numbers seats)
const COLOURS = ["red", "blue", "green", "black", "white", "silver", "gold", "brown"];

// ------------------------------------------------------------------------------- names

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A seat by its display name, told apart where two seats share it (words.ts's seatLabel). */
export const seatName = (w: CosmicWords, seat: number) => seatLabel(w.names ?? [], seat);
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
  return bilingual(info.english, info.name);
}

const powerName = (p: number, w: CosmicWords) => w.content?.powers[p]?.name ?? "";

/** A Reason (of CardsSeen or Knowledge) as a short key: "deal", "esprit", "moon n°9". */
export function reason(r: { why: cosmic.Reason; power: number; edict: string; moon: number }, w: CosmicWords): string {
  if (r.why === Reason.POWER) return powerName(r.power, w) || `power #${r.power}`;
  if (r.why === Reason.EDICT) return r.edict;
  if (r.why === Reason.MOON) return `moon ${moonNumber(r.moon, w)}`;
  return r.why ? catalogWords(w, "Reason", r.why) : "";
}

/** A Reason as a reader names it: a power or an edict by its names, "moon n°9 Alien", the
 * catalog's words for the rest. (`reason` gives the catalog's key, which picks a variant.) */
export function reasonWords(r: { why: cosmic.Reason; power: number; edict: string; moon: number }, w: CosmicWords): string {
  if (r.why === Reason.POWER) return power(r.power, w);
  if (r.why === Reason.EDICT) return `edict ${edictName(r.edict, w)}`;
  return reason(r, w);
}

// ------------------------------------------------------------------------------- moves

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

// Which words a Move takes (a "#variant" of its case in the catalog): by the decision it
// answers, the piece it plays, a field.
const variantOf = (w: CosmicWords, key: string, ...variants: string[]) =>
  variants.find((v) => v && w.words?.phrases[`${key}#${v}`] !== undefined) ?? "";

function powerVariant(u: cosmic.UsePower, w: CosmicWords): string {
  return variantOf(w, "move.power", powerName(u.power, w), u.target !== undefined ? "target" : "");
}

function edictVariant(ed: cosmic.PlayEdict, w: CosmicWords): string {
  const name = ed.asEdict || w.content?.cards[ed.card]?.edict || "";
  const flag =
    name === "champ" && ed.target !== undefined ? "target"
    : name === "moon_zap" && ed.moon !== undefined ? "moon"
    : name === "zap_sauvage" && ed.powers === PowerScope.SECONDARY ? "secondary" : "";
  return variantOf(w, "move.edict", flag ? `${name}.${flag}` : "", name, ed.target !== undefined ? "target" : "");
}

const enumName = (schema: { values: { number: number; name: string }[] }, value: number) =>
  schema.values.find((v) => v.number === value)?.name ?? "";

function moveVariant(m: cosmic.Move, w: CosmicWords): string {
  const k = m.kind;
  const kind = w.kind ?? "";
  switch (k.case) {
    case "done": case "planet": case "card": case "pick": return kind;
    case "moonUse": return k.value.power !== undefined ? "power" : kind;
    case "aim": return k.value.defense === undefined ? "nobody" : "";
    case "join": return enumName(cosmic.SideSchema, k.value.side);
    case "power": return powerVariant(k.value, w);
    case "dealEdit": return enumName(cosmic.DealTermSchema, k.value.what);
    case "dealAccept": return w.view?.deal?.offerBy !== undefined && w.view.deal.offer ? "offer" : "";
    case "edict": return edictVariant(k.value, w);
    case "answer": return variantOf(w, "move.answer", `${kind}${k.value.yes ? ".yes" : ""}`, k.value.yes ? "yes" : "");
    case "system": return k.value.seat === w.viewer ? "own" : "";
    case "autoPass": return k.value.on ? "on" : "";
    case "consolation": return enumName(cosmic.CardSourceSchema, k.value.source);
    case "draw": return k.value.seat !== undefined ? "seat" : "";
    case "moonChoice": return enumName(cosmic.PowersPassedSchema, k.value.powers);
    case "flare": return k.value.use ? "use" : "";
    case "flaresKept": return k.value.cards.length ? "" : "none";
  }
  return "";
}

/** A Move in the catalog's words (server/cosmodrome/games/cosmic/words.py). */
export function cosmicMove(move: cosmic.Move, w: CosmicWords): string | undefined {
  return worded(cosmic.MoveSchema, move, "move", w.words?.phrases, formats(w), moveVariant(move, w));
}

// A sub-message in the words of a case's variant ("move.edict#played", "move.power#laser").
function sub(w: CosmicWords, key: string, variant: string, schema: Parameters<typeof fill>[1], message: unknown): string {
  const phrases = w.words?.phrases;
  const text = phrases?.[`${key}#${variant}`] ?? phrases?.[key];
  return text === undefined ? "" : fill(text, schema, message, phrases, formats(w));
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
  const k = event.kind;
  if (k.case === "revealed" && !k.value.totalOff && !k.value.totalDef) {
    // the cards' event comes before the totals are reckoned (its totals' event follows): the
    // catalog's sentence without the totals, never "(total 0) vs (total 0)"
    const template = w.words?.phrases["event.revealed"];
    if (template) return fill(template.replace(/ \(total \{total_(off|def)\}\)/g, ""), cosmic.RevealedSchema, k.value, w.words?.phrases, formats(w));
  }
  return worded(cosmic.EventSchema, event, "event", w.words?.phrases, formats(w), eventVariant(event, w));
}
