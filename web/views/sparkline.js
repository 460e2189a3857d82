// Attention weights of one query over keys 0..p as a filled line of log10(weight), which
// shows both the peak and how fast the far keys fade (linear weights would look empty).
const FLOOR = -12;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {ArrayLike<number>} weights  softmax weights over keys 0..p
 * @param {{ index: number, colour: string, dash?: number[] }[]} [marks]  keys drawn as vertical lines over the fill
 *   (colour: a CSS colour or the name of a custom property on the canvas)
 */
export function drawAttentionSparkline(canvas, weights, marks = []) {
  const context = canvas.getContext('2d');
  const { width, height } = canvas;
  const styles = getComputedStyle(canvas);
  context.clearRect(0, 0, width, height);
  const columns = Math.min(width, weights.length);
  const perColumn = weights.length / columns;
  const y = (log) => height - ((Math.max(FLOOR, log) - FLOOR) / -FLOOR) * height;
  context.beginPath();
  context.moveTo(0, height);
  for (let x = 0; x < columns; x++) {
    // the largest weight among the keys this pixel column covers
    let peak = 0;
    for (let k = Math.floor(x * perColumn); k < Math.floor((x + 1) * perColumn); k++) peak = Math.max(peak, weights[k]);
    context.lineTo((x / columns) * width, y(Math.log10(peak)));
  }
  context.lineTo(width, height);
  context.closePath();
  context.fillStyle = styles.getPropertyValue('--spark-fill').trim() || '#6baed6';
  context.fill();
  for (const { index, colour, dash = [] } of marks) {
    const x = Math.min(width - 1, Math.floor(index / perColumn) * (width / columns)) + 0.5;
    context.beginPath();
    context.moveTo(x, 0);
    context.lineTo(x, height);
    context.lineWidth = 2;
    context.setLineDash(dash);
    context.strokeStyle = styles.getPropertyValue(colour).trim() || colour;
    context.stroke();
  }
  context.setLineDash([]);
}

/** Index and value of the largest weight. */
export function peakOf(weights) {
  let index = 0;
  for (let k = 1; k < weights.length; k++) if (weights[k] > weights[index]) index = k;
  return { index, weight: weights[index] };
}
