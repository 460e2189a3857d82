// The encodings explorer's numbers for a state (encodings-view.js draws them): the table, the
// vector at p and the similarity curve, each from the engine into the view's reused buffers, and
// the trained learned table with its initial one.
import { fixed, int } from './format.js';
import { modelsInUse } from './trained-models.js';
import { sequenceRope } from './model-picker.js';
import { positionBias } from './encodings-models.js';

/**
 * The learned table of the toy model trained to L (the position view's, shipped or the learner's
 * run) and the same table at initialisation, from the engine: the model's parameters hold it
 * where trainerParameters says, and a fresh trainer of the same preset and seed holds the start.
 */
export async function trainedTables(engine) {
  const models = await modelsInUse();
  const model = models.models.get('learned');
  const { id } = engine.trainerCreate({ preset: models.preset, scheme: 'learned', task: model.task, seed: model.seed });
  let fresh;
  try {
    fresh = engine.trainerParameters({ id });
  } finally {
    engine.trainerDispose({ id });
  }
  const { offset, rows, cols } = fresh.groups.find((group) => group.name === 'positionTable');
  const table = (parameters) => ({ rows, cols, data: Float64Array.from(parameters.subarray(offset, offset + rows * cols)) });
  return { trained: table(model.parameters), initial: table(fresh.parameters), seed: model.seed, source: model.source };
}

/** The palette's half-range for a table: its largest magnitude, to two significant digits. */
export const spanOf = (table) => Number(table.data.reduce((most, value) => Math.max(most, Math.abs(value)), 0).toPrecision(2));

/**
 * The table for a state: positions 0..n-1 x d, as { rows, cols, data } and the palette scale.
 * @param {import('./reused-buffers.js').BufferFor} bufferFor the view's buffers
 */
export function tableFor(engine, state, trained, bufferFor) {
  const positions = Int32Array.from({ length: state.n }, (_, p) => p);
  const cells = state.n * state.d;
  if (state.scheme === 'learned' && state.table === 'trained') return { table: trained.trained, scale: spanOf(trained.trained) };
  switch (state.scheme) {
    case 'sinusoidal':
    case 'concat':
      return {
        table: engine.sinusoidal({
          positions,
          dModel: state.d,
          base: state.base,
          layout: state.scheme === 'concat' ? 'concat' : 'interleaved',
          precision: 'float32',
          out: bufferFor('table', Float32Array, cells),
        }),
        scale: 1,
      };
    case 'rope': {
      const rope = ropeOf(engine, state);
      const x = new Float64Array(state.n * state.d);
      for (let row = 0; row < state.n; row++) x.set(unitPairs(state.d, rope.pairing), row * state.d);
      return { table: engine.rope({ x, positions, base: state.base, ...rope, out: bufferFor('table', Float64Array, cells) }), scale: 1 };
    }
    case 'learned': {
      const table = engine.learnedTable({ maxLength: state.n, dModel: state.d, seed: 1, out: bufferFor('table', Float64Array, cells) });
      return { table, scale: 0.06 }; // three standard deviations of N(0, 0.02^2)
    }
    default:
      return { table: engine.nope({ positions, dModel: state.d, out: bufferFor('table', Float64Array, cells) }), scale: 1 };
  }
}

/**
 * The vector at one position p, which may lie beyond the heatmap's range (or the learned table's rows).
 * @param {import('./reused-buffers.js').BufferFor} bufferFor the view's buffers: a slider step allocates no result
 */
export function vectorFor(engine, state, table, bufferFor) {
  const out = bufferFor('vector', Float64Array, state.scheme === 'learned' ? table.cols : state.d);
  const positions = [state.p];
  switch (state.scheme) {
    case 'sinusoidal':
    case 'concat':
      return engine.sinusoidal({ positions, dModel: state.d, base: state.base, layout: state.scheme === 'concat' ? 'concat' : 'interleaved', out }).data;
    case 'rope': {
      const rope = ropeOf(engine, state);
      return engine.rope({ x: unitPairs(state.d, rope.pairing), positions, base: state.base, ...rope, out }).data;
    }
    case 'learned':
      return engine.learnedLookup({ table, positions, overflow: 'error', out }).data;
    default:
      return engine.nope({ positions, dModel: state.d, out }).data;
  }
}

/** A picked model's RoPE settings (pairing, scaling, partial rotary), none for custom settings. */
export const ropeOf = (engine, state) =>
  /** @type {{ pairing?: string, scaling?: { kind?: string }, rotaryFraction?: number }} */ (
    sequenceRope(engine.models.find(({ name }) => name === state.model))
  );
/** The score bias that carries a picked model's position when it adds no vector (BLOOM's ALiBi, T5's buckets), else null. */
export function biasOf(engine, state) {
  const preset = engine.models.find(({ name }) => name === state.model);
  const label = positionBias(preset, engine.names.scheme);
  return label ? { model: preset.label, label } : null;
}

/** x = (1, 0) in every pair: even dimensions for interleaved pairs, the first half for half pairing (pair j is j and j + d/2). */
function unitPairs(d, pairing = 'interleaved') {
  const x = new Float64Array(d);
  if (pairing === 'half') x.fill(1, 0, d / 2);
  else for (let i = 0; i < d; i += 2) x[i] = 1;
  return x;
}

