// The generic renderer: any game's View, Move and Event drawn from its protobuf message
// (protobuf JSON, zeros included), so every hosted game can be watched and played.

import type { VNode } from "preact";
import { type GameEvent, GameEventSchema, type GameMove, GameMoveSchema, GameViewSchema, type JsonValue, toJson } from "@cosmodrome/client";

import { h } from "../dom.js";
import type { RenderContext } from "./context.js";

const JSON_OPTIONS = { alwaysEmitImplicit: true } as const;

/** The View as a tree of its fields. */
export function genericBoard(ctx: RenderContext): VNode {
  if (!ctx.view.game?.game.case) return h("p", { class: "muted" }, "Waiting for players.");
  return h("div", { class: "generic" }, tree(inner(toJson(GameViewSchema, ctx.view.game, JSON_OPTIONS))));
}

/** A short, readable label for a move: "cell 4", "send cat: kind shifter". */
export function describeMove(move: GameMove): string {
  return label(inner(toJson(GameMoveSchema, move, JSON_OPTIONS)));
}

/** A short, readable line for an event. */
export function describeEvent(event: GameEvent): string {
  return label(inner(toJson(GameEventSchema, event, JSON_OPTIONS)));
}

// {"tictactoe": {...}} -> {...}: the oneof's single game field.
function inner(json: JsonValue): JsonValue {
  if (json && typeof json === "object" && !Array.isArray(json)) {
    const values = Object.values(json);
    if (values.length === 1) return values[0];
  }
  return json;
}

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

// An enum value without its type's prefix, as its field names it: mark MARK_X -> "x",
// kind CAT_KIND_SHIFTER -> "shifter", faces [FACE_ONE] -> "one".
function scalar(json: JsonValue, key = ""): string {
  if (typeof json !== "string") return String(json);
  const field = key.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase().replace(/S$/, "");
  const at = field && /^[A-Z0-9_]+$/.test(json) ? json.indexOf(`${field}_`) : -1;
  return words(at >= 0 ? json.slice(at + field.length + 1) : json);
}

function label(json: JsonValue, key = ""): string {
  if (json === null) return "-";
  if (Array.isArray(json)) return `[${json.map((v) => label(v, key)).join(", ")}]`;
  if (typeof json !== "object") return scalar(json, key);
  const entries = Object.entries(json);
  if (entries.length === 0) return "-";
  if (entries.length === 1 && json[entries[0][0]] !== null && typeof entries[0][1] === "object" && !Array.isArray(entries[0][1])) {
    return `${words(entries[0][0])}: ${label(entries[0][1])}`;
  }
  return entries.map(([k, v]) => `${words(k)} ${label(v, k)}`).join(", ");
}

function tree(json: JsonValue, key = ""): VNode | string {
  if (json === null) return h("span", { class: "muted" }, "none");
  if (Array.isArray(json)) {
    if (json.every((v) => v === null || typeof v !== "object")) return h("span", {}, label(json, key));
    return h("ol", { start: 0 }, json.map((v) => h("li", {}, tree(v, key))));
  }
  if (typeof json === "object") {
    return h("dl", {}, Object.entries(json).map(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, tree(v, k))]));
  }
  return scalar(json, key);
}
