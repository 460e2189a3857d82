// Times posenc's toy model in wasm under node: training steps per second for a preset's shape
// (sinusoidal, copyBack, as train_torch.py runs it), and, with --whole, the whole preset as the
// worker runs it (every scheme, both tasks, every overflow policy). Prints one JSON line.
// Usage: node train_wasm.mjs PRESET STEPS [--whole]
import { readFile } from 'node:fs/promises';

const dist = new URL('../../dist/', import.meta.url);
const { loadPosenc } = await import(new URL('posenc.js', dist));
const posenc = await loadPosenc({ wasmBinary: await readFile(new URL('posenc.wasm', dist)) });
const [presetName, stepsText, whole] = process.argv.slice(2);
const preset = posenc.training.presets.find((entry) => entry.name === presetName);
const steps = Number(stepsText);

// Warmup off: every timed step is at the full trained length, as in the torch peer.
const { id } = posenc.trainerCreate({ preset: presetName, scheme: 'sinusoidal', task: 'copyBack', seed: 1, warmupSteps: 0 });
let start = performance.now();
const { losses } = posenc.trainerStep({ id, steps });
const seconds = (performance.now() - start) / 1000;
const accuracy = posenc.trainerEvaluate({ id, preset: presetName }).inDistribution.accuracy;
posenc.trainerDispose({ id });
const result = {
  preset: presetName,
  trainer: preset.trainer,
  steps,
  stepsPerSecond: steps / seconds,
  seconds,
  finalLoss: losses.slice(-10).reduce((a, b) => a + b, 0) / Math.min(10, losses.length),
  inDistributionAccuracy: accuracy,
};

if (whole === '--whole') {
  start = performance.now();
  // Each of the preset's runs, as the native trainer (train_native.cpp) and the page take them.
  for (const { scheme, task } of preset.runs) {
    const trainer = posenc.trainerCreate({ preset: presetName, scheme, task, seed: 1 });
    posenc.trainerStep({ id: trainer.id, steps: preset.steps });
    for (const overflow of scheme === 'learned' ? posenc.training.overflows : ['clamp'])
      posenc.trainerEvaluate({ id: trainer.id, preset: presetName, overflow });
    posenc.trainerDispose({ id: trainer.id });
  }
  result.wholePresetSeconds = (performance.now() - start) / 1000;
}
console.log(JSON.stringify(result));
