// One column's trained model asked at query p (the engine's modelProbe), and the sentence its
// numbers support: where the model looked, where the answer was, what it said and how sure.
import { fixed, int } from './format.js';
import { peakOf } from './sparkline.js';
import { freshBuffers } from './reused-buffers.js';

/** An attention weight: two decimals, or two significant digits below 0.01 (6.5e-9). */
const weightText = (weight) => (weight >= 0.01 ? fixed(weight, 2) : weight.toExponential(1).replace('-', '−'));

/** The heads' mean attention over keys 0..p (each head's row sums to 1, so the mean does too). */
export function meanOverHeads({ weights, heads, keys }) {
  const mean = new Float64Array(keys);
  for (let h = 0; h < heads; h++) for (let k = 0; k < keys; k++) mean[k] += weights[h * keys + k] / heads;
  return mean;
}

/**
 * Asks `model` at p. Returns the probe, the heads' mean attention and its peak, or { problem }:
 * a sentence for people when the model cannot be asked there.
 * @param {import('../posenc.js').Posenc} engine
 * @param {{ scheme: import('../posenc.js').Scheme, task: import('../posenc.js').Task, parameters: ArrayLike<number> }} model
 * @param {{ p: number, overflow: import('../posenc.js').Overflow, scaling?: import('../posenc.js').RopeScaling, preset: { name: string, trainer: { trainedLength: number, offset: number, nHeads: number } } }} ask
 *   scaling: a RoPE model's, when it is asked with one
 * @param {import('./reused-buffers.js').BufferFor} [bufferFor] the caller's buffers for the weights (heads x keys), reused as p moves
 * @returns {{ problem: string } | Asked}
 */
export function askModel(engine, model, { p, overflow, scaling, preset }, bufferFor = freshBuffers) {
  const { offset, trainedLength, nHeads } = preset.trainer;
  if (model.task === 'copyBack' && p < offset) return { problem: `Nothing sits ${offset} back of position ${int(p)} yet: ask at p ≥ ${offset}.` };
  if (model.task === 'recallFirst' && p < 1) return { problem: 'Position 0 holds the passkey itself: ask at p ≥ 1.' };
  if (model.scheme === 'learned' && overflow === 'error' && p >= trainedLength)
    return { problem: `No row ${int(p)}: under ‘error’ the model cannot read position ${int(p)} at all (its table has rows 0 to ${int(trainedLength - 1)}).` };
  try {
    const probe = engine.modelProbe({
      preset: preset.name,
      scheme: model.scheme,
      task: model.task,
      parameters: model.parameters,
      queryPosition: p,
      overflow,
      scaling,
      out: bufferFor(`weights:${model.scheme}`, Float64Array, nHeads * (p + 1)),
    });
    const mean = meanOverHeads(probe);
    return { probe, mean, peak: peakOf(mean) };
  } catch (error) {
    if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
    return { problem: `The trained model could not be asked here (${error.message}).` };
  }
}

/**
 * @typedef {{ probe: import('../posenc.js').ModelProbe, mean: Float64Array, peak: { index: number, weight: number } }} Asked  a model's answer at p
 */

/** The sentence a probe supports, e.g. "At 5,000 it attends most to key 1,980, not 4,997 where the answer sits, and answers wrong …". */
export function probeVerdict({ probe, peak }, p) {
  const looked =
    peak.index === probe.answerPosition
      ? `attends most to key ${int(peak.index)}, where the answer sits,`
      : `attends most to key ${int(peak.index)}, not ${int(probe.answerPosition)} where the answer sits,`;
  const said = probe.correct ? `answers right (token ${probe.answer})` : `answers wrong (token ${probe.prediction}; the answer is ${probe.answer})`;
  return `At ${int(p)} it ${looked} and ${said} with ${fixed(probe.confidence, 2)} confidence.`;
}

/**
 * Why a RoPE model asked with a scaling it never trained with answered as it did, for the outcome
 * that needs it: PI wrong (it slows the fast pairs too), NTK-aware or YaRN right (they barely do).
 */
/** @param {import('../posenc.js').RopeScaling} scaling @param {Asked} asked @param {number} offset */
export function scalingReason({ kind, factor }, { probe }, offset) {
  if (kind === 'pi' && !probe.correct)
    return `Why: PI divides every pair's angle by s, the fast pairs' too, so the angles this model learned for ${offset} back now point about ${fixed(offset * factor, 1)} back.`;
  if ((kind === 'ntk' || kind === 'yarn') && probe.correct)
    return `Why: ${kind === 'ntk' ? 'NTK-aware scaling' : 'YaRN'} leaves the fast pairs, which tell ${offset} back from its neighbours, almost as trained, and slows the slow ones.`;
  return '';
}

/** The caption under the attention line: what is drawn and the numbers to read off it. */
export function probeCaption({ probe, peak, mean }, p) {
  return (
    `Trained model: mean attention of its ${probe.heads} heads, log₁₀ weight over keys 0…${int(p)}. `
    + `Solid line: the answer's key, ${int(probe.answerPosition)}, weight ${weightText(mean[probe.answerPosition])}. `
    + (peak.index === probe.answerPosition ? 'It is also the largest.' : `Dashed line: the largest, ${weightText(peak.weight)} on key ${int(peak.index)}.`)
  );
}
