// Every function of the engine's JS API (posenc.js), described once: what it does, the options each
// of its signatures takes (web/api/options.js), what it returns, and README's line for the result.
// posenc-arguments.js copies a call's arguments by these options; scripts/api-reference.mjs writes
// web/posenc.d.ts and README's API tables from them (`npm run build`), and `npm test` fails when
// either file is stale.
import {
  attentionSpan,
  buffer,
  evaluationSettings,
  modelShape,
  numbers,
  object,
  optional,
  required,
  ropeOptions,
  ropeScaling,
  t5Options,
  trainingRecipe,
} from './options.js';

/**
 * One part of a signature's options: fields of its own, a group (`omit` drops some of its fields), or
 * one of several sets of fields.
 * @typedef {{ fields: Record<string, import('./options.js').Option> }
 *   | { group: import('./options.js').Group, omit?: string[] }
 *   | { either: Record<string, import('./options.js').Option>[] }} Part
 */
/**
 * @typedef {object} Signature
 * @property {string} [doc] this signature's own doc (an overload)
 * @property {string} [typeParameters] e.g. 'S extends Scheme'
 * @property {Part[]} options
 * @property {string} [orAlso] another type the options argument may be, e.g. 'number'
 * @property {string} returns the TypeScript type of the result
 */
/**
 * @typedef {object} ApiFunction
 * @property {string} doc
 * @property {Signature[]} signatures
 * @property {string} summary README's words for the result
 */

const own = (fields) => ({ fields });
const group = (g, ...omit) => (omit.length > 0 ? { group: g, omit } : { group: g });
/** @returns {ApiFunction} */
const fn = ({ doc, options, returns, summary, orAlso = undefined }) => ({ doc, signatures: [{ options, returns, ...(orAlso ? { orAlso } : {}) }], summary });

const oneIndexPerToken = ['rotaryAxes', 'mropeSection'];
const seed = (defaultValue) => optional('number', '', defaultValue);
/** @type {import('./options.js').Group} */
const givenModel = {
  name: 'GivenModel',
  title: 'given model',
  doc: "A model given by its parameters: its scheme, task and preset; any field of the model shape may override the preset's.",
  fields: {
    preset: optional('string', "whose trainer's shape the model has, and whose evaluation settings score it", "'quick'"),
    scheme: required('Scheme'),
    task: required('Task'),
    parameters: numbers("its parameters, in trainerParameters' layout (Float32Array or Float64Array)"),
    scaling: object(ropeScaling.fields, { typeName: ropeScaling.name, doc: 'RoPE: a scaling the model is asked with' }),
  },
};
/** @type {import('./options.js').Group} */
const extensionModel = {
  name: 'ExtensionModel',
  title: 'stretched model',
  doc: "A shipped-shape RoPE model (defaults: the positionModels preset's RoPE run), stretched with a scaling to targetLength.",
  fields: {
    parameters: numbers("its parameters, in trainerParameters' layout"),
    kind: required('ExtensionKind', 'the scaling that stretches it'),
    experiment: optional('ExtensionExperiment', "whose preset fills the defaults: evaluation, targetLength, and for finetune its steps' sizes"),
    size: optional("'quick' | 'larger'", 'which of its two presets', "'quick'"),
    targetLength: optional('number', 'the length it is stretched to'),
    scheme: optional("'rope'"),
    task: optional('Task'),
  },
};

