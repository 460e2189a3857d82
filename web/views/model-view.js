// The toy model, trained live in a Web Worker: progress, cancel, accuracy and confidence per
// position bucket past the trained length for every scheme, a finding per scheme that the run's
// own numbers support, export, and the published results beside it (never on the same axes).
import { element } from '../quiz/render.js';
import { createLineChart } from './line-chart.js';
import { findingFor } from './model-findings.js';
import { showPublishedResults } from './published-view.js';
import { fixed, int } from './format.js';
import { downloadFile } from '../quiz/exporters.js';
import { presetLabel, taskLabel } from './labels.js';
import { fieldProblem, readWholeNumber } from './field-check.js';

/** @typedef {{ preset: string, seed: number }} ModelState */

/** The engine's names and labels (posenc.names), from the worker's 'ready'. */
let engineNames = null;
const schemeLabel = (scheme) => engineNames?.scheme.find(({ name }) => name === scheme)?.label ?? scheme;
/** A trained model's name for people: the scheme, and the learned table's policy past L. */
const label = (result) => (result.overflow ? `${schemeLabel(result.scheme)}, ${result.overflow}` : schemeLabel(result.scheme));
const nullIfMissing = (values, counts) => Array.from(values, (v, i) => (counts[i] > 0 && Number.isFinite(v) ? v : null));

