// The public API of posenc.js, written by hand (small on purpose: what a caller passes and gets back).
// posenc.js is checked against it (jsconfig.json, npm test), so the two cannot drift apart.
// Every function takes one options object; fields left out take the defaults in brackets. Bad input
// throws a RangeError or TypeError naming the argument, the value and what is allowed; a key a function
// does not read throws a TypeError naming it and the nearest real key (tests/js/api-types.test.mjs keeps
// the keys here equal to web/posenc-arguments.js's table).
// The names (Scheme, Overflow, ...) are the module's, listed at run time in posenc.names; a test
// (tests/js/posenc-types.test.mjs) keeps these unions equal to them.

/** An Array of numbers or a numeric typed array. */
export type Numbers = ArrayLike<number>;

/** Row-major rows x cols. */
/**
 * The caller's buffer for a result [a fresh array each call]: a typed array of exactly the result's type and length,
 * made in this window (no subclass, no own length or set). The engine writes every element and returns this very array
 * in its result, so a view that redraws the same shape reuses one buffer and allocates nothing. A wrong type or length
 * is refused (TypeError, RangeError) before anything is written.
 */
export type Out<Array = Float64Array> = Array;

export interface Table {
  rows: number;
  cols: number;
  data: Float64Array;
}

export type Scheme = 'learned' | 'sinusoidal' | 'rope' | 'alibi' | 't5' | 'nope';
export type Overflow = 'error' | 'clamp' | 'wrap' | 'window' | 'interpolate';
/**
 * copyBack: the token `offset` back; recallFirst: the passkey at 0; lastMarker: the latest marker token; passkey: the
 * one passkey, at any depth, asked at the last row only; markedValue: the token after the one marker (in the first
 * `offset` positions), at every later row.
 */
export type Task = 'copyBack' | 'recallFirst' | 'lastMarker' | 'passkey' | 'markedValue';
/** Which layers carry a RoPE, ALiBi or T5 scheme (the others attend by content alone); other schemes: 'every'. */
export type LayerPositions = 'every' | 'first' | 'last';
/** The grid experiments: a passkey at any depth, and RoPE and NoPE layers side by side. */
export type GridExperiment = 'passkey' | 'hybrid';
export type ScalingKind = 'none' | 'pi' | 'ntk' | 'yarn' | 'llama3' | 'dynamic' | 'longrope';
/** How YaRN's ramp runs between betaSlow and betaFast: linear in the pair index (HF, the YaRN code) or in L / wavelength (the paper). */
export type YarnRamp = 'dimension' | 'ratio';
/** A position is an index ('sequence'), (t, h, w) (Qwen2-VL's M-RoPE) or (h, w) (2D axial RoPE). */
export type RotaryAxes = 'sequence' | 'mrope' | 'axial';
/** The keys a query sees: every earlier one, the last `size`, or those of its own chunk of `size`. */
export type SpanKind = 'full' | 'sliding' | 'chunked';
/** The real models whose position settings the engine carries (posenc.models). */
export type ModelName =
  | 'gpt-2'
  | 'bert-base'
  | 't5'
  | 'bloom'
  | 'mpt-7b'
  | 'gpt-j-6b'
  | 'gpt-neox-20b'
  | 'llama-2-7b'
  | 'llama-3.1-8b'
  | 'mistral-7b'
  | 'qwen2.5-7b'
  | 'gemma-3-4b'
  | 'phi-3-mini-128k'
  | 'deepseek-v3'
  | 'llama-4-scout'
  | 'smollm3-3b'
  | 'qwen2-vl-7b';
export type Pairing = 'interleaved' | 'half';
export type Layout = 'interleaved' | 'concat';
export type Precision = 'float64' | 'float32';

/**
 * As Hugging Face's rope_scaling (trainedLength is original_max_position_embeddings); each kind reads its own fields
 * (posenc.names.scalingKind[i].reads), with published defaults. pi: frequencies / factor; ntk: base * factor^(D/(D-2));
 * dynamic: the same with the base grown for the sequence length; yarn: interpolated below betaSlow turns within
 * trainedLength, kept above betaFast, a ramp between; llama3: kept under trainedLength / highFreqFactor, divided by factor
 * over trainedLength / lowFreqFactor, smooth between; longrope: divided per pair by longFactor past trainedLength, else
 * shortFactor. attentionFactor (yarn, longrope) replaces the formula; mscale and mscaleAllDim are DeepSeek's.
 */