/** @type {Record<string, ApiFunction>} */
export const functions = {
  sinusoidal: fn({
    doc: "PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(same); 'concat' puts [sin | cos] blocks.",
    options: [
      own({
        positions: numbers(),
        dModel: required('number'),
        base: optional('number', '', '10000'),
        layout: optional('Layout', '', "'interleaved'"),
        precision: optional('Precision', '', "'float64'"),
        out: buffer('Float64Array | Float32Array', "the table's buffer: a Float64Array (Float32Array for 'float32') of positions x dModel; see Out"),
      }),
    ],
    returns: '{ rows: number; cols: number; data: Float64Array | Float32Array }',
    summary: '`{ rows, cols, data }`',
  }),
  nope: fn({
    doc: 'NoPE adds nothing: zeros of positions x dModel.',
    options: [own({ positions: numbers(), dModel: required('number'), out: buffer() })],
    returns: 'Table',
    summary: 'zeros: NoPE adds nothing',
  }),
  learnedTable: fn({
    doc: 'A fresh table, N(0, 0.02^2), rows 0..maxLength-1.',
    options: [own({ maxLength: required('number'), dModel: required('number'), seed: seed('0'), out: buffer() })],
    returns: 'Table',
    summary: 'a fresh table, entries N(0, 0.02²)',
  }),
  learnedLookup: fn({
    doc: 'Rows for positions; past the last row the overflow policy decides. `out` holds the rows (sourceRow and ownRow are fresh).',
    options: [
      own({
        table: object({ rows: required('number'), cols: required('number'), data: numbers() }, { typeName: 'Table', isRequired: true }),
        positions: numbers(),
        overflow: optional('Overflow', '', "'error'"),
        sequenceLength: optional('number', "'window': the length of the sequence the positions belong to"),
        out: buffer(),
      }),
    ],
    returns: 'Table & { sourceRow: Float64Array; ownRow: Uint8Array }',
    summary: 'rows, plus `sourceRow` and `ownRow` per position',
  }),
  rope: fn({
    doc:
      'Rotates each row of x by its position: pair j of the rotary dimensions turns by c theta_j, c the coordinate that turns '
      + "it (one per row for 'sequence'; (t, h, w) or (h, w) flattened, a row's coordinates together). attentionFactor multiplies "
      + "q and k in HF (not applied here); logitFactor is DeepSeek's softmax factor.",
    options: [own({ positions: numbers(), x: numbers() }), group(ropeOptions), own({ out: buffer() })],
    returns: 'Table & { attentionFactor: number; logitFactor: number }',
    summary: 'rotated rows, `attentionFactor`, `logitFactor`',
  }),
  ropeScore: fn({
    doc: 'R(m) q . R(n) k, a function of m - n.',
    options: [own({ q: numbers(), k: numbers(), m: required('number'), n: required('number') }), group(ropeOptions)],
    returns: 'number',
    summary: 'R(m)q · R(n)k',
  }),
  ropeFrequencies: fn({
    doc:
      'theta_j per rotary pair after scaling, for a sequence of sequenceLength tokens (dynamic and longrope read it), the '
      + 'coordinate turning each pair, the rotary dimensions, and the factors on q and k and on the logits.',
    options: [
      own({ headDim: required('number'), sequenceLength: optional('number', '', '1') }),
      group(ropeOptions),
      own({ out: object({ frequencies: buffer(), pairAxis: buffer('Out<Uint8Array>') }) }),
    ],
    returns: '{ frequencies: Float64Array; pairAxis: Uint8Array; rotaryDims: number; attentionFactor: number; logitFactor: number }',
    summary: 'θ per rotary pair after scaling, `pairAxis`, `rotaryDims`, `attentionFactor`, `logitFactor`',
  }),
  alibiSlopes: fn({
    doc: 'The official ALiBi slopes (not sorted for non-powers of two). A bare number is read as nHeads.',
    options: [own({ nHeads: required('number'), out: buffer() })],
    orAlso: 'number',
    returns: 'Float64Array',
    summary: 'the slopes, one per head',
  }),
  alibiBias: fn({
    doc: '-m (i - j) for past keys, -Infinity for future ones; heads x queries x keys.',
    options: [own({ nHeads: required('number'), keyLength: required('number'), queryLength: required('number'), out: buffer() })],
    returns: '{ heads: number; queries: number; keys: number; data: Float64Array }',
    summary: 'the bias, heads × queries × keys',
  }),
  t5Bucket: fn({
    doc: 'T5 buckets of key - query.',
    options: [own({ relativePositions: numbers() }), group(t5Options), own({ out: buffer('Out<Int32Array>') })],
    returns: 'Int32Array',
    summary: '`Int32Array` of buckets',
  }),
  attention: fn({
    doc:
      'Toy attention of query p over keys 0..p under one scheme, with seeded weights. RoPE rotates the first rotaryFraction of '
      + 'dModel; latentDims adds unrotated dimensions to q and k (decoupled RoPE); keys outside `span` get no weight. With `model`, '
      + 'one layer group of it (layerGroup, default its first) sets scheme and settings; only queryPosition, seed, overflow and '
      + 'head are read besides.',
    options: [
      { either: [{ model: required('ModelName'), layerGroup: optional('string') }, { scheme: required('Scheme') }] },
      own({
        queryPosition: required('number'),
        dModel: optional('number', '', '64'),
        seed: seed('1'),
        trainedLength: optional('number', '', '2048'),
        overflow: optional('Overflow', '', "'clamp'"),
        nHeads: optional('number', '', '8'),
        head: optional('number', '', '0'),
        latentDims: optional('number', '', '0'),
      }),
      group(ropeOptions, ...oneIndexPerToken),
      own({
        span: object(attentionSpan.fields, { typeName: attentionSpan.name, defaultValue: "{ kind: 'full' }" }),
        out: object({ logits: buffer(), weights: buffer() }, { doc: 'buffers of queryPosition + 1 elements; see Out' }),
      }),
    ],
    returns: '{ logits: Float64Array; weights: Float64Array }',
    summary: 'toy `logits` and `weights` over keys 0..p',
  }),
  beyondTrained: {
    doc: 'What a scheme, or each layer group of a real model, does at position p past the trained length.',
    signatures: [
      {
        doc: "A real model at p (up to limits.maxAnalysisPosition): its settings are the model's, one analysis per layer group.",
        options: [own({ model: required('ModelName'), p: optional('number', '', '5000') })],
        returns: 'ModelBeyond',
      },
      {
        doc: 'What a scheme does at position p when training stopped at trainedLength.',
        typeParameters: 'S extends Scheme',
        options: [
          own({
            scheme: required('S'),
            p: optional('number', '', '5000'),
            trainedLength: optional('number', '', '2048'),
            dModel: optional('number', 'sinusoidal', '512'),
            headDim: optional('number', 'RoPE', '64'),
            nHeads: optional('number', 'ALiBi', '8'),
            latentDims: optional('number', 'RoPE', '0'),
          }),
          group(ropeOptions),
          own({
            span: object(attentionSpan.fields, { typeName: attentionSpan.name, doc: 'RoPE', defaultValue: "{ kind: 'full' }" }),
            search: object(
              { from: required('number'), to: required('number') },
              {
                doc: 'sinusoidal: the trained positions from <= q < to the nearest-row search walks, so a page can search a long L a stretch at a time; from = to searches nothing (nearest: null)',
                defaultValue: '{ from: 0, to: trainedLength }',
              },
            ),
          }),
          group(t5Options),
        ],
        returns: 'Extract<BeyondTrained, { scheme: S }>',
      },
    ],
    summary: 'what the scheme (or each layer group of a real model) does at p past L (below)',
  },
  offsetSimilarity: fn({
    doc:
      'PE(p).PE(p + delta), direct and closed form, and the RoPE score R(p + delta)q . R(p)k of seeded q, k at offsets '
      + '0..maxOffset, with the RoPE settings given (dModel is the head dimension, base serves both). The rotated dimensions '
      + 'carry attentionFactor squared (HF scales cos and sin by it); the unrotated ones add q . k over them. q and k turn in '
      + 'one sequence of p + maxOffset + 1 tokens, the length dynamic NTK and LongRoPE read.',
    options: [
      own({ p: optional('number', '', '0'), maxOffset: optional('number', '', '256'), dModel: optional('number', '', '64'), seed: seed('1') }),
      group(ropeOptions, ...oneIndexPerToken),
      own({
        out: object({ sinusoidalDot: buffer(), sinusoidalClosedForm: buffer(), ropeScore: buffer() }, { doc: 'buffers of maxOffset + 1 elements; see Out' }),
      }),
    ],
    returns: '{ sinusoidalDot: Float64Array; sinusoidalClosedForm: Float64Array; ropeScore: Float64Array; attentionFactor: number }',
    summary: 'PE(p)·PE(p+δ) direct and closed form, and the RoPE score R(p+δ)q·R(p)k of seeded q, k, by offset',
  }),
  trainerCreate: fn({
    doc:
      'A toy causal transformer for `scheme`, trained on `task` at length trainedLength; every other setting defaults to '
      + "the preset's trainer. Returns an id for trainerStep/trainerEvaluate (at most 32 alive); call trainerDispose when done.",
    options: [
      own({ preset: optional('string', '', "'quick'"), scheme: required('Scheme'), task: required('Task') }),
      group(modelShape),
      own({ seed: seed('1') }),
      group(trainingRecipe),
    ],
    returns: '{ id: number; parameters: number }',
    summary: '`{ id, parameters }` of a toy model in a registry (at most 32 alive)',
  }),
  trainerStep: fn({
    doc: '`steps` Adam steps on fresh batches; the loss of each. Keep steps small to stay responsive.',
    options: [own({ id: required('number'), steps: optional('number', '', '1') })],
    returns: '{ step: number; loss: number; losses: Float64Array }',
    summary: '`{ step, loss, losses }` after `steps` Adam steps',
  }),
  trainerEvaluate: fn({
    doc:
      'Accuracy and confidence (mean probability of the predicted token) per bucket of positions up to length; '
      + 'inDistribution on sequences of trainedLength, beyond over positions >= trainedLength. A learned table under '
      + "overflow 'error' has no score past its rows: those buckets are unavailable and `unavailable` says why. "
      + "Defaults from the preset's evaluation.",
    options: [
      own({ preset: optional('string', '', "'quick'"), id: required('number') }),
      group(evaluationSettings),
      own({ overflow: optional('Overflow', '', "'clamp'") }),
    ],
    returns: 'Evaluation',
    summary: 'per-bucket `accuracy`, `confidence`, `available`; `inDistribution`, `beyond`, `unavailable`',
  }),
  trainerParameters: fn({
    doc:
      "The trainer's parameters now (a copy) and where each group of them sits, e.g. the learned table's "
      + "{ name: 'positionTable', offset, rows: trainedLength, cols: dModel }.",
    options: [own({ id: required('number') })],
    returns: '{ step: number; parameters: Float64Array; groups: ReadonlyArray<{ name: string; offset: number; rows: number; cols: number }> }',
    summary: '`{ step, parameters, groups }`: a copy of its parameters, and where each group sits',
  }),
  trainerDispose: fn({
    doc: 'Frees a trainer; its id is then invalid.',
    options: [own({ id: required('number') })],
    returns: '{ live: number }',
    summary: '`{ live }`: the trainers still alive',
  }),
  passkeyGrid: fn({
    doc:
      'A trainer on the passkey task asked on every depth x length cell: the key at round(depth (length - 2)), the '
      + 'question at the last row; accuracy and confidence (mean largest probability) per cell. Sequences firstSequence '
      + "[0] .. firstSequence + sequences - 1 of `seed`'s stream, so parts add up.",
    options: [
      own({
        id: required('number'),
        sequences: required('number'),
        firstSequence: optional('number', '', '0'),
        overflow: optional('Overflow', 'a learned table', "'clamp'"),
        seed: required('number'),
        depths: numbers('0 .. 1'),
        lengths: numbers(),
      }),
    ],
    returns: 'PasskeyGrid',
    summary: 'accuracy and confidence per depth × length cell',
  }),
  modelProbe: fn({
    doc:
      "A model given by its parameters, shaped as options.preset's trainer, asked at row queryPosition = p of its task's "
      + 'sequence of p + 1 tokens from `seed` (a longer p extends the same sequence). A learned table under '
      + "'window' past its rows reads the last trainedLength tokens (the earlier keys weigh 0); under 'error' it has no row "
      + 'there and the call throws. A RoPE model may be asked with a scaling (PI, NTK-aware, YaRN with its attention factor), '
      + 'which it never saw in training.',
    options: [
      group(givenModel),
      group(modelShape),
      own({
        queryPosition: required('number'),
        seed: seed('1'),
        overflow: optional('Overflow', '', "'clamp'"),
        out: buffer('Out', "the weights' buffer, heads x (queryPosition + 1)"),
      }),
    ],
    returns: 'ModelProbe',
    summary: '`weights` (heads × keys), `answerPosition`, `answer`, `prediction`, `correct`, `confidence`, `answerProbability`',
  }),
  modelEvaluate: fn({
    doc: 'A model given by its parameters, scored as trainerEvaluate scores a trainer (shape and evaluation from options.preset).',
    options: [group(givenModel), group(modelShape), group(evaluationSettings), own({ overflow: optional('Overflow', '', "'clamp'") })],
    returns: 'Evaluation',
    summary: 'that model scored as `trainerEvaluate` scores a trainer',
  }),
  extensionEvaluate: fn({
    doc:
      'A shipped-shape RoPE model asked with scaling `kind` at s = targetLength / trainedLength, scored as modelEvaluate '
      + "scores (inside L on sequences of L tokens with the scaling applied). Evaluation settings default to the preset's.",
    options: [group(extensionModel), group(modelShape), group(evaluationSettings), own({ overflow: optional('Overflow', '', "'clamp'") })],
    returns: 'Evaluation & { factor: number; attentionFactor: number }',
    summary: 'the stretched model scored, with its scaling `factor` and `attentionFactor`',
  }),
  finetuneCreate: fn({
    doc:
      'A trainer (trainerStep, trainerParameters, trainerDispose) that starts from `parameters` and trains on sequences '
      + "of targetLength tokens with scaling `kind` in every pass; sizes default to the preset's. Ask the result with "
      + "extensionEvaluate (trainerParameters' parameters, the same kind).",
    options: [
      group(extensionModel),
      group(modelShape),
      own({ seed: seed('1'), batchSize: optional('number'), queriesPerSequence: optional('number'), learningRate: optional('number') }),
    ],
    returns: '{ id: number; factor: number }',
    summary: '`{ id, factor }`: a trainer for `trainerStep`',
  }),
};

