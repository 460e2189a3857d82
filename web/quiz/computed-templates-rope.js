// Computed-card templates for the RoPE of 2024-2026 models: Llama 3's frequency bands, partial
// rotary, LongRoPE's attention factor, Qwen2-VL's M-RoPE sections and dynamic NTK's base. Every
// answer is the engine's (ropeFrequencies, with a real model's settings from posenc.models where the
// card names one); the explanations show the formula beside the engine's numbers. computed-templates.js
// merges this registry into its own.
import { formatNumber as format } from './computed-format.js';

/** Thousands separated, as the cards write lengths and bases. */
const grouped = (value) => Number(value).toLocaleString('en-US');

/**
 * A real model (posenc.models) and the RoPE settings of its first layer group that `fits`.
 * @param {any} engine @param {string | number} name @param {(rope: any) => boolean} fits @param {string} needs  what `fits` asks, for the error
 */
function modelRope(engine, name, fits, needs) {
  const model = engine.models.find((entry) => entry.name === name);
  if (!model) throw new RangeError(`"${name}" is not one of the engine's models`);
  const group = model.groups.find((entry) => entry.rope && fits(entry.rope));
  if (!group) throw new RangeError(`${model.label} has no layers with ${needs}`);
  return { model, rope: group.rope };
}

/** A pair index drawn for a card, checked against the pairs there are. */
function pairIndex(pair, count) {
  const index = Number(pair);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`pair ${pair} is outside pairs 0 … ${count - 1}`);
  return index;
}

/** The base a rotary block of headDim dimensions turns with, read back from its second frequency: theta_1 = base^(-2/headDim). */
export const baseOf = (frequencies, headDim) => frequencies[1] ** (-headDim / 2);

const AXIS_NAMES = ['t (temporal)', 'h (height)', 'w (width)'];

