// Frequency pairs at position p against the angles training produced below L: one column per
// pair, fast pairs on the left, the trained arc as a bar from 0 up to at most 2π, the angle at p
// as a marker (a filled circle inside the arc, a hollow diamond outside it: shape as well as
// colour tells them apart). When the pairs outnumber the columns the canvas can keep readable,
// every k-th pair is drawn (and the last, the slowest), each in a wider column.
const TURN = 2 * Math.PI;
const MIN_COLUMN_PX = 5;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {{ angleAtP: Float64Array, seenMax: Float64Array, outOfRange: Uint8Array }} pairs
 * @returns {number} the stride: every how many pairs one is drawn
 */
export function drawPairStrip(canvas, pairs) {
  const context = canvas.getContext('2d');
  const { width, height } = canvas;
  const count = pairs.angleAtP.length;
  const stride = Math.max(1, Math.ceil(count / Math.floor(width / MIN_COLUMN_PX)));
  const drawn = [];
  for (let i = 0; i < count; i += stride) drawn.push(i);
  if (drawn.at(-1) !== count - 1) drawn.push(count - 1);
  const slot = width / drawn.length;
  const y = (angle) => height - 4 - (angle / TURN) * (height - 8);
  const styles = getComputedStyle(canvas);
  context.clearRect(0, 0, width, height);
  // A faint line at π, where the y axis has its middle label.
  context.fillStyle = styles.getPropertyValue('--line').trim() || '#d0d7de';
  context.fillRect(0, Math.round(y(Math.PI)), width, 1);
  context.fillStyle = styles.getPropertyValue('--seen-arc').trim() || '#9ecae1';
  drawn.forEach((pair, column) => {
    const top = y(pairs.seenMax[pair]);
    context.fillRect(column * slot, top, Math.max(1, slot - 1), height - 4 - top);
  });
  const radius = Math.max(1.5, Math.min(4, slot / 2 - 0.5));
  drawn.forEach((pair, column) => {
    const cx = (column + 0.5) * slot,
      cy = y(pairs.angleAtP[pair]);
    context.beginPath();
    if (pairs.outOfRange[pair]) {
      context.strokeStyle = styles.getPropertyValue('--out-of-range').trim() || '#d94801';
      context.lineWidth = 1.5;
      context.moveTo(cx, cy - radius - 1);
      context.lineTo(cx + radius + 1, cy);
      context.lineTo(cx, cy + radius + 1);
      context.lineTo(cx - radius - 1, cy);
      context.closePath();
      context.stroke();
    } else {
      context.fillStyle = styles.getPropertyValue('--in-range').trim() || '#08519c';
      context.arc(cx, cy, radius, 0, TURN);
      context.fill();
    }
  });
  return stride;
}