export interface RopeScaling {
  kind?: ScalingKind;
  factor?: number;
  trainedLength?: number;
  /** llama3 [1] */
  lowFreqFactor?: number;
  /** llama3 [4] */
  highFreqFactor?: number;
  /** yarn [32] */
  betaFast?: number;
  /** yarn [1] */
  betaSlow?: number;
  /** yarn ['dimension'] */
  ramp?: YarnRamp;
  /** yarn: ramp ends rounded to whole pairs [true] */
  truncate?: boolean;
  attentionFactor?: number;
  mscale?: number;
  mscaleAllDim?: number;
  /** longrope: per-pair factors up to trainedLength */
  shortFactor?: Numbers;
  /** longrope: per-pair factors past trainedLength */
  longFactor?: Numbers;
}

export interface AttentionSpan {
  /** ['full'] */
  kind?: SpanKind;
  size?: number;
}

interface RopeOptions {
  /** [10000] */
  base?: number;
  /** ['interleaved'] */
  pairing?: Pairing;
  /** [{ kind: 'none' }] */
  scaling?: RopeScaling;
  /** HF's partial_rotary_factor: the first floor(headDim x fraction) dimensions rotate, the rest carry no position [1] */
  rotaryFraction?: number;
  /** ['sequence'] */
  rotaryAxes?: RotaryAxes;
  /** M-RoPE: the pairs turned by t, h and w [[16, 24, 24]] */
  mropeSection?: Numbers;
}

interface T5Options {
  /** [true] */
  bidirectional?: boolean;
  /** [32] */
  numBuckets?: number;
  /** [128] */
  maxDistance?: number;
}

/** The toy model's shape and training recipe; each preset's `trainer` holds all of them. */
export interface TrainerSettings {
  /** ['every'] */
  layerPositions: LayerPositions;
  trainedLength: number;
  dModel: number;
  nHeads: number;
  nLayers: number;
  mlpHidden: number;
  base: number;
  offset: number;
  symbols: number;
  passkeys: number;
  markerSpacing: number;
  batchSize: number;
  queriesPerSequence: number;
  learningRate: number;
  /** Sequences grow from warmupLength to trainedLength over warmupSteps. */
  warmupSteps: number;
  warmupLength: number;
  /** First windowSteps steps of windowBatch windows of windowLength tokens placed anywhere below trainedLength. */
  windowSteps: number;
  windowLength: number;
  windowBatch: number;
}

/** Sequences firstSequence .. firstSequence + sequences - 1 of the seed's stream: parts of one evaluation add up. */
export interface EvaluationSettings {
  length: number;
  bucketWidth: number;
  sequences: number;
  firstSequence: number;
  queriesPerBucket: number;
  seed: number;
}

export interface Preset {
  name: string;
  label: string;
  description: string;
  trainer: TrainerSettings;
  /** The models it trains, in order. */
  runs: ReadonlyArray<{ scheme: Scheme; task: Task }>;
  /** Training steps per run. */
  steps: number;
  evaluation: EvaluationSettings;
}

/** accuracy and confidence are NaN when count is 0. */
export interface Score {
  count: number;
  accuracy: number;
  confidence: number;
}

export interface Evaluation {
  step?: number;
  trainedLength: number;
  buckets: {
    start: Int32Array;
    end: Int32Array;
    count: Int32Array;
    accuracy: Float64Array;
    confidence: Float64Array;
    available: Uint8Array;
  };
  inDistribution: Score;
  beyond: Score;
  /** Why some buckets have no score (a learned table under 'error' past its rows). */
  unavailable?: string;
}

/** What callers write, and what people read. */
export type NameList<Name extends string = string> = ReadonlyArray<{ readonly name: Name; readonly label: string }>;

export interface Names {
  scheme: NameList<Scheme>;
  overflow: NameList<Overflow>;
  task: NameList<Task>;
  /** Each kind also lists the scaling fields it reads, whether it needs per-pair factors only a checkpoint gives, and whether its frequencies follow the sequence length (dynamic NTK, LongRoPE). */
  scalingKind: ReadonlyArray<{
    readonly name: ScalingKind;
    readonly label: string;
    readonly reads: NameList;
    readonly perPairFactors: boolean;
    readonly followsLength: boolean;
  }>;
  pairing: NameList<Pairing>;
  layout: NameList<Layout>;
  precision: NameList<Precision>;
  yarnRamp: NameList<YarnRamp>;
  rotaryAxes: NameList<RotaryAxes>;
  spanKind: NameList<SpanKind>;
  model: NameList<ModelName>;
  layerPositions: NameList<LayerPositions>;
}

