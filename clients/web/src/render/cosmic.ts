// Cosmic Encounter in words: every Move and Event of the contract (cosmic.proto), as the
// terminal client words them (clients/python/cosmodrome_client/renderers/cosmic.py). Pure
// functions of the message and what the viewer may know (names, seat, the game's content from
// GetGameContent, the View a move was offered from): no DOM, so Node tests them
// (test/words.test.mjs). A case left without words returns undefined and the page falls back
// to the generic rendering; the test fails on any such case.
//
// Board encoding (cosmic.proto): seat s owns home system s, planet p = system * 5 + i; a body
// past the planets is a moon of seed 000. A planet is named by its system's colour and its
// number: "blue 3" is planet 3 of seat 1's home system.

import { cosmic, type GameContent, type MatchView } from "@cosmodrome/client";

const {
  CardFace, CardInfo_Kind, CardSource, DealTerm, GameEnd, MoonWhy, NoteKind, Outcome, Place,
  PowerScope, PowersPassed, Question, Reason, Side, Step,
} = cosmic;

/** What the words may know beyond the message itself (all of it optional). */
export interface CosmicWords {
  viewer: number; // the seat whose screen this is; -1: a spectator
  names?: readonly string[]; // display name of each seat ("" for none)
  content?: cosmic.Content; // the game's static content (GetGameContent), if fetched
  kind?: string; // for a move: the kind of decision it is offered for
  view?: cosmic.View; // for a move: the View it was offered from
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
    kind,
    view: game?.case === "cosmic" ? game.value : undefined,
  };
}

