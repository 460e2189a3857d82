// The pair-angle strip of a RoPE or sinusoidal column (the position view's and the lesson's), with its
// axes and caption; drawPairStrip (pair-strip.js) paints the canvas.
import { element } from '../dom.js';
import { ordinal } from './format.js';

/** The pair-angle strip of a column, with its axes: one canvas kept for the view's life, redrawn in place. */
export function pairFigure(id) {
  const canvas = element('canvas', [], {
    className: 'pair-strip',
    attributes: {
      width: '320',
      height: '110',
      role: 'img',
      'aria-describedby': `${id}-caption`,
      'aria-label': 'Each frequency pair: the arc of angles training saw, and the angle at p (hollow diamond when outside it)',
    },
  });
  const yAxis = element(
    'div',
    ['2π', 'π', '0'].map((text) => element('span', [text])),
    { className: 'pair-axis-y', attributes: { 'aria-hidden': 'true' } },
  );
  const first = element('span', []);
  const last = element('span', []);
  const xAxis = element('div', [first, element('span', ['pair index →']), last], { className: 'pair-axis-x', attributes: { 'aria-hidden': 'true' } });
  const shown = element('span', []);
  const figure = element(
    'figure',
    [
      element('div', [element('span', ['angle'], { className: 'pair-axis-title', attributes: { 'aria-hidden': 'true' } }), yAxis, canvas, xAxis], {
        className: 'pair-plot',
      }),
      element('figcaption', ['Bars: angles seen below L. Dots: angle at p; ◇ outside the bars. ', shown], { id: `${id}-caption` }),
    ],
    { className: 'pair-figure' },
  );
  figure.hidden = true;
  return {
    figure,
    canvas,
    /** Axis ends and which pairs are drawn, for `count` pairs drawn every `stride`. */
    label(count, stride) {
      first.textContent = 'pair 0 · fast';
      last.textContent = `pair ${count - 1} · slow`;
      shown.textContent = stride > 1 ? `Every ${stride === 2 ? 'other' : ordinal(stride)} pair of ${count} is drawn, and the last.` : '';
    },
  };
}
