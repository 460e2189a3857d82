// The public API of posenc.js. Written by scripts/api-reference.mjs from web/api/ (every function, its
// options, their types, defaults and docs) and the module's own lists of names: edit those and run
// `npm run build`; npm test fails when this file is stale. What the functions return is typed by hand in
// posenc-results.d.ts, re-exported here. Every function takes one options object; fields left out take the
// defaults in brackets. Bad input throws a RangeError or TypeError naming the argument, the value and what
// is allowed; a key a function does not read throws a TypeError naming it and the nearest real key.

import type {
  BeyondTrained,
  Evaluation,
  Extension,
  ExtensionExperiment,
  ExtensionKind,
  Grids,
  Limits,
  MemoryStats,
  ModelBeyond,
  ModelPreset,
  ModelProbe,
  Names,
  PasskeyGrid,
  Table,
  Training,
} from './posenc-results.js';
export type * from './posenc-results.js';

/** An Array of numbers or a numeric typed array. */
export type Numbers = ArrayLike<number>;

/**
 * The caller's buffer for a result [a fresh array each call]: a typed array of exactly the result's type and length,
 * made in this window (no subclass, no own length or set). The engine writes every element and returns this very array
 * in its result, so a view that redraws the same shape reuses one buffer and allocates nothing. A wrong type or length
 * is refused (TypeError, RangeError) before anything is written.
 */
export type Out<Array = Float64Array> = Array;

export type Scheme = 'learned' | 'sinusoidal' | 'rope' | 'alibi' | 't5' | 'nope';
/** What a learned table does past its last row. */
export type Overflow = 'error' | 'clamp' | 'wrap' | 'window' | 'interpolate';
/**
 * copyBack: the token `offset` back; recallFirst: the passkey at 0; lastMarker: the latest marker token; passkey: the
 * one passkey, at any depth, asked at the last row only; markedValue: the token after the one marker (in the first
 * `offset` positions), at every later row.
 */
export type Task = 'copyBack' | 'recallFirst' | 'lastMarker' | 'passkey' | 'markedValue';
/** Which layers carry a RoPE, ALiBi or T5 scheme (the others attend by content alone); other schemes: 'every'. */
export type LayerPositions = 'every' | 'first' | 'last';
export type ScalingKind = 'none' | 'pi' | 'ntk' | 'yarn' | 'llama3' | 'dynamic' | 'longrope';
/** Which dimensions RoPE turns together: (2i, 2i + 1), or (i, i + d/2) as rotate_half does. */
export type Pairing = 'interleaved' | 'half';
/** Where the sinusoidal table puts its cosines: beside each sine, or in a second block ('concat'). */
export type Layout = 'interleaved' | 'concat';
export type Precision = 'float64' | 'float32';
/**
 * How YaRN's ramp runs between betaSlow and betaFast: linear in the pair index (HF, the YaRN code) or in L /
 * wavelength (the paper).
 */
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

/**
 * As Hugging Face's rope_scaling (trainedLength is original_max_position_embeddings); each kind reads its own fields
 * (posenc.names.scalingKind[i].reads), with published defaults. pi: frequencies / factor; ntk: base *
 * factor^(D/(D-2)); dynamic: the same with the base grown for the sequence length; yarn: interpolated below betaSlow
 * turns within trainedLength, kept above betaFast, a ramp between; llama3: kept under trainedLength / highFreqFactor,
 * divided by factor over trainedLength / lowFreqFactor, smooth between; longrope: divided per pair by longFactor past
 * trainedLength, else shortFactor. attentionFactor (yarn, longrope) replaces the formula; mscale and mscaleAllDim are
 * DeepSeek's. A field of another kind is accepted and unused, so a page can switch kinds without rebuilding the
 * object.
 */
export interface RopeScaling {
  /** which rule rescales the frequencies ['none'] */
  kind?: ScalingKind;
  /** s, the ratio of the target length to trainedLength (pi, ntk, dynamic, yarn, llama3, longrope) */
  factor?: number;
  /** HF's original_max_position_embeddings (dynamic, yarn, llama3, longrope) */
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
  /** yarn, longrope: the factor on q and k, in place of the formula */
  attentionFactor?: number;
  /** yarn: DeepSeek's mscale */
  mscale?: number;
  /** yarn: DeepSeek's mscale_all_dim */
  mscaleAllDim?: number;
  /** longrope: per-pair factors up to trainedLength */
  shortFactor?: Numbers;
  /** longrope: per-pair factors past trainedLength */
  longFactor?: Numbers;
}