/** Results as CSV: one line per task, scheme, policy and position bucket. */
export function resultsCsv(results) {
  const lines = ['task,scheme,overflow,bucketStart,bucketEnd,count,accuracy,confidence'];
  for (const r of results)
    for (let b = 0; b < r.buckets.start.length; b++)
      lines.push([r.task, r.scheme, r.overflow ?? '', r.buckets.start[b], r.buckets.end[b], r.buckets.count[b],
        r.buckets.count[b] ? r.buckets.accuracy[b] : '', r.buckets.count[b] ? r.buckets.confidence[b] : ''].join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * @param {HTMLElement} container
 * @param {(state: ModelState, commit: boolean) => void} onChange
 */
export function createModelView(container, onChange) {
  let state = /** @type {ModelState} */ ({ preset: 'quick', seed: 1 });
  let worker = null;
  let training = null;  // presets and names, from the worker's 'ready'
  let results = [];
  let run = null;  // the preset and seed of the results on the page (the controls may change after)

  const presetSelect = element('select', [], { id: 'model-preset' });
  const seedInput = element('input', [], { id: 'model-seed', attributes: { type: 'number', min: '0', max: '1000000', step: '1' } });
  const seedProblem = fieldProblem(seedInput);
  const train = element('button', ['Train every scheme'], { id: 'model-train', attributes: { type: 'button', disabled: '' } });
  const cancel = element('button', ['Cancel'], { id: 'model-cancel', className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const exportJson = element('button', ['Export JSON'], { className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const exportCsv = element('button', ['Export CSV'], { className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const description = element('p', [], { className: 'help' });
  const bar = element('progress', [], { id: 'model-progress', attributes: { max: '1', value: '0', 'aria-label': 'Training progress' } });
  const progressText = element('p', ['Not trained yet.'], { id: 'model-progress-text', className: 'help' });
  const announcer = element('p', [], { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  const results$ = element('div', [], { id: 'model-results' });
  const published = element('section', [], { className: 'published-results', attributes: { 'aria-label': 'Published results' } });
  const controls = element('form', [
    element('div', [element('label', ['Preset'], { attributes: { for: 'model-preset' } }), presetSelect], { className: 'control' }),
    element('div', [element('label', ['Seed'], { attributes: { for: 'model-seed' } }), seedInput, seedProblem.message], { className: 'control' }),
    element('div', [train, cancel, exportJson, exportCsv], { className: 'button-row' }),
  ], { className: 'controls', attributes: { 'aria-label': 'Training settings' } });
  controls.addEventListener('submit', (event) => event.preventDefault());  // Enter in the seed field submits nothing

  container.append(
    element('h2', ['Train a toy transformer, then ask it past its trained length'], { id: 'model-heading' }),
    element('p', ['A one-layer causal transformer (d = 32, 2 heads) is trained in your browser, from a seed, for each position scheme on two tasks: copy the token 3 back (local) and recall the token at position 0 (far). It is then asked at positions up to 8× its trained length. Accuracy says whether it is right; confidence (the mean probability of its answer) says whether it sounds right.'], { className: 'lede' }),
    controls,
    description, bar, progressText, announcer, results$, published,
  );

  function startWorker() {
    worker = new Worker(new URL('../trainer-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => handlers[data.type]?.(data);
    worker.onerror = (event) => { progressText.textContent = `The trainer failed: ${event.message}`; setRunning(false); };
  }

  function setRunning(running) {
    train.disabled = running || !training;
    presetSelect.disabled = seedInput.disabled = running;  // the run's settings hold until it ends
    cancel.disabled = !running;
    exportJson.disabled = exportCsv.disabled = running || results.length === 0;
  }

  let totalSteps = 0, doneSteps = 0, lastAnnounced = 0;
  const handlers = {
    ready({ training: names, names: engine }) {
      training = names;
      engineNames = engine;
      presetSelect.replaceChildren(...names.presets.map((p) => element('option', [presetLabel(p.name)], { attributes: { value: p.name } })));
      presetSelect.value = state.preset;
      describePreset();
      setRunning(false);
    },
    progress({ scheme, task, step, steps, loss }) {
      const finished = doneSteps + step;
      bar.value = finished / totalSteps;
      progressText.textContent = `Training ${schemeLabel(scheme)} on “${taskLabel(task)}”: step ${int(step)} of ${int(steps)}, loss ${fixed(loss, 3)}.`;
      if (step === steps) doneSteps += steps;
      if (performance.now() - lastAnnounced > 5000) { announcer.textContent = progressText.textContent; lastAnnounced = performance.now(); }
    },
    result(result) {
      results.push(result);
      renderTask(result.task);
    },
    done({ elapsedMs }) {
      bar.value = 1;
      progressText.textContent = `Done: ${results.length} trained models evaluated in ${fixed(elapsedMs / 1000, 1)} s.`;
      announcer.textContent = progressText.textContent;
      setRunning(false);
    },
    cancelled() {
      progressText.textContent = 'Cancelled. The results so far stay on the page.';
      announcer.textContent = progressText.textContent;
      setRunning(false);
    },
    error({ message }) {
      progressText.textContent = `The trainer stopped: ${message}`;
      setRunning(false);
    },
  };

  function describePreset() {
    const preset = training?.presets.find((p) => p.name === presetSelect.value);
    description.textContent = preset ? `${preset.description}. ${int(preset.steps)} steps per scheme and task.` : '';
  }

  function startTraining() {
    const preset = training.presets.find((p) => p.name === state.preset);
    results = [];
    run = { preset: state.preset, seed: state.seed };
    clearResults();
    totalSteps = preset.steps * training.schemes.length * training.tasks.length;
    doneSteps = 0;
    bar.value = 0;
    worker.postMessage({ type: 'run', preset: state.preset, seed: state.seed });
    progressText.textContent = 'Starting…';
    setRunning(true);
  }

  const taskViews = new Map();  // task -> { section, accuracy, confidence, table }

  /** The section of one task: two charts and a table, created on its first result. */
  function taskView(task, trainedLength) {
    if (!taskViews.has(task)) {
      const accuracyBox = element('div', [], { className: 'chart' });
      const confidenceBox = element('div', [], { className: 'chart' });
      const table = element('div');
      const section = element('section', [
        element('h3', [`Task: ${taskLabel(task)} (trained to L = ${int(trainedLength)})`]),
        element('h4', ['Accuracy per position bucket']), accuracyBox,
        element('h4', ['Confidence (mean probability of the predicted token)']), confidenceBox, table,
      ], { className: 'model-task', attributes: { 'data-task': task } });
      results$.append(section);
      const xLabel = `position (trained to ${trainedLength})`;
      taskViews.set(task, { section, table, accuracy: createLineChart(accuracyBox, { xLabel, yLabel: 'accuracy', title: `Accuracy per position bucket, ${taskLabel(task)}` }),
        confidence: createLineChart(confidenceBox, { xLabel, yLabel: 'confidence', title: `Confidence per position bucket, ${taskLabel(task)}` }) });
    }
    return taskViews.get(task);
  }

  /** Redraws one task's charts (learned shown under clamp and window) and its table of findings. */
  function renderTask(task) {
    const rows = results.filter((r) => r.task === task);
    const view = taskView(task, rows[0].trainedLength);
    const charted = rows.filter((r) => r.overflow === null || r.overflow === 'clamp' || r.overflow === 'window');
    const x = Array.from(rows[0].buckets.start);
    view.accuracy.show(x, charted.map((r) => ({ label: label(r), values: nullIfMissing(r.buckets.accuracy, r.buckets.count) })));
    view.confidence.show(x, charted.map((r) => ({ label: label(r), values: nullIfMissing(r.buckets.confidence, r.buckets.count), dash: [5, 3] })));
    view.table.replaceChildren(element('table', [
      element('caption', ['Inside and past the trained length, from this run']),
      element('thead', [element('tr', ['Scheme', 'Accuracy inside L', 'Accuracy past L', 'Confidence past L', 'What this run shows'].map((h) => element('th', [h], { attributes: { scope: 'col' } })))]),
      // data-label names each cell where a narrow screen stacks a row's cells (views.css).
      element('tbody', rows.map((r) => element('tr', [
        element('th', [label(r)], { attributes: { scope: 'row' } }),
        element('td', [fixed(r.inDistribution.accuracy, 2)], { attributes: { 'data-label': 'Accuracy inside L' } }),
        element('td', [r.beyond.count ? fixed(r.beyond.accuracy, 2) : 'no row'], { attributes: { 'data-label': 'Accuracy past L' } }),
        element('td', [r.beyond.count ? fixed(r.beyond.confidence, 2) : '—'], { attributes: { 'data-label': 'Confidence past L' } }),
        element('td', [findingFor(r)], { className: 'finding' }),
      ]))),
    ], { className: 'compact model-table' }));
  }

  function clearResults() {
    for (const view of taskViews.values()) { view.accuracy.destroy(); view.confidence.destroy(); }
    taskViews.clear();
    results$.replaceChildren();
  }

  const serialisable = () => results.map((r) => ({ ...r, losses: Array.from(r.losses),
    buckets: Object.fromEntries(Object.entries(r.buckets).map(([k, v]) => [k, Array.from(v)])) }));
  exportJson.addEventListener('click', () => downloadFile(`posenc-model-${run.preset}-seed${run.seed}.json`, JSON.stringify({ ...run, results: serialisable() }, null, 2), 'application/json'));
  exportCsv.addEventListener('click', () => downloadFile(`posenc-model-${run.preset}-seed${run.seed}.csv`, resultsCsv(results), 'text/csv'));
  train.addEventListener('click', startTraining);
  cancel.addEventListener('click', () => worker.postMessage({ type: 'cancel' }));
  for (const control of [presetSelect, seedInput]) control.addEventListener('change', () => {
    const seed = readWholeNumber(seedInput.value, { name: 'The seed', min: 0, max: 1_000_000 });
    train.disabled = 'problem' in seed || !training;  // never train with a seed other than the one shown
    if ('problem' in seed) { seedProblem.show(seed.problem); return; }
    seedProblem.clear();
    state = { preset: presetSelect.value, seed: seed.value };
    describePreset();
    onChange(state, true);
  });

  startWorker();
  showPublishedResults(published).catch((error) => { published.textContent = `Published results unavailable: ${error.message}`; });

  return {
    show(next) {
      state = { ...state, ...next };
      presetSelect.value = state.preset;
      seedInput.value = String(state.seed);
      describePreset();
    },
    get state() { return state; },
  };
}
