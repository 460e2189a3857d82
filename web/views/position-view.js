// "Position p in a model trained to L": one control pair drives a column per scheme, each with
// the engine's numbers, a picture, a one-line verdict those numbers support, and what a toy
// model trained to L = 2,048 does at query p: its attention over the keys, where the answer
// sits, and its answer (the shipped models, or the learner's own run from the model view).
import { element } from '../dom.js';
import { whenIdle } from '../idle.js';
import { drawPairStrip } from './pair-strip.js';
import { patchChildren } from './patch.js';
import { drawAttentionSparkline } from './sparkline.js';
import { fixed, int } from './format.js';
import { fieldProblem, readWholeNumber } from './field-check.js';
import { choose, modelsInUse, onModelsChange, ownModels, sourceInUse } from './trained-models.js';
import { askModel, probeCaption, probeVerdict, scalingReason } from './trained-row.js';
import { reusedBuffers } from './reused-buffers.js';
import { taskDescription, taskReason } from './model-tasks.js';
import { viewIntro } from './view-intro.js';
import { settableScaling } from '../router.js';
import { createModelPicker } from './model-picker.js';
import { modelColumn } from './model-verdicts.js';
import { describeScheme, scalingFor } from './scheme-verdicts.js';
import { schemeColumns } from './position-columns.js';
import { SLIDER_STEPS, positionToStep, stepToPosition } from './log-slider.js';
import { createNearestSearch, searchesBetweenFrames } from './nearest-search.js';

/**
 * @typedef {{ p: number, L: number, d: number, headDim: number, overflow: import('../posenc.js').Overflow,
 *   scaling: import('../posenc.js').ScalingKind, model?: string }} PositionState
 *   model: a preset of engine.models, which sets L and the columns of its schemes (undefined: custom settings)
 */

/**
 * @param {HTMLElement} container
 * @param {import('../posenc.js').Posenc} engine
 * @param {(state: PositionState, commit: boolean) => void} onChange  called when a control moves
 */