export interface Limits {
  maxPosition: number;
  /** How far p may reach in beyondTrained, rope and ropeFrequencies. */
  maxAnalysisPosition: number;
  /** How large a trained length L may be where it is a number, not a table: beyondTrained's and attention's
   * trainedLength, every scaling's trainedLength. */
  maxTrainedLength: number;
  maxDModel: number;
  maxCells: number;
  maxHeads: number;
  maxAttentionDModel: number;
}

/** Depths (0 .. 1) x lengths of a passkey grid, each cell scored on `sequences` sequences from `seed`. */
export interface GridSettings {
  depths: ReadonlyArray<number>;
  lengths: ReadonlyArray<number>;
  sequences: number;
  seed: number;
}

export interface GridPreset {
  experiment: GridExperiment;
  /** 'quick' or 'larger', one of each per experiment. */
  name: string;
  label: string;
  description: string;
  /** Everything trainerCreate reads but the scheme and the layer positions, which come per run. */
  trainer: TrainerSettings & { task: Task };
  runs: ReadonlyArray<{ scheme: Scheme; layerPositions: LayerPositions }>;
  /** Training steps per run. */
  steps: number;
  /** passkey: the grid passkeyGrid scores. */
  grid?: GridSettings;
  /** hybrid: what trainerEvaluate scores. */
  evaluation?: EvaluationSettings;
}

export interface Grids {
  presets: ReadonlyArray<GridPreset>;
  experiments: ReadonlyArray<GridExperiment>;
  layerPositions: ReadonlyArray<LayerPositions>;
}

/** Row-major depths x lengths; accuracy and confidence are NaN where count is 0 (a learned table under 'error' past L). */
export interface PasskeyGrid {
  step: number;
  trainedLength: number;
  depths: Float64Array;
  lengths: Float64Array;
  count: Int32Array;
  accuracy: Float64Array;
  confidence: Float64Array;
}

export interface Training {
  presets: ReadonlyArray<Preset>;
  schemes: ReadonlyArray<Scheme>;
  tasks: ReadonlyArray<Task>;
  overflows: ReadonlyArray<Overflow>;
}

/** Per frequency pair i, one entry per pair. */
export interface FrequencyPairs {
  /** 2 pi / theta_i, before any rescaling. */
  wavelength: Float64Array;
  /** 1 when training reached a full turn: (L - 1) theta_i >= 2 pi. */
  completedTurn: Uint8Array;
  /** p theta_i' mod 2 pi, with the frequencies used at p. */
  angleAtP: Float64Array;
  /** Training saw angles 0 .. seenMax. */
  seenMax: Float64Array;
  /** 1 when angleAtP > seenMax: an angle no training example produced. */
  outOfRange: Uint8Array;
}

interface BeyondCommon {
  p: number;
  trainedLength: number;
  /** p >= trainedLength */
  beyond: boolean;
}

export interface LearnedBeyond extends BeyondCommon {
  scheme: 'learned';
  rowExists: boolean;
  /** One entry per overflow policy: the row handed over for p (NaN: refused), and what it costs. */
  policies: ReadonlyArray<{ policy: Overflow; sourceRow: number; sharedPositions: number; dropped: number; rowSpacing: number }>;
}

export interface SinusoidalBeyond extends BeyondCommon {
  scheme: 'sinusoidal';
  pairs: FrequencyPairs;
  /** Pairs whose wavelength exceeds L. */
  longWavelengthCount: number;
  outOfRangeCount: number;
  /** The trained position q < L (within `search`) whose encoding is closest in angle to PE(p); null when nothing was searched. */
  nearest: { position: number; cosine: number } | null;
}

