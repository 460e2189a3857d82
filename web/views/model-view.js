// The toy model, trained live in a Web Worker: progress, cancel, and for every trained model a
// small chart of accuracy and confidence per position bucket on one 0-1 axis (L marked, the gap
// shaded where it is confident but wrong), a finding its own numbers support and, where the
// result would surprise, why; a table of the numbers, export, and the published results beside
// it (never on the same axes). The position view's preset opens on the shipped models, scored
// here by the engine; a finished run of it becomes the position view's models.
import { downloadFile, element } from '../dom.js';
import { explanationFor, findingFor } from './model-findings.js';
import { taskDescription, taskReason } from './model-tasks.js';
import { offerRun, shippedModels } from './trained-models.js';
import { shippedScores } from './shipped-scores.js';
import { showPublishedResults } from './published-view.js';
import { fixed, int } from './format.js';
import { resultsCsv } from './results-csv.js';
import { createScoreChart, scoreTable, showBuckets } from './model-scores.js';
import { fieldProblem, readWholeNumber } from './field-check.js';
import { viewIntro } from './view-intro.js';
import { extensionExperiments } from './extension/extension-experiments.js';
import { gridExperiments } from './grid/grid-experiments.js';
import { createGridSection } from './grid/grid-section.js';

/** @typedef {{ preset: string, seed: number, experiment?: string, size?: string }} ModelState */

/**
 * @param {HTMLElement} container
 * @param {(state: ModelState, commit: boolean) => void} onChange
 */
