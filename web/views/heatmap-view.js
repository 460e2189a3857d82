// A positions x dimensions heatmap with a readout cell and a marker at position p. When there are
// more positions than canvas columns, each column shows the mean of the positions it covers:
// picking one position per column (nearest-neighbour scaling) drew moiré arcs the data does not have.
import { divergingTable, paletteIndex } from './palette.js';

/**
 * Draws `table` (rows = positions, cols = dims) with position on x and dimension on y; values
 * are divided by `scale` so the palette spans -scale .. +scale. Position p is shown by `marker`,
 * an element laid over the canvas, so moving p never repaints the cells.
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLElement} marker  absolutely positioned over the canvas
 * @param {{ rows: number, cols: number, data: ArrayLike<number> }} table
 * @param {number} scale
 */
export function createHeatmapView(canvas, marker, table, scale) {
  const { rows, cols, data } = table;
  const columns = Math.min(rows, canvas.width);
  /** First position of column c (column c covers [start(c), start(c + 1))). */
  const start = (column) => Math.floor((column * rows) / columns);
  const cells = document.createElement('canvas');
  cells.width = columns;
  cells.height = cols;
  const cellContext = cells.getContext('2d');
  const image = cellContext.createImageData(columns, cols);
  const pixels = new Uint32Array(image.data.buffer);
  // one packed RGBA word per palette entry (little-endian: ABGR in memory)
  const packed = new Uint32Array(256);
  for (let i = 0; i < 256; i++) packed[i] = (255 << 24) | (divergingTable[i * 3 + 2] << 16) | (divergingTable[i * 3 + 1] << 8) | divergingTable[i * 3];
  const inverse = 1 / scale;
  const means = new Float64Array(columns * cols);
  for (let column = 0; column < columns; column++) {
    const [from, to] = [start(column), start(column + 1)];
    for (let position = from; position < to; position++) {
      const offset = position * cols;
      for (let dim = 0; dim < cols; dim++) means[dim * columns + column] += data[offset + dim];
    }
    for (let dim = 0; dim < cols; dim++) {
      means[dim * columns + column] /= to - from;
      pixels[dim * columns + column] = packed[paletteIndex(means[dim * columns + column] * inverse)];
    }
  }
  cellContext.putImageData(image, 0, 0);
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = false;
  context.drawImage(cells, 0, 0, canvas.width, canvas.height);

  return {
    /** Positions per column (1 when every position has its own column). */
    positionsPerColumn: rows / columns,
    columns,
    /** Moves the marker to position `p`, hidden when p is outside the table. */
    draw(p) {
      marker.hidden = !(p >= 0 && p < rows);
      marker.style.left = `${((p + 0.5) / rows) * 100}%`;
    },
    /** Column and dimension under canvas-relative CSS pixel (x, y). */
    cellAt(x, y, box) {
      return {
        column: Math.min(columns - 1, Math.max(0, Math.floor((x / box.width) * columns))),
        dim: Math.min(cols - 1, Math.max(0, Math.floor((y / box.height) * cols))),
      };
    },
    /** What one cell shows: its positions (first and last) and the value, or their mean. */
    cell(column, dim) {
      const c = Math.min(columns - 1, Math.max(0, column));
      const d = Math.min(cols - 1, Math.max(0, dim));
      return { column: c, dim: d, first: start(c), last: start(c + 1) - 1, value: means[d * columns + c] };
    },
  };
}
