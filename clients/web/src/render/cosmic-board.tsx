// Cosmic Encounter drawn: each home system with its five planets and the coloured ship tokens
// on them, the warp (black hole), the hyperspace cone, the encounter with both sides (cards face
// down until the reveal, totals only once reckoned), the viewer's hand as cards with their
// text, every power, edict, flare and moon named from the published content (English with the
// seed's French) and explained by its text. What has no picture (the deal, who is asked what,
// the deck) stays in words from cosmic-view.ts.

import { cosmic, create, GameMoveSchema } from "@cosmodrome/client";
import type { ComponentChildren } from "preact";
import { inkOn, type RenderContext, SEAT_COLOURS } from "./context.js";
import {
  bilingual, card, catalogWords, colour, type CosmicWords, cosmicMove, edictName, moon, PLANETS_PER_SYSTEM, planet, plural,
  power, reasonWords, who,
} from "./cosmic.js";
import { currentKnowledge, dealLines, extension, face, moonLines, taskWords, tokens } from "./cosmic-view.js";

const { CardFace, CardInfo_Kind, Step } = cosmic;

const ship = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** Token chips (one per seat with tokens): a coloured disc with the count, in an SVG at (x, y). */
function chips(counts: readonly number[], x: number, y: number, w: CosmicWords) {
  const present = counts.flatMap((n, s) => (n ? [[s, n] as const] : []));
  return present.map(([s, n], i) => {
    const cx = x + ((i % 2) * 2 - 1) * 9 * (present.length > 1 ? 1 : 0);
    const cy = y + Math.floor(i / 2) * 18 - (present.length > 2 ? 9 : 0);
    return (
      <g key={s} class="chip" data-seat={s}>
        <title>{`${who(w, s)}: ${plural(n, "ship")}`}</title>
        <circle cx={cx} cy={cy} r={8.5} fill={ship(s)} stroke="#fff" stroke-width={1} />
        <text x={cx} y={cy} fill={inkOn(s)}>{n}</text>
      </g>
    );
  });
}

