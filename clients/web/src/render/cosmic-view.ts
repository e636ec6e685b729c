// Cosmic Encounter's View in words, section by section, as the terminal client draws it
// (clients/python/cosmodrome_client/renderers/cosmic.py `board`): each seat's colour, bases,
// tokens, powers, hand size and lucres; the viewer's hand and what he knows; the moons (face
// down, known to him, or revealed); the encounter in progress with its extension cards; the
// deal; who is asked what. Only what the View says is drawn. `viewSections` is pure (Node
// tests it); cosmic-board.tsx draws the table from the same View.

import { cosmic, create } from "@cosmodrome/client";
import {
  type CosmicWords, PLANETS_PER_SYSTEM, body, card, cardList, colour, formats, moon, moonNumber,
  catalogWords, planet, plural, power, reasonWords, terms, who, whose,
} from "./cosmic.js";
import { worded } from "./words.js";

const { CardFace, CardInfo_Kind, Dest, Step, TableLimit } = cosmic;

export interface Section {
  title: string;
  lines: string[];
}

const CARD_ORDER: Record<number, number> = {
  [CardInfo_Kind.ATTACK]: 0, [CardInfo_Kind.COMPROMISE]: 1, [CardInfo_Kind.EXTENSION]: 2,
  [CardInfo_Kind.FLARE]: 3, [CardInfo_Kind.EDICT]: 4,
};

/** What a queued task asks (TaskView), in the catalog's words. */
export function taskWords(t: cosmic.TaskView, w: CosmicWords): string | undefined {
  const k = t.kind;
  const take = k.case === "take" ? k.value : undefined;
  const variant = take?.dest === Dest.BLACK_HOLE ? "black_hole" : take?.dest === Dest.PLANET && take.planet !== undefined ? "planet" : "";
  return worded(cosmic.TaskViewSchema, t, "task", w.words?.phrases, formats(w), variant);
}

/** `seat`'s tokens on body p: a planet, or a moon past the planets. */
export function tokens(view: cosmic.View, p: number, seat: number): number {
  const n = view.planets.length;
  const counts = p < n ? view.planets[p]?.count : view.moons[p - n]?.count;
  return counts?.[seat] ?? 0;
}

/** Tokens per planet, compactly: "home 4 4 4 - 3; abroad green 2:1; on moon 1 (red system):2". */
function seatTokens(view: cosmic.View, seat: number): string {
  const home = Array.from({ length: PLANETS_PER_SYSTEM }, (_, i) => seat * PLANETS_PER_SYSTEM + i);
  const parts = [`home ${home.map((p) => tokens(view, p, seat) || "-").join(" ")}`];
  const foreign = view.planets
    .map((_, p) => p)
    .filter((p) => !home.includes(p) && tokens(view, p, seat))
    .map((p) => `${planet(p)}:${tokens(view, p, seat)}`);
  if (foreign.length) parts.push(`abroad ${foreign.join(", ")}`);
  const moons = view.moons.flatMap((m, i) => (m.count[seat] ? [`${moon(view, i)}:${m.count[seat]}`] : []));
  if (moons.length) parts.push(`on ${moons.join(", ")}`);
  return parts.join("; ");
}

function seatLines(view: cosmic.View, w: CosmicWords): string[] {
  const e = view.enc;
  const lines: string[] = [];
  for (let s = 0; s < view.players; s++) {
    const sv = view.seats[s] ?? create(cosmic.SeatViewSchema);
    let role = "";
    if (view.step !== Step.OVER && e && e.offense >= 0) role = s === e.offense ? " - offence" : s === e.defense ? " - defence" : "";
    const label = `seat ${s}` + (w.names?.[s] ? ` ${w.names[s]}` : "") + (s === w.viewer ? " (you)" : "");
    lines.push(`${label} [${colour(s)}]${role}${sv.eliminated ? " (eliminated)" : ""}: ${sv.homeBases} home + ${sv.foreignBases} foreign bases`);
    const held = s === w.viewer && view.myPowers.length ? view.myPowers : sv.powers;
    const powers = held.length
      ? held
          .map((p, i) => {
            let state = "";
            const at = sv.powers.indexOf(p);
            if (at >= 0 && sv.powerActive[at] === false) state = " (inactive)";
            if (e?.zappedPowers.some((z) => z.seat === s && z.power === p)) state += " (zapped)";
            return power(p, w) + state;
          })
          .join(", ")
      : s === w.viewer ? "none" : "secret";
    const extra = [
      `hand ${plural(sv.handSize, "card")}`,
      // seed 000's money lies on the table: shown even at 0 once the game has lucres
      view.seats.some((x) => x.lucres) || sv.lucres ? plural(sv.lucres, "lucre") : "",
      sv.blackHole ? `black hole ${sv.blackHole}` : "",
      sv.removed ? `removed ${sv.removed}` : "",
      sv.autoPass ? "auto-passing" : "",
    ].filter(Boolean);
    lines.push(`  power: ${powers}; ${extra.join("; ")}`);
    lines.push(`  tokens: ${seatTokens(view, s)}`);
  }
  return lines;
}

