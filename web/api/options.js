// The options the engine's functions take, described once: how each is copied before a call enters
// wasm (posenc-arguments.js reads `kind`), its TypeScript type, whether a call must give it, its
// default and a line for people. web/api/functions.js builds every function from these;
// scripts/api-reference.mjs writes web/posenc.d.ts and README's API tables from both.

/**
 * @typedef {object} Option
 * @property {'scalar' | 'list' | 'output' | 'object'} kind how posenc-arguments.js copies it; 'object': field by field
 * @property {string} type its TypeScript type (for 'object', the type of its fields, or `typeName`)
 * @property {boolean} required
 * @property {string} [defaultValue] what a call that leaves it out uses, as the docs write it
 * @property {string} doc
 * @property {Record<string, Option>} [fields] an 'object' option's own options
 * @property {string} [typeName] an 'object' option declared once as this named type
 */

/**
 * A named set of options several functions take, declared once in posenc.d.ts.
 * @typedef {object} Group
 * @property {string} name
 * @property {string} doc
 * @property {Record<string, Option>} fields
 * @property {boolean} [allRequired] the declared type requires every field (a preset's settings); calls take it Partial
 * @property {string} [title] its name in README
 */

/** @returns {Option} */
const make = (kind, type, required, doc, defaultValue) => ({ kind, type, required, doc, ...(defaultValue === undefined ? {} : { defaultValue }) });

/** An optional number, boolean or name; `defaultValue` as the docs write it. */
export const optional = (type, doc = '', defaultValue = undefined) => make('scalar', type, false, doc, defaultValue);
/** A number, boolean or name every call gives. */
export const required = (type, doc = '') => make('scalar', type, true, doc);
/** An Array of numbers or a numeric typed array (copied, its length read once and capped). */
export const numbers = (doc = '', { isRequired = true, defaultValue = undefined } = {}) => make('list', 'Numbers', isRequired, doc, defaultValue);
/** The caller's buffer for a result (see Out), handed to the module as it is. */
export const buffer = (type = 'Out', doc = '') => make('output', type, false, doc);
/** A plain object of options, copied field by field; `typeName` when posenc.d.ts names its type. */
export const object = (fields, { doc = '', typeName = undefined, isRequired = false, defaultValue = undefined } = {}) => ({
  ...make('object', typeName ?? '', isRequired, doc, defaultValue),
  fields,
  ...(typeName ? { typeName } : {}),
});

/**
 * The unions of names the module reads, one per list in posenc.names: posenc.d.ts spells each list's
 * names from the module itself, so a scheme added to the engine's tables reaches the types.
 */
export const nameUnions = {
  scheme: { type: 'Scheme', doc: '' },
  overflow: { type: 'Overflow', doc: 'What a learned table does past its last row.' },
  task: {
    type: 'Task',
    doc:
      'copyBack: the token `offset` back; recallFirst: the passkey at 0; lastMarker: the latest marker token; passkey: the '
      + 'one passkey, at any depth, asked at the last row only; markedValue: the token after the one marker (in the first '
      + '`offset` positions), at every later row.',
  },
  layerPositions: {
    type: 'LayerPositions',
    doc: "Which layers carry a RoPE, ALiBi or T5 scheme (the others attend by content alone); other schemes: 'every'.",
  },
  scalingKind: { type: 'ScalingKind', doc: '' },
  pairing: { type: 'Pairing', doc: 'Which dimensions RoPE turns together: (2i, 2i + 1), or (i, i + d/2) as rotate_half does.' },
  layout: { type: 'Layout', doc: "Where the sinusoidal table puts its cosines: beside each sine, or in a second block ('concat')." },
  precision: { type: 'Precision', doc: '' },
  yarnRamp: {
    type: 'YarnRamp',
    doc: "How YaRN's ramp runs between betaSlow and betaFast: linear in the pair index (HF, the YaRN code) or in L / wavelength (the paper).",
  },
  rotaryAxes: { type: 'RotaryAxes', doc: "A position is an index ('sequence'), (t, h, w) (Qwen2-VL's M-RoPE) or (h, w) (2D axial RoPE)." },
  spanKind: { type: 'SpanKind', doc: 'The keys a query sees: every earlier one, the last `size`, or those of its own chunk of `size`.' },
  model: { type: 'ModelName', doc: 'The real models whose position settings the engine carries (posenc.models).' },
};

/** @type {Group} */
export const ropeScaling = {
  name: 'RopeScaling',
  title: 'scaling',
  doc:
    "As Hugging Face's rope_scaling (trainedLength is original_max_position_embeddings); each kind reads its own fields "
    + '(posenc.names.scalingKind[i].reads), with published defaults. pi: frequencies / factor; ntk: base * factor^(D/(D-2)); '
    + 'dynamic: the same with the base grown for the sequence length; yarn: interpolated below betaSlow turns within '
    + 'trainedLength, kept above betaFast, a ramp between; llama3: kept under trainedLength / highFreqFactor, divided by factor '
    + 'over trainedLength / lowFreqFactor, smooth between; longrope: divided per pair by longFactor past trainedLength, else '
    + "shortFactor. attentionFactor (yarn, longrope) replaces the formula; mscale and mscaleAllDim are DeepSeek's. A field of "
    + 'another kind is accepted and unused, so a page can switch kinds without rebuilding the object.',
  fields: {
    kind: optional('ScalingKind', 'which rule rescales the frequencies', "'none'"),
    factor: optional('number', 's, the ratio of the target length to trainedLength (pi, ntk, dynamic, yarn, llama3, longrope)'),
    trainedLength: optional('number', "HF's original_max_position_embeddings (dynamic, yarn, llama3, longrope)"),
    lowFreqFactor: optional('number', 'llama3', '1'),
    highFreqFactor: optional('number', 'llama3', '4'),
    betaFast: optional('number', 'yarn', '32'),
    betaSlow: optional('number', 'yarn', '1'),
    ramp: optional('YarnRamp', 'yarn', "'dimension'"),
    truncate: optional('boolean', 'yarn: ramp ends rounded to whole pairs', 'true'),
    attentionFactor: optional('number', 'yarn, longrope: the factor on q and k, in place of the formula'),
    mscale: optional('number', "yarn: DeepSeek's mscale"),
    mscaleAllDim: optional('number', "yarn: DeepSeek's mscale_all_dim"),
    shortFactor: numbers('longrope: per-pair factors up to trainedLength', { isRequired: false }),
    longFactor: numbers('longrope: per-pair factors past trainedLength', { isRequired: false }),
  },
};

