// The context-extension experiments, run in the trainer worker (trainer-worker.js hands its 'extension'
// messages here), or anywhere a posenc instance is (the tests call it directly):
//   scaling:  the given RoPE model (the shipped one, trained at L) asked up to the preset's target T
//             with each scaling kind the engine compares, s = T / L;
//   finetune: the same, each kind first fine-tuned for the preset's steps at length T with that
//             kind's scaling in every pass.
// In:  { type: 'extension', experiment ['scaling'], size ['quick'], seed [1], parameters }
// Out: { type: 'progress', experiment, kind, run, runs, step, steps, loss }    (finetune) after each slice of steps
//      { type: 'scoring', experiment, kind, run, runs, sequence, sequences }   before each sequence is scored
//      { type: 'extensionResult', experiment, size, seed, kind, run, runs, factor, attentionFactor, steps, losses,
//        trainedLength, targetLength, buckets, inDistribution, beyond }       per kind
// Scoring is split a sequence per call (parts add up exactly), so a cancel is seen between calls.
import { mergeScores, trainInSlices } from './worker-training.js';

/** The extension preset `experiment` `size`, or a RangeError listing the ones there are. */
function extensionPresetOf(extension, experiment = 'scaling', size = 'quick') {
  const preset = extension.presets.find((entry) => entry.experiment === experiment && entry.name === size);
  if (!preset) {
    const listed = extension.presets.map((p) => `${p.experiment} ${p.name}`).join(', ');
    throw new RangeError(`experiment and size must be one of ${listed}; got ${String(experiment)} ${String(size)}`);
  }
  return preset;
}

/** Scores `parameters` with `kind` as the preset asks, a sequence per call. */
async function score(posenc, preset, kind, parameters, { checkRunning, onSequence }) {
  const parts = [];
  for (let first = 0; first < preset.evaluation.sequences; first++) {
    onSequence(first);
    parts.push(posenc.extensionEvaluate({ experiment: preset.experiment, size: preset.name, kind, parameters, firstSequence: first, sequences: 1 }));
    await checkRunning();
  }
  const merged = mergeScores(parts);
  return { ...merged, factor: parts[0].factor, attentionFactor: parts[0].attentionFactor };
}

/** Fine-tunes `parameters` with `kind` for the preset's steps; the parameters it ends with and its losses. */
async function finetune(posenc, preset, kind, parameters, seed, { sliceMs, checkRunning, onProgress, onDisposed }) {
  const { id } = posenc.finetuneCreate({ experiment: preset.experiment, size: preset.name, kind, parameters, seed });
  try {
    const losses = await trainInSlices(posenc, { id, steps: preset.steps, sliceMs, checkRunning, onProgress });
    return { losses, parameters: posenc.trainerParameters({ id }).parameters };
  } finally {
    onDisposed(posenc.trainerDispose({ id }).live);
  }
}

/**
 * Runs the experiment the message names on its `parameters`, posting progress and a result per scaling kind.
 * @param {import('./posenc.js').Posenc} posenc
 * @param {{ experiment?: string, size?: string, seed?: number, parameters: Float32Array | Float64Array }} message
 * @param {{ sliceMs: number, checkRunning: () => Promise<void>, post: (data: any, transfer: Transferable[]) => void, onDisposed: (live: number) => void }} options
 */
export async function runExtension(posenc, message, { sliceMs, checkRunning, post, onDisposed }) {
  const preset = extensionPresetOf(posenc.extension, message.experiment, message.size);
  const seed = message.seed ?? 1;
  const { experiment } = preset;
  const kinds = posenc.extension.kinds.map((kind) => kind.name);
  for (const [run, kind] of kinds.entries()) {
    const where = { experiment, kind, run, runs: kinds.length };
    let parameters = message.parameters;
    /** @type {Float64Array<ArrayBufferLike>} */
    let losses = new Float64Array(0);
    if (preset.steps > 0) {
      ({ parameters, losses } = await finetune(posenc, preset, kind, parameters, seed, {
        sliceMs,
        checkRunning,
        onDisposed,
        onProgress: (step, loss) => post({ type: 'progress', ...where, step, steps: preset.steps, loss }, []),
      }));
    }
    const scored = await score(posenc, preset, kind, parameters, {
      checkRunning,
      onSequence: (sequence) => post({ type: 'scoring', ...where, sequence, sequences: preset.evaluation.sequences }, []),
    });
    const result = {
      type: 'extensionResult',
      ...where,
      size: preset.name,
      seed,
      steps: preset.steps,
      losses,
      targetLength: preset.targetLength,
      ...scored,
    };
    post(result, [result.buckets.count.buffer, result.buckets.accuracy.buffer, result.buckets.confidence.buffer, losses.buffer]);
  }
}
