// The encoding vector at one position: bars coloured by value, and every value as text.
import { paletteColour } from './palette.js';

/**
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLOListElement} list
 */
export function createVectorView(canvas, list) {
  const context = canvas.getContext('2d');
  /** @type {HTMLSpanElement[]} */
  let numbers = [];
  let shownLabels = '';
  return {
    /**
     * @param {Float64Array} vector
     * @param {{ labelOf?: (dim: number) => string, scale?: number }} [options]
     *   labelOf: what a dimension holds, e.g. "sin 4" or "dim 4"; scale: the value drawn at full bar height
     */
    show(vector, { labelOf = (dim) => `dim ${dim}`, scale = 1 } = {}) {
      const { width, height } = canvas;
      const middle = height / 2;
      const slot = width / vector.length;
      context.clearRect(0, 0, width, height);
      context.fillStyle = '#999';
      context.fillRect(0, middle, width, 1);
      vector.forEach((value, dim) => {
        context.fillStyle = paletteColour(value / scale);
        const barHeight = -(value / scale) * (middle - 4);
        context.fillRect(dim * slot + 1, middle, Math.max(1, slot - 2), barHeight);
      });
      // One item per dimension, built when the labels change; afterwards only the numbers change.
      const labels = Array.from(vector, (_, dim) => labelOf(dim));
      if (labels.join('\n') !== shownLabels) {
        shownLabels = labels.join('\n');
        numbers = Array.from(vector, () => document.createElement('span'));
        list.replaceChildren(
          ...numbers.map((number, dim) => {
            const item = document.createElement('li');
            const label = document.createElement('span');
            label.className = 'dim';
            label.textContent = labels[dim];
            item.append(label, number);
            return item;
          }),
        );
      }
      vector.forEach((value, dim) => {
        const text = value.toFixed(4).replace('-', '−');
        if (numbers[dim].textContent !== text) numbers[dim].textContent = text;
      });
    },
  };
}