/**
 * What the RoPE score curve is, with the picked model's scaling and partial rotary in words.
 * @param {{ scaling?: { kind?: string }, rotaryFraction?: number }} rope  the model's settings (empty for custom)
 */
function ropeSimilarityNote(engine, state, rope, { from, maxOffset, attentionFactor }) {
  const kind = engine.names.scalingKind.find(({ name }) => name === (rope.scaling?.kind ?? 'none'));
  const rotated = Math.floor(state.d * (rope.rotaryFraction ?? 1));
  const parts = [`The RoPE score R(p + δ)q · R(p)k ${from} for a fixed random q and k (head dim ${state.d})`];
  if (kind && kind.name !== 'none') parts.push(`, with the model's ${kind.label} scaling`);
  parts.push(
    kind?.followsLength
      ? `: ${kind.label} sets its frequencies from the sequence length (here p + ${int(maxOffset)} + 1 = ${int(state.p + maxOffset + 1)} tokens), so the curve depends on δ and that length, not on p alone.`
      : ': it depends on δ only, whatever p is.',
  );
  if (attentionFactor !== 1)
    parts.push(
      ` Hugging Face transformers multiplies cos and sin by the attention factor ${fixed(attentionFactor, 4)}, so the rotated dimensions' share of the score is ${fixed(attentionFactor ** 2, 4)} times larger.`,
    );
  if (rotated < state.d) parts.push(` The ${int(state.d - rotated)} unrotated dimensions add the same q·k at every δ.`);
  return parts.join('');
}

/**
 * Similarity versus offset δ from position p, as the chosen scheme gives it: a note, and the
 * series to draw (none when the scheme has nothing to show).
 * @param {import('./reused-buffers.js').BufferFor} bufferFor the view's buffers
 * @returns {{ note: string, x: number[], series: { label: string, values: ArrayLike<number>, dash?: number[] }[] }}
 */
export function similarityFor(engine, state, table, bufferFor) {
  const from = `from p = ${int(state.p)}`;
  if (state.scheme === 'nope') {
    const bias = biasOf(engine, state);
    const note = bias
      ? `${bias.model} adds nothing (PE(p) = 0), so there is no positional similarity to draw: its position reaches attention through the ${bias.label} bias on the scores.`
      : 'NoPE adds nothing (PE(p) = 0), so there is no positional similarity to draw: position reaches the model only through the causal mask.';
    return { note, x: [], series: [] };
  }
  if (state.scheme === 'learned') {
    const last = table.rows - 1 - state.p;
    if (last < 0) return { note: `The table has rows 0 to ${int(table.rows - 1)}: there is no row ${int(state.p)} to compare.`, x: [], series: [] };
    const row = (position) => table.data.subarray(position * table.cols, (position + 1) * table.cols);
    const at = row(state.p);
    const dots = Float64Array.from({ length: last + 1 }, (_, delta) => row(state.p + delta).reduce((sum, value, j) => sum + value * at[j], 0));
    const note =
      state.table === 'trained'
        ? `W[p]·W[p + δ] ${from}, over the trained table's rows. Training moved every row, yet this plain dot product stays noise beyond δ = 0: the model compares positions through its query and key matrices, which it does not include.`
        : `W[p]·W[p + δ] ${from}, over the engine's rows. A freshly initialised table has no relative structure: beyond δ = 0 the dot product is noise around 0, whatever δ is. Only training could give it any.`;
    return {
      note,
      x: Array.from(dots, (_, i) => i),
      series: [{ label: 'W[p]·W[p+δ]', values: dots }],
    };
  }
  const maxOffset = Math.min(state.n - 1, engine.limits.maxPosition - state.p);
  const rope = state.scheme === 'rope' ? ropeOf(engine, state) : {};
  const length = maxOffset + 1;
  const out = {
    sinusoidalDot: bufferFor('sinusoidalDot', Float64Array, length),
    sinusoidalClosedForm: bufferFor('sinusoidalClosedForm', Float64Array, length),
    ropeScore: bufferFor('ropeScore', Float64Array, length),
  };
  const result = engine.offsetSimilarity({ p: state.p, maxOffset, dModel: state.d, base: state.base, ...rope, out });
  const x = Array.from({ length: maxOffset + 1 }, (_, i) => i);
  if (state.scheme === 'rope') {
    return {
      note: ropeSimilarityNote(engine, state, rope, { from, maxOffset, attentionFactor: result.attentionFactor }),
      x,
      series: [{ label: 'RoPE score', values: result.ropeScore }],
    };
  }
  return {
    note: `PE(p)·PE(p + δ) ${from} (dModel ${state.d}; the [sin | cos] layout permutes the same values, so its dot products are the same) beside the closed form Σ cos(δ w_i): it depends on δ only. Attention sees projected sums of token and position vectors, so this alone does not make attention relative.`,
    x,
    series: [
      { label: 'PE(p)·PE(p+δ)', values: result.sinusoidalDot },
      { label: 'Σ cos(δ w_i)', values: result.sinusoidalClosedForm, dash: [6, 4] },
    ],
  };
}
