// The Cosmic renderer puts every Move and Event of the contract into words, as the terminal
// client does: each oneof case of cosmic.proto's Move and Event (read from the generated
// schema, so a case added to the contract is checked without touching this file), each
// NoteKind, each queued task kind, and the View's lucres, moons and extension cards.
// No server, no browser: the renderer's modules are bundled by esbuild (the page's own
// bundler) and imported. tests/web/test_words.py runs it under `make test`.

import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const ENTRY = `
export * from "./src/render/cosmic.ts";
export { currentKnowledge, taskWords, viewSections } from "./src/render/cosmic-view.ts";
export { eventLabel, moveLabel } from "./src/render/index.ts";
export { describeEvent, describeMove } from "./src/render/generic.ts";
export { seatLabel, who } from "./src/render/words.ts";
export { cosmic, crafting, create, fromJson, GameEventSchema, GameMoveSchema, GameContentSchema, MatchViewSchema, highcard, mlem, tictactoe } from "@cosmodrome/client";
`;

let r; // the bundled modules
let folder;
// Cosmic's words as the server's catalog publishes them (GameContent.words): tests/web/test_words.py
// writes the server's GameContent as JSON and names the file in COSMODROME_COSMIC_CONTENT.
let catalog;
let cosmicContent; // the whole GameContent, as the page holds it

before(async () => {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: "ts" },
    bundle: true, format: "esm", platform: "node", target: "es2022", write: false, logLevel: "silent",
  });
  folder = await mkdtemp(join(tmpdir(), "cosmic-words-"));
  const file = join(folder, "words.mjs");
  await writeFile(file, out.outputFiles[0].text);
  r = await import(pathToFileURL(file).href);
  const path = process.env.COSMODROME_COSMIC_CONTENT;
  cosmicContent = path ? r.fromJson(r.GameContentSchema, JSON.parse(await readFile(path, "utf8"))) : undefined;
  catalog = cosmicContent?.words;
});
after(() => rm(folder, { recursive: true, force: true }));

// A small content, as GetGameContent publishes it: a card of each kind, two powers, two moons.
function content() {
  const { cosmic, create } = r;
  const K = cosmic.CardInfo_Kind;
  return create(cosmic.ContentSchema, {
    cards: [
      { id: 0, kind: K.ATTACK, value: 8 }, { id: 1, kind: K.COMPROMISE }, { id: 2, kind: K.EDICT, edict: "zap" },
      { id: 3, kind: K.EXTENSION, value: 3 }, { id: 4, kind: K.FLARE, power: "clone" },
    ],
    powers: [{ id: 0, name: "clone", english: "Clone" }, { id: 1, name: "chercheur", english: "Seeker" }],
    moons: [{ number: 1, name: "Alien", english: "A moon that does things." }, { number: 2, name: "", english: "Another one." }],
  });
}

// A two-seat View of seed 000: lucres, a face-down moon, one known to the viewer, one revealed,
// and an encounter whose cards carry an extension.
function view() {
  const { cosmic, create } = r;
  const F = cosmic.CardFace;
  return create(cosmic.ViewSchema, {
    viewer: 0, players: 2, step: cosmic.Step.PRE_REVEAL, deckSize: 30, piles: [8, 8, 7, 7],
    planets: Array.from({ length: 10 }, (_, p) => ({ system: Math.floor(p / 5), count: p < 5 ? [4, 0] : [0, 4] })),
    seats: [{ handSize: 7, homeBases: 5, lucres: 5, powers: [0], powerActive: [true] }, { handSize: 6, homeBases: 5, lucres: 3 }],
    myHand: [0, 3, 4], myPowers: [0],
    moons: [
      { system: 0, count: [0, 0] },
      { system: 0, count: [0, 0], number: 1, slot: 2 },
      { system: 1, count: [2, 0], number: 2, faceUp: true },
    ],
    moonDeckSize: 10,
    enc: {
      number: 1, offense: 0, defense: 1, system: 1, planet: 7, coneOff: [3, 0], coneDef: [0, 0],
      cardOff: { face: F.KNOWN, card: 0 }, cardDef: { face: F.DOWN },
      extOff: { extension: { face: F.KNOWN, card: 3 }, extra: [{ face: F.KNOWN, card: 0 }] },
      extDef: { extension: { face: F.DOWN } },
    },
  });
}

