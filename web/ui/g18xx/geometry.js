// Hex geometry shared by tiles.js and hexmap.js. Map units: a hex has circumradius R = 50
// (pointy: 86.6 wide, 100 tall). Angles are in degrees, clockwise from +x (SVG y points down).
//
// Edges follow 18xx.games' numbering. Pointy: 0 lower-left, 1 left, 2 upper-left,
// 3 upper-right, 4 right, 5 lower-right. Flat: 0 bottom, 1 lower-left, 2 upper-left, 3 top,
// 4 upper-right, 5 lower-right. Rotating a tile by r turns edge e into (e + r) % 6, i.e. 60°
// clockwise per step, in both layouts.
//
// Hex coordinates ("F18") are a doubled-coordinate grid: pointy maps use the number for x
// and the letter for y (neighbours in a row differ by 2 in x); flat maps the letter for x
// and the number for y (neighbours in a column differ by 2 in y).

export const R = 50;
export const SQRT3 = Math.sqrt(3);
export const A = (R * SQRT3) / 2; // inradius: centre to edge midpoint

const RAD = Math.PI / 180;

export function baseAngle(layout) {
  return layout === "flat" ? 90 : 120;
}

/** Direction (degrees) from the hex centre to the midpoint of `edge`. */
export function edgeAngle(edge, layout = "pointy") {
  return (baseAngle(layout) + 60 * edge) % 360;
}

export function polar(angle, dist) {
  return [Math.cos(angle * RAD) * dist, Math.sin(angle * RAD) * dist];
}

/** Midpoint of an edge, relative to the hex centre. */
export function edgeMid(edge, layout = "pointy", inset = 0) {
  return polar(edgeAngle(edge, layout), A - inset);
}

/** Unit vector from an edge midpoint into the hex (towards the centre). */
export function inward(edge, layout = "pointy") {
  const [x, y] = polar(edgeAngle(edge, layout), 1);
  return [-x, -y];
}

/** The two corners of an edge: [counter-clockwise one, clockwise one]. */
export function edgeCorners(edge, layout = "pointy", radius = R) {
  const a = edgeAngle(edge, layout);
  return [polar(a - 30, radius), polar(a + 30, radius)];
}

/** Corner points of the hex (relative to its centre), starting from edge 0's ccw corner. */
export function hexCorners(layout = "pointy", radius = R) {
  const pts = [];
  for (let e = 0; e < 6; e++) pts.push(polar(edgeAngle(e, layout) - 30, radius));
  return pts;
}

export function hexPoints(layout = "pointy", radius = R) {
  return hexCorners(layout, radius)
    .map(([x, y]) => `${fmt(x)},${fmt(y)}`)
    .join(" ");
}

/** Distance from p to the hex boundary (positive inside), for a hex of inradius `inr`. */
export function insideDistance([x, y], layout = "pointy", inr = A) {
  let d = Infinity;
  for (let e = 0; e < 6; e++) {
    const [nx, ny] = polar(edgeAngle(e, layout), 1);
    d = Math.min(d, inr - (x * nx + y * ny));
  }
  return d;
}

/** Pixel centre of doubled coordinates (x, y). */
export function hexCentre(x, y, layout = "pointy") {
  return layout === "flat" ? [x * 1.5 * R, y * A] : [x * A, y * 1.5 * R];
}

// (dx, dy) of the neighbour across each edge (18xx.games' numbering), as in hexes.py.
const OFFSETS = {
  pointy: [[-1, 1], [-2, 0], [-1, -1], [1, -1], [2, 0], [1, 1]],
  flat: [[0, 2], [-1, 1], [-1, -1], [0, -2], [1, -1], [1, 1]],
};

/** Doubled coordinates of a hex name ("F18" -> pointy [17, 5]). */
export function coordXY(coord, layout = "pointy") {
  const m = /^([A-Z])([1-9][0-9]*)$/.exec(coord);
  if (!m) throw new Error(`Not a hex coordinate: ${coord}`);
  const letter = m[1].charCodeAt(0) - 65;
  const number = Number(m[2]) - 1;
  return layout === "flat" ? [letter, number] : [number, letter];
}

export function coordName(x, y, layout = "pointy") {
  const [letter, number] = layout === "flat" ? [x, y] : [y, x];
  return `${String.fromCharCode(65 + letter)}${number + 1}`;
}

/** The edge of hex a that faces hex b (both [x, y]), or null when not neighbours. */
export function edgeBetween([ax, ay], [bx, by], layout = "pointy") {
  const i = OFFSETS[layout].findIndex(([dx, dy]) => ax + dx === bx && ay + dy === by);
  return i < 0 ? null : i;
}

export function neighbourXY([x, y], edge, layout = "pointy") {
  const [dx, dy] = OFFSETS[layout][edge];
  return [x + dx, y + dy];
}

/** Round to 2 decimals for compact SVG attributes. */
export function fmt(v) {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

export function dist([ax, ay], [bx, by]) {
  return Math.hypot(ax - bx, ay - by);
}
