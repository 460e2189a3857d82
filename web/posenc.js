// The only JS file that touches the wasm module. Everything else imports loadPosenc from here.
// Each function takes one options object, fills in the defaults below, and returns plain
// objects of JS-owned typed arrays. Bad input throws a RangeError or TypeError naming the
// argument, the value and what is allowed; the module keeps working afterwards.
import createPosencModule from './posenc-core.mjs';
import { describe, readArguments, readScalar } from './posenc-arguments.js';

/**
 * @typedef {{ rows: number, cols: number, data: Float64Array }} Table  row-major rows x cols
 * @typedef {ArrayLike<number>} Numbers  an Array or a numeric typed array
 * @typedef {{ kind?: 'none' | 'pi' | 'ntk' | 'yarn' | 'llama3' | 'dynamic' | 'longrope', factor?: number, trainedLength?: number,
 *   lowFreqFactor?: number, highFreqFactor?: number, betaFast?: number, betaSlow?: number, ramp?: 'dimension' | 'ratio', truncate?: boolean,
 *   attentionFactor?: number, mscale?: number, mscaleAllDim?: number, shortFactor?: Numbers, longFactor?: Numbers }} RopeScaling
 *   As Hugging Face's rope_scaling (trainedLength is original_max_position_embeddings); each kind reads its own fields
 *   (names.scalingKind[i].reads). pi: frequencies / factor; ntk: base * factor^(D/(D-2)); dynamic: the same with the base grown
 *   for the sequence length; yarn: interpolated below betaSlow turns within trainedLength, kept above betaFast, a ramp between,
 *   'dimension' (HF, the YaRN code) or 'ratio' (the paper); llama3: kept under trainedLength / highFreqFactor, divided by factor
 *   over trainedLength / lowFreqFactor, smooth between; longrope: divided per pair by longFactor past trainedLength, else shortFactor.
 *   attentionFactor (yarn, longrope) replaces the formula; mscale and mscaleAllDim are DeepSeek's.
 * @typedef {'sequence' | 'mrope' | 'axial'} RotaryAxes  a position is an index, (t, h, w) (Qwen2-VL's M-RoPE) or (h, w) (2D axial RoPE)
 * @typedef {{ base?: number, pairing?: 'interleaved' | 'half', scaling?: RopeScaling, rotaryFraction?: number, rotaryAxes?: RotaryAxes,
 *   mropeSection?: Numbers }} RopeSettings  rotaryFraction: HF's partial_rotary_factor (the first floor(headDim x fraction) dimensions
 *   rotate; the rest carry no position); mropeSection: the pairs turned by t, h and w
 * @typedef {{ kind?: 'full' | 'sliding' | 'chunked', size?: number }} AttentionSpan  the keys a query sees: all, the last `size`, or its chunk of `size`
 * @typedef {'error' | 'clamp' | 'wrap' | 'window' | 'interpolate'} Overflow
 * @typedef {'nope' | 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 't5'} Scheme
 * @typedef {'copyBack' | 'recallFirst' | 'lastMarker'} Task  copyBack: the token `offset` back; recallFirst: the passkey at position 0;
 *   lastMarker: the latest marker token (one every `markerSpacing` positions on average, always one at 0)
 * @typedef {{ trainedLength: number, dModel: number, nHeads: number, nLayers: number, mlpHidden: number, base: number,
 *   offset: number, symbols: number, passkeys: number, markerSpacing: number, batchSize: number, queriesPerSequence: number,
 *   learningRate: number, warmupSteps: number, warmupLength: number, windowSteps: number, windowLength: number, windowBatch: number }} TrainerSettings
 *   window phase first: windowSteps steps of windowBatch windows of windowLength tokens, every row asked, placed anywhere below trainedLength;
 *   then warmup: sequences grow from warmupLength to trainedLength over warmupSteps
 * @typedef {{ length: number, bucketWidth: number, sequences: number, firstSequence: number, queriesPerBucket: number, seed: number }} EvaluationSettings
 *   sequences firstSequence .. firstSequence+sequences-1 of the seed's stream: parts of one evaluation add up to the whole
 * @typedef {{ name: string, label: string, description: string, trainer: TrainerSettings, runs: { scheme: Scheme, task: Task }[], steps: number,
 *   evaluation: EvaluationSettings }} Preset  runs: the models it trains, in order; steps: per run
 * @typedef {{ count: number, accuracy: number, confidence: number }} Score  accuracy and confidence are NaN when count is 0
 * @typedef {{ step?: number, trainedLength: number,
 *   buckets: { start: Int32Array, end: Int32Array, count: Int32Array, accuracy: Float64Array, confidence: Float64Array, available: Uint8Array },
 *   inDistribution: Score, beyond: Score, unavailable?: string }} Evaluation
 * @typedef {ReadonlyArray<{ name: string, label: string }>} NameList  what callers write, and what people read
 */

