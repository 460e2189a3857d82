// The only JS file that touches the wasm module. Everything else imports loadPosenc from here.
// Each function takes one options object, fills in the defaults below, and returns plain
// objects of JS-owned typed arrays. Bad input throws a RangeError or TypeError naming the
// argument, the value and what is allowed; the module keeps working afterwards.
import createPosencModule from './posenc-core.mjs';
import { describe, isPlainOptions, readArguments, readScalar, rejectUnknownOptions } from './posenc-arguments.js';
import { EngineUnavailableError, engineMissing } from './engine-support.js';

// The public API's types are in posenc.d.ts, beside this file; loadPosenc's result is checked against it.
/** @typedef {import('./posenc.js').Posenc} Posenc */

// Every scalar field a scaling kind reads has a default here (llama3's band factors are Llama 3.1's, YaRN's are HF's); the
// per-pair lists, attentionFactor and DeepSeek's mscale fields have none: unset unless given.
const noScaling = {
  kind: 'none',
  factor: 1,
  trainedLength: 0,
  lowFreqFactor: 1,
  highFreqFactor: 4,
  betaFast: 32,
  betaSlow: 1,
  ramp: 'dimension',
  truncate: true,
};
const ropeDefaults = { base: 10000, pairing: 'interleaved', scaling: noScaling, rotaryFraction: 1, rotaryAxes: 'sequence', mropeSection: [16, 24, 24] };
const fullSpan = { kind: 'full', size: 0 };
const t5Defaults = { bidirectional: true, numBuckets: 32, maxDistance: 128 };

/** Defaults per exported function; nested `scaling` and `span` objects are merged too. */
const defaults = {
  sinusoidal: { base: 10000, layout: 'interleaved', precision: 'float64' },
  nope: {},
  learnedTable: { seed: 0 },
  learnedLookup: { overflow: 'error', sequenceLength: 0 },
  rope: ropeDefaults,
  ropeScore: ropeDefaults,
  ropeFrequencies: { ...ropeDefaults, sequenceLength: 1 },
  alibiBias: {},
  t5Bucket: t5Defaults,
  attention: { dModel: 64, seed: 1, trainedLength: 2048, overflow: 'clamp', nHeads: 8, head: 0, latentDims: 0, span: fullSpan, ...ropeDefaults },
  beyondTrained: { p: 5000, trainedLength: 2048, dModel: 512, headDim: 64, nHeads: 8, latentDims: 0, span: fullSpan, ...ropeDefaults, ...t5Defaults },
  offsetSimilarity: { p: 0, maxOffset: 256, dModel: 64, seed: 1, ...ropeDefaults },
  trainerStep: { steps: 1 },
  trainerParameters: {},
  trainerDispose: {},
  passkeyGrid: { firstSequence: 0, overflow: 'clamp' },
};
// The trainer and model functions take their defaults from a preset the module defines
// (trainingPresets), so the sizes live in one place: cpp/include/posenc/presets.hpp.
const presetDefaults = {
  trainerCreate: { seed: 1 },
  trainerEvaluate: { overflow: 'clamp' },
  modelProbe: { seed: 1, overflow: 'clamp', scaling: noScaling },
  modelEvaluate: { overflow: 'clamp', scaling: noScaling },
};

