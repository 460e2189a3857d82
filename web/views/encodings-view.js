// The encodings explorer: choose a scheme, dModel, base and a range of positions; see the
// heatmap (hover for values), the vector at p, chosen dimensions as waves over position, and
// similarity versus offset. Everything is recomputed by the engine on every change.
import { element, renderInline } from '../quiz/render.js';
import { createHeatmapView } from './heatmap-view.js';
import { createLineChart } from './line-chart.js';
import { createVectorView } from '../vector-view.js';
import { fixed, int } from './format.js';

const SCHEMES = {
  sinusoidal: { title: 'Sinusoidal (interleaved)', formula: '$PE(p, 2i) = \\sin(p / b^{2i/d})$, $PE(p, 2i+1) = \\cos(p / b^{2i/d})$' },
  concat: { title: 'Sinusoidal ([sin | cos] blocks)', formula: '$PE(p, i) = \\sin(p / b^{2i/d})$, $PE(p, d/2 + i) = \\cos(p / b^{2i/d})$' },
  rope: { title: 'RoPE: R(p) applied to x = (1, 0, 1, 0, …)', formula: '$(x_{2i}, x_{2i+1}) → (\\cos(p \\theta_{i}), \\sin(p \\theta_{i}))$ with $\\theta_{i} = b^{-2i/d}$' },
  learned: { title: 'Learned table (freshly initialised, seed 1)', formula: '$PE(p) = W[p]$, $W[p, j] ∼ N(0, 0.02^{2})$, rows $0 … n − 1$ only' },
  nope: { title: 'NoPE (nothing added)', formula: '$PE(p) = 0$' },
};

/** @typedef {{ scheme: string, d: number, base: number, n: number, p: number, dims: number[] }} EncodingsState */

/** The table for a state: positions 0..n-1 x d, as { rows, cols, data } and the palette scale. */
function tableFor(engine, state) {
  const positions = Int32Array.from({ length: state.n }, (_, p) => p);
  switch (state.scheme) {
    case 'sinusoidal':
    case 'concat':
      return { table: engine.sinusoidal({ positions, dModel: state.d, base: state.base, layout: state.scheme === 'concat' ? 'concat' : 'interleaved', precision: 'float32' }), scale: 1 };
    case 'rope': {
      const x = new Float64Array(state.n * state.d);
      for (let i = 0; i < x.length; i += 2) x[i] = 1;
      return { table: engine.rope({ x, positions, base: state.base }), scale: 1 };
    }
    case 'learned': {
      const table = engine.learnedTable({ maxLength: state.n, dModel: state.d, seed: 1 });
      return { table, scale: 0.06 };  // three standard deviations of N(0, 0.02^2)
    }
    default:
      return { table: engine.nope({ positions, dModel: state.d }), scale: 1 };
  }
}

/** The vector at one position p, which may lie beyond the heatmap's range (or the learned table's rows). */
function vectorFor(engine, state, table) {
  switch (state.scheme) {
    case 'sinusoidal':
    case 'concat':
      return engine.sinusoidal({ positions: [state.p], dModel: state.d, base: state.base, layout: state.scheme === 'concat' ? 'concat' : 'interleaved' }).data;
    case 'rope': {
      const x = new Float64Array(state.d);
      for (let i = 0; i < x.length; i += 2) x[i] = 1;
      return engine.rope({ x, positions: [state.p], base: state.base }).data;
    }
    case 'learned':
      return engine.learnedLookup({ table, positions: [state.p], overflow: 'error' }).data;
    default:
      return engine.nope({ positions: [state.p], dModel: state.d }).data;
  }
}

/** What dimension `dim` of the shown vector holds, for its label. */
function dimensionLabel(state) {
  const half = state.d / 2;
  switch (state.scheme) {
    case 'sinusoidal': return (dim) => `${dim % 2 === 0 ? 'sin' : 'cos'} ${dim}`;
    case 'concat': return (dim) => `${dim < half ? 'sin' : 'cos'} ${dim}`;
    case 'rope': return (dim) => `${dim % 2 === 0 ? 'cos' : 'sin'} ${dim}`;  // R(p) (1, 0) = (cos, sin) per pair
    default: return (dim) => `dim ${dim}`;
  }
}