/** @type {Group} */
export const attentionSpan = {
  name: 'AttentionSpan',
  title: 'span',
  doc: 'The keys a query sees.',
  fields: {
    kind: optional('SpanKind', "every earlier key, a sliding window, or the query's own chunk", "'full'"),
    size: optional('number', 'the window or chunk, in tokens (sliding, chunked)'),
  },
};

/** @type {Group} */
export const ropeOptions = {
  name: 'RopeOptions',
  title: 'RoPE settings',
  doc: 'How RoPE turns q and k: its base, pairing, scaling, the share of dimensions it turns and what a position is.',
  fields: {
    base: optional('number', 'theta_j = base^(-2j/d)', '10000'),
    pairing: optional('Pairing', 'which dimensions turn together', "'interleaved'"),
    rotaryFraction: optional('number', "HF's partial_rotary_factor: the first floor(headDim x fraction) dimensions rotate, the rest carry no position", '1'),
    rotaryAxes: optional('RotaryAxes', 'with mrope or axial, that many entries of `positions` per row', "'sequence'"),
    mropeSection: numbers('M-RoPE: the pairs turned by t, h and w', { isRequired: false, defaultValue: '[16, 24, 24]' }),
    scaling: object(ropeScaling.fields, { typeName: ropeScaling.name, doc: 'a context-extension rule (below)', defaultValue: "{ kind: 'none' }" }),
  },
};

/** @type {Group} */
export const t5Options = {
  name: 'T5Options',
  title: 'T5 settings',
  doc: "T5's relative-position buckets.",
  fields: {
    bidirectional: optional('boolean', 'keys after the query get buckets of their own (an encoder)', 'true'),
    numBuckets: optional(
      'number',
      'buckets in all, split between the directions when bidirectional; in each, half for exact small distances, the rest log-spaced',
      '32',
    ),
    maxDistance: optional('number', 'distances from here on share the last bucket', '128'),
  },
};

/** @type {Group} */
export const modelShape = {
  name: 'ModelShape',
  title: 'model shape',
  doc: "The toy model's shape: each preset's `trainer` holds these, the defaults of a call that names the preset; a call may override any.",
  allRequired: true,
  fields: {
    layerPositions: optional('LayerPositions', 'which layers carry the scheme', "'every'"),
    trainedLength: optional('number', 'L: the length it trains on'),
    dModel: optional('number', "the width of each token's vector"),
    nHeads: optional('number', 'attention heads per layer'),
    nLayers: optional('number', 'attention layers'),
    mlpHidden: optional('number', 'the width of each feed-forward block'),
    base: optional('number', 'the sinusoidal or RoPE base'),
    offset: optional('number', 'copyBack: how far back the answer sits; markedValue: the marker sits in positions 0 .. offset - 1'),
    symbols: optional('number', 'ordinary tokens, 0 .. symbols - 1'),
    passkeys: optional('number', 'passkey and marker tokens, symbols .. symbols + passkeys - 1'),
    markerSpacing: optional('number', 'lastMarker: each position after 0 is a marker with probability 1 / markerSpacing'),
  },
};

/** @type {Group} */
export const trainingRecipe = {
  name: 'TrainingRecipe',
  title: 'training recipe',
  doc: "How the toy model is trained, not what it is: each preset's `trainer` holds these; a model given by its parameters reads none of them.",
  allRequired: true,
  fields: {
    batchSize: optional('number', 'sequences per Adam step'),
    queriesPerSequence: optional('number', 'rows with a loss per sequence; 0: every answerable row'),
    learningRate: optional('number', "Adam's step size"),
    warmupSteps: optional('number', 'sequences grow from warmupLength to trainedLength over these steps'),
    warmupLength: optional('number', "the first sequences' length"),
    windowSteps: optional('number', 'the first windowSteps steps train on windowBatch windows of windowLength tokens placed anywhere below trainedLength'),
    windowLength: optional('number', 'tokens per window'),
    windowBatch: optional('number', 'windows per step'),
  },
};

/** @type {Group} */
export const evaluationSettings = {
  name: 'EvaluationSettings',
  title: 'evaluation settings',
  doc: "How a model is scored: sequences firstSequence .. firstSequence + sequences - 1 of the seed's stream, so parts of one evaluation add up; each preset's `evaluation` holds these.",
  allRequired: true,
  fields: {
    length: optional('number', 'positions scored, 0 .. length - 1'),
    bucketWidth: optional('number', 'positions per bucket'),
    sequences: optional('number', 'sequences scored'),
    firstSequence: optional('number', "the first of them in the seed's stream"),
    queriesPerBucket: optional('number', 'rows asked per sequence and bucket; 0: every row'),
    seed: optional('number', "of the evaluation sequences, apart from training's"),
  },
};

/** The groups posenc.d.ts declares, in its order. */
export const groups = [ropeScaling, attentionSpan, ropeOptions, t5Options, modelShape, trainingRecipe, evaluationSettings];
