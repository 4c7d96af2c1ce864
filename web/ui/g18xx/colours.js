// Colours of 18xx maps, tiles and companies (1840 Vienna Tramways now; 1881 Berlin later).
//
// Tiles: the printed colours of the phases (yellow, green, brown, gray), off-boards (red),
// stations (purple), plain buildable ground (white) and water (blue).
// Companies: 1840 rulebook Tabelle 2 (majors) and Tabelle 3 (Stadtbahn companies). A Line
// (1840's operating unit, ids "1".."18") shows its major's colour with its number; a Line
// nobody owns is grey.

/** Fill colours of tiles and printed hexes, by the colour names the engine uses. */
export const TILE_COLOURS = {
  white: "#f7f3e6",
  yellow: "#fbe14b",
  green: "#7cc35a",
  brown: "#c98552",
  gray: "#bfc0c2",
  grey: "#bfc0c2",
  red: "#e0584c",
  purple: "#b58ad0",
  blue: "#9cc9ec",
  orange: "#f7a83a",
};

/** A darker edge for each tile colour (hex outlines, phase boxes). */
export const TILE_EDGES = {
  white: "#b9ad92",
  yellow: "#b99e10",
  green: "#3f7f2a",
  brown: "#86512a",
  gray: "#7e8084",
  grey: "#7e8084",
  red: "#9e2c22",
  purple: "#72458f",
  blue: "#4b8cc0",
  orange: "#b36b00",
};

export const STADTBAHN_FRAME = "#ffa500";

/** Fill of a tile colour name (unknown names are used as CSS colours as they are). */
export function tileFill(colour) {
  return TILE_COLOURS[colour] ?? colour ?? TILE_COLOURS.white;
}

export function tileEdge(colour) {
  return TILE_EDGES[colour] ?? "#777";
}

// fill: token colour; text: its label colour; label: what fits in a token.
const COMPANIES = {
  // 1840 majors (Tabelle 2)
  WT: { fill: "#1b1b1b", text: "#ffffff", label: "WT", kind: "major" },
  "DT K&C": { fill: "#8a4fbf", text: "#ffffff", label: "DT", kind: "major" },
  SJE: { fill: "#1f5fbf", text: "#ffffff", label: "SJE", kind: "major" },
  BBG: { fill: "#f4d21a", text: "#1b1b1b", label: "BBG", kind: "major" },
  WKB: { fill: "#2e8b3a", text: "#ffffff", label: "WKB", kind: "major" },
  GWStStB: { fill: "#cf2a2a", text: "#ffffff", label: "GW", kind: "major" },
  // 1840 Stadtbahn companies (Tabelle 3)
  W: { fill: "#7a4520", text: "#ffffff", label: "W", kind: "stadtbahn" },
  V: { fill: "#e6d3a8", text: "#3b2a12", label: "V", kind: "stadtbahn" },
  G: { fill: "#f2811d", text: "#1b1b1b", label: "G", kind: "stadtbahn" },
  D: { fill: "#a98a00", text: "#1b1b1b", label: "D", kind: "stadtbahn" }, // white on olive: 3.3:1
};

export const UNOWNED = { fill: "#9a9a9a", text: "#ffffff" };

/** Colours registered by another title (e.g. 1881's companies): registerCompanies({id: {fill, text, label}}). */
export function registerCompanies(map) {
  for (const [id, style] of Object.entries(map)) COMPANIES[id] = { kind: "major", ...style };
}

const isLine = (id) => /^[0-9]+$/.test(String(id));

/** {fill, text, label, kind} of a company (major, Stadtbahn) by its id. */
export function companyStyle(id) {
  const known = COMPANIES[id];
  if (known) return known;
  const label = String(id).length <= 3 ? String(id) : String(id).slice(0, 3);
  return { fill: "#5d6d7e", text: "#ffffff", label, kind: "other" };
}

/**
 * How a token (or a reservation) of `id` looks. A Line ("7") takes its major's colour
 * (`lineOwners["7"] = "WT"`) and shows its number; an unowned Line is grey. Any other token
 * with an owner there (1881: an S-Bahn network part, owned by its operator's seat style) takes
 * the owner's colour, keeps its own label and wears its own colour as a ring (`ring`).
 * Returns {fill, text, label, kind, owner, ring}.
 */
export function tokenStyle(id, lineOwners = {}) {
  const owner = lineOwners?.[id] ?? null;
  if (isLine(id)) {
    const base = owner ? companyStyle(owner) : UNOWNED;
    return { fill: base.fill, text: base.text, label: String(id), kind: "line", owner };
  }
  const own = companyStyle(id);
  if (!owner) return { ...own, owner: null };
  const base = companyStyle(owner);
  return { ...own, fill: base.fill, text: base.text, ring: own.ring ?? own.fill, owner };
}

/** {line: major} from a view's `lines` ({"4": {"major": "WT", ...}}), for tokenStyle(). */
export function lineOwnersFromView(lines) {
  const out = {};
  for (const [id, line] of Object.entries(lines ?? {})) if (line?.major) out[id] = line.major;
  return out;
}