export interface RopeBeyond extends BeyondCommon {
  scheme: 'rope';
  pairs: FrequencyPairs;
  /** theta_j per rotary pair after scaling. */
  frequencies: Float64Array;
  /** theta_j as trained, before scaling. */
  trainedFrequencies: Float64Array;
  /** The coordinate turning each pair (0 for 'sequence'; t, h, w for M-RoPE). */
  pairAxis: Uint8Array;
  longWavelengthCount: number;
  outOfRangeCount: number;
  rotaryDims: number;
  unrotatedDims: number;
  /** The distance from the query to the first key it sees (its span decides). */
  distance: number;
  /** On q and k, as HF applies it (YaRN's 0.1 ln s + 1; 1 otherwise). */
  attentionFactor: number;
  /** On the logits (DeepSeek's mscale). */
  logitFactor: number;
}

export interface AlibiBeyond extends BeyondCommon {
  scheme: 'alibi';
  slopes: Float64Array;
  /** -m p per head. */
  biasAtP: Float64Array;
  /** Per head, the distance past which a key gets less than 1e-6 of the nearest key's weight. */
  effectiveSpan: Float64Array;
}

export interface T5Beyond extends BeyondCommon {
  scheme: 't5';
  bucket: number;
  /** The smallest distance that lands in the same bucket as p. */
  firstDistanceInBucket: number;
  bucketAtMaxDistance: number;
}

export interface NopeBeyond extends BeyondCommon {
  scheme: 'nope';
}

export type BeyondTrained = LearnedBeyond | SinusoidalBeyond | RopeBeyond | AlibiBeyond | T5Beyond | NopeBeyond;

/** One layer group of a real model analysed at p: its layers and span, then its scheme's analysis. */
type GroupOf<Result> = Omit<Result, keyof BeyondCommon> & { name: string; label: string; layers: Int32Array; span: Required<AttentionSpan> };

export type GroupBeyond =
  | GroupOf<LearnedBeyond>
  | GroupOf<SinusoidalBeyond>
  /** contextPairs: the same at the model's context length */
  | (GroupOf<RopeBeyond> & { contextPairs: FrequencyPairs; contextOutOfRangeCount: number })
  | GroupOf<AlibiBeyond>
  | GroupOf<T5Beyond>
  /** queryScale: the temperature on the queries at p, where the model has one (Llama 4's NoPE layers) */
  | (GroupOf<NopeBeyond> & { queryScale?: number });

/** A real model at p: one analysis per layer group. */
export interface ModelBeyond extends BeyondCommon {
  model: ModelName;
  label: string;
  /** The scheme of its first group. */
  scheme: Scheme;
  contextLength: number;
  beyondContext: boolean;
  groups: ReadonlyArray<GroupBeyond>;
}

/** A real model's position settings, each number with the file or paper it comes from. */
export interface ModelPreset {
  name: ModelName;
  label: string;
  layers: number;
  heads: number;
  headDim: number;
  dModel: number;
  trainedLength: number;
  contextLength: number;
  t5?: T5Options;
  groups: ReadonlyArray<{
    name: string;
    label: string;
    scheme: Scheme;
    layers: ReadonlyArray<number>;
    rope?: RopeOptions;
    latentDims: number;
    span: Required<AttentionSpan>;
    temperature?: { floor: number; scale: number };
  }>;
  sources: ReadonlyArray<{ covers: string; where: string }>;
}

/** The fields of TrainerSettings that say how a model is trained, not what it is: a given model reads none of them. */
type RecipeField = 'batchSize' | 'queriesPerSequence' | 'learningRate' | 'warmupSteps' | 'warmupLength' | 'windowSteps' | 'windowLength' | 'windowBatch';

/** A model given by its parameters; any field of the preset's trainer that shapes the model may be overridden. */
type ModelOptions = { scheme: Scheme; task: Task; parameters: Numbers; preset?: string; overflow?: Overflow; scaling?: RopeScaling } & Partial<
  Omit<TrainerSettings, RecipeField>
>;

/** The scaling kinds the extension experiments compare (every kind set from s and L alone). */
export type ExtensionKind = Exclude<ScalingKind, 'longrope'>;
export type ExtensionExperiment = 'scaling' | 'finetune';

/** One size of one extension experiment (cpp/include/posenc/extension.hpp). steps is 0 for scaling. */
export interface ExtensionPreset {
  experiment: ExtensionExperiment;
  name: 'quick' | 'larger';
  label: string;
  description: string;
  targetLength: number;
  steps: number;
  batchSize: number;
  queriesPerSequence: number;
  learningRate: number;
  evaluation: EvaluationSettings;
}