export const PLANETS_PER_SYSTEM = 5;
// the colour of each seat's system, as docs/rules/cosmic.md names them (the View numbers seats)
const COLOURS = ["red", "blue", "green", "black", "white", "silver", "gold", "brown"];
const EDICTS: Record<string, string> = {
  zap: "Zap Cosmique", zap_sauvage: "Zap Sauvage", unzap: "Un-Zap", anneaux: "Anneaux de Moebius",
  spheres: "Sphères de Moebius", champ: "Champ de Force", controle: "Contrôle Émotionnel",
  gaz: "Gaz Stellaire", peste: "La Peste", moon_zap: "Moon Zap",
};
const QUESTIONS: Record<number, string> = {
  [Question.HOLDS_COMPROMISE]: "do you hold a compromise?",
  [Question.HOLDS_EDICT]: "do you hold an edict?",
  [Question.HOLDS_ATTACK_10]: "do you hold an attack of 10 or more?",
  [Question.HOLDS_ATTACK_15]: "do you hold an attack of 15 or more?",
  [Question.HOLDS_ATTACK_20]: "do you hold an attack of 20 or more?",
  [Question.WILL_PLAY_COMPROMISE]: "will you play a compromise in this encounter?",
};
const REASONS: Record<number, string> = {
  [Reason.NEW_HAND]: "new hand", [Reason.REWARD]: "reward", [Reason.DEAL]: "deal",
  [Reason.CONSOLATION]: "consolation", [Reason.KEPT_AT_NEW_HAND]: "kept at a new hand",
};
export const GAME_ENDS: Record<number, string> = {
  [GameEnd.FIVE_FOREIGN_BASES]: "five foreign bases",
  [GameEnd.LAST_PLAYER_STANDING]: "last player standing",
  [GameEnd.TURN_LIMIT]: "turn limit: a draw",
};
// Notes (NoteKind), worded with their fields: {target}, {count}, {tokens}, {side}, {question},
// {answer}, {reason}; the seat it is about heads the line.
export const NOTES: Record<number, string> = {
  [NoteKind.TURN_ENDS_NO_ENCOUNTER_CARD]: "no encounter card left: the turn ends",
  [NoteKind.TOKEN_RETRIEVED]: "takes a token back from the black hole",
  [NoteKind.DESTINY_DRAWN_AGAIN]: "own colour with nothing to attack at home: draw again",
  [NoteKind.JOINS]: "joins the {side}",
  [NoteKind.DECLINES]: "declines to ally",
  [NoteKind.CARD_FACE_DOWN]: "plays an encounter card face down",
  [NoteKind.NO_CARD_LOSES]: "has no encounter card at all and loses the encounter",
  [NoteKind.AUTO_WIN]: "no defending tokens: the offence wins automatically",
  [NoteKind.DEAL_STARTS]: "both played a compromise: deal",
  [NoteKind.DEAL_PROPOSED]: "proposes a deal",
  [NoteKind.DEAL_ABANDONED]: "walks away from the deal",
  [NoteKind.DEAL_MADE]: "deal made",
  [NoteKind.NO_DEAL]: "no deal: each loses three tokens",
  [NoteKind.NEW_POWER]: "draws a new power",
  [NoteKind.ELIMINATED]: "eliminated: too many tokens removed from the game",
  [NoteKind.NEW_HAND]: "draws a new hand",
  [NoteKind.CARDS_TAKEN]: "takes {count} card(s) from {target} ({reason})",
  [NoteKind.REWARD_TAKEN]: "reward: {count} card(s), {tokens} token(s) from the black hole",
  [NoteKind.ENCOUNTER_REPLAYED]: "time travel: the encounter is played again",
  [NoteKind.CARDS_SWAPPED]: "the face-down cards are swapped",
  [NoteKind.QUESTION_ASKED]: "asks {target}: {question}",
  [NoteKind.QUESTION_ANSWERED]: "answers {answer} to: {question}",
  [NoteKind.HANDS_EXCHANGED]: "hands exchanged with {target}",
  [NoteKind.CARD_PICKED]: "the Laser picks the card of {target}",
  [NoteKind.NO_CONSOLATION]: "Gaz Stellaire: no consolation",
  [NoteKind.POWERS_ZAPPED]: "zaps the power of {target} for this encounter",
  [NoteKind.ZAP_UNDONE]: "un-zap: the zap has no effect",
  [NoteKind.OUT_OF_CARDS_LOSES]: "out of encounter cards: loses the encounter, turn over",
  [NoteKind.EXTENSION_FACE_DOWN]: "plays an extension card face down",
  [NoteKind.CONSOLATION_FROM_DECK]: "takes a consolation card from the deck",
  [NoteKind.TABLE_RULE_BROKEN]: "broke the rule of a table moon; {target} chooses the penalty",
  [NoteKind.PENALTY_CARD]: "loses a card of the hand at random to {target} (a table moon's penalty)",
  [NoteKind.FOREIGN_BASES_LOST]: "{count} foreign base(s) lost: the tokens go home (moon 32)",
};
export const STEPS: Record<number, string> = {
  [Step.RETRIEVE]: "the offence may take a token back from the black hole",
  [Step.DESTINY]: "the offence chooses the system to attack",
  [Step.AIM]: "the offence aims the cone at a planet",
  [Step.LAUNCH]: "the offence launches tokens",
  [Step.INVITE_OFF]: "the offence invites allies",
  [Step.INVITE_DEF]: "the defence invites allies",
  [Step.ALLIES]: "the invited answer",
  [Step.PRE_CARDS]: "powers and edicts before the cards",
  [Step.CARDS]: "both main players choose a card face down",
  [Step.PRE_REVEAL]: "powers before the reveal",
  [Step.POST_REVEAL]: "powers and edicts after the reveal",
  [Step.RESOLVE]: "the outcome",
  [Step.DEAL]: "both compromised: negotiating a deal",
  [Step.CLEANUP]: "cleanup",
  [Step.NEXT]: "the offence may launch another encounter",
  [Step.OVER]: "game over",
  [Step.START_WINDOW]: "start of the encounter: edicts",
  [Step.ROTATION]: "power rotation",
  [Step.CHOOSE_POWERS]: "each player keeps two of three powers",
};
export const OUTCOMES: Record<number, string> = {
  [Outcome.OFFENCE_WINS]: "the offence wins",
  [Outcome.DEFENCE_WINS]: "the defence wins",
  [Outcome.DEAL_DUE]: "both compromised: a deal",
  [Outcome.NO_DEAL]: "no deal",
  [Outcome.DEAL_MADE]: "a deal made",
};
const PLACES: Record<number, string> = {
  [Place.CONE]: "the cone", [Place.ENCOUNTER]: "the encounter", [Place.BASES]: "their bases",
  [Place.BLACK_HOLE]: "the black hole", [Place.REMOVED]: "out of the game (the Void)",
};

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
      return `edict ${EDICTS[k.edict] ?? k.edict}`;
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
  return REASONS[r.why] ?? "";
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
  const text = `play ${card(ed.card, w)}` + (ed.asEdict ? ` as ${EDICTS[ed.asEdict] ?? ed.asEdict}` : "");
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
  const question = u.detail.case === "question" ? QUESTIONS[u.detail.value] ?? "?" : "?";
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

function place(where: cosmic.Place, planetId: number): string {
  return where === Place.PLANET ? planet(planetId) : (PLACES[where] ?? "?");
}

function note(n: cosmic.Note, w: CosmicWords): string {
  const fields: Record<string, string> = {
    target: n.target !== undefined ? who(w, n.target) : "every other player",
    count: String(n.count),
    tokens: String(n.tokens),
    answer: n.yes ? "yes" : "no",
    side: n.side === Side.OFFENCE ? "offence" : "defence",
    question: QUESTIONS[n.question] ?? "?",
    reason: REASONS[n.reason] ?? "?",
  };
  const text = (NOTES[n.kind] ?? "(a note)").replace(/\{(\w+)\}/g, (_, f: string) => fields[f] ?? "?");
  return n.seat === undefined ? text : `${subject(w, n.seat)}: ${text}`;
}