function System({ view, seat, w }: { view: cosmic.View; seat: number; w: CosmicWords }) {
  const e = view.enc;
  const label = `${who(w, seat)}: ${colour(seat)} system`;
  const planets = Array.from({ length: PLANETS_PER_SYSTEM }, (_, i) => seat * PLANETS_PER_SYSTEM + i);
  const describe = planets.map((p) => {
    const counts = view.planets[p]?.count ?? [];
    const on = counts.flatMap((n, s) => (n ? [`${who(w, s)} ${n}`] : []));
    return `planet ${(p % PLANETS_PER_SYSTEM) + 1}: ${view.planets[p]?.destroyed ? "destroyed" : on.join(", ") || "empty"}`;
  });
  const moons = view.moons.flatMap((m, i) => (m.system === seat && !m.gone ? [[m, i] as const] : []));
  return (
    <figure class="system" data-system={seat} style={`border-color:${ship(seat)}`}>
      <figcaption><span class="swatch" style={`background:${ship(seat)}`} aria-hidden="true" />{label}</figcaption>
      <svg viewBox="0 0 300 84" role="img" aria-label={`${label}. ${describe.join("; ")}`}>
        {planets.map((p, i) => {
          const cx = 30 + i * 60;
          const aimed = e?.planet === p && !view.finished;
          const gone = view.planets[p]?.destroyed;
          return (
            <g key={p} class={`planet${aimed ? " aimed" : ""}${gone ? " destroyed" : ""}`} data-planet={p}>
              <circle cx={cx} cy={38} r={26} fill={ship(seat)} fill-opacity={0.22} stroke={aimed ? "#ffb547" : ship(seat)} stroke-width={aimed ? 3 : 1.5} />
              {gone ? <path d={`M${cx - 18},20 L${cx + 18},56 M${cx + 18},20 L${cx - 18},56`} stroke="#ff8a8a" stroke-width={3} /> : chips(view.planets[p]?.count ?? [], cx, 38, w)}
              <text x={cx} y={76} class="planet-number">{planet(p)}</text>
            </g>
          );
        })}
        {moons.map(([m, i]) => {
          const cx = 30 + m.slot * 60 + 22;
          return (
            <g key={`m${i}`} class="moon-body" data-moon={i}>
              <title>{moon(view, i)}</title>
              <circle cx={cx} cy={14} r={8} fill="#d9d4c7" stroke="#fff" />
              <text x={cx} y={14} fill="#111">{m.faceUp && m.number ? m.number : "☾"}</text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The warp and the hyperspace cone: tokens per seat, each in its colour. */
function WarpAndCone({ view, w }: { view: cosmic.View; w: CosmicWords }) {
  const warp = view.seats.map((s) => s.blackHole);
  const e = view.enc;
  const coneOff = e && e.offense >= 0 && !view.finished ? e.coneOff : [];
  const coneDef = e && e.offense >= 0 && !view.finished ? e.coneDef : [];
  const say = (counts: readonly number[]) => counts.flatMap((n, s) => (n ? [`${who(w, s)} ${n}`] : [])).join(", ") || "empty";
  return (
    <div class="warp-cone">
      <figure class="warp">
        <figcaption>The warp</figcaption>
        <svg viewBox="0 0 110 84" role="img" aria-label={`The warp: ${say(warp)}`}>
          <circle cx={55} cy={42} r={36} fill="url(#warp-swirl)" stroke="#6a4bb8" stroke-width={2} />
          <defs><radialGradient id="warp-swirl"><stop offset="0%" stop-color="#000" /><stop offset="100%" stop-color="#3a2470" /></radialGradient></defs>
          {chips(warp, 55, 42, w)}
        </svg>
      </figure>
      <figure class="cone">
        <figcaption>The hyperspace cone</figcaption>
        <svg viewBox="0 0 180 84" role="img" aria-label={`The hyperspace cone: offence ${say(coneOff)}; defending allies ${say(coneDef)}`}>
          <path d="M8,42 L150,8 L150,76 Z" fill="#2a355a" stroke="#8a94b0" />
          {chips(coneOff, 110, 42, w)}
          {coneDef.some(Boolean) ? <g><text x={165} y={12} class="cone-label">def</text>{chips(coneDef, 165, 42, w)}</g> : null}
        </svg>
      </figure>
    </div>
  );
}

/** The totals of the encounter's reveal, once reckoned (the totals' event of the log, after the
 * cards' one); undefined before. */
function totals(ctx: RenderContext): { off: number; def: number } | undefined {
  const log = ctx.log ?? [];
  for (let i = log.length - 1; i >= 0; i--) {
    for (const ev of [...log[i].events].reverse()) {
      const k = ev.game.case === "cosmic" ? ev.game.value.kind : undefined;
      if (k?.case === "destiny" || k?.case === "encounterOver") return undefined; // another encounter
      if (k?.case === "revealed" && (k.value.totalOff || k.value.totalDef)) return { off: k.value.totalOff, def: k.value.totalDef };
    }
  }
  return undefined;
}

function Encounter({ ctx, view, w }: { ctx: RenderContext; view: cosmic.View; w: CosmicWords }) {
  const e = view.enc!;
  const me = w.viewer;
  const de = e.defense ?? -1;
  const known = e.revealed ? totals(ctx) : undefined;
  const offCard = e.swapped ? e.cardDef : e.cardOff;
  const side = (role: string, seat: number, ships: number, played: cosmic.PlayedCard | undefined, ext: cosmic.ExtensionView | undefined, total: number | undefined, mine: boolean) => (
    <div class={`side ${role}`} style={seat >= 0 ? `border-color:${ship(seat)}` : ""}>
      <h3>{role === "offence" ? "Offence" : "Defence"}: {seat >= 0 ? `${who(w, seat)} (${colour(seat)})` : "nobody yet"}</h3>
      <p>{plural(ships, "ship")}{role === "offence" ? " in the cone" : e.planet !== undefined ? ` on ${planet(e.planet)}` : ""}</p>
      <p class="encounter-card">Card: {played?.face === CardFace.DOWN ? <span class="playing-card back small" title="face down"><span class="visually-hidden">face down</span></span> : face(played, mine, w)}{extension(ext, w)}</p>
      {total !== undefined ? <p class="total">Total <strong>{total}</strong></p> : null}
    </div>
  );
  const defShips = de >= 0 && e.planet !== undefined ? tokens(view, e.planet, de) : 0;
  return (
    <section class="encounter" aria-label="the encounter">
      <h2>Encounter {e.number || 1}{e.planet !== undefined ? `: on ${planet(e.planet)}` : e.system !== undefined ? `: destiny points at the ${colour(e.system)} system` : ""}</h2>
      <div class="sides">
        {side("offence", e.offense, e.coneOff[e.offense] ?? 0, offCard, e.extOff, known?.off, me >= 0 && me === e.offense)}
        <span class="versus" aria-hidden="true">vs</span>
        {side("defence", de, defShips, e.swapped ? e.cardOff : e.cardDef, e.extDef, known?.def, me >= 0 && me === de)}
      </div>
      {e.revealed && !known && !e.winner ? <p class="muted">Cards revealed: the totals are being reckoned.</p> : null}
      {e.winner ? <p class="outcome"><strong>{catalogWords(w, "Outcome", e.winner)}</strong>{e.success ? " (a success for the offence)" : ""}</p> : null}
      {e.autoWin ? <p>No defending ships: the offence wins automatically.</p> : null}
    </section>
  );
}

/** A card as a card: its kind, value or name, and its text from the published content. */
export function CardView({ id, w, play }: { id: number; w: CosmicWords; play?: () => void }) {
  const k = w.content?.cards[id];
  let head: ComponentChildren = card(id, w);
  let text = "";
  let kind = "unknown";
  if (k?.kind === CardInfo_Kind.ATTACK) [kind, head] = ["attack", <><span class="value">{k.value}</span> Attack</>];
  else if (k?.kind === CardInfo_Kind.COMPROMISE) [kind, head, text] = ["compromise", "Compromise", "Loses to an attack, but its player takes cards in compensation; two compromises make a deal."];
  else if (k?.kind === CardInfo_Kind.EXTENSION) [kind, head] = ["extension", <><span class="value">+{k.value}</span> Extension</>];
  else if (k?.kind === CardInfo_Kind.EDICT) [kind, head, text] = ["edict", `Edict: ${edictName(k.edict, w)}`, k.text];
  else if (k?.kind === CardInfo_Kind.FLARE) {
    const p = w.content?.powers.findIndex((x) => x.name === k.power) ?? -1;
    const mine = p >= 0 && (w.view?.myPowers ?? []).includes(p);
    kind = "flare";
    head = `Flare: ${bilingual(p >= 0 ? w.content!.powers[p].english : k.power, k.flareName)}`;
    text = mine ? `Wild (you hold its power): ${k.wild}` : `Parasite: ${k.parasite}`;
  }
  return (
    <li class={`cosmic-card ${kind}${play ? " playable" : ""}`} data-card={id}>
      <strong>{head}</strong>
      {text ? <p>{text}</p> : null}
      {play ? <button type="button" class="small play-card" onClick={play}>Play face down</button> : null}
    </li>
  );
}

function Powers({ view, w }: { view: cosmic.View; w: CosmicWords }) {
  return (
    <section class="powers" aria-labelledby="powers-title">
      <h2 id="powers-title">Alien powers</h2>
      <ul>
        {view.seats.map((sv, s) => {
          const held = s === w.viewer && view.myPowers.length ? view.myPowers : sv.powers;
          return (
            <li key={s} data-seat={s}>
              <span class="swatch" style={`background:${ship(s)}`} aria-hidden="true" />
              <strong>{who(w, s)}</strong>{sv.eliminated ? " (eliminated)" : ""}: {held.length ? "" : s === w.viewer ? "no power" : "power still secret"}
              {held.map((p) => {
                const at = sv.powers.indexOf(p);
                const off = at >= 0 && sv.powerActive[at] === false;
                return (
                  <details key={p} class="power" open={s === w.viewer}>
                    <summary>{power(p, w)}{off ? " (inactive)" : ""}</summary>
                    <p>{w.content?.powers[p]?.text || "No text published."}</p>
                  </details>
                );
              })}
              <span class="muted"> {plural(sv.handSize, "card")} in hand · {sv.homeBases} home + {sv.foreignBases} foreign bases{sv.lucres ? ` · ${plural(sv.lucres, "lucre")}` : ""}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function cosmicTable(ctx: RenderContext, w: CosmicWords) {
  const game = ctx.view.game?.game;
  if (game?.case !== "cosmic") return <p class="muted">Waiting for players.</p>;
  const view = game.value;
  const e = view.enc;
  const now = view.tasks.slice(0, 1).map((t) => `Now: ${who(w, t.seat)} to ${taskWords(t, w) ?? "answer"}`);
  const top = view.discard.length ? `; top of the discard: ${card(view.discard[view.discard.length - 1], w)}` : "";
  const reports = ctx.view.viewerSeat >= 0
    ? view.reports.map((r, i) => {
        const move = create(GameMoveSchema, { game: { case: "cosmic", value: create(cosmic.MoveSchema, { kind: { case: "report", value: r } }) } });
        return <button type="button" key={i} class="option report" onClick={() => ctx.choose(move)}>{cosmicMove(move.game.value as cosmic.Move, { ...w, view }) ?? "report"}</button>;
      })
    : [];
  const knowledge = currentKnowledge(view);
  // the encounter card the viewer may lay now: played from the card itself too
  const playable = new Map<number, () => void>();
  for (const move of ctx.options) {
    const k = move.game.case === "cosmic" ? move.game.value.kind : undefined;
    if (k?.case === "card") playable.set(k.value.card, () => ctx.choose(move));
  }
  const winners = view.finished ? `Winners: ${view.winners.map((s) => who(w, s)).join(", ") || "none"}${view.gameEnd ? ` (${catalogWords(w, "GameEnd", view.gameEnd)})` : ""}` : "";
  return (
    <div class="cosmic">
      <p class="board-status">Turn {view.turn + 1}{e?.number ? `, encounter ${e.number}` : ""}: {catalogWords(w, "Step", view.step)}</p>
      {now.map((line) => <p class="now" key={line}>{line}</p>)}
      {winners ? <p class="now">{winners}</p> : null}
      {e && e.offense >= 0 && !view.finished && view.step !== Step.OVER ? <Encounter ctx={ctx} view={view} w={w} /> : null}
      {view.step === Step.DEAL ? <ul class="deal">{dealLines(view, w).map((l) => <li key={l}>{l}</li>)}</ul> : null}
      {reports.length ? <div class="options">{reports}</div> : null}
      <div class="systems">{Array.from({ length: view.players }, (_, s) => <System key={s} view={view} seat={s} w={w} />)}</div>
      <WarpAndCone view={view} w={w} />
      <p class="muted deck">Deck: {plural(view.deckSize, "card")}{view.piles.length ? ` in four piles (${view.piles.join(", ")})` : ""}; discard: {plural(view.discard.length, "card")}{top}</p>
      {w.viewer >= 0 ? (
        <section class="hand" aria-labelledby="hand-title">
          <h2 id="hand-title">Your hand ({plural(view.myHand.length, "card")})</h2>
          <ul class="cosmic-hand">{view.myHand.map((c) => <CardView key={c} id={c} w={w} play={playable.get(c)} />)}</ul>
          {knowledge.map((k) => <p class="known" key={k.target}>You have seen {who(w, k.target)}'s cards ({reasonWords(k, w)}): {k.cards.map((c) => card(c, w)).join(", ") || "none"}</p>)}
        </section>
      ) : null}
      <Powers view={view} w={w} />
      {view.moons.length ? (
        <section class="moons-list" aria-labelledby="moons-title">
          <h2 id="moons-title">Moons ({plural(view.moonDeckSize, "moon")} left in the moon deck)</h2>
          <ul>{moonLines(view, w).map((l) => <li key={l}>{l}</li>)}</ul>
        </section>
      ) : null}
    </div>
  );
}
