// The encodings explorer: choose a scheme, dModel, base and a range of positions; see the
// heatmap (hover or arrow keys for values), the vector at p, chosen dimensions as waves over
// position, and what the chosen scheme gives for similarity versus offset. Everything is
// recomputed by the engine on every change; a bad setting is refused beside its field.
import { renderInline } from '../quiz/render.js';
import { element } from '../dom.js';
import { createHeatmapView } from './heatmap-view.js';
import { createLineChart } from './line-chart.js';
import { createVectorView } from './vector-view.js';
import { fieldProblem, readWholeNumber } from './field-check.js';
import { fixed, int } from './format.js';
import { encodingsNotice, noticeBasis } from './encodings-notices.js';
import { onModelsChange } from './trained-models.js';
import { nameLabel } from './labels.js';
import { quizMeLink } from '../route-link.js';
import { CUSTOM, createModelPicker } from './model-picker.js';
import { modelSetting, modelText } from './encodings-models.js';
import { biasOf, ropeOf, similarityFor, spanOf, tableFor, trainedTables, vectorFor } from './encodings-readings.js';
import { reusedBuffers } from './reused-buffers.js';

const SCHEMES = {
  sinusoidal: { title: 'Sinusoidal (interleaved)', formula: '$PE(p, 2i) = \\sin(p / b^{2i/d})$, $PE(p, 2i+1) = \\cos(p / b^{2i/d})$' },
  concat: { title: 'Sinusoidal ([sin | cos] blocks)', formula: '$PE(p, i) = \\sin(p / b^{2i/d})$, $PE(p, d/2 + i) = \\cos(p / b^{2i/d})$' },
  rope: {
    title: 'RoPE: R(p) applied to x = (1, 0, 1, 0, …)',
    formula: '$(x_{2i}, x_{2i+1}) → (\\cos(p \\theta_{i}), \\sin(p \\theta_{i}))$ with $\\theta_{i} = b^{-2i/d}$',
  },
  learned: { title: 'Learned table', formula: '$PE(p) = W[p]$, $W[p, j] ∼ N(0, 0.02^{2})$, rows $0 … n − 1$ only' },
  nope: { title: 'NoPE (nothing added)', formula: '$PE(p) = 0$' },
};
/** The deck tag of the cards about each scheme, for "Quiz me on this". */
const SCHEME_TAGS = { sinusoidal: 'sinusoidal', concat: 'sinusoidal', rope: 'rope', learned: 'learned', nope: 'nope' };
const D_RULE = { name: 'dModel', min: 8, max: 1024, even: true };
const MAX_DIMS = 16;

/**
 * @typedef {{ scheme: string, d: number, base: number, n: number, p: number, dims: number[], table: 'fresh' | 'trained', model?: string }} EncodingsState
 *   model: a preset of engine.models whose scheme this view draws (RoPE, learned): it sets scheme, d, base and RoPE's pairing and scaling
 */

/** What dimension `dim` of the shown vector holds, for its label. */
function dimensionLabel(state, pairing = 'interleaved') {
  const half = state.d / 2;
  if (state.scheme === 'rope' && pairing === 'half') return (dim) => `${dim < half ? 'cos' : 'sin'} ${dim}`;
  switch (state.scheme) {
    case 'sinusoidal':
      return (dim) => `${dim % 2 === 0 ? 'sin' : 'cos'} ${dim}`;
    case 'concat':
      return (dim) => `${dim < half ? 'sin' : 'cos'} ${dim}`;
    case 'rope':
      return (dim) => `${dim % 2 === 0 ? 'cos' : 'sin'} ${dim}`; // R(p) (1, 0) = (cos, sin) per pair
    default:
      return (dim) => `dim ${dim}`;
  }
}

/** Dimensions typed as "10, 22, 34": the list, or the reason it is refused (those past dModel are kept, and noted as not drawn). */
function readDims(text, d = D_RULE.max) {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const allowed = `Dimensions must be up to ${MAX_DIMS} whole numbers from 0 to ${d - 1}, separated by commas`;
  if (parts.length === 0 || parts.length > MAX_DIMS) return { problem: `${allowed}.` };
  const bad = parts.find((part) => !/^\d+$/.test(part) || Number(part) > d - 1);
  return bad === undefined ? { value: parts.map(Number) } : { problem: `${allowed}; "${bad.slice(0, 20)}" is not one.` };
}

