// The grid experiments, run in the trainer worker (trainer-worker.js hands its 'grid' messages here):
//   passkey: each scheme trained on the passkey task at L, then scored on every depth x length cell;
//   hybrid:  the two-layer model with RoPE in every layer, the first only, the last only, and none,
//            scored per bucket of positions up to 8L.
// In:  { type: 'grid', experiment, size ['quick'], seed [1] }
// Out: { type: 'progress', experiment, scheme, layerPositions, run, runs, step, steps, loss }  after each slice of steps
//      { type: 'gridResult', experiment, size, seed, scheme, layerPositions, steps, losses, trainedLength,
//        grid: { depths, lengths, count, accuracy, confidence } (passkey) | evaluation: the buckets (hybrid) }
// Scoring is split a sequence per call (parts add up exactly), so a cancel is seen between calls.
import { mergeScores, trainInSlices } from './worker-training.js';

/** The grid preset of `experiment` called `size`, or a RangeError listing the ones there are. */
function gridPresetOf(grids, experiment = 'passkey', size = 'quick') {
  const preset = grids.presets.find((entry) => entry.experiment === experiment && entry.name === size);
  if (!preset) {
    const listed = grids.presets.map((p) => `${p.experiment} ${p.name}`).join(', ');
    throw new RangeError(`experiment and size must be one of ${listed}; got ${String(experiment)} ${String(size)}`);
  }
  return preset;
}

/** Adds the cells of one part of a passkey grid (one sequence) into `sums` (made on the first part), weighting by count. */
function addGridPart(sums, part) {
  const n = part.count.length;
  const out = sums ?? {
    depths: Array.from(part.depths),
    lengths: Array.from(part.lengths),
    count: new Int32Array(n),
    accuracy: new Float64Array(n),
    confidence: new Float64Array(n),
  };
  for (let c = 0; c < n; c++) {
    if (!part.count[c]) continue;
    out.count[c] += part.count[c];
    out.accuracy[c] += part.accuracy[c] * part.count[c];
    out.confidence[c] += part.confidence[c] * part.count[c];
  }
  return out;
}

/** Sums of a grid's parts into means; NaN where nothing was scored. */
function finishGrid(sums) {
  for (let c = 0; c < sums.count.length; c++) {
    sums.accuracy[c] = sums.count[c] ? sums.accuracy[c] / sums.count[c] : NaN;
    sums.confidence[c] = sums.count[c] ? sums.confidence[c] / sums.count[c] : NaN;
  }
  return sums;
}

/** Scores trainer `id` as the preset's experiment does, a sequence per call. */
async function score(posenc, preset, id, checkRunning) {
  if (preset.experiment === 'passkey') {
    let sums = null;
    for (let first = 0; first < preset.grid.sequences; first++) {
      sums = addGridPart(sums, posenc.passkeyGrid({ id, ...preset.grid, sequences: 1, firstSequence: first, overflow: 'clamp' }));
      await checkRunning();
    }
    return { grid: finishGrid(sums) };
  }
  const parts = [];
  for (let first = 0; first < preset.evaluation.sequences; first++) {
    parts.push(posenc.trainerEvaluate({ id, ...preset.evaluation, sequences: 1, firstSequence: first, overflow: 'clamp' }));
    await checkRunning();
  }
  return { evaluation: mergeScores(parts) };
}

/**
 * Trains and scores every run of the preset the message names, posting progress and a result per run.
 * @param {import('./posenc.js').Posenc} posenc
 * @param {{ experiment?: string, size?: string, seed?: number }} message
 * @param {{ sliceMs: number, checkRunning: () => Promise<void>, onDisposed: (live: number) => void }} options
 */
export async function runGrid(posenc, message, { sliceMs, checkRunning, onDisposed }) {
  const preset = gridPresetOf(posenc.grids, message.experiment, message.size);
  const seed = message.seed ?? 1;
  const { experiment, runs, steps } = preset;
  for (const [index, { scheme, layerPositions }] of runs.entries()) {
    const { id } = posenc.trainerCreate({ ...preset.trainer, scheme, layerPositions, seed });
    try {
      const losses = await trainInSlices(posenc, {
        id,
        steps,
        sliceMs,
        checkRunning,
        onProgress: (step, loss) => postMessage({ type: 'progress', experiment, scheme, layerPositions, run: index, runs: runs.length, step, steps, loss }),
      });
      const scored = await score(posenc, preset, id, checkRunning);
      postMessage({
        type: 'gridResult',
        experiment,
        size: preset.name,
        seed,
        scheme,
        layerPositions,
        steps,
        losses,
        trainedLength: preset.trainer.trainedLength,
        ...scored,
      });
    } finally {
      onDisposed(posenc.trainerDispose({ id }).live);
    }
  }
}
