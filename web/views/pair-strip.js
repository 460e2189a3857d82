// Frequency pairs at position p against the angles training produced below L: one column per
// pair, the trained arc as a bar from 0 up, the angle at p as a marker (a filled circle inside
// the arc, a hollow diamond outside it: shape as well as colour tells them apart).
const TURN = 2 * Math.PI;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {{ angleAtP: Float64Array, seenMax: Float64Array, outOfRange: Uint8Array }} pairs
 */
export function drawPairStrip(canvas, pairs) {
  const context = canvas.getContext('2d');
  const { width, height } = canvas;
  const count = pairs.angleAtP.length;
  const slot = width / count;
  const y = (angle) => height - 4 - (angle / TURN) * (height - 8);
  const styles = getComputedStyle(canvas);
  context.clearRect(0, 0, width, height);
  context.fillStyle = styles.getPropertyValue('--seen-arc').trim() || '#9ecae1';
  for (let i = 0; i < count; i++) {
    const top = y(pairs.seenMax[i]);
    context.fillRect(i * slot, top, Math.max(1, slot - 0.5), height - 4 - top);
  }
  const radius = Math.max(1.5, Math.min(4, slot / 2));
  for (let i = 0; i < count; i++) {
    const cx = (i + 0.5) * slot, cy = y(pairs.angleAtP[i]);
    context.beginPath();
    if (pairs.outOfRange[i]) {
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
  }
}
