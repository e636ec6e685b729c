// A game's words, as the server's catalog publishes them (GameContent.words): one template per
// Move and Event case and the words of the enum values the sentences name. A renderer picks the
// key (and a variant, "move.land#parachute", where one case reads differently) and fills the
// template; its own code is layout: how a seat, a cat or a space is drawn (its formats). The
// same templates fill the terminal's lines (clients/python/cosmodrome_client/renderers/words.py).
//
// A template's "{path}" or "{path:format}" names a field of the message worded (its proto name,
// dotted for a nested field; "{_:format}" the whole message); a format the renderer does not know
// draws the plain value, and "enum" draws the value's own phrase ("<Enum>.<VALUE>", itself
// filled from the same message). An unset optional field reaches its format as undefined.

import type { GameContent, MatchView } from "@cosmodrome/client";

// What these functions read of the generated schemas (protobuf-es descriptors, e.g.
// mlem.EventSchema): the names of messages, fields, oneofs and enum values.
export interface DescEnum {
  name: string;
  values: { number: number; name: string; localName: string }[];
}
interface DescField {
  name: string;
  localName: string;
  message?: DescMessage;
  enum?: DescEnum;
  oneof?: { localName: string }; // a member of a oneof: read through it
}
export interface DescMessage {
  name: string;
  fields: DescField[];
  oneofs: { name: string; fields: DescField[] }[];
}

/** A format: the field's value -> text. */
export type Format = (value: unknown) => string;
export type Phrases = { [key: string]: string };

const PLACEHOLDER = /\{([\w.]+)(?::(\w+))?\}/g;

export const phrasesOf = (content?: GameContent): Phrases | undefined => content?.words?.phrases;

/** An enum value in words: its phrase (filled from `message`), else its name without the prefix. */
export function enumWords(phrases: Phrases | undefined, desc: DescEnum, value: number, schema?: DescMessage, message?: unknown, formats: Record<string, Format> = {}): string {
  const member = desc.values.find((v) => v.number === value);
  const text = member ? phrases?.[`${desc.name}.${member.name}`] : undefined;
  if (text === undefined) return member ? member.localName.replace(/_/g, " ").toLowerCase() : String(value);
  return schema && message ? fill(text, schema, message, phrases, formats) : text;
}

function field(schema: DescMessage, name: string): DescField {
  const found = schema.fields.find((f) => f.name === name);
  if (!found) throw new Error(`${schema.name} has no field ${name}`);
  return found;
}

/** A field's value; a oneof's member is read through its oneof (protobuf-es: {case, value}). */
function read(owner: Record<string, unknown> | undefined, f: DescField): unknown {
  if (!f.oneof) return owner?.[f.localName];
  const oneof = owner?.[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
  return oneof?.case === f.localName ? oneof.value : undefined;
}

/** `template` with each placeholder drawn from `message` (of type `schema`). */
export function fill(template: string, schema: DescMessage, message: unknown, phrases: Phrases | undefined, formats: Record<string, Format>): string {
  return template.replace(PLACEHOLDER, (_, path: string, format?: string) => {
    if (path === "_") return format && formats[format] ? formats[format](message) : String(message); // the whole message
    const parts = path.split(".");
    let owner = message as Record<string, unknown>;
    let desc = schema;
    for (const part of parts.slice(0, -1)) {
      const f = field(desc, part);
      owner = read(owner, f) as Record<string, unknown>;
      desc = f.message as DescMessage;
    }
    const f = field(desc, parts[parts.length - 1]);
    const value = read(owner, f);
    if (format === "enum" && f.enum) return enumWords(phrases, f.enum, value as number, desc, owner, formats);
    const draw = format ? formats[format] : undefined;
    return draw ? draw(value) : String(value ?? "");
  });
}

/** A Move or an Event ({kind: {case, value}} of type `schema`; "move", "event") or a game's own
 * oneof (Cosmic's "task") in the game's words, or undefined where the words have no such case. */
export function worded(schema: DescMessage, message: unknown, prefix: string, phrases: Phrases | undefined, formats: Record<string, Format>, variant = ""): string | undefined {
  const oneof = schema.oneofs.find((o) => o.name === "kind");
  if (!oneof) {
    // a plain message (tic-tac-toe's Move): worded whole, by `prefix` alone
    const template = (variant ? phrases?.[`${prefix}#${variant}`] : undefined) ?? phrases?.[prefix];
    return template === undefined ? undefined : fill(template, schema, message, phrases, formats);
  }
  const kind = (message as { kind: { case?: string; value?: unknown } }).kind;
  const f = oneof.fields.find((x) => x.localName === kind.case);
  if (!f?.message || !phrases) return undefined;
  const key = `${prefix}.${f.name}`;
  const template = (variant ? phrases[`${key}#${variant}`] : undefined) ?? phrases[key];
  return template === undefined ? undefined : fill(template, f.message, kind.value, phrases, formats);
}

/** Seats in a sentence, from the viewer's MatchView: "you", "ada", "player 3". */
export interface Seats {
  viewer: number;
  names: string[];
}

export function seatsOf(view?: MatchView): Seats {
  const names: string[] = [];
  for (const s of view?.match?.seats ?? []) names[s.index] = s.displayName;
  return { viewer: view?.viewerSeat ?? -1, names };
}

/** A seat by its display name, told apart where two seats share it ("player 1", "player 2" for
 * two "player"s; "player 3" for a seat without a name): a person, never "seat 2". */
export function seatLabel(names: readonly string[], seat: number): string {
  const name = names[seat] ?? "";
  if (!name) return `player ${seat + 1}`;
  return names.filter((n) => n === name).length === 1 ? name : `${name} ${seat + 1}`;
}

export function who(seats: Seats, seat: number): string {
  if (seat === seats.viewer && seat >= 0) return "you";
  return seatLabel(seats.names, seat);
}

export function whose(seats: Seats, seat: number): string {
  const name = who(seats, seat);
  return name === "you" ? "your" : `${name}'s`;
}
