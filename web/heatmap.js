// Heatmap of a positions x dimensions table: position on x, dimension on y.
import { divergingTable, paletteIndex } from './palette.js';

/**
 * Draws `table` (rows = positions, cols = dimensions) onto `canvas`, one cell per table entry
 * scaled up without smoothing, and marks `markedRow` with a vertical line when it is in range.
 * @param {HTMLCanvasElement} canvas
 * @param {{ rows: number, cols: number, data: Float64Array }} table
 */
export function createHeatmap(canvas, table) {
  const { rows, cols, data } = table;
  const cells = document.createElement('canvas');
  cells.width = rows;
  cells.height = cols;
  const image = cells.getContext('2d').createImageData(rows, cols);
  for (let position = 0; position < rows; position++) {
    for (let dim = 0; dim < cols; dim++) {
      const colour = paletteIndex(data[position * cols + dim]) * 3;
      const pixel = (dim * rows + position) * 4;
      image.data[pixel] = divergingTable[colour];
      image.data[pixel + 1] = divergingTable[colour + 1];
      image.data[pixel + 2] = divergingTable[colour + 2];
      image.data[pixel + 3] = 255;
    }
  }
  cells.getContext('2d').putImageData(image, 0, 0);

  const context = canvas.getContext('2d');
  return {
    /** Redraws, with a marker at position `markedRow` if it lies inside the table. */
    draw(markedRow) {
      context.imageSmoothingEnabled = false;
      context.drawImage(cells, 0, 0, canvas.width, canvas.height);
      if (markedRow >= 0 && markedRow < rows) {
        const x = ((markedRow + 0.5) / rows) * canvas.width;
        context.strokeStyle = '#111';
        context.lineWidth = 2;
        context.beginPath();
        context.moveTo(x, 0);
        context.lineTo(x, canvas.height);
        context.stroke();
      }
    },
  };
}
