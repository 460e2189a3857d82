// The lesson's trainer (step 9): the toy model on the copy task in the page's worker, one run per
// scheme, drawn as accuracy and confidence per bucket of positions, inside and past L.
import { element, tableHead } from '../dom.js';
import { fixed, int } from '../views/format.js';
import { nameLabel } from '../views/labels.js';
import { createLineChart } from '../views/line-chart.js';
import { figure } from './figure.js';
import { readings } from './readings.js';

/**
 * The trainer instrument (step 9): trains the chosen scheme on the copy task with the quick preset
 * in the page's worker, then draws accuracy and confidence per bucket of positions. Runs are kept
 * by scheme, so switching back shows the earlier run.
 */
export function createTraining(host, names) {
  const schemeLabel = (scheme) => nameLabel(names.scheme, scheme);
  const button = element('button', ['Train this scheme'], { id: 'lesson-train', attributes: { type: 'button' } });
  const progress = element('progress', [], { attributes: { max: '1', value: '0', 'aria-label': 'Training progress' } });
  const status = element('p', ['Not trained yet.'], { className: 'help', id: 'lesson-train-status', attributes: { 'aria-live': 'polite' } });
  const box = element('div', [], { className: 'chart', id: 'lesson-training-chart' });
  const table = element('div', []);
  host.append(
    element('div', [button, progress], { className: 'button-row lesson-train-row' }),
    status,
    figure([box], 'Accuracy (solid) and confidence, the mean probability of the answer given (dashed), per bucket of positions; trained to L = 32.'),
    table,
  );
  const chart = createLineChart(box, { xLabel: 'position', yLabel: 'share', title: 'Accuracy and confidence per position bucket' });
  const runs = new Map(); // scheme -> Promise of the worker's result
  let worker = null;
  let current = null; // the scheme whose run the chart shows or awaits

  let queue = Promise.resolve(); // the worker runs one experiment at a time (a new 'run' cancels the one before)

  /** The copy-task result of `scheme`, trained once per page. */
  function run(scheme) {
    if (runs.has(scheme)) return runs.get(scheme);
    worker ??= new Worker(new URL('../trainer-worker.js', import.meta.url), { type: 'module' });
    const ran = queue.then(
      () =>
        new Promise((resolve, reject) => {
          const listener = ({ data }) => {
            if (data.scheme !== undefined && data.scheme !== scheme) return;
            if (data.type === 'progress' && current === scheme) {
              progress.value = data.step / data.steps;
              status.textContent = `Training ${schemeLabel(scheme)}: step ${int(data.step)} of ${int(data.steps)}, loss ${fixed(data.loss, 3)}.`;
            } else if (data.type === 'result' || data.type === 'error') {
              worker.removeEventListener('message', listener);
              if (data.type === 'result') resolve(data);
              else reject(new Error(data.message));
            }
          };
          worker.addEventListener('message', listener);
          worker.postMessage({ type: 'run', preset: 'quick', schemes: [scheme], tasks: ['copyBack'], overflows: ['clamp'], seed: 1 });
        }),
    );
    queue = ran.catch(() => {});
    runs.set(scheme, ran);
    return ran;
  }

  return {
    run,
    /** Shows `scheme`'s run, training it first if needed; resolves with its numbers (or null when superseded). */
    async show(scheme, notice) {
      current = scheme;
      button.disabled = true;
      if (!runs.has(scheme)) {
        progress.value = 0;
        status.textContent = `Training ${schemeLabel(scheme)}…`;
      }
      try {
        const result = await run(scheme);
        if (current !== scheme) return null;
        const m = readings['fluent-but-wrong'].measure(result);
        const counted = (values) => Array.from(values, (value, i) => (result.buckets.count[i] > 0 && Number.isFinite(value) ? value : null));
        chart.show(m.x, [
          { label: 'accuracy', values: counted(m.accuracy) },
          { label: 'confidence', values: counted(m.confidence), dash: [5, 3] },
        ]);
        progress.value = 1;
        status.textContent = `${schemeLabel(scheme)}: trained for ${int(result.steps)} steps at L = ${int(result.trainedLength)}, then asked at positions up to ${int(result.buckets.end.at(-1))}.`;
        table.replaceChildren(
          element(
            'table',
            [
              element('caption', ['Inside and past the trained length, from this run']),
              tableHead(['', 'Accuracy', 'Confidence']),
              element(
                'tbody',
                [
                  ['Inside L', result.inDistribution],
                  ['Past L', result.beyond],
                ].map(([label, score]) =>
                  element('tr', [
                    element('th', [label], { attributes: { scope: 'row' } }),
                    element('td', [score.count ? fixed(score.accuracy, 2) : '—']),
                    element('td', [score.count ? fixed(score.confidence, 2) : '—']),
                  ]),
                ),
              ),
            ],
            { className: 'compact lesson-run-table' },
          ),
        );
        notice(readings['fluent-but-wrong'].notice(m));
        return m;
      } catch (error) {
        status.textContent = `The trainer stopped: ${error.message}`;
        return null;
      } finally {
        if (current === scheme) button.disabled = false;
      }
    },
    button,
    destroy() {
      worker?.terminate();
    },
  };
}