export function createPositionView(container, engine, onChange) {
  const bufferFor = reusedBuffers(); // each trained model's attention row, reused as p moves
  let state = /** @type {PositionState} */ ({ p: 5000, L: 2048, d: 512, headDim: 64, overflow: 'clamp', scaling: 'none' });

  // The analyses need no table: p reaches limits.maxAnalysisPosition and L limits.maxTrainedLength (real
  // configs' lengths), with a model picked or not. The toy models' attention rows stop at maxPosition.
  const maxPosition = engine.limits.maxPosition;
  const pMaxValue = engine.limits.maxAnalysisPosition;
  const picker = createModelPicker('pos-model', engine.models);
  const pRule = { name: 'p', min: 0, max: pMaxValue };
  const lRule = { name: 'L', min: 1, max: engine.limits.maxTrainedLength };
  const pNumber = element('input', [], { id: 'pos-p', attributes: { type: 'number', min: '0', max: String(pMaxValue), step: '1' } });
  const pSlider = element('input', [], {
    id: 'pos-p-range',
    attributes: { type: 'range', min: '0', max: String(SLIDER_STEPS), step: '1', 'aria-label': 'Query position p (slider, logarithmic)' },
  });
  const lNumber = element('input', [], { id: 'pos-l', attributes: { type: 'number', min: '1', max: String(lRule.max), step: '1' } });
  const dSelect = element(
    'select',
    [64, 128, 256, 512, 1024].map((d) => element('option', [String(d)], { attributes: { value: String(d) } })),
    { id: 'pos-d' },
  );
  const options = (names) => names.map(({ name, label }) => element('option', [label], { attributes: { value: name } }));
  const overflowSelect = element('select', options(engine.names.overflow), { id: 'pos-overflow' });
  // Kinds set by s and L alone (with their published defaults) that the trained models can run too.
  const scalingKinds = engine.names.scalingKind.filter(settableScaling);
  const scalingSelect = element('select', options(scalingKinds), { id: 'pos-scaling' });
  const label = (control, text) => element('label', [text], { attributes: { for: control.id } });
  const pProblem = fieldProblem(pNumber);
  const lProblem = fieldProblem(lNumber);
  const sliderToPosition = (step) => stepToPosition(step, pMaxValue);
  const positionToSlider = (p) => positionToStep(p, pMaxValue);
  const setSlider = (p) => {
    pSlider.value = String(positionToSlider(p));
    pSlider.setAttribute('aria-valuetext', `p = ${int(p)}`);
  };

  const controls = element(
    'form',
    [
      element('div', [picker.label, picker.select], { className: 'control' }),
      element('div', [label(pNumber, 'Query position p'), pNumber, pSlider, pProblem.message], { className: 'control wide' }),
      element('div', [label(lNumber, 'Trained length L'), lNumber, lProblem.message], { className: 'control' }),
      element('div', [label(dSelect, 'Sinusoidal dModel'), dSelect], { className: 'control' }),
      element('div', [label(overflowSelect, 'Learned table past L'), overflowSelect], { className: 'control' }),
      element('div', [label(scalingSelect, 'RoPE scaling'), scalingSelect], { className: 'control' }),
    ],
    { className: 'controls', attributes: { 'aria-label': 'Position and trained length' } },
  );
  controls.addEventListener('submit', (event) => event.preventDefault());

  const columns = schemeColumns(engine.names.scheme);

  const modelsNote = element('p', [], { className: 'help', id: 'pos-models-note' });
  const pickNote = element('p', [], { className: 'help', id: 'pos-pick-note' });
  const modelsSelect = element(
    'select',
    [
      element('option', ['Shipped with the page'], { attributes: { value: 'shipped' } }),
      element('option', ['Yours where you trained them'], { attributes: { value: 'run', disabled: '' } }),
    ],
    { id: 'pos-models' },
  );
  modelsSelect.addEventListener('change', () => choose(modelsSelect.value));
  controls.append(element('div', [label(modelsSelect, 'Trained models'), modelsSelect], { className: 'control' }));

  container.append(
    ...viewIntro({
      view: 'position',
      heading: 'Position p in a model trained to length L',
      lede: 'Every number below is computed by the engine for the p and L you choose. Under each analysis, a toy transformer trained to L = 2,048 (one per scheme) is asked at p: where it looks, and what it answers.',
    }),
    controls,
    pickNote,
    modelsNote,
    element(
      'div',
      [...columns.values()].map((c) => c.column),
      { className: 'scheme-grid' },
    ),
  );

  /** The settings in the controls, or null while p or L is refused (its message shows beside it). */
  function readControls() {
    const model = picker.find(picker.select.value);
    const p = readWholeNumber(pNumber.value, pRule),
      L = model ? { value: model.trainedLength } : readWholeNumber(lNumber.value, lRule);
    for (const [result, problem] of /** @type {[{ value?: number, problem?: string }, typeof pProblem][]} */ ([
      [p, pProblem],
      [L, lProblem],
    ])) {
      if ('problem' in result) problem.show(result.problem);
      else problem.clear();
    }
    if (!('value' in p) || !('value' in L)) return null;
    // The choices' values are the engine's own names (the selects list posenc.names).
    const names = /** @type {Pick<PositionState, 'overflow' | 'scaling'>} */ ({ overflow: overflowSelect.value, scaling: scalingSelect.value });
    return { ...state, model: model?.name, p: p.value, L: L.value, d: Number(dSelect.value), ...names };
  }

  // The pair strips are drawn once per frame, whatever number of updates came before it.
  const pendingStrips = new Map();
  let frameRequested = false;
  let updateWorkMs = 0; // handler time of the updates this frame will complete
  function requestFrame() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(drawFrame);
  }
  function drawFrame() {
    const started = performance.now();
    frameRequested = false;
    for (const [strip, latest] of pendingStrips) strip.label(latest.angleAtP.length, drawPairStrip(strip.canvas, latest));
    pendingStrips.clear();
    if (updateWorkMs > 0) {
      // One entry per completed update (its handler plus this frame's drawing), so a benchmark or
      // DevTools can read what each slider step costs.
      performance.measure('posenc:position-update', { start: started - updateWorkMs, duration: updateWorkMs + performance.now() - started });
      updateWorkMs = 0;
    }
  }

  // The attention rows cost time in proportion to p (every key), so they are drawn in idle time,
  // one scheme per idle callback, always for the latest p and L: the slider never waits for them.
  // While the slider moves, the schemes take turns (each row is at most six frames behind), so
  // no scheme starves, and the slider's updates do not carry the garbage of six rows a frame
  // (logits and weights of p + 1 keys each) and the GC pauses it brings.
  const attentionSchemes = [...columns.keys()];
  let nextAttentionScheme = 0;
  let attentionRowsDue = 0;
  let idleRequested = false;
  let attentionWorkMs = 0;
  function requestAttention() {
    attentionRowsDue = attentionSchemes.length;
    attentionWorkMs = 0;
    if (idleRequested) return;
    idleRequested = true;
    whenIdle(drawAttention, 300);
  }
  function drawAttention() {
    const started = performance.now();
    idleRequested = false;
    renderAttentionRow(attentionSchemes[nextAttentionScheme]);
    nextAttentionScheme = (nextAttentionScheme + 1) % attentionSchemes.length;
    attentionRowsDue -= 1;
    attentionWorkMs += performance.now() - started;
    if (attentionRowsDue > 0) {
      idleRequested = true;
      whenIdle(drawAttention, 300);
    } else {
      performance.measure('posenc:position-attention', { start: started, duration: attentionWorkMs });
    }
  }

  /** Shows a column's description, touching only the text and nodes that changed. */
  /** @param {{ verdict: HTMLElement, body: HTMLElement, strip: { figure: HTMLElement } }} target @param {{ verdict: string, body: Node[], pairs?: object }} shown */
  function showColumn(target, { verdict, body, pairs }) {
    if (target.verdict.textContent !== verdict) target.verdict.textContent = verdict;
    patchChildren(target.body, body);
    target.strip.figure.hidden = !pairs;
    if (pairs) pendingStrips.set(target.strip, pairs);
  }

  /** The same analysis without scaling, for comparing NTK's count with it. */
  const unscaledRope = () => engine.beyondTrained({ scheme: 'rope', p: state.p, trainedLength: state.L, headDim: state.headDim, scaling: { kind: 'none' } });

  // With a model picked, the columns of schemes it does not use compare them at the model's L, up to 65,536: the sinusoidal
  // analysis searches every trained position for the nearest encoding (5 ms at L = 32,768), so they follow in idle time,
  // always for the latest p, and the slider step holds only the model's own analysis.
  let comparisonRequested = false;
  function requestComparison() {
    if (comparisonRequested) return;
    comparisonRequested = true;
    whenIdle(() => {
      const started = performance.now();
      comparisonRequested = false;
      const preset = picker.find(state.model);
      if (!preset) return;
      renderColumns((scheme) => !preset.groups.some((group) => group.scheme === scheme));
      requestFrame();
      performance.measure('posenc:position-comparison', { start: started });
    }, 200);
  }

  function render() {
    const preset = picker.find(state.model);
    const analysis = preset ? engine.beyondTrained({ model: preset.name, p: state.p }) : null;
    for (const scheme of columns.keys()) {
      if (analysis?.groups.some((group) => group.scheme === scheme)) {
        showColumn(columns.get(scheme), modelColumn(analysis, preset, scheme, engine.names, describeScheme[scheme], state.overflow));
      }
    }
    if (preset) requestComparison();
    else renderColumns(() => true);
    requestFrame();
    requestAttention();
  }

  // A long L's nearest sinusoidal encoding is searched between frames (nearest-search.js); the column
  // shows the step's other numbers at once and the search's progress until it ends.
  /** @type {{ result: any, shownFor: PositionState } | null} */
  let searching = null;
  const nearestSearch = createNearestSearch(engine, ({ searched, nearest }) => {
    if (!searching) return;
    const done = searched === searching.shownFor.L;
    showColumn(columns.get('sinusoidal'), describeScheme.sinusoidal({ ...searching.result, searched, nearest: done ? nearest : null }, searching.shownFor));
    if (done) searching = null;
  });

  /** The analysis columns of the schemes `shown` picks, for the custom settings (or the model's L). */
  function renderColumns(shown) {
    for (const [scheme, target] of columns) {
      if (!shown(scheme)) continue;
      const later = scheme === 'sinusoidal' && searchesBetweenFrames(state);
      if (scheme === 'sinusoidal') {
        nearestSearch.cancel();
        searching = null;
      }
      try {
        const result = engine.beyondTrained({
          scheme,
          p: state.p,
          trainedLength: state.L,
          dModel: state.d,
          headDim: state.headDim,
          scaling: scalingFor(state),
          ...(later ? { search: { from: state.L, to: state.L } } : {}),
        });
        if (later) {
          searching = { result, shownFor: state };
          nearestSearch.start({ p: state.p, L: state.L, d: state.d });
        }
        showColumn(target, describeScheme[scheme](result, state, scheme === 'rope' && state.scaling === 'ntk' ? unscaledRope() : null, engine.names));
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
        showColumn(target, { verdict: error.message, body: [] });
      }
    }
  }

  // The trained models in use (shipped, or the learner's run); null until loaded.
  let models = null;
  let modelsProblem = '';
  const setText = (node, text) => {
    if (node.textContent !== text) node.textContent = text;
  };

  function loadModels() {
    modelsInUse().then(
      (set) => {
        models = set;
        modelsProblem = '';
        describeModels();
        requestAttention();
      },
      (error) => {
        models = null;
        modelsProblem = `The trained models could not be loaded (${error.message}).`;
        describeModels();
        requestAttention();
      },
    );
  }

  /** Which models answer below, and that L moves the analyses only. */
  function describeModels() {
    modelsSelect.options[1].disabled = ownModels().size === 0;
    modelsSelect.value = sourceInUse();
    if (!models) {
      setText(modelsNote, modelsProblem || 'Loading the trained models…');
      return;
    }
    const trained = engine.training.presets.find((entry) => entry.name === models.preset).trainer.trainedLength;
    const yours = [...models.models.values()].filter((model) => model.source === 'run');
    const named = yours
      .map((model) => `${engine.names.scheme.find(({ name }) => name === model.scheme)?.label ?? model.scheme} (seed ${model.seed})`)
      .join(', ');
    const shippedText = `the models shipped with the page (trained by npm run train:shipped, seed ${models.seed})`;
    const whose =
      yours.length === 0
        ? shippedText
        : yours.length === models.models.size
          ? `your own runs from the toy-model view: ${named}`
          : `your own runs from the toy-model view for ${named}, and ${shippedText} for the others`;
    const lNote = state.L === trained ? '' : ` They were trained to L = ${int(trained)}; your L = ${int(state.L)} sets the analyses above them only.`;
    setText(modelsNote, `Trained models in use: ${whose}; ${int(models.steps)} steps each at L = ${int(trained)}.${lNote}`);
  }

  function renderAttentionRow(scheme) {
    const target = columns.get(scheme);
    const clear = () => target.spark.getContext('2d').clearRect(0, 0, target.spark.width, target.spark.height);
    const model = models?.models.get(scheme);
    const pastRows = Boolean(model) && state.p > maxPosition;
    target.spark.parentElement.hidden = pastRows;
    if (pastRows) {
      clear();
      setText(target.taskNote, '');
      setText(
        target.modelVerdict,
        `Not drawn: the toy model is asked up to p = ${int(maxPosition)}, the engine's bound for a row over every key, and p = ${int(state.p)} is past it. The analysis above reaches ${int(engine.limits.maxAnalysisPosition)}.`,
      );
      setText(target.modelReason, '');
      setText(target.sparkNote, '');
      return;
    }
    if (!model) {
      clear();
      setText(target.taskNote, '');
      setText(target.modelVerdict, models ? 'No trained model for this scheme.' : modelsProblem || 'Loading the trained model…');
      setText(target.modelReason, '');
      setText(target.sparkNote, '');
      return;
    }
    const preset = engine.training.presets.find((entry) => entry.name === models.preset);
    const task = engine.names.task.find(({ name }) => name === model.task)?.label ?? model.task;
    setText(target.taskNote, `Trained on “${task}”: ${taskDescription(model.task, preset.trainer)} ${taskReason(scheme, model.task, preset.trainer)}`.trim());
    // RoPE's scaling, as the analysis applies it but for the models' own L: s maps p onto their last trained position.
    const trained = { ...state, L: preset.trainer.trainedLength };
    const scaling = scheme === 'rope' ? scalingFor(trained) : undefined;
    const asked = askModel(engine, model, { p: state.p, overflow: state.overflow, scaling, preset }, bufferFor);
    if ('problem' in asked) {
      clear();
      setText(target.modelReason, '');
      setText(target.modelVerdict, asked.problem);
      setText(target.sparkNote, '');
      return;
    }
    drawAttentionSparkline(target.spark, asked.mean, [
      { index: asked.peak.index, colour: '--peak-mark', dash: [4, 3] },
      { index: asked.probe.answerPosition, colour: '--answer-mark' },
    ]);
    const label = (list, name) => engine.names[list].find((entry) => entry.name === name)?.label ?? name;
    const under =
      scheme === 'learned'
        ? `Under ${label('overflow', state.overflow)}: `
        : scaling && scaling.kind !== 'none'
          ? `With ${label('scalingKind', scaling.kind)} at s = ${fixed(scaling.factor, 2)}: `
          : '';
    setText(target.modelVerdict, under + probeVerdict(asked, state.p));
    setText(target.modelReason, scaling ? scalingReason(scaling, asked, preset.trainer.offset) : '');
    setText(target.sparkNote, probeCaption(asked, state.p));
  }

  function syncControls() {
    picker.select.value = state.model ?? '';
    pNumber.value = String(state.p);
    setSlider(state.p);
    pProblem.clear();
    lProblem.clear();
    lNumber.value = String(state.L);
    dSelect.value = String(state.d);
    overflowSelect.value = state.overflow;
    scalingSelect.value = state.scaling;
  }

  /** Which columns speak of the picked model, and what the others show. */
  function describePick() {
    const preset = picker.find(state.model);
    lNumber.disabled = Boolean(preset);
    scalingSelect.disabled = Boolean(preset);
    pickNote.hidden = !preset;
    if (!preset) return;
    const schemes = [...new Set(preset.groups.map((group) => engine.names.scheme.find(({ name }) => name === group.scheme)?.label ?? group.scheme))];
    setText(
      pickNote,
      `${preset.label} sets L = ${int(preset.trainedLength)} and its own RoPE settings; the ${schemes.join(' and ')} ${schemes.length === 1 ? 'column speaks' : 'columns speak'} of the model, the others show their scheme at the same p and L for comparison.`,
    );
  }

  const changed = (commit) => () => {
    const started = performance.now();
    const next = readControls();
    if (!next) return;
    state = next;
    if (document.activeElement !== pNumber) pNumber.value = String(state.p);
    render();
    describeModels();
    describePick();
    onChange(state, commit);
    updateWorkMs += performance.now() - started;
  };
  const fromSlider = () => {
    const p = sliderToPosition(Number(pSlider.value));
    pNumber.value = String(p);
    pSlider.setAttribute('aria-valuetext', `p = ${int(p)}`);
  };
  pSlider.addEventListener('input', () => {
    fromSlider();
    changed(false)();
  });
  pSlider.addEventListener('change', () => {
    fromSlider();
    changed(true)();
  });
  for (const control of [pNumber, lNumber])
    control.addEventListener('change', () => {
      changed(true)();
      setSlider(state.p);
    });
  for (const control of [dSelect, overflowSelect, scalingSelect]) control.addEventListener('change', changed(true));
  picker.select.addEventListener('change', () => {
    const model = picker.find(picker.select.value);
    if (model) lNumber.value = String(model.trainedLength);
    changed(true)();
    syncControls();
  });
  onModelsChange(loadModels);
  loadModels();

  return {
    /** Shows `next` (from a deep link or history) without reporting it back as a change; a name
     * the engine does not know keeps the current setting. */
    show(next) {
      const settings = { ...next };
      const known = (names, value) => names.some(({ name }) => name === value);
      if (!known(engine.names.overflow, settings.overflow)) delete settings.overflow;
      if (!known(scalingKinds, settings.scaling)) delete settings.scaling;
      // A model the engine does not list opens custom settings.
      const model = picker.find(settings.model);
      settings.model = model?.name;
      if (model) settings.L = model.trainedLength;
      state = { ...state, ...settings };
      syncControls();
      render();
      describeModels();
      describePick();
    },
    get state() {
      return state;
    },
  };
}
