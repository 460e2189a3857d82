// A positions x dimensions heatmap with a hover readout and a marker at position p.
import { divergingTable, paletteIndex } from '../palette.js';

/**
 * Draws `table` (rows = positions, cols = dims) with position on x and dimension on y; values
 * are divided by `scale` so the palette spans -scale .. +scale.
 * @param {HTMLCanvasElement} canvas
 * @param {{ rows: number, cols: number, data: ArrayLike<number> }} table
 * @param {number} scale
 */
export function createHeatmapView(canvas, table, scale) {
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

  return {
    /** Redraws, with a vertical marker at position `p` when it is inside the table. */
    draw(p) {
      context.imageSmoothingEnabled = false;
      context.drawImage(cells, 0, 0, canvas.width, canvas.height);
      if (p >= 0 && p < rows) {
        const x = ((p + 0.5) / rows) * canvas.width;
        context.fillStyle = '#111';
        context.fillRect(Math.round(x) - 1, 0, 2, canvas.height);
      }
    },
    /** The cell under canvas-relative CSS pixel (x, y), for the hover readout. */
    cellAt(x, y, box) {
      const position = Math.min(rows - 1, Math.max(0, Math.floor((x / box.width) * rows)));
      const dim = Math.min(cols - 1, Math.max(0, Math.floor((y / box.height) * cols)));
      return { position, dim, value: data[position * cols + dim] };
    },
  };
}