function cardsSeen(c: cosmic.CardsSeen, w: CosmicWords): string {
  const cards = cardList(c.cards, w);
  const seat = who(w, c.seat);
  const why = reason(c, w);
  const other = c.fromSeat !== undefined ? who(w, c.fromSeat) : "the deck";
  const hand = c.fromSeat !== undefined ? `${whose(w, c.fromSeat)} hand` : "the deck";
  switch (why) {
    case "new hand": return `${seat} drew a new hand: ${cards}`;
    case "reward": return `${seat} drew ${cards} as a reward`;
    case "consolation": return `${seat} took ${cards} from ${hand} (consolation)`;
    case "deal": return `${seat} got ${cards} from ${other} (deal)`;
    case "philanthrope": return `${seat} got ${cards} from ${other} (Philanthropist)`;
    case "mutant": return `${seat} drew ${cards} from ${hand} (Mutant)`;
    case "laser": return `the Laser of ${other} picked ${whose(w, c.seat)} card: ${cards}`;
    case "oracle": return `${other} turned ${cards} face up for the Oracle (${seat})`;
    case "esprit": return `${seat} saw ${hand}: ${cards} (Mind)`;
    case "peste": return `${seat} saw ${hand}: ${cards} (La Peste)`;
  }
  if (c.fromSeat === c.seat) return `${seat} showed ${cards}` + (why ? ` (${why})` : "");
  return `${seat} saw ${cards}` + (c.fromSeat !== undefined ? ` from ${other}` : "") + (why ? ` (${why})` : "");
}

const shown = (c: number | undefined, w: CosmicWords) => (c === undefined ? "no card" : card(c, w));

const MOON_WHY: Record<number, string> = {
  [MoonWhy.DRAWN]: "drawn", [MoonWhy.REVEALED]: "turned face up",
  [MoonWhy.LANDED]: "seen by who landed", [MoonWhy.ACTS]: "it acts",
};

type EventCase = NonNullable<cosmic.Event["kind"]["case"]>;
type EventOf<K extends EventCase> = Extract<cosmic.Event["kind"], { case: K }>["value"];
type EventWords = { [K in EventCase]: (e: EventOf<K>, w: CosmicWords) => string };

// One entry per Event oneof case, as for MOVES.
const EVENTS: EventWords = {
  note: (n, w) => note(n, w),
  cardsSeen: (c, w) => cardsSeen(c, w),
  revealed: (r, w) =>
    `cards revealed: offence ${shown(r.cardOff, w)} (total ${r.totalOff}) vs defence ${shown(r.cardDef, w)} (total ${r.totalDef})`,
  powerUsed: (u, w) => `${who(w, u.seat)} used ${power(u.power, w)}`,
  tokensMoved: (t, w) => `${subject(w, t.seat)}: ${plural(t.count, "token")} from ${place(t.source, t.planet)} to ${place(t.destination, t.planet)}`,
  encounterOver: (o) => `encounter over${OUTCOMES[o.winner] ? `: ${OUTCOMES[o.winner]}` : ""}${o.success ? " (a success for the offence)" : ""}`,
  gameOver: (g, w) => {
    const won = g.winners.map((s) => who(w, s)).join(", ") || "nobody";
    return `game over: won by ${won}` + (GAME_ENDS[g.why] ? ` (${GAME_ENDS[g.why]})` : "");
  },
  edictPlayed: (p, w) => {
    const target = p.target !== undefined ? ` on ${who(w, p.target)}` : "";
    const as = p.asEdict ? ` as ${EDICTS[p.asEdict] ?? p.asEdict}` : ""; // seed 000, moon 17
    return `${who(w, p.seat)} played ${card(p.card, w)}${as}${target}`;
  },
  destiny: (d, w) => `destiny: ${colour(d.colour)} (${whose(w, d.colour)} system)`,
  windowClosed: (c) => `the window closes (${STEPS[c.step] ?? "a window"})`,
  moonKnown: (k, w) => `moon ${k.moon + 1} is moon ${moonNumber(k.number, w)} (${MOON_WHY[k.why] ?? "known"})`,
  moonActed: (a, w) => `moon ${moonNumber(a.number, w)} (moon ${a.moon + 1}) acts for ${who(w, a.seat)}`,
  flarePlayed: (f, w) =>
    `${who(w, f.seat)} played ${card(f.card, w)} face up: the ${f.sauvage ? "sauvage (his own power's)" : "parasite"} flare of ${power(f.power, w)}`,
};

/** An Event in words; undefined only for a case added to the contract after this file. */
export function cosmicEvent(event: cosmic.Event, w: CosmicWords): string | undefined {
  const k = event.kind;
  if (!k.case) return undefined;
  const words = EVENTS[k.case] as ((e: unknown, w: CosmicWords) => string) | undefined;
  return words?.(k.value, w);
}