/** Seed 000: each moon face down (its number only to whom may know it) or revealed, with what
 * it does where known, where it lies and who stands on it. */
export function moonLines(view: cosmic.View, w: CosmicWords): string[] {
  const n = view.planets.length;
  return view.moons.map((mv, m) => {
    if (mv.gone) return `${moon(view, m)}: gone`;
    const known = mv.number !== undefined;
    const state = mv.faceUp ? "revealed" : "face down";
    let what = known ? moonNumber(mv.number!, w) : "unknown";
    if (known && !mv.faceUp) what += " (known to you)";
    const text = known ? (w.content?.moons[mv.number! - 1]?.english ?? "").replace(/\.$/, "") : "";
    const on = mv.count.flatMap((c, s) => (c ? [`${who(w, s)} ${c}`] : []));
    const beside = `beside ${planet(mv.system * PLANETS_PER_SYSTEM + mv.slot)}`;
    const guarded = mv.guarded !== undefined ? `; +100 to the defence of ${mv.guarded < n ? planet(mv.guarded) : moon(view, mv.guarded - n)}` : "";
    const ex = mv.ex ? `; ${plural(mv.ex, "Ex token")}${mv.exOwner !== undefined ? ` beside ${whose(w, mv.exOwner)}` : ""}` : "";
    return `${moon(view, m)}, ${beside}: ${state}, ${what}${text ? `: ${text}` : ""}; ${on.length ? `tokens: ${on.join(", ")}` : "nobody on it"}${guarded}${ex}`;
  });
}

export function face(c: cosmic.PlayedCard | undefined, mine: boolean, w: CosmicWords): string {
  switch (c?.face) {
    case CardFace.DOWN: return "face down";
    case CardFace.NONE: return "no card";
    case CardFace.KNOWN: return card(c.card, w) + (mine ? " (yours)" : "");
  }
  return "not yet chosen";
}

/** Seed 000: the extension card and the attack cards added to the encounter card. */
export function extension(x: cosmic.ExtensionView | undefined, w: CosmicWords): string {
  if (!x) return "";
  let out = x.extra.map((c) => ` + ${face(c, false, w)}`).join("");
  if (x.extension?.face) out += ` + ${x.extension.face === CardFace.DOWN ? "extension face down" : face(x.extension, false, w)}`;
  if (x.moonValue !== undefined) out += ` + the moon's standing extension ${x.moonValue}`;
  if (x.triple) out += " (three encounter cards, summed: the moon)";
  if (x.choosing) out += " (still choosing)";
  return out;
}

function encounterLines(view: cosmic.View, w: CosmicWords): string[] {
  const e = view.enc!;
  const off = e.offense;
  const de = e.defense ?? -1;
  const aimed = e.planet ?? -1;
  let head = `Encounter ${e.number || 1}: ${who(w, off)} [${colour(off)}] on the offence`;
  if (e.system !== undefined && aimed < 0) head += `; destiny: the ${colour(e.system)} system`;
  if (aimed >= 0) head += `, attacking ${body(aimed, view)}` + (de >= 0 ? ` defended by ${who(w, de)} [${colour(de)}]` : "");
  const lines = [head];
  const side = (cone: number[], main: number, invited: boolean[]) => {
    const allies = cone.flatMap((n, s) => (n && s !== main ? [`${who(w, s)} ${n}`] : []));
    const asked = invited.flatMap((yes, s) => (yes && !cone[s] ? [who(w, s)] : []));
    let text = allies.length ? `allies ${allies.join(", ")}` : "no allies";
    if (asked.length && [Step.INVITE_OFF, Step.INVITE_DEF, Step.ALLIES].includes(view.step)) text += `; invited ${asked.join(", ")}`;
    return text;
  };
  if (off < e.coneOff.length && (aimed >= 0 || e.coneOff[off])) {
    lines.push(`offence: ${plural(e.coneOff[off], "token")} on the cone; ${side(e.coneOff, off, e.invitedOff)}`);
  }
  if (de >= 0 && aimed >= 0) lines.push(`defence: ${plural(tokens(view, aimed, de), "token")} on ${body(aimed, view)}; ${side(e.coneDef, de, e.invitedDef)}`);
  if (e.answerOrder.length) lines.push(`still to answer: ${e.answerOrder.map((s) => who(w, s)).join(", ")}`);
  if (e.cardOff?.face || e.cardDef?.face || view.step === Step.CARDS) {
    const me = w.viewer;
    const mineOff = me >= 0 && ((me === off && !e.swapped) || (me === de && e.swapped));
    const mineDef = me >= 0 && ((me === de && !e.swapped) || (me === off && e.swapped));
    lines.push(
      `${e.revealed ? "revealed" : "cards"}: offence ${face(e.cardOff, mineOff, w)}${extension(e.extOff, w)}, ` +
        `defence ${face(e.cardDef, mineDef, w)}${extension(e.extDef, w)}`,
    );
  }
  if (e.autoWin) lines.push("no defending tokens: the offence wins automatically");
  if (e.zappedPowers.length) lines.push(`zapped: ${e.zappedPowers.map((z) => `${whose(w, z.seat)} ${power(z.power, w)}`).join(", ")}`);
  if (e.moonsZapped.length) lines.push(`moons stopped this encounter: ${e.moonsZapped.map((m) => moon(view, m)).join(", ")}`);
  if (e.pendingSeat !== undefined) {
    const target = e.pendingTarget !== undefined ? ` on ${who(w, e.pendingTarget)}` : "";
    lines.push(`announced: ${who(w, e.pendingSeat)} uses ${power(e.pendingPower, w)}${target} (awaiting answers)`);
  }
  if (e.winner) lines.push(`outcome: ${catalogWords(w, "Outcome", e.winner)}${e.success ? " (a success)" : ""}`);
  return lines;
}