/**
 * @param {HTMLElement} container
 * @param {Awaited<ReturnType<import('../posenc.js').loadPosenc>>} engine
 * @param {(state: EncodingsState, commit: boolean) => void} onChange
 */
export function createEncodingsView(container, engine, onChange) {
  let state = /** @type {EncodingsState} */ ({ scheme: 'sinusoidal', d: 64, base: 10000, n: 1024, p: 500, dims: [0, 1, 20, 40, 62, 63] });
  let current = null;  // { table, scale, heatmap }

  const field = (id, text, control) => element('div', [element('label', [text], { attributes: { for: id } }), control], { className: 'control' });
  const schemeSelect = element('select', Object.entries(SCHEMES).map(([v, s]) => element('option', [s.title], { attributes: { value: v } })), { id: 'enc-scheme' });
  const dInput = element('input', [], { id: 'enc-d', attributes: { type: 'number', min: '8', max: '1024', step: '2' } });
  const baseInput = element('input', [], { id: 'enc-base', attributes: { type: 'number', min: '2', step: 'any' } });
  const nSelect = element('select', [256, 512, 1024, 2048, 4096, 8192].map((n) => element('option', [int(n)], { attributes: { value: String(n) } })), { id: 'enc-n' });
  const dimsInput = element('input', [], { id: 'enc-dims', attributes: { type: 'text', inputmode: 'numeric', 'aria-describedby': 'enc-dims-help' } });
  const pSlider = element('input', [], { id: 'enc-p', attributes: { type: 'range', min: '0', max: '8191', step: '1' } });
  const pOutput = element('output', [], { attributes: { for: 'enc-p' } });
  const formula = element('p', [], { className: 'formula' });
  const problem = element('p', [], { className: 'problem', attributes: { role: 'alert' } });

  const controls = element('form', [
    field('enc-scheme', 'Scheme', schemeSelect), field('enc-d', 'dModel (8–1024, even)', dInput),
    field('enc-base', 'Base b', baseInput), field('enc-n', 'Positions', nSelect),
    element('div', [element('label', ['Dimensions to plot'], { attributes: { for: 'enc-dims' } }), dimsInput,
      element('span', ['comma-separated, e.g. 0, 1, 62'], { id: 'enc-dims-help', className: 'help' })], { className: 'control' }),
  ], { className: 'controls', attributes: { 'aria-label': 'Encoding settings' } });
  controls.addEventListener('submit', (event) => event.preventDefault());

  const canvas = element('canvas', [], { id: 'enc-heatmap', attributes: { width: '1024', height: '256', role: 'img', tabindex: '-1' } });
  const marker = element('div', [], { className: 'heatmap-marker', attributes: { 'aria-hidden': 'true' } });
  const readout = element('p', ['Hover over the heatmap to read a value.'], { className: 'readout', attributes: { 'aria-live': 'off' } });
  const vectorHeading = element('h3', [], { id: 'enc-vector-heading' });
  const bars = element('canvas', [], { attributes: { width: '1024', height: '120', role: 'img', 'aria-labelledby': 'enc-vector-heading' } });
  const values = element('ol', [], { className: 'vector-values', attributes: { start: '0', 'aria-labelledby': 'enc-vector-heading' } });
  const vectorView = createVectorView(bars, values);
  const wavesBox = element('div', [], { className: 'chart' });
  const similarityBox = element('div', [], { className: 'chart' });
  const similarityNote = element('p', [], { className: 'help' });
  const waves = createLineChart(wavesBox, { xLabel: 'position', yLabel: 'value' });
  const similarity = createLineChart(similarityBox, { xLabel: 'offset δ', yLabel: 'dot product' });

  container.append(
    element('h2', ['Encodings explorer'], { id: 'encodings-heading' }),
    controls, formula, problem,
    element('figure', [element('div', [canvas, marker], { className: 'heatmap-frame' }), element('figcaption', [
      element('span', ['Position 0 → n − 1 left to right; dimension 0 at the top. The line marks p.']),
      element('span', [element('span', ['−1'], { className: 'legend-min' }), element('span', [], { className: 'legend-bar', attributes: { 'aria-hidden': 'true' } }), element('span', ['+1'], { className: 'legend-max' })], { className: 'legend' }),
    ]), readout], { className: 'heatmap-figure' }),
    element('div', [element('label', ['Position p (0–8,191)'], { attributes: { for: 'enc-p' } }), pSlider, pOutput], { className: 'position-control' }),
    vectorHeading, bars, values,
    element('h3', ['Chosen dimensions as waves over position']), wavesBox,
    element('h3', ['Similarity versus offset']), similarityNote, similarityBox,
  );

  canvas.addEventListener('mousemove', (event) => {
    if (!current) return;
    const box = canvas.getBoundingClientRect();
    const cell = current.heatmap.cellAt(event.clientX - box.left, event.clientY - box.top, box);
    readout.textContent = `p = ${int(cell.position)}, dim ${cell.dim}: ${fixed(cell.value, 4)}`;
  });

  function readControls() {
    const dims = dimsInput.value.split(',').map((s) => Number(s.trim())).filter((v) => Number.isInteger(v) && v >= 0);
    return { ...state, scheme: schemeSelect.value, d: Number(dInput.value), base: Number(baseInput.value), n: Number(nSelect.value),
      p: Number(pSlider.value), dims };
  }

  function syncControls() {
    schemeSelect.value = state.scheme;
    dInput.value = String(state.d);
    baseInput.value = String(state.base);
    nSelect.value = String(state.n);
    dimsInput.value = state.dims.join(', ');
    pSlider.value = String(state.p);
  }

  /** Recomputes the table and every chart; a bad setting shows the engine's message instead. */
  function renderAll() {
    formula.replaceChildren(renderInline(SCHEMES[state.scheme].formula.replaceAll('b^', `${state.base}^`)));
    try {
      const { table, scale } = tableFor(engine, state);
      problem.textContent = '';
      const heatmap = createHeatmapView(canvas, marker, table, scale);
      current = { table, scale, heatmap };
      container.querySelector('.legend-min').textContent = `−${scale}`;
      container.querySelector('.legend-max').textContent = `+${scale}`;
      canvas.setAttribute('aria-label', `Heatmap of ${SCHEMES[state.scheme].title}: positions 0 to ${state.n - 1} by dimensions 0 to ${state.d - 1}`);
      renderPosition();
      const dims = state.dims.filter((dim) => dim < table.cols);
      const x = Array.from({ length: table.rows }, (_, p) => p);
      waves.show(x, dims.map((dim) => ({ label: `dim ${dim}`, values: Array.from({ length: table.rows }, (_, p) => table.data[p * table.cols + dim]) })));
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
    current.heatmap.draw(state.p);
    try {
      vectorView.show(vectorFor(engine, state, current.table), { labelOf: dimensionLabel(state), scale: current.scale });
      problem.textContent = '';
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      vectorView.show(new Float64Array(0));
      problem.textContent = error.message;  // e.g. the learned table has no row p
    }
  }

  function renderSimilarity() {
    const d = state.d - (state.d % 2);
    const maxOffset = Math.min(state.n - 1, engine.limits.maxPosition - state.p);
    const result = engine.offsetSimilarity({ p: state.p, maxOffset, dModel: d, base: state.base });
    similarityNote.textContent = `PE(p)·PE(p + δ) from p = ${int(state.p)} (sinusoidal, dModel ${d}), the closed form Σ cos(δ w_i), and the RoPE score R(p + δ)q · R(p)k for a fixed random q, k: all depend on δ only.`;
    similarity.show(Array.from({ length: maxOffset + 1 }, (_, i) => i), [
      { label: 'PE(p)·PE(p+δ)', values: result.sinusoidalDot },
      { label: 'Σ cos(δ w_i)', values: result.sinusoidalClosedForm, dash: [6, 4] },
      { label: 'RoPE score', values: result.ropeScore },
    ]);
  }

  const commit = (full) => () => {
    const started = performance.now();
    state = readControls();
    if (full) renderAll(); else renderPosition();
    onChange(state, full);
    // One entry per update, so a benchmark (or DevTools) can read the cost of each slider step.
    performance.measure(full ? 'posenc:encodings-render' : 'posenc:encodings-update', { start: started });
  };
  pSlider.addEventListener('input', commit(false));
  pSlider.addEventListener('change', () => { renderSimilarity(); onChange(state, true); });
  for (const control of [schemeSelect, dInput, baseInput, nSelect, dimsInput]) control.addEventListener('change', commit(true));

  return {
    show(next) {
      state = { ...state, ...next };
      syncControls();
      renderAll();
    },
    get state() { return state; },
  };
}
