// The model view's section for the grid experiments (passkey at any depth; RoPE and NoPE layers):
// pick the experiment and its size, Run (in the trainer worker, started on the first run), Cancel,
// progress, the results the experiment draws, and export with the settings. A deep link
// (?view=model&experiment=passkey&size=quick) selects an experiment and a size; it does not start
// training (Run does), so opening a link never spends a learner's seconds unasked. Its worker starts
// on the first Run; until then the sizes come from the model view's worker (setEngine).
import { downloadFile, element } from '../../dom.js';
import { fixed, int } from '../format.js';
import { gridExperiments } from './grid-experiments.js';

/** @typedef {{ experiment?: string, size?: string, seed: number }} GridState */

/**
 * @param {HTMLElement} container
 * @param {{ onChange: (state: { experiment: string, size: string }) => void, seed: () => number, experiments?: any[], heading?: string }} options
 *   seed: the model view's; experiments: the plug-ins to offer (grid-experiments.js describes their shape; a plug-in
 *   may add describe(preset, seed) for its summary and doneText(count) for the last progress line)
 */
export function createGridSection(container, { onChange, seed, experiments = gridExperiments, heading = 'Passkey at any depth, and RoPE with NoPE layers' }) {
  let engine = null; // the trainer worker's 'ready' message: every experiment's presets (grids, ...) and the names
  let names = null;
  let worker = null;
  let workerReady = null;
  let results = null; // the running or finished experiment's Results
  let run = null; // { experiment, preset, seed }
  let running = false;
  let state = { experiment: experiments[0].id, size: 'quick' };
  let shownOnce = false;

  const experimentSelect = element(
    'select',
    experiments.map((e) => element('option', [e.label], { attributes: { value: e.id } })),
    { id: 'grid-experiment' },
  );
  const sizeSelect = element('select', [], { id: 'grid-size' });
  const runButton = element('button', ['Run'], { id: 'grid-run', attributes: { type: 'button' } });
  const cancel = element('button', ['Cancel'], { id: 'grid-cancel', className: 'secondary', attributes: { type: 'button', disabled: '' } });
  const exportJson = element('button', ['Export this experiment as JSON'], {
    id: 'grid-export-json',
    className: 'secondary',
    attributes: { type: 'button', disabled: '' },
  });
  const exportCsv = element('button', ['Export this experiment as CSV'], {
    id: 'grid-export-csv',
    className: 'secondary',
    attributes: { type: 'button', disabled: '' },
  });
  const summary = element('p', [], { className: 'help', id: 'grid-summary' });
  const bar = element('progress', [], { id: 'grid-progress', attributes: { max: '1', value: '0', 'aria-label': 'Experiment progress' } });
  const progressText = element('p', ['Not run yet: press Run to train the models in this browser.'], { id: 'grid-progress-text', className: 'help' });
  const announcer = element('p', [], { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  const results$ = element('div', [], { id: 'grid-results' });
  const controls = element(
    'form',
    [
      element('div', [element('label', ['Experiment'], { attributes: { for: 'grid-experiment' } }), experimentSelect], { className: 'control' }),
      element('div', [element('label', ['Size'], { attributes: { for: 'grid-size' } }), sizeSelect], { className: 'control' }),
      element('div', [runButton, cancel, exportJson, exportCsv], { className: 'button-row' }),
    ],
    { className: 'controls', attributes: { 'aria-label': 'Grid experiment settings' } },
  );
  controls.addEventListener('submit', (event) => event.preventDefault());
  container.append(element('h3', [heading], { id: 'grid-heading' }), controls, summary, bar, progressText, announcer, results$);

  const experimentOf = (id) => experiments.find((e) => e.id === id) ?? experiments[0];
  const presetOf = (experiment, size) =>
    engine
      ? experimentOf(experiment)
          .presets(engine)
          .find((p) => p.name === size)
      : undefined;

  function startWorker() {
    if (worker) return workerReady;
    worker = new Worker(new URL('../../trainer-worker.js', import.meta.url), { type: 'module' });
    workerReady = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type !== 'ready') return handle(data);
        engine = data;
        names = data.names;
        if (!running) describe();
        resolve(data);
      };
      worker.onerror = (event) => {
        progressText.textContent = `The trainer failed: ${event.message}`;
        setRunning(false);
        reject(new Error(event.message));
      };
    });
    return workerReady;
  }

  function setRunning(next) {
    running = next;
    runButton.disabled = running;
    experimentSelect.disabled = sizeSelect.disabled = running;
    cancel.disabled = !running;
    exportJson.disabled = exportCsv.disabled = running || !results || results.results().length === 0;
  }

  /** Fills the size list from the engine's presets of the chosen experiment. */
  function describe() {
    const experiment = experimentOf(state.experiment);
    experimentSelect.value = experiment.id;
    if (!engine) {
      summary.textContent = experiment.summary;
      return;
    }
    const presets = experiment.presets(engine);
    sizeSelect.replaceChildren(...presets.map((p) => element('option', [p.label], { attributes: { value: p.name } })));
    if (!presets.some((p) => p.name === state.size)) state = { ...state, size: presets[0].name };
    sizeSelect.value = state.size;
    const preset = presetOf(experiment.id, state.size);
    summary.textContent = `${experiment.summary} ${
      experiment.describe
        ? experiment.describe(preset, seed())
        : `${preset.description}; ${int(preset.steps)} training steps for each of ${preset.runs.length} models, seed ${seed()} (the seed above).`
    }`;
  }

  let lastAnnounced = 0;
  function handle(data) {
    if (data.type === 'progress') {
      const preset = run.preset;
      bar.value = (data.run * data.steps + data.step) / (data.runs * data.steps);
      progressText.textContent = `Training ${experimentOf(run.experiment).runName(names, preset, data)} (model ${data.run + 1} of ${data.runs}): step ${int(data.step)} of ${int(data.steps)}, loss ${fixed(data.loss, 3)}.`;
      if (performance.now() - lastAnnounced > 5000) {
        announcer.textContent = progressText.textContent;
        lastAnnounced = performance.now();
      }
    } else if (data.type === 'scoring') {
      bar.value = (data.run + data.sequence / data.sequences) / data.runs;
      progressText.textContent = `Scoring ${experimentOf(run.experiment).runName(names, run.preset, data)} (${data.run + 1} of ${data.runs}): sequence ${int(data.sequence + 1)} of ${int(data.sequences)}.`;
    } else if (data.type === 'done') {
      bar.value = 1;
      const count = results.results().length;
      const what = experimentOf(run.experiment).doneText?.(count) ?? `${count} models trained and scored`;
      progressText.textContent = `Done: ${what} in ${fixed(data.elapsedMs / 1000, 1)} s.`;
      announcer.textContent = progressText.textContent;
      setRunning(false);
    } else if (data.type === 'cancelled') {
      progressText.textContent = 'Cancelled. The results so far stay on the page.';
      announcer.textContent = progressText.textContent;
      setRunning(false);
    } else if (data.type === 'error') {
      progressText.textContent = `The trainer stopped: ${data.message}`;
      setRunning(false);
    } else results.onMessage(data); // each experiment's own results (gridResult, extensionResult)
  }

  async function start() {
    setRunning(true);
    progressText.textContent = 'Starting…';
    if (!(await startWorker().catch(() => null))) return;
    describe();
    const experiment = experimentOf(state.experiment);
    const preset = presetOf(experiment.id, state.size);
    results?.destroy();
    results$.replaceChildren();
    run = { experiment: experiment.id, preset, seed: seed() };
    results = experiment.createResults(results$, { names, preset, seed: run.seed });
    bar.value = 0;
    worker.postMessage(await experiment.message({ size: state.size, seed: run.seed }));
  }

  runButton.addEventListener('click', start);
  cancel.addEventListener('click', () => worker?.postMessage({ type: 'cancel' }));
  const exportName = () => `posenc-${run.experiment}-${run.preset.name}-seed${run.seed}`;
  exportJson.addEventListener('click', () => downloadFile(`${exportName()}.json`, results.exportJson(), 'application/json'));
  exportCsv.addEventListener('click', () => downloadFile(`${exportName()}.csv`, results.exportCsv(), 'text/csv'));
  for (const control of [experimentSelect, sizeSelect])
    control.addEventListener('change', () => {
      state = { ...state, experiment: experimentSelect.value, size: control === sizeSelect ? sizeSelect.value : state.size };
      describe();
      onChange({ experiment: state.experiment, size: state.size });
    });

  describe();
  return {
    /** The model view's worker's 'ready' message (presets and names): the sizes to list before a run. */
    setEngine(ready) {
      engine = ready;
      names = ready.names;
      if (!running) describe();
    },
    /** @param {{ experiment?: string, size?: string }} next */
    show(next) {
      const known = experiments.some((e) => e.id === next.experiment);
      state = { ...state, ...(known ? { experiment: next.experiment } : {}), ...(next.size ? { size: next.size } : {}) };
      if (!running) describe();
      // A link that names an experiment opens on it; later visits keep the learner's own scroll position.
      if (known && !shownOnce) container.scrollIntoView?.({ block: 'start' });
      shownOnce = true;
    },
    get state() {
      return { experiment: state.experiment, size: state.size };
    },
  };
}
