// The types of what the engine returns, written by hand: posenc.d.ts (generated from web/api/)
// re-exports them. Tests keep them to the module: beyondTrained's result types to the fields it
// returns (posenc-types.test.mjs), and posenc.js's whole API to posenc.d.ts (npm run test:types).
import type {
  AttentionSpan,
  EvaluationSettings,
  LayerPositions,
  ModelName,
  ModelShape,
  Overflow,
  Pairing,
  Layout,
  Precision,
  RopeOptions,
  RotaryAxes,
  ScalingKind,
  Scheme,
  SpanKind,
  T5Options,
  Task,
  TrainingRecipe,
  YarnRamp,
} from './posenc.js';

/** Row-major rows x cols. */
export interface Table {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** The grid experiments: a passkey at any depth, and RoPE and NoPE layers side by side. */
export type GridExperiment = 'passkey' | 'hybrid';

/** The toy model's shape and training recipe; each preset's `trainer` holds all of them. */
export type TrainerSettings = ModelShape & TrainingRecipe;

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

export interface BeyondCommon {
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
