// A module Web Worker that runs the toy-model experiment off the page's thread.
// In:  { type: 'run', preset ['quick'], schemes [all], tasks [all], overflows [all, learned only], seed [1] }
//        trains the preset's runs (those of the schemes and tasks listed) and scores each
//      { type: 'evaluate', preset, steps, models: [{ scheme, task, parameters }], overflows [all] }
//        scores given models (the shipped ones, trained for `steps`) as a run scores its own
//      { type: 'grid', experiment: 'passkey' | 'hybrid', size ['quick'], seed [1] }
//        trains a grid preset's runs and scores each (grid-work.js: its own messages)
//      { type: 'extension', experiment: 'scaling' | 'finetune', size ['quick'], seed [1], parameters }
//        stretches the given (shipped) RoPE model with each scaling kind, fine-tuned first for
//        'finetune', and scores each (extension-work.js: its own messages)
//      { type: 'cancel' }   stops after the current slice; a new 'run' or 'evaluate' cancels the one before.
// Out: { type: 'ready', training, grids, extension, names }  the presets (the experiments' too), the engine's names and labels, once loaded
//      { type: 'progress', scheme, task, step, steps, loss }  after each batch of steps
//      { type: 'model', scheme, task, parameters }          a run's trained parameters (Float64Array)
//      { type: 'result', scheme, task, overflow, step, steps, trainedLength, losses, buckets,
//        inDistribution, beyond, unavailable? }              per scheme, task (and policy for learned)
//      { type: 'done', elapsedMs } | { type: 'cancelled', liveTrainers } | { type: 'error', message }
// Work is cut into calls of about `sliceMs` so a cancel is seen within one slice; evaluation is
// split by sequence (parts add up exactly to the whole, see EvaluationOptions::first_sequence).
import { runExtension } from './extension-work.js';
import { runGrid } from './grid-work.js';
import { loadPosenc } from './posenc.js';
import { scoreModel, trainInSlices } from './worker-training.js';

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
  await scoreModel({
    scheme,
    preset,
    overflows,
    evaluate,
    checkRunning,
    onScored(overflow, scores) {
      const result = { type: 'result', scheme, task, overflow, steps, losses, ...scores };
      postMessage(result, { transfer: [result.buckets.count.buffer, result.buckets.accuracy.buffer, result.buckets.confidence.buffer] });
    },
  });
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
      const losses = await trainInSlices(posenc, {
        id,
        steps: preset.steps,
        sliceMs,
        checkRunning,
        onProgress: (step, loss) => postMessage({ type: 'progress', scheme, task, step, steps: preset.steps, loss }),
      });
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

const work = {
  run,
  evaluate: evaluateGiven,
  grid: async (message, checkRunning) =>
    runGrid(await posencReady, message, {
      sliceMs,
      checkRunning,
      onDisposed: (live) => {
        liveTrainers = live;
      },
    }),
  extension: async (message, checkRunning) =>
    runExtension(await posencReady, message, {
      sliceMs,
      checkRunning,
      post: (data, transfer) => postMessage(data, { transfer }),
      onDisposed: (live) => {
        liveTrainers = live;
      },
    }),
};

self.onmessage = async ({ data }) => {
  if (data?.type === 'cancel') {
    currentRun += 1; // the running loop sees this at its next slice and answers 'cancelled'
    return;
  }
  if (!Object.hasOwn(work, data?.type)) {
    postMessage({ type: 'error', message: `message type must be 'run', 'evaluate', 'grid', 'extension' or 'cancel'; got ${JSON.stringify(data?.type)}` });
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
  (posenc) => postMessage({ type: 'ready', training: posenc.training, grids: posenc.grids, extension: posenc.extension, names: posenc.names }),
  (error) => postMessage({ type: 'error', message: `the engine did not load: ${error?.message ?? error}` }),
);