export interface Extension {
  presets: ReadonlyArray<ExtensionPreset>;
  kinds: ReadonlyArray<{ name: ExtensionKind; label: string }>;
  experiments: ReadonlyArray<{ name: ExtensionExperiment; label: string }>;
}

/** A shipped-shape RoPE model (defaults: the positionModels preset's RoPE run), stretched with `kind` to targetLength. */
type ExtensionOptions = {
  parameters: Numbers;
  kind: ExtensionKind;
  /** Whose preset fills the defaults: evaluation, targetLength, and for finetune its steps' sizes. */
  experiment?: ExtensionExperiment;
  /** ['quick'] */
  size?: 'quick' | 'larger';
  targetLength?: number;
  scheme?: 'rope';
  task?: Task;
} & Partial<Omit<TrainerSettings, RecipeField>>;

export interface ModelProbe {
  heads: number;
  keys: number;
  /** Each head's attention over keys 0..p, heads x keys. */
  weights: Float64Array;
  /** The key holding the answer. */
  answerPosition: number;
  answer: number;
  prediction: number;
  correct: boolean;
  /** The prediction's probability. */
  confidence: number;
  answerProbability: number;
}

export interface MemoryStats {
  heapSize: number;
  heapTop: number;
  stackPointer: number;
  stackBase: number;
  handles: number;
}