/** The keys a query sees. */
export interface AttentionSpan {
  /** every earlier key, a sliding window, or the query's own chunk ['full'] */
  kind?: SpanKind;
  /** the window or chunk, in tokens (sliding, chunked) */
  size?: number;
}

/** How RoPE turns q and k: its base, pairing, scaling, the share of dimensions it turns and what a position is. */
export interface RopeOptions {
  /** theta_j = base^(-2j/d) [10000] */
  base?: number;
  /** which dimensions turn together ['interleaved'] */
  pairing?: Pairing;
  /**
   * HF's partial_rotary_factor: the first floor(headDim x fraction) dimensions rotate, the rest carry no position [1]
   */
  rotaryFraction?: number;
  /** with mrope or axial, that many entries of `positions` per row ['sequence'] */
  rotaryAxes?: RotaryAxes;
  /** M-RoPE: the pairs turned by t, h and w [[16, 24, 24]] */
  mropeSection?: Numbers;
  /** a context-extension rule (below) [{ kind: 'none' }] */
  scaling?: RopeScaling;
}

/** T5's relative-position buckets. */
export interface T5Options {
  /** keys after the query get buckets of their own (an encoder) [true] */
  bidirectional?: boolean;
  /**
   * buckets in all, split between the directions when bidirectional; in each, half for exact small distances, the rest
   * log-spaced [32]
   */
  numBuckets?: number;
  /** distances from here on share the last bucket [128] */
  maxDistance?: number;
}

/**
 * The toy model's shape: each preset's `trainer` holds these, the defaults of a call that names the preset; a call may
 * override any.
 */
export interface ModelShape {
  /** which layers carry the scheme ['every'] */
  layerPositions: LayerPositions;
  /** L: the length it trains on */
  trainedLength: number;
  /** the width of each token's vector */
  dModel: number;
  /** attention heads per layer */
  nHeads: number;
  /** attention layers */
  nLayers: number;
  /** the width of each feed-forward block */
  mlpHidden: number;
  /** the sinusoidal or RoPE base */
  base: number;
  /** copyBack: how far back the answer sits; markedValue: the marker sits in positions 0 .. offset - 1 */
  offset: number;
  /** ordinary tokens, 0 .. symbols - 1 */
  symbols: number;
  /** passkey and marker tokens, symbols .. symbols + passkeys - 1 */
  passkeys: number;
  /** lastMarker: each position after 0 is a marker with probability 1 / markerSpacing */
  markerSpacing: number;
}

/**
 * How the toy model is trained, not what it is: each preset's `trainer` holds these; a model given by its parameters
 * reads none of them.
 */
export interface TrainingRecipe {
  /** sequences per Adam step */
  batchSize: number;
  /** rows with a loss per sequence; 0: every answerable row */
  queriesPerSequence: number;
  /** Adam's step size */
  learningRate: number;
  /** sequences grow from warmupLength to trainedLength over these steps */
  warmupSteps: number;
  /** the first sequences' length */
  warmupLength: number;
  /**
   * the first windowSteps steps train on windowBatch windows of windowLength tokens placed anywhere below
   * trainedLength
   */
  windowSteps: number;
  /** tokens per window */
  windowLength: number;
  /** windows per step */
  windowBatch: number;
}

/**
 * How a model is scored: sequences firstSequence .. firstSequence + sequences - 1 of the seed's stream, so parts of
 * one evaluation add up; each preset's `evaluation` holds these.
 */
export interface EvaluationSettings {
  /** positions scored, 0 .. length - 1 */
  length: number;
  /** positions per bucket */
  bucketWidth: number;
  /** sequences scored */
  sequences: number;
  /** the first of them in the seed's stream */
  firstSequence: number;
  /** rows asked per sequence and bucket; 0: every row */
  queriesPerBucket: number;
  /** of the evaluation sequences, apart from training's */
  seed: number;
}

/**
 * A model given by its parameters: its scheme, task and preset; any field of the model shape may override the
 * preset's.
 */
export interface GivenModel {
  /** whose trainer's shape the model has, and whose evaluation settings score it ['quick'] */
  preset?: string;
  scheme: Scheme;
  task: Task;
  /** its parameters, in trainerParameters' layout (Float32Array or Float64Array) */
  parameters: Numbers;
  /** RoPE: a scaling the model is asked with */
  scaling?: RopeScaling;
}

