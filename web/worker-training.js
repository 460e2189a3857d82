// Helpers the trainer worker's kinds of work share: training a trainer in slices short enough that a
// cancel is seen, and merging an evaluation scored a sequence per call back into one.

/**
 * Trains trainer `id` for `steps` steps in calls of about `sliceMs` each, reporting after every call.
 * @param {import('./posenc.js').Posenc} posenc
 * @param {{ id: number, steps: number, sliceMs: number, onProgress: (step: number, loss: number) => void, checkRunning: () => Promise<void> }} options
 * @returns {Promise<Float64Array>} the loss of every step
 */
export async function trainInSlices(posenc, { id, steps, sliceMs, onProgress, checkRunning }) {
  const losses = new Float64Array(steps);
  let step = 0;
  let batch = 1;
  while (step < steps) {
    const count = Math.min(batch, steps - step);
    const t0 = performance.now();
    const result = posenc.trainerStep({ id, steps: count });
    const elapsed = performance.now() - t0;
    losses.set(result.losses, step);
    step = result.step;
    onProgress(step, result.loss);
    // Aim the next batch at sliceMs from this one's measured time per step.
    batch = Math.max(1, Math.min(64, Math.floor((sliceMs * count) / Math.max(elapsed, 0.01))));
    await checkRunning();
  }
  return losses;
}

/**
 * Scores one model by the preset's evaluation: under every policy in `overflows` for a learned table,
 * under 'clamp' for any other scheme, a sequence per `evaluate` call (so a cancel is seen between
 * them). `onScored(overflow, scores)` hears each policy's merged scores; overflow is null but for
 * a learned table. The worker and npm run score:shipped both score this way, so their numbers agree.
 * @param {{ scheme: string, preset: { name: string, evaluation: { sequences: number } }, overflows: readonly string[],
 *   evaluate: (options: object) => object, checkRunning?: () => Promise<void>,
 *   onScored: (overflow: string | null, scores: ReturnType<typeof mergeScores>) => void }} options
 */
export async function scoreModel({ scheme, preset, overflows, evaluate, checkRunning = async () => {}, onScored }) {
  for (const overflow of scheme === 'learned' ? overflows : ['clamp']) {
    const parts = [];
    for (let first = 0; first < preset.evaluation.sequences; first++) {
      parts.push(evaluate({ preset: preset.name, overflow, firstSequence: first, sequences: 1 }));
      await checkRunning();
    }
    onScored(scheme === 'learned' ? overflow : null, mergeScores(parts));
  }
}

/** Accumulates per-bucket parts of one evaluation, weighting each by its count. */
export function mergeScores(parts) {
  const first = parts[0];
  const merge = (scores) => {
    const count = scores.reduce((sum, s) => sum + s.count, 0);
    const weighted = (key) => (count === 0 ? NaN : scores.reduce((sum, s) => sum + (s.count ? s[key] * s.count : 0), 0) / count);
    return { count, accuracy: weighted('accuracy'), confidence: weighted('confidence') };
  };
  const n = first.buckets.start.length;
  const buckets = {
    start: first.buckets.start,
    end: first.buckets.end,
    available: first.buckets.available,
    count: new Int32Array(n),
    accuracy: new Float64Array(n),
    confidence: new Float64Array(n),
  };
  for (let b = 0; b < n; b++) {
    const merged = merge(
      parts.map((part) => ({
        count: part.buckets.count[b],
        accuracy: part.buckets.accuracy[b],
        confidence: part.buckets.confidence[b],
      })),
    );
    buckets.count[b] = merged.count;
    buckets.accuracy[b] = merged.accuracy;
    buckets.confidence[b] = merged.confidence;
  }
  return {
    step: first.step,
    trainedLength: first.trainedLength,
    buckets,
    unavailable: first.unavailable,
    inDistribution: merge(parts.map((part) => part.inDistribution)),
    beyond: merge(parts.map((part) => part.beyond)),
  };
}