/** The groups only these functions declare (posenc.d.ts puts them after web/api/options.js's). */
export const functionGroups = [givenModel, extensionModel];

/** The options one part of a signature names, by name. */
export function partOptions(part) {
  if ('fields' in part) return part.fields;
  if ('either' in part) return Object.assign({}, ...part.either);
  return Object.fromEntries(Object.entries(part.group.fields).filter(([name]) => !part.omit?.includes(name)));
}

/** Every option any signature of `apiFunction` reads, in the order its parts name them. */
export const functionOptions = (apiFunction) => Object.assign({}, ...apiFunction.signatures.flatMap((signature) => signature.options.map(partOptions)));

/** What the module holds besides its functions (none of them reads options). */
export const properties = {
  training: {
    type: 'Training',
    doc: "The toy-model experiment's presets (each with its label, trainer and evaluation settings, and its runs: a scheme on a task each) and the names of schemes, tasks and overflow policies.",
  },
  grids: { type: 'Grids', doc: "The grid experiments' presets (passkey at any depth; RoPE and NoPE layers) and their names." },
  extension: { type: 'Extension', doc: 'Context extension: its presets (quick and larger per experiment) and the scaling kinds it compares.' },
  limits: { type: 'Readonly<Limits>', doc: 'The bounds the module checks.' },
  models: { type: 'ReadonlyArray<ModelPreset>', doc: "Real models' position settings (GPT-2 ... Qwen2-VL), one entry per model." },
  names: {
    type: 'Readonly<Names>',
    doc:
      "Every name the functions read, per option, in the order lists show them (the module's tables: a page never keeps its own copy), each with a label for people. "
      + 'Each scaling kind also lists the fields it reads, whether it needs per-pair factors only a checkpoint gives, and whether its frequencies follow the sequence length (dynamic NTK, LongRoPE).',
  },
  memoryStats: {
    type: 'MemoryStats',
    method: true,
    doc:
      "Diagnostics for leak tests: wasm memory size, the allocator's break (sbrk(0)), the stack pointer and its base, and "
      + 'the count of live Embind value handles (each leaked handle is a JS object the page can never free).',
  },
};
