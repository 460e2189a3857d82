// What a context-extension run shows, in sentences computed from its numbers: one finding per
// scaling kind, and where the run agrees or disagrees with the papers' shapes (and why).
import { fixed, int } from '../format.js';

/** Accuracy at or above this counts as holding; at or below FAILS as failing. */
const HOLDS = 0.9;
const FAILS = 0.5;
/** Confidence this far above accuracy past L is the fluent-but-wrong gap. */
const GAP = 0.3;

const percent = (value) => `${fixed(100 * value, 0)}%`;

/**
 * @typedef {{ kind: string, steps: number, factor: number, attentionFactor: number, trainedLength: number, targetLength: number,
 *   losses: ArrayLike<number>, inDistribution: { accuracy: number, confidence: number }, beyond: { count: number, accuracy: number, confidence: number } }} KindResult
 */

/** One kind's finding: inside L, past L up to the target, and the gap when confidence outruns accuracy. @param {KindResult} r @param {string} label */
export function kindFinding(r, label) {
  const trained = r.steps > 0 ? `after ${int(r.steps)} fine-tune steps at ${int(r.targetLength)}` : 'with no fine-tune';
  const stretch = r.kind === 'none' ? '' : ` (s = ${fixed(r.factor, 2)})`;
  const head = `${label}${stretch}, ${trained}: ${percent(r.inDistribution.accuracy)} right inside L, ${percent(r.beyond.accuracy)} past L up to ${int(r.targetLength)}`;
  const gap = r.beyond.confidence - r.beyond.accuracy;
  if (gap >= GAP) return `${head}; confidence ${fixed(r.beyond.confidence, 2)} past L, so it answers fluently and wrongly there.`;
  return `${head}.`;
}

/**
 * Sentences setting the run against the papers: PI without fine-tuning hurts inside L (Chen et al. 2023),
 * YaRN holds past L without fine-tuning (Peng et al. 2024), a short fine-tune rescues PI. Each says
 * "agrees" or "does not agree" from the numbers, and why where it does not.
 * @param {KindResult[]} results @param {(kind: string) => string} labelOf
 */
export function versusPapers(results, labelOf) {
  const by = Object.fromEntries(results.map((r) => [r.kind, r]));
  const { none, pi, yarn } = by;
  if (!none || !pi || !yarn) return [];
  const sentences = [];
  const finetuned = pi.steps > 0;
  if (!finetuned) {
    const hurts = pi.inDistribution.accuracy <= none.inDistribution.accuracy - (HOLDS - FAILS);
    sentences.push(
      hurts
        ? `Agrees with the PI paper: without fine-tuning, ${labelOf('pi')} breaks the model even inside L (${percent(pi.inDistribution.accuracy)} against ${percent(none.inDistribution.accuracy)} unscaled): squeezing positions by s puts neighbouring tokens 1/${fixed(pi.factor, 0)} of a step apart, angles the model never saw.`
        : `Does not show the PI paper's shape: ${labelOf('pi')} without fine-tuning scores ${percent(pi.inDistribution.accuracy)} inside L against ${percent(none.inDistribution.accuracy)} unscaled.`,
    );
    const holds = yarn.beyond.accuracy >= none.beyond.accuracy + 0.2;
    sentences.push(
      holds
        ? `Agrees with the YaRN paper: without fine-tuning ${labelOf('yarn')} keeps ${percent(yarn.beyond.accuracy)} past L where the unscaled model keeps ${percent(none.beyond.accuracy)}; it leaves the fast pairs alone and stretches only the slow ones.`
        : `Does not show the YaRN paper's shape: past L ${labelOf('yarn')} keeps ${percent(yarn.beyond.accuracy)} against ${percent(none.beyond.accuracy)} unscaled.`,
    );
    return sentences;
  }
  const rescued = pi.beyond.accuracy >= HOLDS;
  const first = pi.losses.length ? pi.losses[0] : Number.NaN;
  const last = pi.losses.length ? pi.losses[pi.losses.length - 1] : Number.NaN;
  sentences.push(
    rescued
      ? `Agrees with the PI paper: ${int(pi.steps)} fine-tune steps bring ${labelOf('pi')} to ${percent(pi.beyond.accuracy)} past L.`
      : `Does not agree with the PI paper, where fine-tuning rescues PI (its models reach the target within about 200 steps, Chen et al. 2023): after ${int(pi.steps)} steps ${labelOf('pi')} is still at ${percent(pi.inDistribution.accuracy)} inside L and ${percent(pi.beyond.accuracy)} past it. Its loss went from ${fixed(first, 1)} to ${fixed(last, 1)}: the model must relearn every offset at 1/${fixed(pi.factor, 0)} of a step, and this budget is far shorter than the paper's.`,
  );
  const others = results.filter((r) => r.kind !== 'pi' && r.kind !== 'none' && r.beyond.accuracy >= HOLDS).map((r) => labelOf(r.kind));
  if (others.length)
    sentences.push(
      `With the same ${int(pi.steps)} steps, ${others.join(', ')} reach ${percent(HOLDS)} or more past L: kinds that keep the fast pairs as trained need little fine-tuning here.`,
    );
  return sentences;
}
