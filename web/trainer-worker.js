// A module Web Worker that runs the toy-model experiment off the page's thread.
// In:  { type: 'run', preset ['quick'], schemes [all], tasks [all], overflows [all, learned only], seed [1] }
//      { type: 'cancel' }   stops after the current batch; a new 'run' cancels the one before.
// Out: { type: 'ready', training, names }                   the presets, and the engine's names and labels, once loaded
//      { type: 'progress', scheme, task, step, steps, loss }  after each batch of steps
//      { type: 'result', scheme, task, overflow, step, steps, trainedLength, losses, buckets,
//        inDistribution, beyond, unavailable? }              per scheme, task (and policy for learned)
//      { type: 'done', elapsedMs } | { type: 'cancelled', liveTrainers } | { type: 'error', message }
// Work is cut into calls of about `sliceMs` so a cancel is seen within one slice; evaluation is
// split by sequence (parts add up exactly to the whole, see EvaluationOptions::first_sequence).
import { loadPosenc } from './posenc.js';

const sliceMs = 25;
const posencReady = loadPosenc();
let currentRun = 0;  // the run that may keep going; anything else stops at its next slice
let liveTrainers = 0;  // as the engine last reported: 0 after every finished or cancelled run

/** Lets queued messages (a cancel) in between slices; MessageChannel avoids setTimeout's clamping. */
function yieldToMessages() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

class Cancelled extends Error {}

/** Accumulates per-bucket parts of one evaluation, weighting each by its count. */
function mergeScores(parts) {
  const first = parts[0];
  const merge = (scores) => {
    const count = scores.reduce((sum, s) => sum + s.count, 0);
    const weighted = (key) => (count === 0 ? NaN : scores.reduce((sum, s) => sum + (s.count ? s[key] * s.count : 0), 0) / count);
    return { count, accuracy: weighted('accuracy'), confidence: weighted('confidence') };
  };
  const n = first.buckets.start.length;
  const buckets = {
    start: first.buckets.start, end: first.buckets.end, available: first.buckets.available,
    count: new Int32Array(n), accuracy: new Float64Array(n), confidence: new Float64Array(n),
  };
  for (let b = 0; b < n; b++) {
    const merged = merge(parts.map((part) => ({
      count: part.buckets.count[b], accuracy: part.buckets.accuracy[b], confidence: part.buckets.confidence[b],
    })));
    buckets.count[b] = merged.count;
    buckets.accuracy[b] = merged.accuracy;
    buckets.confidence[b] = merged.confidence;
  }
  return {
    step: first.step, trainedLength: first.trainedLength, buckets, unavailable: first.unavailable,
    inDistribution: merge(parts.map((part) => part.inDistribution)), beyond: merge(parts.map((part) => part.beyond)),
  };
}

async function run(message, runId) {
  const posenc = await posencReady;
  const { training } = posenc;
  const presetName = message.preset ?? 'quick';
  const preset = training.presets.find((entry) => entry.name === presetName);
  if (!preset) throw new RangeError(`preset must be one of ${training.presets.map((p) => `'${p.name}'`).join(', ')}; got ${presetName}`);
  const schemes = message.schemes ?? training.schemes;
  const tasks = message.tasks ?? training.tasks;
  const overflows = message.overflows ?? training.overflows;
  const seed = message.seed ?? 1;
  const started = performance.now();
  const checkRunning = async () => {
    await yieldToMessages();
    if (runId !== currentRun) throw new Cancelled();
  };

  for (const task of tasks) {
    for (const scheme of schemes) {
      const { id } = posenc.trainerCreate({ scheme, task, seed, preset: presetName });
      try {
        const losses = new Float64Array(preset.steps);
        let step = 0;
        let batch = 1;
        while (step < preset.steps) {
          const count = Math.min(batch, preset.steps - step);
          const t0 = performance.now();
          const result = posenc.trainerStep({ id, steps: count });
          const elapsed = performance.now() - t0;
          losses.set(result.losses, step);
          step = result.step;
          postMessage({ type: 'progress', scheme, task, step, steps: preset.steps, loss: result.loss });
          // Aim the next batch at sliceMs from this one's measured time per step.
          batch = Math.max(1, Math.min(64, Math.floor((sliceMs * count) / Math.max(elapsed, 0.01))));
          await checkRunning();
        }
        for (const overflow of scheme === 'learned' ? overflows : ['clamp']) {
          const parts = [];
          for (let first = 0; first < preset.evaluation.sequences; first++) {
            parts.push(posenc.trainerEvaluate({ id, preset: presetName, overflow, firstSequence: first, sequences: 1 }));
            await checkRunning();
          }
          const result = { type: 'result', scheme, task, overflow: scheme === 'learned' ? overflow : null, steps: preset.steps, losses, ...mergeScores(parts) };
          postMessage(result, [result.buckets.count.buffer, result.buckets.accuracy.buffer, result.buckets.confidence.buffer]);
        }
      } finally {
        liveTrainers = posenc.trainerDispose({ id }).live;
      }
    }
  }
  postMessage({ type: 'done', elapsedMs: performance.now() - started });
}

onmessage = async ({ data }) => {
  if (data?.type === 'cancel') {
    currentRun += 1;  // the running loop sees this at its next slice and answers 'cancelled'
    return;
  }
  if (data?.type !== 'run') {
    postMessage({ type: 'error', message: `message type must be 'run' or 'cancel'; got ${JSON.stringify(data?.type)}` });
    return;
  }
  const runId = ++currentRun;
  try {
    await run(data, runId);
  } catch (error) {
    if (error instanceof Cancelled) postMessage({ type: 'cancelled', liveTrainers });
    else postMessage({ type: 'error', message: String(error?.message ?? error) });
  }
};

posencReady.then(
  (posenc) => postMessage({ type: 'ready', training: posenc.training, names: posenc.names }),
  (error) => postMessage({ type: 'error', message: `the engine did not load: ${error?.message ?? error}` }),
);
