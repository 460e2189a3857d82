// The encoding vector at one position: bars coloured by value, and every value as text.
import { paletteColour } from './palette.js';

/**
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLOListElement} list
 */
export function createVectorView(canvas, list) {
  const context = canvas.getContext('2d');
  return {
    /** @param {Float64Array} vector */
    show(vector) {
      const { width, height } = canvas;
      const middle = height / 2;
      const slot = width / vector.length;
      context.clearRect(0, 0, width, height);
      context.fillStyle = '#999';
      context.fillRect(0, middle, width, 1);
      vector.forEach((value, dim) => {
        context.fillStyle = paletteColour(value);
        const barHeight = -value * (middle - 4);
        context.fillRect(dim * slot + 1, middle, Math.max(1, slot - 2), barHeight);
      });
      list.replaceChildren(...Array.from(vector, (value, dim) => {
        const item = document.createElement('li');
        const label = document.createElement('span');
        label.className = 'dim';
        label.textContent = `${dim % 2 === 0 ? 'sin' : 'cos'} ${dim}`;
        const number = document.createElement('span');
        number.textContent = value.toFixed(4).replace('-', '−');
        item.append(label, number);
        return item;
      }));
    },
  };
}