export function createModelView(container, onChange) {
  let state = /** @type {ModelState} */ ({ preset: 'positionModels', seed: 1 });
  let worker = null;
  let training = null; // presets and names, from the worker's 'ready'
  let names = null; // the engine's names and labels, from 'ready'
  let results = [];
  let run = null; // what the results on the page are: { preset, seed, source: 'run' | 'shipped', stored?: true when read from the scores file }
  let running = false;
  let trainedModels = new Map(); // scheme -> { scheme, task, parameters } of the run in progress

  const presetSelect = element('select', [], { id: 'model-preset' });
  const seedInput = element('input', [], { id: 'model-seed', attributes: { type: 'number', min: '0', max: '1000000', step: '1' } });
  const seedProblem = fieldProblem(seedInput);
  const schemeSelect = element('select', [element('option', ['Every scheme'], { attributes: { value: 'all' } })], { id: 'model-schemes' });
  const train = element('button', ['Train'], { id: 'model-train', attributes: { type: 'button', disabled: '' } });
  const cancel = element('button', ['Cancel'], { id: 'model-cancel', className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const exportJson = element('button', ['Export JSON'], { className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const exportCsv = element('button', ['Export CSV'], { className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const description = element('p', [], { className: 'help' });
  const bar = element('progress', [], { id: 'model-progress', attributes: { max: '1', value: '0', 'aria-label': 'Training progress' } });
  const progressText = element('p', ['Not trained yet.'], { id: 'model-progress-text', className: 'help' });
  const announcer = element('p', [], { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  const shownNote = element('p', [], { id: 'model-shown', className: 'model-shown' });
  const results$ = element('div', [], { id: 'model-results' });
  const published = element('section', [], { className: 'published-results', attributes: { 'aria-label': 'Published results' } });
  const gridBox = element('section', [], { className: 'grid-experiments', attributes: { 'aria-labelledby': 'grid-heading' } });
  const controls = element(
    'form',
    [
      element('div', [element('label', ['Preset'], { attributes: { for: 'model-preset' } }), presetSelect], { className: 'control' }),
      element('div', [element('label', ['Seed'], { attributes: { for: 'model-seed' } }), seedInput, seedProblem.message], { className: 'control' }),
      element('div', [element('label', ['Schemes'], { attributes: { for: 'model-schemes' } }), schemeSelect], { className: 'control' }),
      element('div', [train, cancel, exportJson, exportCsv], { className: 'button-row' }),
    ],
    { className: 'controls', attributes: { 'aria-label': 'Training settings' } },
  );
  controls.addEventListener('submit', (event) => event.preventDefault()); // Enter in the seed field submits nothing

  container.append(
    ...viewIntro({
      view: 'model',
      heading: 'Train a toy transformer, then ask it past its trained length',
      lede: 'A one-layer causal transformer (d = 32, 2 heads) is trained from a seed for each position scheme, then asked at positions past its trained length L. Accuracy says whether it is right; confidence (the mean probability of its answer) says whether it sounds right. Where confidence stands above accuracy the chart is shaded: there the model is fluent but wrong.',
    }),
    controls,
    description,
    bar,
    progressText,
    announcer,
    shownNote,
    results$,
    published,
    gridBox,
  );
  const grid = createGridSection(gridBox, {
    experiments: [...extensionExperiments, ...gridExperiments],
    heading: 'Past the trained length: context extension, passkey, RoPE with NoPE layers',
    seed: () => state.seed,
    onChange: (picked) => {
      state = { ...state, ...picked };
      onChange(state, true);
    },
  });

  const labelOf = (list, name) => names?.[list].find((entry) => entry.name === name)?.label ?? name;
  /** A trained model's name for people: the scheme, and the learned table's policy past L. */
  const modelLabel = (result) =>
    result.overflow ? `${labelOf('scheme', result.scheme)}, ${labelOf('overflow', result.overflow)}` : labelOf('scheme', result.scheme);
  const presetOf = (name) => training?.presets.find((p) => p.name === name);
  const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => value === b[i]);

  function startWorker() {
    worker = new Worker(new URL('../trainer-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => handlers[data.type]?.(data);
    worker.onerror = (event) => {
      progressText.textContent = `The trainer failed: ${event.message}`;
      setRunning(false);
    };
  }

  function setRunning(next) {
    running = next;
    train.disabled = running || !training;
    presetSelect.disabled = seedInput.disabled = schemeSelect.disabled = running; // the run's settings hold until it ends
    cancel.disabled = !running;
    exportJson.disabled = exportCsv.disabled = running || results.length === 0;
  }

  let totalSteps = 0,
    doneSteps = 0,
    lastAnnounced = 0;
  const handlers = {
    ready(engine) {
      const { training: presets, names: engineNames } = engine;
      training = presets;
      names = engineNames;
      presetSelect.replaceChildren(...presets.presets.map((p) => element('option', [p.label], { attributes: { value: p.name } })));
      schemeSelect.append(...engineNames.scheme.map(({ name, label }) => element('option', [label], { attributes: { value: name } })));
      if (!presetOf(state.preset)) state = { ...state, preset: presets.presets[0].name };
      presetSelect.value = state.preset;
      describePreset();
      setRunning(false);
      showShippedIfTheirs();
      grid.setEngine(engine);
    },
    progress({ scheme, task, step, steps, loss }) {
      const finished = doneSteps + step;
      bar.value = finished / totalSteps;
      progressText.textContent = `Training ${labelOf('scheme', scheme)} on “${labelOf('task', task)}”: step ${int(step)} of ${int(steps)}, loss ${fixed(loss, 3)}.`;
      if (step === steps) doneSteps += steps;
      if (performance.now() - lastAnnounced > 5000) {
        announcer.textContent = progressText.textContent;
        lastAnnounced = performance.now();
      }
    },
    model({ scheme, task, parameters }) {
      trainedModels.set(scheme, { scheme, task, parameters });
    },
    result(result) {
      results.push(result);
      renderTask(result.task);
    },
    done({ elapsedMs }) {
      bar.value = 1;
      progressText.textContent = run.stored
        ? `Done: ${results.length} shipped models, scored when they were made.`
        : `Done: ${results.length} ${run.source === 'shipped' ? 'shipped models scored' : 'trained models evaluated'} in ${fixed(elapsedMs / 1000, 1)} s.`;
      announcer.textContent = progressText.textContent;
      setRunning(false);
      if (run.source === 'run') offerToPositionView();
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
    const preset = presetOf(presetSelect.value);
    description.textContent = preset ? `${preset.description}. ${int(preset.steps)} steps for each of ${preset.runs.length} models.` : '';
  }

  /** Clears the results and says what will fill them. */
  function startResults(next) {
    results = [];
    run = next;
    trainedModels = new Map();
    clearResults();
    bar.value = 0;
    setRunning(true);
  }

  function startTraining() {
    const preset = presetOf(state.preset);
    const schemes = schemeSelect.value === 'all' ? undefined : [schemeSelect.value];
    startResults({ preset: state.preset, seed: state.seed, source: 'run' });
    totalSteps = preset.steps * preset.runs.filter(({ scheme }) => !schemes || schemes.includes(scheme)).length;
    doneSteps = 0;
    worker.postMessage({ type: 'run', preset: state.preset, seed: state.seed, schemes });
    progressText.textContent = 'Starting…';
    shownNote.textContent = `Shown: your run (seed ${state.seed}), trained in this browser.`;
  }

  /**
   * The position view's preset opens on the shipped models, with the scores the engine gave them
   * (data/trained-model-scores.json); without that file, or if it is for other models, the worker scores them here.
   */
  function showShippedIfTheirs() {
    if (running || results.length > 0) return;
    Promise.all([shippedModels(), shippedScores()]).then(
      ([shipped, scores]) => {
        if (running || results.length > 0 || shipped.preset !== state.preset) return;
        const stored = scores?.preset === shipped.preset && scores.steps === shipped.steps && sameList(scores.fnv1a64, shipped.hashes);
        startResults({ preset: shipped.preset, seed: shipped.seed, source: 'shipped', stored });
        const trained = `trained by npm run train:shipped, seed ${shipped.seed}, ${int(shipped.steps)} steps each`;
        const then = 'Train every scheme to see your own run; it then answers in the position view too.';
        if (stored) {
          shownNote.textContent = `Shown: the models shipped with the page (${trained}), with the scores this engine gives them, computed when they were made and checked against the engine by every test run. ${then}`;
          for (const result of scores.results) handlers.result({ ...result, losses: new Float64Array(0) });
          handlers.done({ elapsedMs: 0 });
          return;
        }
        progressText.textContent = 'Scoring the shipped models…';
        shownNote.textContent = `Shown: the models shipped with the page (${trained}), scored in your browser now. ${then}`;
        const models = [...shipped.models.values()].map(({ scheme, task, parameters }) => ({ scheme, task, parameters: parameters.slice() }));
        worker.postMessage({ type: 'evaluate', preset: shipped.preset, steps: shipped.steps, models });
      },
      (error) => {
        shownNote.textContent = `The shipped models could not be loaded (${error.message}).`;
      },
    );
  }

  /** A finished run of the shipped models' preset answers in the position view from now on, for its schemes. */
  function offerToPositionView() {
    const { seed } = run;
    const models = [...trainedModels.values()];
    shippedModels().then(
      (shipped) => {
        if (shipped.preset !== run.preset || models.length === 0) return;
        offerRun(seed, models);
        const which =
          models.length === shipped.models.size
            ? 'these models'
            : `your ${models.map(({ scheme }) => labelOf('scheme', scheme)).join(', ')} model${models.length > 1 ? 's' : ''}`;
        shownNote.textContent = `Shown: your run (seed ${seed}). The position view now asks ${which} (its ‘Trained models’ setting switches back to the shipped ones).`;
      },
      () => {},
    );
  }

  const taskViews = new Map(); // task -> { section, panels, table, charts: Map(label -> chart) }

  /** The section of one task: its description, a chart per model, and a table of the numbers. */
  function taskView(task) {
    if (!taskViews.has(task)) {
      const preset = presetOf(run.preset);
      const panels = element('div', [], { className: 'model-panels' });
      const table = element('div');
      const swatch = (kind, text) => element('span', [element('span', [], { className: `key-${kind}`, attributes: { 'aria-hidden': 'true' } }), text]);
      const key = element(
        'p',
        [swatch('accuracy', 'accuracy'), swatch('confidence', 'confidence'), swatch('gap', 'confident but wrong'), swatch('trained', 'L, the trained length')],
        { className: 'chart-key help' },
      );
      const section = element(
        'section',
        [
          element('h3', [`Task: ${labelOf('task', task)}`]),
          element(
            'p',
            [
              `Asked to ${taskDescription(task, preset.trainer)} Trained to L = ${int(preset.trainer.trainedLength)}, asked up to ${int(preset.evaluation.length)}.`,
            ],
            { className: 'help' },
          ),
          key,
          panels,
          table,
        ],
        { className: 'model-task', attributes: { 'data-task': task } },
      );
      results$.append(section);
      taskViews.set(task, { section, panels, table, charts: new Map() });
    }
    return taskViews.get(task);
  }

  /** One model's panel: its chart, what its numbers show, and why where that would surprise. */
  function panelFor(view, result, preset) {
    const name = modelLabel(result);
    if (!view.charts.has(name)) {
      const box = element('div', [], { className: 'chart small' });
      const finding = element('p', [], { className: 'finding' });
      const panel = element('section', [element('h4', [name]), box, finding], { className: 'model-panel', attributes: { 'aria-label': name } });
      view.panels.append(panel);
      const chart = createScoreChart(box, { name, trainedLength: result.trainedLength, gap: true });
      view.charts.set(name, { chart, finding });
    }
    const { chart, finding } = view.charts.get(name);
    showBuckets(chart, result.buckets);
    const why = explanationFor(result, preset.trainer);
    const reason = taskReason(result.scheme, result.task, preset.trainer);
    finding.textContent = [findingFor(result), why, reason && !why ? reason : ''].filter(Boolean).join(' ');
  }

  /** Redraws one task's panels and its table of numbers. */
  function renderTask(task) {
    const preset = presetOf(run.preset);
    const rows = results.filter((r) => r.task === task);
    const view = taskView(task);
    for (const result of rows) panelFor(view, result, preset);
    view.table.replaceChildren(scoreTable(rows.map((r) => ({ ...r, name: modelLabel(r) }))));
  }

  function clearResults() {
    for (const view of taskViews.values()) for (const { chart } of view.charts.values()) chart.destroy();
    taskViews.clear();
    results$.replaceChildren();
  }

  const serialisable = () =>
    results.map((r) => ({ ...r, losses: Array.from(r.losses), buckets: Object.fromEntries(Object.entries(r.buckets).map(([k, v]) => [k, Array.from(v)])) }));
  const exportName = () => `posenc-model-${run.preset}-${run.source === 'shipped' ? 'shipped' : `seed${run.seed}`}`;
  exportJson.addEventListener('click', () =>
    downloadFile(`${exportName()}.json`, JSON.stringify({ ...run, results: serialisable() }, null, 2), 'application/json'),
  );
  exportCsv.addEventListener('click', () => downloadFile(`${exportName()}.csv`, resultsCsv(results), 'text/csv'));
  train.addEventListener('click', startTraining);
  cancel.addEventListener('click', () => worker.postMessage({ type: 'cancel' }));
  for (const control of [presetSelect, seedInput])
    control.addEventListener('change', () => {
      const seed = readWholeNumber(seedInput.value, { name: 'The seed', min: 0, max: 1_000_000 });
      train.disabled = 'problem' in seed || !training; // never train with a seed other than the one shown
      if ('problem' in seed) {
        seedProblem.show(seed.problem);
        return;
      }
      seedProblem.clear();
      state = { ...state, preset: presetSelect.value, seed: seed.value };
      describePreset();
      grid.show(state); // its next run takes this seed, and says so
      onChange(state, true);
      if (run?.source === 'shipped' && run.preset !== state.preset) {
        clearResults();
        results = [];
        run = null;
        shownNote.textContent = '';
        setRunning(false);
      }
      showShippedIfTheirs();
    });

  startWorker();
  showPublishedResults(published).catch((error) => {
    published.textContent = `Published results unavailable: ${error.message}`;
  });

  return {
    show(next) {
      state = { ...state, ...next };
      if (training && !presetOf(state.preset)) state = { ...state, preset: training.presets[0].name };
      presetSelect.value = state.preset;
      seedInput.value = String(state.seed);
      describePreset();
      if (training) showShippedIfTheirs();
      grid.show(state);
    },
    get state() {
      return state;
    },
  };
}
