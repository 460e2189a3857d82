// A diverging palette for values in [-1, 1] that stays distinguishable with the common
// colour-vision deficiencies (ColorBrewer RdBu anchors, blue for negative, red for positive).

/** @type {[number, [number, number, number]][]} */
const anchors = [
  [-1.0, [33, 102, 172]],
  [-0.5, [103, 169, 207]],
  [0.0, [247, 247, 247]],
  [0.5, [239, 138, 98]],
  [1.0, [178, 24, 43]],
];

/** 256 RGB entries spanning -1 .. 1, as a flat Uint8Array of r, g, b. */
export const divergingTable = (() => {
  const table = new Uint8Array(256 * 3);
  for (let index = 0; index < 256; index++) {
    const value = -1 + (2 * index) / 255;
    let segment = 0;
    while (segment < anchors.length - 2 && value > anchors[segment + 1][0]) segment++;
    const [v0, c0] = anchors[segment];
    const [v1, c1] = anchors[segment + 1];
    const t = (value - v0) / (v1 - v0);
    for (let channel = 0; channel < 3; channel++) table[index * 3 + channel] = Math.round(c0[channel] + t * (c1[channel] - c0[channel]));
  }
  return table;
})();

/** Index into divergingTable for a value, clamped to [-1, 1]. */
export function paletteIndex(value) {
  const clamped = Math.max(-1, Math.min(1, value));
  return Math.round(((clamped + 1) / 2) * 255);
}

/** CSS colour for a value. */
export function paletteColour(value) {
  const i = paletteIndex(value) * 3;
  return `rgb(${divergingTable[i]}, ${divergingTable[i + 1]}, ${divergingTable[i + 2]})`;
}