// Every scalar field a scaling kind reads has a default here (llama3's band factors are Llama 3.1's, YaRN's are HF's); the
// per-pair lists, attentionFactor and DeepSeek's mscale fields have none: unset unless given.
const noScaling = { kind: 'none', factor: 1, trainedLength: 0, lowFreqFactor: 1, highFreqFactor: 4, betaFast: 32, betaSlow: 1,
  ramp: 'dimension', truncate: true };
const ropeDefaults = { base: 10000, pairing: 'interleaved', scaling: noScaling, rotaryFraction: 1, rotaryAxes: 'sequence',
  mropeSection: [16, 24, 24] };
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
  beyondTrained: { p: 5000, trainedLength: 2048, dModel: 512, headDim: 64, nHeads: 8, latentDims: 0, span: fullSpan, ...ropeDefaults,
    ...t5Defaults },
  offsetSimilarity: { p: 0, maxOffset: 256, dModel: 64, base: 10000, seed: 1 },
  trainerStep: { steps: 1 },
  trainerParameters: {},
  trainerDispose: {},
};
// The trainer and model functions take their defaults from a preset the module defines
// (trainingPresets), so the sizes live in one place: cpp/include/posenc/presets.hpp.
const presetDefaults = {
  trainerCreate: { seed: 1 }, trainerEvaluate: { overflow: 'clamp' },
  modelProbe: { seed: 1, overflow: 'clamp', scaling: noScaling }, modelEvaluate: { overflow: 'clamp', scaling: noScaling },
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

/** Turns the module's { ok: false, errorName, message } into a thrown JS error. */
function unwrap(result) {
  if (!result.ok) throw new errorTypes[result.errorName](result.message);
  delete result.ok;
  return result;
}

/**
 * Loads the module. In a browser posenc.wasm is found beside this file; in node pass its bytes.
 * @param {{ wasmBinary?: ArrayBuffer | Uint8Array }} [options]
 */
export async function loadPosenc(options = {}) {
  const moduleOptions = { locateFile: (name) => (name.endsWith('.wasm') ? new URL('posenc.wasm', import.meta.url).href : name) };
  if (options.wasmBinary) moduleOptions.wasmBinary = options.wasmBinary;
  const module = await createPosencModule(moduleOptions);
  const limits = Object.freeze(module.limits());
  // Every argument is read and copied before the call enters wasm (posenc-arguments.js).
  const read = (options, name) => readArguments(options, name, limits.maxCells);
  const call = (name) => (options) => unwrap(module[name](withDefaults(read(options, name), defaults[name])));
  const training = unwrap(module.trainingPresets());
  deepFreeze(training);
  /** Defaults of `parts` ('trainer', 'evaluation') of options.preset ['quick'], then the call's own options. */
  const callWithPreset = (name, ...parts) => (options) => {
    const copy = read(options, name);
    if (!isPlainObject(copy)) return unwrap(module[name](copy));
    const { preset = 'quick', ...rest } = copy;
    const chosen = training.presets.find((entry) => entry.name === preset);
    if (!chosen) {
      const allowed = `one of ${training.presets.map((entry) => `'${entry.name}'`).join(', ')}`;
      const got = typeof preset === 'string' ? (preset.length > 40 ? `${preset.slice(0, 37)}...` : preset)
        : typeof preset === 'object' || typeof preset === 'function' ? describe(preset) : String(preset);
      throw new (typeof preset === 'string' ? RangeError : TypeError)(`preset must be ${allowed}; got ${got}`);
    }
    return unwrap(module[name](withDefaults(rest, Object.assign({ ...presetDefaults[name] }, ...parts.map((part) => chosen[part])))));
  };

  return Object.freeze({
    /**
     * PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(same); 'concat' puts [sin | cos] blocks.
     * @type {(o: { positions: Numbers, dModel: number, base?: number, layout?: 'interleaved' | 'concat', precision?: 'float64' | 'float32' }) => { rows: number, cols: number, data: Float64Array | Float32Array }}
     */
    sinusoidal: call('sinusoidal'),
    /** NoPE adds nothing: zeros of positions x dModel. @type {(o: { positions: Numbers, dModel: number }) => Table} */
    nope: call('nope'),
    /** A freshly initialised table, N(0, 0.02^2), rows 0..maxLength-1. @type {(o: { maxLength: number, dModel: number, seed?: number }) => Table} */
    learnedTable: call('learnedTable'),
    /**
     * Rows for positions; past the last row the overflow policy decides (or 'error' throws: no row).
     * @type {(o: { table: Table, positions: Numbers, overflow?: Overflow, sequenceLength?: number }) => Table & { sourceRow: Float64Array, ownRow: Uint8Array }}
     */
    learnedLookup: call('learnedLookup'),
    /**
     * Rotates each row of x by its position: pair j of the rotary dimensions turns by c theta_j, c the position's coordinate that
     * turns it (one per row for 'sequence'; (t, h, w) or (h, w) flattened, a row's coordinates together). Positions may reach
     * limits.maxAnalysisPosition. attentionFactor multiplies q and k in HF (not applied here); logitFactor is DeepSeek's softmax factor.
     * @type {(o: { x: Numbers, positions: Numbers } & RopeSettings) => Table & { attentionFactor: number, logitFactor: number }}
     */
    rope: call('rope'),
    /** R(m) q . R(n) k, a function of m - n. @type {(o: { q: Numbers, k: Numbers, m: number, n: number } & RopeSettings) => number} */
    ropeScore: (options) => call('ropeScore')(options).score,
    /**
     * theta_j per rotary pair after scaling, for a sequence of sequenceLength tokens (dynamic and longrope read it), the coordinate
     * turning each pair, the rotary dimensions, and the factors: attentionFactor on q and k (HF's, every kind), logitFactor on the logits.
     * @type {(o: { headDim: number, sequenceLength?: number } & RopeSettings) => { frequencies: Float64Array, pairAxis: Uint8Array, rotaryDims: number, attentionFactor: number, logitFactor: number }}
     */
    ropeFrequencies: call('ropeFrequencies'),
    /** The official ALiBi slopes (not sorted for non-powers of two). @type {(nHeads: number) => Float64Array} */
    alibiSlopes: (nHeads) => unwrap(module.alibiSlopes(readScalar(nHeads))).slopes,
    /**
     * -m (i - j) for past keys, -Infinity for future ones; heads x queries x keys.
     * @type {(o: { nHeads: number, queryLength: number, keyLength: number }) => { heads: number, queries: number, keys: number, data: Float64Array }}
     */
    alibiBias: call('alibiBias'),
    /** T5 buckets of key - query. @type {(o: { relativePositions: Numbers, bidirectional?: boolean, numBuckets?: number, maxDistance?: number }) => Int32Array} */
    t5Bucket: (options) => call('t5Bucket')(options).buckets,
    /**
     * Toy attention of query p over keys 0..p under one scheme, with seeded weights. RoPE rotates the first rotaryFraction of dModel;
     * latentDims adds unrotated dimensions to q and k (decoupled RoPE); keys outside `span` get no weight. With `model` (a name in
     * `models`), one layer group of the preset (layerGroup, default its first) sets scheme and settings; only queryPosition, seed,
     * overflow and head are read besides.
     * @type {(o: { scheme?: Scheme, model?: string, layerGroup?: string, queryPosition: number, dModel?: number, seed?: number, trainedLength?: number, overflow?: Overflow, nHeads?: number, head?: number, latentDims?: number, span?: AttentionSpan } & RopeSettings) => { logits: Float64Array, weights: Float64Array }}
     */
    attention: call('attention'),
    /**
     * What a scheme does at position p when training stopped at trainedLength (p up to limits.maxAnalysisPosition). With `model`, the
     * preset sets everything but p and the result holds `groups`, one analysis per layer group (RoPE's pairs, NoPE's queryScale, ...).
     * @type {(o: { scheme?: Scheme, model?: string, p?: number, trainedLength?: number, [k: string]: unknown }) => object}
     */
    beyondTrained: call('beyondTrained'),
    /**
     * PE(p).PE(p+delta) (direct and closed form) and the RoPE score of seeded q, k at offsets 0..maxOffset.
     * @type {(o: { p?: number, maxOffset?: number, dModel?: number, base?: number, seed?: number }) => { sinusoidalDot: Float64Array, sinusoidalClosedForm: Float64Array, ropeScore: Float64Array }}
     */
    offsetSimilarity: call('offsetSimilarity'),
    /**
     * The experiment's presets (sizes, steps, evaluation) and the names of schemes, tasks and overflow policies.
     * @type {{ presets: Preset[], schemes: Scheme[], tasks: Task[], overflows: Overflow[] }}
     */
    training,
    /**
     * A toy causal transformer for `scheme`, trained on `task` at length trainedLength; every other setting
     * defaults to the preset's. Returns an id for trainerStep/trainerEvaluate; call trainerDispose when done.
     * @type {(o: { scheme: Scheme, task: Task, preset?: string, seed?: number } & Partial<TrainerSettings>) => { id: number, parameters: number }}
     */
    trainerCreate: callWithPreset('trainerCreate', 'trainer'),
    /**
     * `steps` Adam steps on fresh batches; the loss of each. Keep steps small to stay responsive.
     * @type {(o: { id: number, steps?: number }) => { step: number, loss: number, losses: Float64Array }}
     */
    trainerStep: call('trainerStep'),
    /**
     * Accuracy and confidence (mean probability of the predicted token) per bucket of positions up to
     * length; inDistribution on sequences of trainedLength, beyond over positions >= trainedLength.
     * A learned table under overflow 'error' has no score past its rows: those buckets are
     * unavailable and `unavailable` says why. Defaults from the preset's evaluation.
     * @type {(o: { id: number, preset?: string, overflow?: Overflow } & Partial<EvaluationSettings>) => Evaluation}
     */
    trainerEvaluate: callWithPreset('trainerEvaluate', 'evaluation'),
    /**
     * The trainer's parameters now (a copy) and where each group of them sits, e.g. the learned table's
     * { name: 'positionTable', offset, rows: trainedLength, cols: dModel }.
     * @type {(o: { id: number }) => { step: number, parameters: Float64Array, groups: { name: string, offset: number, rows: number, cols: number }[] }}
     */
    trainerParameters: call('trainerParameters'),
    /** Frees a trainer; its id is then invalid. @type {(o: { id: number }) => { live: number }} */
    trainerDispose: call('trainerDispose'),
    /**
     * A model given by its parameters (trainerParameters' layout; Float32Array or Float64Array), shaped as
     * options.preset's trainer, asked at row queryPosition = p of its task's sequence of p + 1 tokens from `seed`
     * (a longer p extends the same sequence): each head's attention over keys 0..p (heads x keys, row-major),
     * the key holding the answer, the answer and prediction (tokens), and the prediction's probability.
     * A learned table under 'window' past its rows reads the last trainedLength tokens (the earlier keys weigh 0);
     * under 'error' it has no row there and the call throws. A RoPE model may be asked with a scaling (PI, NTK-aware,
     * YaRN with its attention factor), which it never saw in training.
     * @type {(o: { scheme: Scheme, task: Task, parameters: Numbers, queryPosition: number, preset?: string, seed?: number,
     *   overflow?: Overflow, scaling?: RopeScaling } & Partial<TrainerSettings>) => { heads: number, keys: number, weights: Float64Array, answerPosition: number,
     *   answer: number, prediction: number, correct: boolean, confidence: number, answerProbability: number }}
     */
    modelProbe: callWithPreset('modelProbe', 'trainer'),
    /**
     * A model given by its parameters, scored as trainerEvaluate scores a trainer (shape and evaluation from options.preset).
     * @type {(o: { scheme: Scheme, task: Task, parameters: Numbers, preset?: string, overflow?: Overflow, scaling?: RopeScaling } & Partial<TrainerSettings>
     *   & Partial<EvaluationSettings>) => Evaluation}
     */
    modelEvaluate: callWithPreset('modelEvaluate', 'trainer', 'evaluation'),
    limits,
    /**
     * Every name the functions read, per option, in the order lists show them (the module's tables:
     * a page never keeps its own copy), each with a label for people. scalingKind's entries also list the
     * scaling fields each kind reads, and whether it needs per-pair factors only a checkpoint gives.
     * @type {{ scheme: NameList, overflow: NameList, task: NameList, scalingKind: ReadonlyArray<{ name: string, label: string, reads: NameList, perPairFactors: boolean, followsLength: boolean }>,
     *   pairing: NameList, layout: NameList, precision: NameList, yarnRamp: NameList, rotaryAxes: NameList, spanKind: NameList, model: NameList }}
     */
    names: deepFreeze(unwrap(module.names())),
    /**
     * Real models' position settings (GPT-2 ... Qwen2-VL), one entry per model: sizes, trained and context lengths, layer groups
     * with their RoPE settings (as RopeSettings), span and temperature, and the file or paper each number comes from.
     * @type {ReadonlyArray<{ name: string, label: string, layers: number, heads: number, headDim: number, dModel: number, trainedLength: number,
     *   contextLength: number, t5?: object, groups: ReadonlyArray<{ name: string, label: string, scheme: Scheme, layers: Int32Array, rope?: RopeSettings,
     *   latentDims: number, span: AttentionSpan, temperature?: { floor: number, scale: number } }>, sources: ReadonlyArray<{ covers: string, where: string }> }>}
     */
    models: deepFreeze(unwrap(module.models()).models),
    /**
     * Diagnostics for leak tests: wasm memory size, the allocator's break (sbrk(0)), the stack pointer and its base, and the
     * count of live Embind value handles (each leaked handle is a JS object the page can never free).
     * @type {() => { heapSize: number, heapTop: number, stackPointer: number, stackBase: number, handles: number }}
     */
    memoryStats: () => ({ ...unwrap(module.memoryStats()), handles: module.count_emval_handles() }),
  });
}
