// The renderers' element builder, on Preact: h("button", { class: "x", onclick }, "text", child)
// makes a virtual node that Preact draws and updates in place (no hand-made DOM).

import { type ComponentChildren, createElement, type VNode } from "preact";

export type Child = ComponentChildren;
type Attrs = Record<string, unknown>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): VNode {
  // undefined and false attributes are left out, as a hand-written element would have them
  const props = Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== undefined && v !== false));
  return createElement(tag, props, ...children);
}