export interface Posenc {
  /** PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(same); 'concat' puts [sin | cos] blocks. */
  sinusoidal(options: {
    positions: Numbers;
    dModel: number;
    /** [10000] */
    base?: number;
    /** ['interleaved'] */
    layout?: Layout;
    /** ['float64'] */
    precision?: Precision;
    /** The table's buffer: a Float64Array (Float32Array for 'float32') of positions x dModel; see Out. */
    out?: Float64Array | Float32Array;
  }): { rows: number; cols: number; data: Float64Array | Float32Array };
  /** NoPE adds nothing: zeros of positions x dModel. */
  nope(options: { positions: Numbers; dModel: number; out?: Out }): Table;
  /** A fresh table, N(0, 0.02^2), rows 0..maxLength-1. */
  learnedTable(options: { maxLength: number; dModel: number; seed?: number; out?: Out }): Table;
  /** Rows for positions; past the last row the overflow policy ['error'] decides. `out` holds the rows (sourceRow and ownRow are fresh). */
  learnedLookup(options: { table: Table; positions: Numbers; overflow?: Overflow; sequenceLength?: number; out?: Out }): Table & {
    sourceRow: Float64Array;
    ownRow: Uint8Array;
  };
  /**
   * Rotates each row of x by its position: pair j of the rotary dimensions turns by c theta_j, c the coordinate that turns
   * it (one per row for 'sequence'; (t, h, w) or (h, w) flattened, a row's coordinates together). attentionFactor multiplies
   * q and k in HF (not applied here); logitFactor is DeepSeek's softmax factor.
   */
  rope(options: { x: Numbers; positions: Numbers; out?: Out } & RopeOptions): Table & { attentionFactor: number; logitFactor: number };
  /** R(m) q . R(n) k, a function of m - n. */
  ropeScore(options: { q: Numbers; k: Numbers; m: number; n: number } & RopeOptions): number;
  /**
   * theta_j per rotary pair after scaling, for a sequence of sequenceLength [1] tokens (dynamic and longrope read it), the
   * coordinate turning each pair, the rotary dimensions, and the factors on q and k and on the logits.
   */
  ropeFrequencies(options: { headDim: number; sequenceLength?: number; out?: { frequencies?: Out; pairAxis?: Out<Uint8Array> } } & RopeOptions): {
    frequencies: Float64Array;
    pairAxis: Uint8Array;
    rotaryDims: number;
    attentionFactor: number;
    logitFactor: number;
  };
  /** The official ALiBi slopes (not sorted for non-powers of two). A bare number is read as nHeads. */
  alibiSlopes(options: { nHeads: number; out?: Out } | number): Float64Array;
  /** -m (i - j) for past keys, -Infinity for future ones; heads x queries x keys. */
  alibiBias(options: { nHeads: number; queryLength: number; keyLength: number; out?: Out }): {
    heads: number;
    queries: number;
    keys: number;
    data: Float64Array;
  };
  /** T5 buckets of key - query. */
  t5Bucket(options: { relativePositions: Numbers; out?: Out<Int32Array> } & T5Options): Int32Array;
  /**
   * Toy attention of query p over keys 0..p under one scheme, with seeded weights. RoPE rotates the first rotaryFraction of
   * dModel; latentDims adds unrotated dimensions to q and k (decoupled RoPE); keys outside `span` get no weight. With `model`,
   * one layer group of it (layerGroup, default its first) sets scheme and settings; only queryPosition, seed, overflow and
   * head are read besides.
   */
  attention(
    options: ({ scheme: Scheme } | { model: ModelName; layerGroup?: string }) & {
      queryPosition: number;
      /** [64] */
      dModel?: number;
      /** [1] */
      seed?: number;
      /** [2048] */
      trainedLength?: number;
      /** ['clamp'] */
      overflow?: Overflow;
      /** [8] */
      nHeads?: number;
      /** [0] */
      head?: number;
      /** [0] */
      latentDims?: number;
      /** [{ kind: 'full' }] */
      span?: AttentionSpan;
      /** Buffers of queryPosition + 1 elements; see Out. */
      out?: { logits?: Out; weights?: Out };
    } & Omit<RopeOptions, 'rotaryAxes' | 'mropeSection'>,
  ): { logits: Float64Array; weights: Float64Array };
  /** What a scheme does at position p [5000] when training stopped at trainedLength [2048]. */
  beyondTrained<S extends Scheme>(
    options: {
      scheme: S;
      p?: number;
      trainedLength?: number;
      /** [512] (sinusoidal) */
      dModel?: number;
      /** [64] (RoPE) */
      headDim?: number;
      /** [8] (ALiBi) */
      nHeads?: number;
      /** [0] (RoPE) */
      latentDims?: number;
      /** [{ kind: 'full' }] (RoPE) */
      span?: AttentionSpan;
      /** [{ from: 0, to: trainedLength }] (sinusoidal): the trained positions from <= q < to the nearest-row search walks,
       * so a page can search a long L a stretch at a time; from = to searches nothing (nearest: null). */
      search?: { from: number; to: number };
    } & RopeOptions &
      T5Options,
  ): Extract<BeyondTrained, { scheme: S }>;
  /** A real model at p (up to limits.maxAnalysisPosition): its settings are the model's, one analysis per layer group. */
  beyondTrained(options: { model: ModelName; p?: number }): ModelBeyond;
  /**
   * PE(p).PE(p + delta), direct and closed form, and the RoPE score R(p + delta)q . R(p)k of seeded q, k at offsets
   * 0..maxOffset, with the RoPE settings given (dModel is the head dimension, base serves both). The rotated dimensions
   * carry attentionFactor squared (HF scales cos and sin by it); the unrotated ones add q . k over them. q and k turn in
   * one sequence of p + maxOffset + 1 tokens, the length dynamic NTK and LongRoPE read.
   */
  offsetSimilarity(
    options: {
      /** [0] */
      p?: number;
      /** [256] */
      maxOffset?: number;
      /** [64] */
      dModel?: number;
      /** [1] */
      seed?: number;
      /** Buffers of maxOffset + 1 elements; see Out. */
      out?: { sinusoidalDot?: Out; sinusoidalClosedForm?: Out; ropeScore?: Out };
    } & Omit<RopeOptions, 'rotaryAxes' | 'mropeSection'>,
  ): {
    sinusoidalDot: Float64Array;
    sinusoidalClosedForm: Float64Array;
    ropeScore: Float64Array;
    attentionFactor: number;
  };
  /** The experiment's presets and the names of schemes, tasks and overflow policies. */
  readonly training: Training;
  /**
   * A toy causal transformer for `scheme`, trained on `task` at length trainedLength; every other setting defaults to
   * the preset's ['quick'] trainer. Returns an id for trainerStep/trainerEvaluate (at most 32 alive); call
   * trainerDispose when done.
   */
  trainerCreate(options: { scheme: Scheme; task: Task; preset?: string; seed?: number } & Partial<TrainerSettings>): {
    id: number;
    parameters: number;
  };
  /** `steps` [1] Adam steps on fresh batches; the loss of each. Keep steps small to stay responsive. */
  trainerStep(options: { id: number; steps?: number }): { step: number; loss: number; losses: Float64Array };
  /**
   * Accuracy and confidence (mean probability of the predicted token) per bucket of positions up to length;
   * inDistribution on sequences of trainedLength, beyond over positions >= trainedLength. A learned table under
   * overflow 'error' has no score past its rows: those buckets are unavailable and `unavailable` says why.
   * Defaults from the preset's evaluation.
   */
  trainerEvaluate(options: { id: number; preset?: string; overflow?: Overflow } & Partial<EvaluationSettings>): Evaluation;
  /**
   * The trainer's parameters now (a copy) and where each group of them sits, e.g. the learned table's
   * { name: 'positionTable', offset, rows: trainedLength, cols: dModel }.
   */
  trainerParameters(options: { id: number }): {
    step: number;
    parameters: Float64Array;
    groups: ReadonlyArray<{ name: string; offset: number; rows: number; cols: number }>;
  };
  /** Frees a trainer; its id is then invalid. */
  trainerDispose(options: { id: number }): { live: number };
  /** The grid experiments' presets (passkey at any depth; RoPE and NoPE layers) and their names. */
  readonly grids: Grids;
  /**
   * A trainer on the passkey task asked on every depth x length cell: the key at round(depth (length - 2)), the
   * question at the last row; accuracy and confidence (mean largest probability) per cell. Sequences firstSequence
   * [0] .. firstSequence + sequences - 1 of `seed`'s stream, so parts add up; overflow ['clamp'] for a learned table.
   */
  passkeyGrid(options: {
    id: number;
    depths: Numbers;
    lengths: Numbers;
    sequences: number;
    firstSequence?: number;
    overflow?: Overflow;
    seed: number;
  }): PasskeyGrid;
  /**
   * A model given by its parameters (trainerParameters' layout; Float32Array or Float64Array), shaped as
   * options.preset's trainer, asked at row queryPosition = p of its task's sequence of p + 1 tokens from `seed` [1]
   * (a longer p extends the same sequence). A learned table under 'window' past its rows reads the last
   * trainedLength tokens (the earlier keys weigh 0); under 'error' it has no row there and the call throws. A RoPE
   * model may be asked with a scaling (PI, NTK-aware, YaRN with its attention factor), which it never saw in training.
   */
  modelProbe(options: ModelOptions & { queryPosition: number; seed?: number; out?: Out }): ModelProbe;
  /** A model given by its parameters, scored as trainerEvaluate scores a trainer (shape and evaluation from options.preset). */
  modelEvaluate(options: ModelOptions & Partial<EvaluationSettings>): Evaluation;
  /** Context extension: its presets (quick and larger per experiment) and the scaling kinds it compares. */
  readonly extension: Extension;
  /**
   * The model asked with scaling `kind` at s = targetLength / trainedLength, scored as modelEvaluate scores (inside L on
   * sequences of L tokens with the scaling applied). Evaluation settings default to the preset's [scaling, quick].
   */
  extensionEvaluate(options: ExtensionOptions & Partial<EvaluationSettings> & { overflow?: Overflow }): Evaluation & {
    factor: number;
    attentionFactor: number;
  };
  /**
   * A trainer (trainerStep, trainerParameters, trainerDispose) that starts from `parameters` and trains on sequences
   * of targetLength tokens with scaling `kind` in every pass; sizes default to the preset's [finetune, quick]. Ask the
   * result with extensionEvaluate (trainerParameters' parameters, the same kind).
   */
  finetuneCreate(options: ExtensionOptions & { seed?: number; batchSize?: number; queriesPerSequence?: number; learningRate?: number }): {
    id: number;
    factor: number;
  };
  /** The bounds the module checks. */
  readonly limits: Readonly<Limits>;
  /** Real models' position settings (GPT-2 ... Qwen2-VL), one entry per model. */
  readonly models: ReadonlyArray<ModelPreset>;
  /**
   * Every name the functions read, per option, in the order lists show them (the module's tables: a page never
   * keeps its own copy), each with a label for people.
   */
  readonly names: Readonly<Names>;
  /**
   * Diagnostics for leak tests: wasm memory size, the allocator's break (sbrk(0)), the stack pointer and its base,
   * and the count of live Embind value handles (each leaked handle is a JS object the page can never free).
   */
  memoryStats(): MemoryStats;
}

/**
 * Loads the module. In a browser posenc.wasm is found beside posenc.js; in node pass its bytes. Rejects with an
 * EngineUnavailableError (engine-support.js), whose message is written for a learner, where WebAssembly is off.
 */
export function loadPosenc(options?: { wasmBinary?: ArrayBuffer | Uint8Array }): Promise<Posenc>;
