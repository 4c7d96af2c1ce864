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