const errorTypes = { RangeError, TypeError };

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function definedEntries(object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** Fills defaults into options read by readArguments (a plain copy); anything else goes through for the module to reject. */
function withDefaults(options, fallback) {
  if (!isPlainObject(options)) return options;
  const merged = { ...fallback, ...definedEntries(options) };
  if ('scaling' in fallback && isPlainObject(merged.scaling)) merged.scaling = { ...noScaling, ...definedEntries(merged.scaling) };
  if ('span' in fallback && isPlainObject(merged.span)) merged.span = { ...fullSpan, ...definedEntries(merged.span) };
  return merged;
}

function deepFreeze(value) {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/**
 * Turns the module's { ok: false, errorName, message } into a thrown JS error.
 * @param {import('./posenc-core.mjs').CoreResult} result
 * @returns {any} its fields (posenc.d.ts types what each function hands on)
 */
function unwrap(result) {
  if (!result.ok) throw new errorTypes[result.errorName](result.message);
  delete result.ok;
  return result;
}

/**
 * Loads the module. In a browser posenc.wasm is found beside this file; in node pass its bytes.
 * @param {{ wasmBinary?: ArrayBuffer | Uint8Array }} [options]
 * @returns {Promise<Posenc>}
 */
export async function loadPosenc(options = {}) {
  if (isPlainOptions(options)) rejectUnknownOptions(options, { wasmBinary: 'list' }, 'loadPosenc');
  const missing = engineMissing();
  if (missing) throw new EngineUnavailableError(missing);
  const moduleOptions = { locateFile: (name) => (name.endsWith('.wasm') ? new URL('posenc.wasm', import.meta.url).href : name) };
  if (options.wasmBinary) moduleOptions.wasmBinary = options.wasmBinary;
  const module = await createPosencModule(moduleOptions);
  const limits = Object.freeze(module.limits());
  // Every argument is read and copied before the call enters wasm (posenc-arguments.js).
  const read = (options, name) => readArguments(options, name, limits.maxCells);
  const call = (name) => (options) => unwrap(module[name](withDefaults(read(options, name), defaults[name])));
  const training = unwrap(module.trainingPresets());
  deepFreeze(training);
  const grids = deepFreeze(unwrap(module.gridPresets()));
  /** Defaults of `parts` ('trainer', 'evaluation') of options.preset ['quick'], then the call's own options. */
  const callWithPreset =
    (name, ...parts) =>
    (options) => {
      const copy = read(options, name);
      if (!isPlainObject(copy)) return unwrap(module[name](copy));
      const { preset = 'quick', ...rest } = copy;
      const chosen = training.presets.find((entry) => entry.name === preset);
      if (!chosen) {
        const allowed = `one of ${training.presets.map((entry) => `'${entry.name}'`).join(', ')}`;
        const got =
          typeof preset === 'string'
            ? preset.length > 40
              ? `${preset.slice(0, 37)}...`
              : preset
            : typeof preset === 'object' || typeof preset === 'function'
              ? describe(preset)
              : String(preset);
        throw new (typeof preset === 'string' ? RangeError : TypeError)(`preset must be ${allowed}; got ${got}`);
      }
      return unwrap(module[name](withDefaults(rest, Object.assign({ ...presetDefaults[name] }, ...parts.map((part) => chosen[part])))));
    };

  const extension = deepFreeze(unwrap(module.extensionPresets()));
  // The shipped model the extension experiments stretch: the positionModels preset's RoPE run.
  const shipped = training.presets.find((entry) => entry.name === 'positionModels');
  const shippedRope = { ...shipped.trainer, ...shipped.runs.find((run) => run.scheme === 'rope') };
  /** Defaults of the extension preset options.experiment/options.size names (as the fields below), then the call's own options. */
  const callWithExtension = (name, experiment, fill) => (options) => {
    const copy = read(options, name);
    if (!isPlainObject(copy)) return unwrap(module[name](copy));
    const { experiment: chosenExperiment = experiment, size = 'quick', ...rest } = copy;
    for (const [field, value, allowed] of [
      ['experiment', chosenExperiment, extension.experiments.map((entry) => entry.name)],
      ['size', size, extension.presets.filter((entry) => entry.experiment === chosenExperiment).map((entry) => entry.name)],
    ]) {
      if (allowed.includes(value)) continue;
      const got = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describe(value);
      throw new (typeof value === 'string' ? RangeError : TypeError)(`${field} must be one of ${allowed.map((n) => `'${n}'`).join(', ')}; got ${got}`);
    }
    const preset = extension.presets.find((entry) => entry.experiment === chosenExperiment && entry.name === size);
    return unwrap(module[name](withDefaults(rest, { ...shippedRope, targetLength: preset.targetLength, ...fill(preset) })));
  };

  return Object.freeze({
    sinusoidal: call('sinusoidal'),
    nope: call('nope'),
    learnedTable: call('learnedTable'),
    learnedLookup: call('learnedLookup'),
    rope: call('rope'),
    ropeScore: (options) => call('ropeScore')(options).score,
    ropeFrequencies: call('ropeFrequencies'),
    // { nHeads } like every other function; nHeads alone, as it was first written, still works.
    alibiSlopes: (options) => unwrap(module.alibiSlopes(isPlainOptions(options) ? read(options, 'alibiSlopes') : { nHeads: readScalar(options) })).slopes,
    alibiBias: call('alibiBias'),
    t5Bucket: (options) => call('t5Bucket')(options).buckets,
    attention: call('attention'),
    beyondTrained: call('beyondTrained'),
    offsetSimilarity: call('offsetSimilarity'),
    training,
    trainerCreate: callWithPreset('trainerCreate', 'trainer'),
    trainerStep: call('trainerStep'),
    trainerEvaluate: callWithPreset('trainerEvaluate', 'evaluation'),
    trainerParameters: call('trainerParameters'),
    trainerDispose: call('trainerDispose'),
    grids,
    passkeyGrid: call('passkeyGrid'),
    modelProbe: callWithPreset('modelProbe', 'trainer'),
    modelEvaluate: callWithPreset('modelEvaluate', 'trainer', 'evaluation'),
    extension,
    extensionEvaluate: callWithExtension('extensionEvaluate', 'scaling', (preset) => ({ ...preset.evaluation, overflow: 'clamp' })),
    finetuneCreate: callWithExtension('finetuneCreate', 'finetune', (preset) => ({
      seed: 1,
      batchSize: preset.batchSize,
      queriesPerSequence: preset.queriesPerSequence,
      learningRate: preset.learningRate,
    })),
    limits,
    names: deepFreeze(unwrap(module.names())),
    models: deepFreeze(unwrap(module.models()).models),
    memoryStats: () => ({ ...unwrap(module.memoryStats()), handles: module.count_emval_handles() }),
  });
}
