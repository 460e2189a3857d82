// One model's passkey grid as a heatmap that is also its table: a row per depth, a column per
// length, each cell coloured by accuracy (ColorBrewer RdBu from palette.js, safe for the common
// colour-vision deficiencies: blue right, red wrong) and holding its number as text, so nothing is
// told by colour alone. The column at L is marked in its header and by a border.
import { element } from '../../dom.js';
import { fixed, int } from '../format.js';
import { divergingTable, paletteIndex } from '../palette.js';

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
/** @param {number[]} rgb */
function luminance([r, g, b]) {
  const linear = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Cell colours: blue where right, red where wrong; black or white text, whichever contrasts more with the cell. */
export function cellColours(accuracy) {
  const index = paletteIndex(1 - 2 * accuracy) * 3; // 1 -> -1 (blue), 0 -> 1 (red)
  const rgb = [divergingTable[index], divergingTable[index + 1], divergingTable[index + 2]];
  const l = luminance(rgb);
  const text = (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
  return { background: `rgb(${rgb.join(', ')})`, text };
}

/**
 * @param {{ depths: ArrayLike<number>, lengths: ArrayLike<number>, count: ArrayLike<number>, accuracy: ArrayLike<number> }} grid
 * @param {{ name: string, trainedLength: number }} options  name: the model's name for people
 */
export function passkeyHeatmap(grid, { name, trainedLength }) {
  const lengths = Array.from(grid.lengths);
  const depths = Array.from(grid.depths);
  const atL = (length) => length === trainedLength;
  const head = element('tr', [
    element('th', ['Depth'], { attributes: { scope: 'col' } }),
    ...lengths.map((length) =>
      element('th', [atL(length) ? `${int(length)} = L` : int(length)], {
        className: atL(length) ? 'at-trained' : length > trainedLength ? 'past-trained' : '',
        attributes: { scope: 'col' },
      }),
    ),
  ]);
  const rows = depths.map((depth, i) =>
    element('tr', [
      element('th', [fixed(depth, 1)], { attributes: { scope: 'row' } }),
      ...lengths.map((length, j) => {
        const c = i * lengths.length + j;
        const scored = grid.count[c] > 0 && Number.isFinite(grid.accuracy[c]);
        if (!scored) return element('td', ['—'], { className: 'grid-cell empty', attributes: { 'data-label': `length ${int(length)}` } });
        const { background, text } = cellColours(grid.accuracy[c]);
        const cell = element('td', [fixed(grid.accuracy[c], 2)], {
          className: `grid-cell${atL(length) ? ' at-trained' : ''}`,
          attributes: { 'data-label': `length ${int(length)}` },
        });
        cell.style.background = background;
        cell.style.color = text;
        return cell;
      }),
    ]),
  );
  return element(
    'table',
    [
      element('caption', [
        `${name}: share of sequences where the passkey at each depth (0 = first token, 1 = just before the question) is answered right, per sequence length`,
      ]),
      element('thead', [head]),
      element('tbody', rows),
    ],
    { className: 'passkey-grid' },
  );
}
