// A positions x dimensions heatmap with a hover readout and a marker at position p.
import { divergingTable, paletteIndex } from '../palette.js';

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
  const cells = document.createElement('canvas');
  cells.width = rows;
  cells.height = cols;
  const cellContext = cells.getContext('2d');
  const image = cellContext.createImageData(rows, cols);
  const pixels = new Uint32Array(image.data.buffer);
  // one packed RGBA word per palette entry (little-endian: ABGR in memory)
  const packed = new Uint32Array(256);
  for (let i = 0; i < 256; i++) packed[i] = (255 << 24) | (divergingTable[i * 3 + 2] << 16) | (divergingTable[i * 3 + 1] << 8) | divergingTable[i * 3];
  const inverse = 1 / scale;
  for (let position = 0; position < rows; position++) {
    const offset = position * cols;
    for (let dim = 0; dim < cols; dim++) pixels[dim * rows + position] = packed[paletteIndex(data[offset + dim] * inverse)];
  }
  cellContext.putImageData(image, 0, 0);
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = false;
  context.drawImage(cells, 0, 0, canvas.width, canvas.height);

  return {
    /** Moves the marker to position `p`, hidden when p is outside the table. */
    draw(p) {
      marker.hidden = !(p >= 0 && p < rows);
      marker.style.left = `${((p + 0.5) / rows) * 100}%`;
    },
    /** The cell under canvas-relative CSS pixel (x, y), for the hover readout. */
    cellAt(x, y, box) {
      const position = Math.min(rows - 1, Math.max(0, Math.floor((x / box.width) * rows)));
      const dim = Math.min(cols - 1, Math.max(0, Math.floor((y / box.height) * cols)));
      return { position, dim, value: data[position * cols + dim] };
    },
  };
}