const contexts = () => [
  { name: "a spectator, without content", w: { viewer: -1 } },
  { name: "seat 0 with content and a View", w: { viewer: 0, names: ["ada", "bob"], content: content(), view: view() } },
  { name: "seat 0 with the catalog's words", w: { viewer: 0, names: ["ada", "bob"], content: content(), view: view(), words: catalog } },
];

// Each context with the catalog's words, and a spectator with nothing else.
const withCatalog = () => [
  { name: "a spectator, with the catalog's words", w: { viewer: -1, words: catalog } },
  ...contexts().map(({ name, w }) => ({ name: `${name} and the catalog's words`, w: { ...w, words: catalog } })),
];

// Words, not a raw dump: a sentence with nothing left unfilled.
function assertWords(text, what) {
  assert.equal(typeof text, "string", `${what}: no words (the renderer returned ${text})`);
  assert.ok(text.length > 3, `${what}: "${text}"`);
  assert.doesNotMatch(text, /undefined|NaN|\[object|\{\w+\}|^-$/, `${what}: "${text}"`);
}

const cases = (schema) => schema.oneofs.find((o) => o.name === "kind").fields;

test("every Move case of the cosmic contract has words from the catalog", () => {
  const { cosmic, create, GameMoveSchema } = r;
  assert.ok(catalog, "COSMODROME_COSMIC_CONTENT is not set (tests/web/test_words.py sets it)");
  const fields = cases(cosmic.MoveSchema);
  assert.ok(fields.length >= 31, `only ${fields.length} Move cases read from the schema`);
  for (const field of fields) {
    const move = create(cosmic.MoveSchema, { kind: { case: field.localName, value: create(field.message) } });
    assert.ok(catalog.phrases[`move.${field.name}`], `Move.${field.name} has no words in the catalog`);
    for (const { name, w } of withCatalog()) assertWords(r.cosmicMove(move, w), `Move.${field.name} (${name})`);
    // one source: without the catalog the page has no words of its own for it
    assert.equal(r.cosmicMove(move, { viewer: 0 }), undefined, `Move.${field.name} is worded outside the catalog`);
    // on the page: the cosmic words, not the generic rendering's label
    const game = create(GameMoveSchema, { game: { case: "cosmic", value: move } });
    assert.notEqual(r.moveLabel(game, { content: cosmicContent }), r.describeMove(game), `Move.${field.name} falls back to the generic label`);
  }
});

test("every Event case of the cosmic contract has words from the catalog", () => {
  const { cosmic, create, GameEventSchema } = r;
  assert.ok(catalog, "COSMODROME_COSMIC_CONTENT is not set (tests/web/test_words.py sets it)");
  const fields = cases(cosmic.EventSchema);
  assert.ok(fields.length >= 13, `only ${fields.length} Event cases read from the schema`);
  for (const field of fields) {
    const event = create(cosmic.EventSchema, { kind: { case: field.localName, value: create(field.message) } });
    assert.ok(catalog.phrases[`event.${field.name}`], `Event.${field.name} has no words in the catalog`);
    for (const { name, w } of withCatalog()) assertWords(r.cosmicEvent(event, w), `Event.${field.name} (${name})`);
    // one source: without the catalog the page has no words of its own for it
    assert.equal(r.cosmicEvent(event, { viewer: 0 }), undefined, `Event.${field.name} is worded outside the catalog`);
    const game = create(GameEventSchema, { game: { case: "cosmic", value: event } });
    assert.notEqual(r.eventLabel(game, { content: cosmicContent }), r.describeEvent(game), `Event.${field.name} falls back to the generic label`);
  }
});

test("every NoteKind is worded from the catalog, with its fields filled in", () => {
  const { cosmic, create } = r;
  assert.ok(catalog, "COSMODROME_COSMIC_CONTENT is not set (tests/web/test_words.py sets it)");
  for (const value of cosmic.NoteKindSchema.values) {
    if (value.number === 0) continue;
    const note = create(cosmic.EventSchema, { kind: { case: "note", value: { kind: value.number, seat: 1, target: 0, count: 2 } } });
    const text = r.cosmicEvent(note, { viewer: 0, words: catalog });
    assertWords(text, value.name);
    const template = catalog.phrases[`NoteKind.${value.name}`];
    assert.ok(template, `${value.name} has no words in the catalog`);
    assert.ok(text.endsWith(template.split("}").pop()), `${value.name}: "${text}" is not the catalog's "${template}"`);
  }
});

test("every queued task kind of the View is worded", () => {
  const { cosmic, create } = r;
  for (const field of cases(cosmic.TaskViewSchema)) {
    const task = create(cosmic.TaskViewSchema, { seat: 1, kind: { case: field.localName, value: create(field.message) } });
    const text = r.taskWords(task, { viewer: 0, words: catalog });
    assertWords(text, `TaskView.${field.name}`);
    assert.ok(catalog.phrases[`task.${field.name}`], `TaskView.${field.name} has no words in the catalog`);
  }
});

test("the View shows lucres, moons face down, known and revealed, and extension cards", () => {
  const text = r.viewSections(view(), { viewer: 0, names: ["ada", "bob"], content: content() })
    .flatMap((s) => [s.title, ...s.lines]).join("\n");
  assert.match(text, /5 lucres/);
  assert.match(text, /3 lucres/);
  assert.match(text, /moon 1 \(red system\), beside red 1: face down, unknown; nobody on it/);
  assert.match(text, /moon 2 \(red system\), beside red 3: face down, n°1 Alien \(known to you\): A moon that does things;/);
  assert.match(text, /moon 3 \(blue system\), beside blue 1: revealed, n°2: Another one; tokens: you 2/);
  assert.match(text, /on moon 3 \(blue system\):2/);
  assert.match(text, /10 moons left in the moon deck/);
  assert.match(text, /offence attack 8 \(yours\) \+ attack 8 \+ extension 3, defence face down \+ extension face down/);
  assert.match(text, /Your hand: attack 8, extension 3, flare \(Clone\)/);
});

test("moves name moons, flares and table reports as the terminal does", () => {
  const { cosmic, create } = r;
  const w = { viewer: 0, names: ["ada", "bob"], content: content(), view: view(), words: catalog };
  const words = (kind) => r.cosmicMove(create(cosmic.MoveSchema, { kind }), w);
  assert.equal(words({ case: "moveMoon", value: { moon: 1, slot: 4 } }), "move moon 2 (red system) beside red 5");
  assert.equal(words({ case: "cancelVictory", value: { seat: 1 } }), "cancel the win of bob with the moon");
  assert.equal(words({ case: "transform", value: { card: 0 } }), "transform the revealed attack 8 with the moon");
  assert.equal(words({ case: "flaresKept", value: { cards: [4] } }), "keep flare (Clone), discard the others");
  assert.equal(words({ case: "report", value: { moon: 2, offender: 1 } }), "report bob: the rule of moon 3 (blue system) (a table moon) is broken");
  assert.equal(words({ case: "moonUse", value: { moon: 2, power: 1 } }), "reveal moon 3 (blue system): swap Seeker (Chercheur) for a power not in play");
  assert.equal(
    r.cosmicEvent(create(cosmic.EventSchema, { kind: { case: "flarePlayed", value: { seat: 1, card: 4, power: 0 } } }), w),
    "bob played flare (Clone) face up: the parasite flare of Clone",
  );
});

// MLEM is worded from the catalog (GameContent.words), as the server publishes it:
// tests/web/test_words.py writes the server's MLEM GameContent as JSON and names the file here.
const MLEM_CONTENT = process.env.COSMODROME_MLEM_CONTENT ?? "";

test("every Move and Event case of the mlem contract has words from the catalog", { skip: !MLEM_CONTENT && "COSMODROME_MLEM_CONTENT is not set (tests/web/test_words.py sets it)" }, async () => {
  const { create, fromJson, mlem, GameContentSchema, GameEventSchema, GameMoveSchema, MatchViewSchema } = r;
  const content = fromJson(GameContentSchema, JSON.parse(await readFile(MLEM_CONTENT, "utf8")));
  assert.ok(Object.keys(content.words?.phrases ?? {}).length > 0, "the catalog carries no words");
  const view = create(MatchViewSchema, { viewerSeat: 0, match: { seats: [{ index: 0, displayName: "ada" }, { index: 1, displayName: "bob" }] } });
  const places = [{ content }, { content, view, kind: "land" }, { content, view, kind: "parachute" }];
  const moves = cases(mlem.MoveSchema);
  assert.ok(moves.length >= 3, `only ${moves.length} Move cases read from the schema`);
  for (const field of moves) {
    for (const disembark of [false, true]) {
      const value = field.localName === "land" ? create(field.message, { disembark, space: 4 }) : create(field.message);
      const move = create(GameMoveSchema, { game: { case: "mlem", value: create(mlem.MoveSchema, { kind: { case: field.localName, value } }) } });
      for (const at of places) {
        const text = r.moveLabel(move, at);
        assertWords(text, `Move.${field.name}`);
        assert.notEqual(text, r.describeMove(move), `Move.${field.name} falls back to the generic label`);
      }
      // one source: without the catalog's words the page has none of its own, only the generic label
      assert.equal(r.moveLabel(move, {}), r.describeMove(move), `Move.${field.name} is worded outside the catalog`);
    }
  }
  const events = cases(mlem.EventSchema);
  assert.ok(events.length >= 12, `only ${events.length} Event cases read from the schema`);
  for (const field of events) {
    const event = create(GameEventSchema, { game: { case: "mlem", value: create(mlem.EventSchema, { kind: { case: field.localName, value: create(field.message) } }) } });
    for (const at of places) {
      const text = r.eventLabel(event, at);
      assertWords(text, `Event.${field.name}`);
      assert.notEqual(text, r.describeEvent(event), `Event.${field.name} falls back to the generic label`);
    }
    assert.equal(r.eventLabel(event, {}), r.describeEvent(event), `Event.${field.name} is worded outside the catalog`);
  }
  // the words are the catalog's: a landing on a moon, in the server's template
  const landed = create(GameEventSchema, { game: { case: "mlem", value: create(mlem.EventSchema, { kind: { case: "landed", value: { cat: { owner: 1, kind: mlem.CatKind.SHIFTER }, space: 9, site: mlem.Site.MOON, moonNumber: 5 } } }) } });
  assert.equal(r.eventLabel(landed, { content, view }), "bob's shifter landed on moon 5 (space 9)");
});

// Tic-tac-toe, high card and Crafting too; a plain Move (no oneof) is worded whole, by "move".
test("every Move and Event of tic-tac-toe, high card and crafting has words from the catalog", async () => {
  const { create, fromJson, GameContentSchema, GameEventSchema, GameMoveSchema, MatchViewSchema } = r;
  const view = create(MatchViewSchema, { viewerSeat: 0, match: { seats: [{ index: 0, displayName: "ada" }, { index: 1, displayName: "bob" }] } });
  for (const game of ["tictactoe", "highcard", "crafting"]) {
    const path = process.env[`COSMODROME_${game.toUpperCase()}_CONTENT`];
    assert.ok(path, `COSMODROME_${game.toUpperCase()}_CONTENT is not set (tests/web/test_words.py sets it)`);
    const content = fromJson(GameContentSchema, JSON.parse(await readFile(path, "utf8")));
    const schemas = r[game];
    const oneof = schemas.MoveSchema.oneofs.find((o) => o.name === "kind");
    const moves = oneof
      ? oneof.fields.map((field) => [field.name, create(schemas.MoveSchema, { kind: { case: field.localName, value: create(field.message) } })])
      : [["move", create(schemas.MoveSchema, {})]];
    const events = cases(schemas.EventSchema).map((field) => [field.name, create(schemas.EventSchema, { kind: { case: field.localName, value: create(field.message) } })]);
    for (const [what, value, label, generic, Schema] of [
      ...moves.map(([n, v]) => [`Move.${n}`, v, r.moveLabel, r.describeMove, GameMoveSchema]),
      ...events.map(([n, v]) => [`Event.${n}`, v, r.eventLabel, r.describeEvent, GameEventSchema]),
    ]) {
      const wrapped = create(Schema, { game: { case: game, value } });
      for (const at of [{ content }, { content, view }]) {
        assertWords(label(wrapped, at), `${game} ${what}`);
        assert.notEqual(label(wrapped, at), generic(wrapped), `${game} ${what} falls back to the generic label`);
      }
      assert.equal(label(wrapped, {}), generic(wrapped), `${game} ${what} is worded outside the catalog`);
    }
  }
  const placed = create(GameEventSchema, { game: { case: "tictactoe", value: { kind: { case: "placed", value: { seat: 1, cell: 4, mark: r.tictactoe.Mark.O } } } } });
  const content = fromJson(GameContentSchema, JSON.parse(await readFile(process.env.COSMODROME_TICTACTOE_CONTENT, "utf8")));
  assert.equal(r.eventLabel(placed, { content, view }), "bob put O on the centre");
});

// Issue 24's defects of the Cosmic words: totals before they are reckoned, French edict names
// beside English powers, a power's key as the reason one saw cards, stale sights of a hand.
test("a reveal reads without totals until they are reckoned, then with them", () => {
  assert.ok(catalog, "COSMODROME_COSMIC_CONTENT is not set (tests/web/test_words.py sets it)");
  const { cosmic, create } = r;
  const w = { viewer: 0, names: ["ada", "bob"], content: content(), view: view(), words: catalog };
  const cards = r.cosmicEvent(create(cosmic.EventSchema, { kind: { case: "revealed", value: { cardOff: 0, cardDef: 1 } } }), w);
  assert.doesNotMatch(cards, /total/, cards);
  assert.match(cards, /attack 8/);
  const reckoned = r.cosmicEvent(create(cosmic.EventSchema, { kind: { case: "revealed", value: { cardOff: 0, cardDef: 1, totalOff: 11, totalDef: 0 } } }), w);
  assert.match(reckoned, /total 11\b.*total 0/, reckoned);
});

test("edicts and powers are named in English with the seed's French beside", () => {
  assert.ok(catalog, "COSMODROME_COSMIC_CONTENT is not set (tests/web/test_words.py sets it)");
  const w = { viewer: 0, content: cosmicContent.game.value, words: catalog };
  const edicts = Object.entries(catalog.names).filter(([key]) => key.startsWith("edict."));
  assert.ok(edicts.length > 3, "the catalog names the edicts");
  for (const [key, name] of edicts) {
    const shown = r.edictName(key.slice("edict.".length), w);
    assert.ok(shown.startsWith(name.english), `${key}: ${shown}`);
    if (name.french && name.french.toLowerCase() !== name.english.toLowerCase()) assert.ok(shown.includes(name.french), `${key}: ${shown}`);
  }
  const seeker = w.content.powers.findIndex((p) => p.name === "chercheur");
  assert.equal(r.reasonWords({ why: r.cosmic.Reason.POWER, power: seeker, edict: "", moon: 0 }, w), r.power(seeker, w));
  assert.match(r.power(seeker, w), /^[A-Z]\w+ \(Chercheur\)$/);
});

test("only the latest sight of each hand is kept: no pile of stale 'You know' lines", () => {
  const { cosmic, create } = r;
  const v = create(cosmic.ViewSchema, { viewer: 0, players: 3, knowledge: [
    { viewer: 0, target: 1, cards: [1, 2], why: cosmic.Reason.DEAL },
    { viewer: 0, target: 2, cards: [3], why: cosmic.Reason.DEAL },
    { viewer: 0, target: 1, cards: [4], why: cosmic.Reason.DEAL },
  ] });
  assert.deepEqual(r.currentKnowledge(v).map((k) => [k.target, k.cards]), [[1, [4]], [2, [3]]]);
  const lines = r.viewSections(v, { viewer: 0, view: v, words: catalog }).flatMap((s) => s.lines).filter((l) => l.startsWith("You know"));
  assert.equal(lines.length, 2, lines.join("\n"));
});

test("a seat is named as a person, never 'seat N', even where two share a name", () => {
  const names = ["player", "player", "", "ada"];
  assert.deepEqual(names.map((_, s) => r.seatLabel(names, s)), ["player 1", "player 2", "player 3", "ada"]);
  assert.equal(r.who({ viewer: 1, names }, 1), "you");
  assert.equal(r.seatName({ viewer: 0, names }, 1), "player 2");
});
