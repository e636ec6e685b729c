// A tiny element builder: h("button", { class: "x", onclick }, "text", child).

type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: Child[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.append(child);
    else if (child !== null && child !== undefined && child !== false) el.append(String(child));
  }
}

/** Replaces everything inside `el` with `children`. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el as HTMLElement, children);
}
