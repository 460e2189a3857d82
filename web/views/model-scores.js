// A trained toy model's scores as the model view draws them: a small chart of accuracy and
// confidence per position bucket on one 0-1 axis with L marked, and the table under a set of such
// charts. The model view's tasks and the grid experiments' hybrid run both show them.
import { element, tableHead } from '../dom.js';
import { fixed, int } from './format.js';
import { createLineChart } from './line-chart.js';

/**
 * A small chart for one model's buckets; `gap` shades where confidence stands above accuracy.
 * @param {HTMLElement} box @param {{ name: string, trainedLength: number, gap?: boolean }} options
 */
export function createScoreChart(box, { name, trainedLength, gap = false }) {
  return createLineChart(box, {
    xLabel: 'position',
    title: `${name}: accuracy and confidence per position bucket`,
    height: 170,
    minWidth: 160,
    yRange: [0, 1],
    legend: false,
    ...(gap ? { band: { upper: 1, lower: 0, fill: '--gap-fill' } } : {}),
    xMark: { at: trainedLength, label: `L = ${int(trainedLength)}` },
  });
}

/** Draws `buckets` (an evaluation's) on a score chart: accuracy solid, confidence dashed, gaps where nothing was scored. */
export function showBuckets(chart, buckets) {
  const values = (list) => Array.from(list, (v, i) => (buckets.count[i] > 0 && Number.isFinite(v) ? v : null));
  chart.show(Array.from(buckets.start), [
    { label: 'accuracy', values: values(buckets.accuracy), colour: '--series-accuracy' },
    { label: 'confidence', values: values(buckets.confidence), dash: [5, 3], colour: '--series-confidence' },
  ]);
}

const HEADINGS = ['Model', 'Accuracy inside L', 'Accuracy past L', 'Confidence past L'];

/**
 * @param {{ name: string, inDistribution: { accuracy: number }, beyond: { count: number, accuracy: number, confidence: number } }[]} rows
 *   name: the model's name for people; a model with no score past L (a learned table under 'error') says so
 */
export function scoreTable(rows) {
  return element(
    'table',
    [
      element('caption', ['Inside and past the trained length, from these models']),
      tableHead(HEADINGS),
      // data-label names each cell where a narrow screen stacks a row's cells (views.css).
      element(
        'tbody',
        rows.map((r) =>
          element('tr', [
            element('th', [r.name], { attributes: { scope: 'row' } }),
            element('td', [fixed(r.inDistribution.accuracy, 2)], { attributes: { 'data-label': HEADINGS[1] } }),
            element('td', [r.beyond.count ? fixed(r.beyond.accuracy, 2) : 'no row'], { attributes: { 'data-label': HEADINGS[2] } }),
            element('td', [r.beyond.count ? fixed(r.beyond.confidence, 2) : '—'], { attributes: { 'data-label': HEADINGS[3] } }),
          ]),
        ),
      ),
    ],
    { className: 'compact model-table' },
  );
}