/**
 * A shipped-shape RoPE model (defaults: the positionModels preset's RoPE run), stretched with a scaling to
 * targetLength.
 */
export interface ExtensionModel {
  /** its parameters, in trainerParameters' layout */
  parameters: Numbers;
  /** the scaling that stretches it */
  kind: ExtensionKind;
  /** whose preset fills the defaults: evaluation, targetLength, and for finetune its steps' sizes */
  experiment?: ExtensionExperiment;
  /** which of its two presets ['quick'] */
  size?: 'quick' | 'larger';
  /** the length it is stretched to */
  targetLength?: number;
  scheme?: 'rope';
  task?: Task;
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
    /** the table's buffer: a Float64Array (Float32Array for 'float32') of positions x dModel; see Out */
    out?: Float64Array | Float32Array;
  }): { rows: number; cols: number; data: Float64Array | Float32Array };
  /** NoPE adds nothing: zeros of positions x dModel. */
  nope(options: { positions: Numbers; dModel: number; out?: Out }): Table;
  /** A fresh table, N(0, 0.02^2), rows 0..maxLength-1. */
  learnedTable(options: {
    maxLength: number;
    dModel: number;
    /** [0] */
    seed?: number;
    out?: Out;
  }): Table;
  /**
   * Rows for positions; past the last row the overflow policy decides. `out` holds the rows (sourceRow and ownRow are
   * fresh).
   */
  learnedLookup(options: {
    table: Table;
    positions: Numbers;
    /** ['error'] */
    overflow?: Overflow;
    /** 'window': the length of the sequence the positions belong to */
    sequenceLength?: number;
    out?: Out;
  }): Table & { sourceRow: Float64Array; ownRow: Uint8Array };
  /**
   * Rotates each row of x by its position: pair j of the rotary dimensions turns by c theta_j, c the coordinate that
   * turns it (one per row for 'sequence'; (t, h, w) or (h, w) flattened, a row's coordinates together).
   * attentionFactor multiplies q and k in HF (not applied here); logitFactor is DeepSeek's softmax factor.
   */
  rope(
    options: {
      positions: Numbers;
      x: Numbers;
      out?: Out;
    } & RopeOptions,
  ): Table & { attentionFactor: number; logitFactor: number };
  /** R(m) q . R(n) k, a function of m - n. */
  ropeScore(
    options: {
      q: Numbers;
      k: Numbers;
      m: number;
      n: number;
    } & RopeOptions,
  ): number;
  /**
   * theta_j per rotary pair after scaling, for a sequence of sequenceLength tokens (dynamic and longrope read it), the
   * coordinate turning each pair, the rotary dimensions, and the factors on q and k and on the logits.
   */
  ropeFrequencies(
    options: {
      headDim: number;
      /** [1] */
      sequenceLength?: number;
      out?: {
        frequencies?: Out;
        pairAxis?: Out<Uint8Array>;
      };
    } & RopeOptions,
  ): { frequencies: Float64Array; pairAxis: Uint8Array; rotaryDims: number; attentionFactor: number; logitFactor: number };
  /** The official ALiBi slopes (not sorted for non-powers of two). A bare number is read as nHeads. */
  alibiSlopes(
    options:
      | {
          nHeads: number;
          out?: Out;
        }
      | number,
  ): Float64Array;
  /** -m (i - j) for past keys, -Infinity for future ones; heads x queries x keys. */
  alibiBias(options: { nHeads: number; keyLength: number; queryLength: number; out?: Out }): {
    heads: number;
    queries: number;
    keys: number;
    data: Float64Array;
  };
  /** T5 buckets of key - query. */
  t5Bucket(
    options: {
      relativePositions: Numbers;
      out?: Out<Int32Array>;
    } & T5Options,
  ): Int32Array;
  /**
   * Toy attention of query p over keys 0..p under one scheme, with seeded weights. RoPE rotates the first
   * rotaryFraction of dModel; latentDims adds unrotated dimensions to q and k (decoupled RoPE); keys outside `span`
   * get no weight. With `model`, one layer group of it (layerGroup, default its first) sets scheme and settings; only
   * queryPosition, seed, overflow and head are read besides.
   */
  attention(
    options: {
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
      /** buffers of queryPosition + 1 elements; see Out */
      out?: {
        logits?: Out;
        weights?: Out;
      };
    } & (
      | {
          model: ModelName;
          layerGroup?: string;
        }
      | {
          scheme: Scheme;
        }
    ) &
      Omit<RopeOptions, 'rotaryAxes' | 'mropeSection'>,
  ): { logits: Float64Array; weights: Float64Array };
  /**
   * A real model at p (up to limits.maxAnalysisPosition): its settings are the model's, one analysis per layer group.
   */
  beyondTrained(options: {
    model: ModelName;
    /** [5000] */
    p?: number;
  }): ModelBeyond;
  /** What a scheme does at position p when training stopped at trainedLength. */
  beyondTrained<S extends Scheme>(
    options: {
      scheme: S;
      /** [5000] */
      p?: number;
      /** [2048] */
      trainedLength?: number;
      /** sinusoidal [512] */
      dModel?: number;
      /** RoPE [64] */
      headDim?: number;
      /** ALiBi [8] */
      nHeads?: number;
      /** RoPE [0] */
      latentDims?: number;
      /** RoPE [{ kind: 'full' }] */
      span?: AttentionSpan;
      /**
       * sinusoidal: the trained positions from <= q < to the nearest-row search walks, so a page can search a long L a
       * stretch at a time; from = to searches nothing (nearest: null) [{ from: 0, to: trainedLength }]
       */
      search?: {
        from: number;
        to: number;
      };
    } & RopeOptions &
      T5Options,
  ): Extract<BeyondTrained, { scheme: S }>;
  /**
   * PE(p).PE(p + delta), direct and closed form, and the RoPE score R(p + delta)q . R(p)k of seeded q, k at offsets
   * 0..maxOffset, with the RoPE settings given (dModel is the head dimension, base serves both). The rotated
   * dimensions carry attentionFactor squared (HF scales cos and sin by it); the unrotated ones add q . k over them. q
   * and k turn in one sequence of p + maxOffset + 1 tokens, the length dynamic NTK and LongRoPE read.
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
      /** buffers of maxOffset + 1 elements; see Out */
      out?: {
        sinusoidalDot?: Out;
        sinusoidalClosedForm?: Out;
        ropeScore?: Out;
      };
    } & Omit<RopeOptions, 'rotaryAxes' | 'mropeSection'>,
  ): { sinusoidalDot: Float64Array; sinusoidalClosedForm: Float64Array; ropeScore: Float64Array; attentionFactor: number };
  /**
   * A toy causal transformer for `scheme`, trained on `task` at length trainedLength; every other setting defaults to
   * the preset's trainer. Returns an id for trainerStep/trainerEvaluate (at most 32 alive); call trainerDispose when
   * done.
   */
  trainerCreate(
    options: {
      /** ['quick'] */
      preset?: string;
      scheme: Scheme;
      task: Task;
      /** [1] */
      seed?: number;
    } & Partial<ModelShape> &
      Partial<TrainingRecipe>,
  ): { id: number; parameters: number };
  /** `steps` Adam steps on fresh batches; the loss of each. Keep steps small to stay responsive. */
  trainerStep(options: {
    id: number;
    /** [1] */
    steps?: number;
  }): { step: number; loss: number; losses: Float64Array };
  /**
   * Accuracy and confidence (mean probability of the predicted token) per bucket of positions up to length;
   * inDistribution on sequences of trainedLength, beyond over positions >= trainedLength. A learned table under
   * overflow 'error' has no score past its rows: those buckets are unavailable and `unavailable` says why. Defaults
   * from the preset's evaluation.
   */
  trainerEvaluate(
    options: {
      /** ['quick'] */
      preset?: string;
      id: number;
      /** ['clamp'] */
      overflow?: Overflow;
    } & Partial<EvaluationSettings>,
  ): Evaluation;
  /**
   * The trainer's parameters now (a copy) and where each group of them sits, e.g. the learned table's { name:
   * 'positionTable', offset, rows: trainedLength, cols: dModel }.
   */
  trainerParameters(options: { id: number }): {
    step: number;
    parameters: Float64Array;
    groups: ReadonlyArray<{ name: string; offset: number; rows: number; cols: number }>;
  };
  /** Frees a trainer; its id is then invalid. */
  trainerDispose(options: { id: number }): { live: number };
  /**
   * A trainer on the passkey task asked on every depth x length cell: the key at round(depth (length - 2)), the
   * question at the last row; accuracy and confidence (mean largest probability) per cell. Sequences firstSequence [0]
   * .. firstSequence + sequences - 1 of `seed`'s stream, so parts add up.
   */
  passkeyGrid(options: {
    id: number;
    sequences: number;
    /** [0] */
    firstSequence?: number;
    /** a learned table ['clamp'] */
    overflow?: Overflow;
    seed: number;
    /** 0 .. 1 */
    depths: Numbers;
    lengths: Numbers;
  }): PasskeyGrid;
  /**
   * A model given by its parameters, shaped as options.preset's trainer, asked at row queryPosition = p of its task's
   * sequence of p + 1 tokens from `seed` (a longer p extends the same sequence). A learned table under 'window' past
   * its rows reads the last trainedLength tokens (the earlier keys weigh 0); under 'error' it has no row there and the
   * call throws. A RoPE model may be asked with a scaling (PI, NTK-aware, YaRN with its attention factor), which it
   * never saw in training.
   */
  modelProbe(
    options: {
      queryPosition: number;
      /** [1] */
      seed?: number;
      /** ['clamp'] */
      overflow?: Overflow;
      /** the weights' buffer, heads x (queryPosition + 1) */
      out?: Out;
    } & GivenModel &
      Partial<ModelShape>,
  ): ModelProbe;
  /**
   * A model given by its parameters, scored as trainerEvaluate scores a trainer (shape and evaluation from
   * options.preset).
   */
  modelEvaluate(
    options: {
      /** ['clamp'] */
      overflow?: Overflow;
    } & GivenModel &
      Partial<ModelShape> &
      Partial<EvaluationSettings>,
  ): Evaluation;
  /**
   * A shipped-shape RoPE model asked with scaling `kind` at s = targetLength / trainedLength, scored as modelEvaluate
   * scores (inside L on sequences of L tokens with the scaling applied). Evaluation settings default to the preset's.
   */
  extensionEvaluate(
    options: {
      /** ['clamp'] */
      overflow?: Overflow;
    } & ExtensionModel &
      Partial<ModelShape> &
      Partial<EvaluationSettings>,
  ): Evaluation & { factor: number; attentionFactor: number };
  /**
   * A trainer (trainerStep, trainerParameters, trainerDispose) that starts from `parameters` and trains on sequences
   * of targetLength tokens with scaling `kind` in every pass; sizes default to the preset's. Ask the result with
   * extensionEvaluate (trainerParameters' parameters, the same kind).
   */
  finetuneCreate(
    options: {
      /** [1] */
      seed?: number;
      batchSize?: number;
      queriesPerSequence?: number;
      learningRate?: number;
    } & ExtensionModel &
      Partial<ModelShape>,
  ): { id: number; factor: number };
  /**
   * The toy-model experiment's presets (each with its label, trainer and evaluation settings, and its runs: a scheme
   * on a task each) and the names of schemes, tasks and overflow policies.
   */
  readonly training: Training;
  /** The grid experiments' presets (passkey at any depth; RoPE and NoPE layers) and their names. */
  readonly grids: Grids;
  /** Context extension: its presets (quick and larger per experiment) and the scaling kinds it compares. */
  readonly extension: Extension;
  /** The bounds the module checks. */
  readonly limits: Readonly<Limits>;
  /** Real models' position settings (GPT-2 ... Qwen2-VL), one entry per model. */
  readonly models: ReadonlyArray<ModelPreset>;
  /**
   * Every name the functions read, per option, in the order lists show them (the module's tables: a page never keeps
   * its own copy), each with a label for people. Each scaling kind also lists the fields it reads, whether it needs
   * per-pair factors only a checkpoint gives, and whether its frequencies follow the sequence length (dynamic NTK,
   * LongRoPE).
   */
  readonly names: Readonly<Names>;
  /**
   * Diagnostics for leak tests: wasm memory size, the allocator's break (sbrk(0)), the stack pointer and its base, and
   * the count of live Embind value handles (each leaked handle is a JS object the page can never free).
   */
  memoryStats(): MemoryStats;
}

/**
 * Loads the module. In a browser posenc.wasm is found beside posenc.js; in node pass its bytes. Rejects with an
 * EngineUnavailableError (engine-support.js), whose message is written for a learner, where WebAssembly is off.
 */
export function loadPosenc(options?: { wasmBinary?: ArrayBuffer | Uint8Array }): Promise<Posenc>;
