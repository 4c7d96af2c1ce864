// Tiny DOM helpers shared by every screen. No framework: h() builds HTML elements,
// s() builds SVG elements. Attributes whose value is null/undefined/false are skipped;
// `on*` attributes with a function value become event listeners.

export const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  if (!attrs) return el;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(" ") : value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (key === "text") {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** HTML element: h("div", {class: "x"}, child, "text", [more]) */
export function h(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** SVG element: s("rect", {x: 0, y: 0}) */
export function s(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replace all children of el. */
export function mount(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bring `el` into view, clear of the page's sticky bars: `top` px at the top of the viewport
 * and `bottom` px at its bottom are covered. Inner scroll boxes (wide layouts) scroll first;
 * nothing moves when the element is already in view.
 */
export function reveal(el, { top = 0, bottom = 0 } = {}) {
  if (!el?.isConnected) return;
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = el.getBoundingClientRect();
  const gap = 8; // a little air, and room for sub-pixel rounding of the scroll position
  const floor = innerHeight - bottom - gap;
  let dy = 0;
  if (r.top < top + gap) dy = r.top - top - gap;
  else if (r.bottom > floor) dy = Math.min(r.bottom - floor, r.top - top - gap); // the top stays in view
  if (dy) window.scrollBy(0, dy < 0 ? Math.floor(dy) : Math.ceil(dy));
}

/** Height of a bar that stays on screen while the page scrolls (0 if it scrolls away). */
export function stuckHeight(el, edge) {
  if (!el?.isConnected || getComputedStyle(el).position !== "sticky") return 0;
  const r = el.getBoundingClientRect();
  return edge === "top" ? Math.max(0, r.bottom) : Math.max(0, innerHeight - r.top);
}

// The engine's limit on a player's name (pygame_core/core/names.py), in characters (code
// points, as Python counts them).
export const NAME_MAX = 20;

/**
 * A player-name input and its note: a longer name is cut to NAME_MAX characters and the note
 * next to the field says so (the browser's maxlength would drop the rest without a word).
 * `onName(value)` gets the (cut) value on every input. Returns [input, note].
 */
export function nameInput(attrs, onName) {
  const testid = attrs["data-testid"];
  const note = h("span", { class: "field-note", "aria-live": "polite", "data-testid": testid ? `${testid}-note` : null });
  const input = h("input", {
    type: "text",
    autocomplete: "off",
    ...attrs,
    oninput: (e) => {
      const chars = [...e.target.value];
      const cut = chars.length > NAME_MAX;
      if (cut) e.target.value = chars.slice(0, NAME_MAX).join("");
      note.textContent = cut ? `cut to ${NAME_MAX} characters` : "";
      onName(e.target.value);
    },
  });
  return [input, note];
}