/** @type {Record<string, import('./computed-templates.js').ComputedTemplate>} */
export const ropeTemplates = {
  'llama3-band': {
    summary: "the number a model's llama3 scaling divides one pair's frequency by: 1 (kept), the factor (interpolated) or between",
    params: ['model', 'pair'],
    compute(engine, { model: name, pair }) {
      const { model, rope } = modelRope(engine, name, (settings) => settings.scaling.kind === 'llama3', 'llama3 scaling');
      const scaled = engine.ropeFrequencies({ headDim: model.headDim, ...rope }).frequencies;
      const trained = engine.ropeFrequencies({ headDim: model.headDim, ...rope, scaling: { kind: 'none' } }).frequencies;
      const i = pairIndex(pair, trained.length);
      const answer = trained[i] / scaled[i];
      const wavelength = (2 * Math.PI) / trained[i];
      const { factor, trainedLength: L, lowFreqFactor: low, highFreqFactor: high } = rope.scaling;
      const kept = L / high;
      const divided = L / low;
      const where = `Pair ${i} turns by $\\theta = ${grouped(rope.base)}^{-${2 * i}/${model.headDim}}$ = ${format(trained[i])} per token, a wavelength $2\\pi / \\theta$ = ${format(wavelength)} tokens.`;
      let rule;
      if (wavelength < kept) rule = `That is under L / high_freq_factor = ${grouped(format(kept))}: the pair is kept, divided by 1.`;
      else if (wavelength > divided)
        rule = `That is over L / low_freq_factor = ${grouped(format(divided))}: the pair is interpolated, its frequency divided by s = ${factor}.`;
      else {
        const smooth = (L / wavelength - low) / (high - low);
        rule =
          `That lies between ${grouped(format(kept))} and ${grouped(format(divided))}, so the pair is blended: m = (L / λ − low) / (high − low) = ${format(smooth)}, `
          + `and the new frequency $(1 − m) \\theta / s + m \\theta$ = ${format(scaled[i])} is θ divided by ${format(answer)}.`;
      }
      return { answer, explanation: `${where} ${rule}` };
    },
  },

  'partial-rotary-dims': {
    summary: 'how many dimensions of a head carry position under partial rotary (head dim, rotary fraction)',
    params: ['headDim', 'fraction'],
    compute(engine, { headDim, fraction }) {
      const d = Number(headDim);
      const { rotaryDims } = engine.ropeFrequencies({ headDim: d, rotaryFraction: Number(fraction) });
      return {
        answer: rotaryDims,
        explanation:
          `The first floor(${d} × ${fraction}) = ${rotaryDims} dimensions rotate (${rotaryDims / 2} pairs); the other ${d - rotaryDims} `
          + 'pass through unrotated, so their part of $q · k$ depends on content alone.',
      };
    },
  },

  'longrope-attention-factor': {
    summary: "LongRoPE's attention factor sqrt(1 + ln s / ln L) on q and k, as HF applies it (s: extension factor, L: original length)",
    params: ['s', 'L'],
    compute(engine, { s, L }) {
      const scaling = { factor: Number(s), trainedLength: Number(L) };
      // The factor does not depend on the per-pair factors LongRoPE needs: one pair with factor 1 stands in for a checkpoint's list.
      const longrope = engine.ropeFrequencies({ headDim: 2, scaling: { kind: 'longrope', ...scaling, shortFactor: [1], longFactor: [1] } });
      const yarn = engine.ropeFrequencies({ headDim: 2, scaling: { kind: 'yarn', ...scaling } });
      const answer = longrope.attentionFactor;
      return {
        answer,
        explanation:
          `$\\sqrt{1 + ln(s) / ln(L)}$ = $\\sqrt{1 + ln(${s}) / ln(${L})}$ = ${format(answer)}. q and k are each multiplied by it, so the `
          + `logits grow by its square, ${format(answer * answer)}. YaRN's rule 0.1 ln(s) + 1 would give ${format(yarn.attentionFactor)} at the same s.`,
      };
    },
  },

  'mrope-axis': {
    summary: "which coordinate (0 t, 1 h, 2 w) turns one frequency pair under a model's M-RoPE sections",
    params: ['model', 'pair'],
    compute(engine, { model: name, pair }) {
      const { model, rope } = modelRope(engine, name, (settings) => settings.rotaryAxes === 'mrope', 'M-RoPE');
      const { pairAxis } = engine.ropeFrequencies({ headDim: model.headDim, ...rope });
      const i = pairIndex(pair, pairAxis.length);
      const answer = pairAxis[i];
      const section = Array.from(rope.mropeSection, Number);
      const ranges = section.map((count, axis) => {
        const first = section.slice(0, axis).reduce((sum, value) => sum + value, 0);
        return `pairs ${first}–${first + count - 1} turn with ${AXIS_NAMES[axis]}`;
      });
      return {
        answer,
        explanation: `mrope_section [${section.join(', ')}] splits the ${pairAxis.length} frequency pairs in order: ${ranges.join('; ')}. Pair ${i} turns with ${AXIS_NAMES[answer]}: ${answer}.`,
      };
    },
  },

  'dynamic-ntk-base': {
    summary: "the base Hugging Face's dynamic NTK uses for a sequence of n tokens (head dim d, base 10000, factor s, trained length L)",
    params: ['d', 's', 'L', 'n'],
    compute(engine, { d, s, L, n }) {
      const headDim = Number(d);
      const scaling = { factor: Number(s), trainedLength: Number(L) };
      const answer = baseOf(engine.ropeFrequencies({ headDim, sequenceLength: Number(n), scaling: { kind: 'dynamic', ...scaling } }).frequencies, headDim);
      const staticBase = baseOf(engine.ropeFrequencies({ headDim, scaling: { kind: 'ntk', ...scaling } }).frequencies, headDim);
      const explanation =
        Number(n) <= Number(L)
          ? `${grouped(n)} tokens fit in L = ${grouped(L)}: dynamic NTK reads the length as L, and $(s L / L) − (s − 1) = 1$ leaves the base at ${format(answer)}. `
            + `Static NTK-aware scaling would use ${format(staticBase)} from the first token.`
          : `$b · (s n / L − (s − 1))^{d/(d−2)}$ = 10000 × (${s} × ${n} / ${L} − ${Number(s) - 1})^(${headDim}/${headDim - 2}) = ${format(answer)}. `
            + `Static NTK-aware scaling uses ${format(staticBase)} at every length, short inputs too; dynamic NTK leaves inputs up to L alone and grows the base with n.`;
      return { answer, explanation };
    },
  },
};
