// A module Web Worker that runs the toy-model experiment off the page's thread.
// In:  { type: 'run', preset ['quick'], schemes [all], tasks [all], overflows [all, learned only], seed [1] }
//        trains the preset's runs (those of the schemes and tasks listed) and scores each
//      { type: 'evaluate', preset, steps, models: [{ scheme, task, parameters }], overflows [all] }
//        scores given models (the shipped ones, trained for `steps`) as a run scores its own
//      { type: 'cancel' }   stops after the current slice; a new 'run' or 'evaluate' cancels the one before.
// Out: { type: 'ready', training, names }                   the presets, and the engine's names and labels, once loaded
//      { type: 'progress', scheme, task, step, steps, loss }  after each batch of steps
//      { type: 'model', scheme, task, parameters }          a run's trained parameters (Float64Array)
//      { type: 'result', scheme, task, overflow, step, steps, trainedLength, losses, buckets,
//        inDistribution, beyond, unavailable? }              per scheme, task (and policy for learned)
//      { type: 'done', elapsedMs } | { type: 'cancelled', liveTrainers } | { type: 'error', message }
// Work is cut into calls of about `sliceMs` so a cancel is seen within one slice; evaluation is
// split by sequence (parts add up exactly to the whole, see EvaluationOptions::first_sequence).
import { loadPosenc } from './posenc.js';

const sliceMs = 25;
const posencReady = loadPosenc();
let currentRun = 0; // the run that may keep going; anything else stops at its next slice
let liveTrainers = 0; // as the engine last reported: 0 after every finished or cancelled run

/** Lets queued messages (a cancel) in between slices; MessageChannel avoids setTimeout's clamping. */
function yieldToMessages() {
  return new Promise((/** @type {(value?: void) => void} */ resolve) => {
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

/** The preset `message` names, or a RangeError listing the ones there are. */
function presetOf(training, name = 'quick') {
  const preset = training.presets.find((entry) => entry.name === name);
  if (!preset) throw new RangeError(`preset must be one of ${training.presets.map((p) => `'${p.name}'`).join(', ')}; got ${name}`);
  return preset;
}

/**
 * Scores one model per overflow policy (learned) or once, a sequence per call, and posts each result.
 * `evaluate(options)` is trainerEvaluate bound to a trainer, or modelEvaluate bound to parameters.
 */
async function postResults({ scheme, task, preset, overflows, steps, losses, evaluate, checkRunning }) {
  for (const overflow of scheme === 'learned' ? overflows : ['clamp']) {
    const parts = [];
    for (let first = 0; first < preset.evaluation.sequences; first++) {
      parts.push(evaluate({ preset: preset.name, overflow, firstSequence: first, sequences: 1 }));
      await checkRunning();
    }
    const result = { type: 'result', scheme, task, overflow: scheme === 'learned' ? overflow : null, steps, losses, ...mergeScores(parts) };
    postMessage(result, { transfer: [result.buckets.count.buffer, result.buckets.accuracy.buffer, result.buckets.confidence.buffer] });
  }
}

async function run(message, checkRunning) {
  const posenc = await posencReady;
  const { training } = posenc;
  const preset = presetOf(training, message.preset);
  const runs = preset.runs.filter(({ scheme, task }) => (message.schemes ?? [scheme]).includes(scheme) && (message.tasks ?? [task]).includes(task));
  const overflows = message.overflows ?? training.overflows;
  const seed = message.seed ?? 1;

  for (const { scheme, task } of runs) {
    const { id } = posenc.trainerCreate({ scheme, task, seed, preset: preset.name });
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
      const { parameters } = posenc.trainerParameters({ id });
      postMessage({ type: 'model', scheme, task, parameters }, { transfer: [parameters.buffer] });
      await postResults({
        scheme,
        task,
        preset,
        overflows,
        steps: preset.steps,
        losses,
        checkRunning,
        evaluate: (options) => posenc.trainerEvaluate({ id, ...options }),
      });
    } finally {
      liveTrainers = posenc.trainerDispose({ id }).live;
    }
  }
}

async function evaluateGiven(message, checkRunning) {
  const posenc = await posencReady;
  const preset = presetOf(posenc.training, message.preset);
  const overflows = message.overflows ?? posenc.training.overflows;
  for (const { scheme, task, parameters } of message.models ?? []) {
    await postResults({
      scheme,
      task,
      preset,
      overflows,
      steps: message.steps ?? preset.steps,
      losses: new Float64Array(0),
      checkRunning,
      evaluate: (options) => posenc.modelEvaluate({ scheme, task, parameters, ...options }),
    });
  }
}

const work = { run, evaluate: evaluateGiven };

self.onmessage = async ({ data }) => {
  if (data?.type === 'cancel') {
    currentRun += 1; // the running loop sees this at its next slice and answers 'cancelled'
    return;
  }
  if (!Object.hasOwn(work, data?.type)) {
    postMessage({ type: 'error', message: `message type must be 'run', 'evaluate' or 'cancel'; got ${JSON.stringify(data?.type)}` });
    return;
  }
  const runId = ++currentRun;
  const started = performance.now();
  const checkRunning = async () => {
    await yieldToMessages();
    if (runId !== currentRun) throw new Cancelled();
  };
  try {
    await work[data.type](data, checkRunning);
    postMessage({ type: 'done', elapsedMs: performance.now() - started });
  } catch (error) {
    if (error instanceof Cancelled) postMessage({ type: 'cancelled', liveTrainers });
    else postMessage({ type: 'error', message: String(error?.message ?? error) });
  }
};

posencReady.then(
  (posenc) => postMessage({ type: 'ready', training: posenc.training, names: posenc.names }),
  (error) => postMessage({ type: 'error', message: `the engine did not load: ${error?.message ?? error}` }),
);