/**
 * @param {HTMLElement} container
 * @param {import('../posenc.js').Posenc} engine
 * @param {(state: EncodingsState, commit: boolean) => void} onChange
 */
export function createEncodingsView(container, engine, onChange) {
  // Default waves: one fast (wavelength about 26 positions), two middle (149, 837) and one slow (6,283) sine dimension.
  let state = /** @type {EncodingsState} */ ({ scheme: 'sinusoidal', d: 64, base: 10000, n: 1024, p: 500, dims: [10, 22, 34, 48], table: 'fresh' });
  let trained = null; // the trained and initial learned tables, once loaded (trainedTables)
  let current = null; // { table, scale, heatmap, basis }: basis holds what the notice needs besides p
  let cursor = null; // the heatmap cell the readout shows: { column, dim }, from the mouse or the arrow keys

  const picker = createModelPicker('enc-model', engine.models);
  const modelNote = element('p', [], { className: 'help', id: 'enc-model-note' });
  const schemeSelect = element(
    'select',
    Object.entries(SCHEMES).map(([v, s]) => element('option', [s.title], { attributes: { value: v } })),
    { id: 'enc-scheme' },
  );
  const dInput = element('input', [], { id: 'enc-d', attributes: { type: 'number', min: '8', max: '1024', step: '2' } });
  const baseInput = element('input', [], { id: 'enc-base', attributes: { type: 'number', min: '2', step: 'any' } });
  const nSelect = element(
    'select',
    [256, 512, 1024, 2048, 4096, 8192].map((n) => element('option', [int(n)], { attributes: { value: String(n) } })),
    { id: 'enc-n' },
  );
  const dimsInput = element('input', [], { id: 'enc-dims', attributes: { type: 'text', inputmode: 'numeric', 'aria-describedby': 'enc-dims-help' } });
  const tableSelect = element(
    'select',
    [
      element('option', ['Freshly initialised (seed 1)'], { attributes: { value: 'fresh' } }),
      element('option', ['Trained (the toy model, L = 2,048)'], { attributes: { value: 'trained' } }),
    ],
    { id: 'enc-table' },
  );
  const pSlider = element('input', [], { id: 'enc-p', attributes: { type: 'range', min: '0', max: '8191', step: '1' } });
  const pOutput = element('output', [], { attributes: { for: 'enc-p' } });
  const formula = element('p', [], { className: 'formula' });
  const noticeText = element('span', []);
  const notice = element('p', [element('strong', ['What to notice: ']), noticeText], { className: 'notice-line', id: 'enc-notice' });
  const quizMe = element('p', [], { className: 'quiz-me-row' });
  const problem = element('p', [], { className: 'problem', attributes: { role: 'alert' } });
  const problems = { d: fieldProblem(dInput), base: fieldProblem(baseInput), dims: fieldProblem(dimsInput) };

  const field = (control, text, ...extra) =>
    element('div', [element('label', [text], { attributes: { for: control.id } }), control, ...extra], { className: 'control' });
  const controls = element(
    'form',
    [
      field(picker.select, 'Model'),
      field(schemeSelect, 'Scheme'),
      field(dInput, 'dModel (8–1024, even)', problems.d.message),
      field(baseInput, 'Base b', problems.base.message),
      field(nSelect, 'Positions'),
      field(
        dimsInput,
        'Dimensions to plot',
        element('span', ['comma-separated, e.g. 0, 1, 62'], { id: 'enc-dims-help', className: 'help' }),
        problems.dims.message,
      ),
      field(tableSelect, 'Learned table'),
    ],
    { className: 'controls', attributes: { 'aria-label': 'Encoding settings' } },
  );
  const tableField = tableSelect.parentElement;
  // Setting the scheme, dModel or base by hand leaves the model's settings: back to Custom (before commit reads the picker).
  for (const control of [schemeSelect, dInput, baseInput])
    control.addEventListener('change', () => {
      picker.select.value = CUSTOM;
    });
  picker.select.addEventListener('change', () => {
    const preset = picker.find(picker.select.value);
    Object.assign(state, { model: preset?.name }, preset ? modelSetting(preset, state) : {});
    syncControls();
  });
  controls.addEventListener('submit', (event) => event.preventDefault());

  const canvas = element('canvas', [], {
    id: 'enc-heatmap',
    attributes: { width: '1024', height: '256', role: 'img', tabindex: '0', 'aria-describedby': 'enc-heatmap-keys' },
  });
  const marker = element('div', [], { className: 'heatmap-marker', attributes: { 'aria-hidden': 'true' } });
  const readout = element('p', ['Hover over the heatmap, or focus it and use the arrow keys, to read a value.'], {
    className: 'readout',
    id: 'enc-readout',
    attributes: { 'aria-live': 'off' },
  });
  const spokenReadout = element('p', [], { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  const columnsNote = element('span', [], { className: 'heatmap-columns' });
  const initialCanvas = element('canvas', [], { id: 'enc-initial', attributes: { width: '1024', height: '96', role: 'img' } });
  const initialMarker = element('div', [], { className: 'heatmap-marker', attributes: { 'aria-hidden': 'true' } });
  const initialCaption = element('figcaption', []);
  const initialFigure = element('figure', [element('div', [initialCanvas, initialMarker], { className: 'heatmap-frame' }), initialCaption], {
    className: 'heatmap-figure initial-table',
  });
  initialFigure.hidden = true;
  const tableNote = element('p', [], { className: 'help', id: 'enc-table-note' });
  const vectorHeading = element('h3', [], { id: 'enc-vector-heading' });
  const bars = element('canvas', [], { attributes: { width: '1024', height: '120', role: 'img', 'aria-labelledby': 'enc-vector-heading' } });
  const values = element('ol', [], { className: 'vector-values', attributes: { start: '0', 'aria-labelledby': 'enc-vector-heading' } });
  const vectorView = createVectorView(bars, values);
  const bufferFor = reusedBuffers(); // the engine's results, reused while the controls move
  const wavesBox = element('div', [], { className: 'chart', id: 'enc-waves' });
  const wavesNote = element('p', [], { className: 'help' });
  const similarityBox = element('div', [], { className: 'chart', id: 'enc-similarity' });
  const similarityNote = element('p', [], { className: 'help', id: 'enc-similarity-note' });
  const waves = createLineChart(wavesBox, { xLabel: 'position', yLabel: 'value', title: 'Chosen dimensions as waves over position' });
  const similarity = createLineChart(similarityBox, { xLabel: 'offset δ', yLabel: 'dot product', title: 'Similarity versus offset' });

  container.append(
    element('div', [element('h2', ['Encodings explorer'], { id: 'encodings-heading' }), quizMe], { className: 'view-header' }),
    controls,
    modelNote,
    formula,
    notice,
    problem,
    element(
      'figure',
      [
        element('div', [canvas, marker], { className: 'heatmap-frame' }),
        element('figcaption', [
          element('span', ['Position 0 → n − 1 left to right; dimension 0 at the top. The line marks p. ', columnsNote]),
          element(
            'span',
            [
              element('span', ['−1'], { className: 'legend-min' }),
              element('span', [], { className: 'legend-bar', attributes: { 'aria-hidden': 'true' } }),
              element('span', ['+1'], { className: 'legend-max' }),
            ],
            { className: 'legend' },
          ),
        ]),
        element('p', ['Arrow keys on the heatmap: ← → position, ↑ ↓ dimension.'], { id: 'enc-heatmap-keys', className: 'visually-hidden' }),
        readout,
        spokenReadout,
      ],
      { className: 'heatmap-figure' },
    ),
    tableNote,
    initialFigure,
    element('div', [element('label', ['Position p (0–8,191)'], { attributes: { for: 'enc-p' } }), pSlider, pOutput], { className: 'position-control' }),
    vectorHeading,
    bars,
    values,
    element('h3', ['Chosen dimensions as waves over position']),
    wavesNote,
    wavesBox,
    element('h3', ['Similarity versus offset']),
    similarityNote,
    similarityBox,
  );

  /** Shows the cell under the cursor, after any redraw (so it never describes the previous table). */
  function showReadout() {
    if (!current || !cursor) return '';
    const cell = current.heatmap.cell(cursor.column, cursor.dim);
    cursor = { column: cell.column, dim: cell.dim };
    const positions = cell.first === cell.last ? `p = ${int(cell.first)}` : `p = ${int(cell.first)}–${int(cell.last)}`;
    readout.textContent = `${positions}, dim ${cell.dim}: ${cell.first === cell.last ? '' : 'mean '}${fixed(cell.value, 4)}`;
    return readout.textContent;
  }

  canvas.addEventListener('mousemove', (event) => {
    if (!current) return;
    const box = canvas.getBoundingClientRect();
    cursor = current.heatmap.cellAt(event.clientX - box.left, event.clientY - box.top, box);
    showReadout();
  });
  canvas.addEventListener('keydown', (event) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (!current || !(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const [dx, dy] = moves[event.key];
    const step = event.shiftKey ? 10 : 1;
    cursor = cursor ? { column: cursor.column + dx * step, dim: cursor.dim + dy * step } : { column: 0, dim: 0 };
    spokenReadout.textContent = showReadout();
  });

  /** Reads every field; a refused one shows its message and leaves the state as it was. */
  function readControls() {
    const d = readWholeNumber(dInput.value, D_RULE);
    const base = Number(baseInput.value);
    const baseOk = baseInput.value.trim() !== '' && Number.isFinite(base) && base >= 2 && base <= 1e9;
    const dims = readDims(dimsInput.value);
    for (const [name, result] of /** @type {[string, { value?: unknown, problem?: string }][]} */ ([
      ['d', d],
      ['dims', dims],
    ])) {
      if ('problem' in result) problems[name].show(result.problem);
      else problems[name].clear();
    }
    if (baseOk) problems.base.clear();
    else problems.base.show(`The base must be a number from 2 to 1,000,000,000; got ${baseInput.value.trim().slice(0, 20) || 'nothing'}.`);
    if (!('value' in d) || !('value' in dims) || !baseOk) return null;
    const table = /** @type {EncodingsState['table']} */ (tableSelect.value); // one of the select's two options
    return {
      ...state,
      model: picker.find(picker.select.value)?.name,
      scheme: schemeSelect.value,
      d: d.value,
      base,
      n: Number(nSelect.value),
      p: Number(pSlider.value),
      dims: dims.value,
      table,
    };
  }

  function syncControls() {
    picker.select.value = state.model ?? CUSTOM;
    schemeSelect.value = state.scheme;
    dInput.value = String(state.d);
    baseInput.value = String(state.base);
    nSelect.value = String(state.n);
    dimsInput.value = state.dims.join(', ');
    pSlider.value = String(state.p);
    tableSelect.value = state.table;
    for (const field of Object.values(problems)) field.clear();
  }

  /** Recomputes the table and every chart; an engine refusal shows its message instead. */
  /** The learned table's toggle: which table is drawn, and the trained one's start beside it. */
  function renderTableChoice() {
    const learned = state.scheme === 'learned';
    tableField.hidden = !learned;
    const showTrained = learned && state.table === 'trained';
    initialFigure.hidden = !(showTrained && trained);
    if (!showTrained) {
      tableNote.textContent = '';
      return false;
    }
    if (!trained) {
      tableNote.textContent = 'Loading the trained model…';
      return true;
    }
    const whose =
      trained.source === 'run' ? `your run from the toy-model view (seed ${trained.seed})` : `the model shipped with the page (seed ${trained.seed})`;
    tableNote.textContent = `The learned table of the toy model trained to L = ${int(trained.trained.rows)} on copy back (${whose}): ${int(trained.trained.rows)} rows of ${trained.trained.cols} dimensions (dModel and Positions above apply to the fresh table). Below, the same table when training began.`;
    const initialScale = spanOf(trained.initial);
    createHeatmapView(initialCanvas, initialMarker, trained.initial, initialScale).draw(state.p);
    initialCaption.textContent = `Where it started: the same ${int(trained.initial.rows)} × ${trained.initial.cols} table at initialisation, N(0, 0.02²), drawn from −${initialScale} to +${initialScale} (the trained table above spans ±${spanOf(trained.trained)}).`;
    initialCanvas.setAttribute(
      'aria-label',
      `Heatmap of the learned table at initialisation: positions 0 to ${trained.initial.rows - 1} by dimensions 0 to ${trained.initial.cols - 1}`,
    );
    return false;
  }

  function renderAll() {
    modelNote.textContent = modelText(picker.find(state.model), engine.names);
    formula.replaceChildren(renderInline(SCHEMES[state.scheme].formula.replaceAll('b^', `${state.base}^`)));
    if (renderTableChoice()) return; // waits for the trained model
    try {
      const { table, scale } = tableFor(engine, state, trained, bufferFor);
      problem.textContent = '';
      const heatmap = createHeatmapView(canvas, marker, table, scale);
      const initial = state.scheme === 'learned' && state.table === 'trained' ? trained.initial : undefined;
      current = { table, scale, heatmap, basis: noticeBasis(engine, { ...state, rope: ropeOf(engine, state) }, table, initial) };
      // A model whose position is a score bias (ALiBi, T5 buckets) is quizzed on that bias, not on NoPE.
      const biasScheme = engine.models.find(({ name }) => name === state.model)?.groups.find(({ scheme }) => scheme === 'alibi' || scheme === 't5')?.scheme;
      const tag = biasScheme ?? SCHEME_TAGS[state.scheme];
      quizMe.replaceChildren(quizMeLink(`tag:${tag}`, nameLabel(engine.names.scheme, tag)));
      columnsNote.textContent =
        heatmap.positionsPerColumn > 1
          ? `${int(state.n)} positions in ${int(heatmap.columns)} columns: each column is the mean of ${int(heatmap.positionsPerColumn)} positions.`
          : '';
      container.querySelector('.legend-min').textContent = `−${scale}`;
      container.querySelector('.legend-max').textContent = `+${scale}`;
      const what = state.scheme === 'learned' && state.table === 'trained' ? 'the trained learned table' : SCHEMES[state.scheme].title;
      canvas.setAttribute('aria-label', `Heatmap of ${what}: positions 0 to ${table.rows - 1} by dimensions 0 to ${table.cols - 1}`);
      showReadout();
      renderPosition();
      const dims = state.dims.filter((dim) => dim < table.cols);
      const x = Array.from({ length: table.rows }, (_, p) => p);
      waves.show(
        x,
        dims.map((dim) => ({ label: `dim ${dim}`, values: Array.from({ length: table.rows }, (_, p) => table.data[p * table.cols + dim]) })),
      );
      wavesNote.textContent = `${dims.length === state.dims.length ? '' : `Not drawn: dimension ${state.dims.filter((dim) => dim >= table.cols).join(', ')} (dModel is ${state.d}). `}Legend entries show or hide their wave; on the chart, ← → read the values.`;
      renderSimilarity();
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      problem.textContent = error.message;
    }
  }

  function renderPosition() {
    if (!current) return;
    pOutput.textContent = int(state.p);
    vectorHeading.textContent = `The vector at position p = ${int(state.p)}`;
    noticeText.textContent = encodingsNotice({ ...state, bias: biasOf(engine, state) }, current.basis);
    current.heatmap.draw(state.p);
    try {
      vectorView.show(vectorFor(engine, state, current.table, bufferFor), {
        labelOf: dimensionLabel(state, ropeOf(engine, state).pairing),
        scale: current.scale,
      });
      problem.textContent = '';
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      vectorView.show(new Float64Array(0));
      problem.textContent = error.message; // e.g. the learned table has no row p
    }
  }

  function renderSimilarity() {
    if (!current) return;
    const { note, x, series } = similarityFor(engine, state, current.table, bufferFor);
    similarityNote.textContent = note;
    similarityBox.hidden = series.length === 0;
    if (series.length > 0) similarity.show(x, series);
  }

  const commit = (full) => () => {
    const started = performance.now();
    const next = readControls();
    if (!next) return;
    state = next;
    if (full) renderAll();
    else renderPosition();
    onChange(state, full);
    // One entry per update, so a benchmark (or DevTools) can read the cost of each slider step.
    performance.measure(full ? 'posenc:encodings-render' : 'posenc:encodings-update', { start: started });
  };
  pSlider.addEventListener('input', commit(false));
  pSlider.addEventListener('change', () => {
    if (!readControls()) return;
    renderSimilarity();
    onChange(state, true);
  });
  for (const control of [picker.select, schemeSelect, dInput, baseInput, nSelect, dimsInput, tableSelect]) control.addEventListener('change', commit(true));
  const loadTrained = () => {
    trained = null;
    trainedTables(engine).then(
      (tables) => {
        trained = tables;
        if (state.scheme === 'learned') renderAll();
      },
      (error) => {
        tableNote.textContent = `The trained model could not be loaded (${error.message}).`;
      },
    );
  };
  // Loaded on first use of the toggle, and again when the model in use changes.
  tableSelect.addEventListener('change', () => {
    if (!trained) loadTrained();
  });
  onModelsChange(() => {
    if (trained || state.table === 'trained') loadTrained();
  });

  return {
    show(next) {
      // A model sets the scheme, dModel and base it runs with; one the view cannot draw opens custom settings.
      const preset = picker.find(next.model);
      state = { ...state, ...next, model: preset?.name };
      if (preset) Object.assign(state, modelSetting(preset, state));
      syncControls();
      if (state.table === 'trained' && !trained) loadTrained();
      renderAll();
    },
    get state() {
      return state;
    },
  };
}