export function dealLines(view: cosmic.View, w: CosmicWords): string[] {
  const d = view.deal;
  if (!d) return [];
  const lines = [d.offerBy !== undefined && d.offer ? `On the table, by ${who(w, d.offerBy)}: ${terms(d.offer, view, w)}` : "No offer yet"];
  const me = w.viewer;
  if (me >= 0 && (me === view.enc?.offense || me === view.enc?.defense) && d.myDraft) lines.push(`your draft: ${terms(d.myDraft, view, w)}`);
  return lines;
}

/** What the viewer knows of others' hands, the latest sight of each hand only: an older one
 * is stale (cards played, drawn, given since), so the lines never pile up. */
export function currentKnowledge(view: cosmic.View): cosmic.Knowledge[] {
  const latest = new Map<number, cosmic.Knowledge>();
  for (const k of view.knowledge) latest.set(k.target, k); // in the order seen: the last wins
  return [...latest.values()];
}

/** The View in words, section by section (a section without lines is left out). */
export function viewSections(view: cosmic.View, w: CosmicWords): Section[] {
  const e = view.enc;
  const top = view.discard.length ? ` (top: ${card(view.discard[view.discard.length - 1], w)})` : "";
  const piles = view.piles.length ? ` in four piles (${view.piles.join(", ")})` : "";
  const status = [
    `Turn ${view.turn + 1}${e?.number ? `, encounter ${e.number}` : ""} - ${catalogWords(w, "Step", view.step)}`,
    `Deck: ${plural(view.deckSize, "card")}${piles}; discard: ${plural(view.discard.length, "card")}${top}`,
  ];
  if (view.tableLimit === TableLimit.AWAY) status.push("You have left the table (a moon): you see only what concerns you");
  if (view.tableLimit === TableLimit.BLINDFOLDED) status.push("You are blindfolded (a moon): your hand and your tasks only");
  const destroyed = view.planets.flatMap((p, i) => (p.destroyed ? [`${planet(i)} destroyed`] : []));
  if (destroyed.length) status.push(`Planets: ${destroyed.join(", ")}`);
  const mine: string[] = [];
  if (w.viewer >= 0) {
    const order = (c: number) => CARD_ORDER[w.content?.cards[c]?.kind ?? -1] ?? 5;
    const hand = [...view.myHand].sort((a, b) => order(a) - order(b) || (w.content?.cards[a]?.value ?? 0) - (w.content?.cards[b]?.value ?? 0) || a - b);
    mine.push(`Your hand: ${cardList(hand, w)}`);
  }
  for (const k of currentKnowledge(view)) mine.push(`You know ${whose(w, k.target)} cards (${reasonWords(k, w)}): ${cardList(k.cards, w)}`);
  const warped = view.seats.flatMap((sv, s) => (sv.blackHole ? [`${who(w, s)} ${sv.blackHole}`] : []));
  const table = [`Black hole (the warp): ${warped.join(", ") || "empty"}`];
  if (view.cup.length) {
    const counts = new Map<number, number>();
    for (const c of view.cup) counts.set(c, (counts.get(c) ?? 0) + 1);
    table.push(`Destiny discs: ${[...counts].sort((a, b) => a[0] - b[0]).map(([c, n]) => `${colour(c)} x${n}`).join(", ")}`);
  }
  const now: string[] = view.tasks.slice(0, 1).map((t) => `Now: ${who(w, t.seat)} to ${taskWords(t, w) ?? "answer"}`);
  if (view.finished) {
    const why = view.gameEnd ? ` (${catalogWords(w, "GameEnd", view.gameEnd)})` : "";
    now.push(`Winners: ${view.winners.map((s) => who(w, s)).join(", ") || "none"}${why}`);
  }
  return [
    { title: "", lines: status },
    { title: "Players (tokens per home planet 1-5, then abroad)", lines: seatLines(view, w) },
    { title: "You", lines: mine },
    { title: `Moons (${plural(view.moonDeckSize, "moon")} left in the moon deck)`, lines: view.moons.length ? moonLines(view, w) : [] },
    { title: "Table", lines: table },
    { title: "Encounter", lines: e && e.offense >= 0 && !view.finished ? encounterLines(view, w) : [] },
    { title: "Deal", lines: view.step === Step.DEAL ? dealLines(view, w) : [] },
    { title: "", lines: now },
  ].filter((s) => s.lines.length);
}
