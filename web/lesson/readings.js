// What each lesson step reads from the engine: the numbers its instrument draws, the "what to
// notice" sentence those numbers support, and the engine's answer to the step's prediction. No
// DOM here, so the node tests check every sentence against the engine directly.
import { fixed, int, sci } from '../views/format.js';
import { encodingsNotice, noticeBasis } from '../views/encodings-notices.js';
import { scalingFor } from '../views/scheme-verdicts.js';
import { findingFor } from '../views/model-findings.js';
import { peakOf } from '../views/sparkline.js';
import { nameLabel } from '../views/labels.js';
import { askModel, probeVerdict, scalingReason } from '../views/trained-row.js';
import { freshBuffers } from '../views/reused-buffers.js';

/** The toy attention head's width, as in the position view. */
const ATTENTION_D_MODEL = 32;
/** The trained length the "past L" steps assume, and the sizes of their encodings. */
export const TRAINED = Object.freeze({ L: 2048, dModel: 512, headDim: 64 });
/** The offset curves of steps 3 and 5 start here and at the chosen p, over offsets 0..MAX_OFFSET. */
export const REFERENCE_P = 100;
export const MAX_OFFSET = 512;
/** @type {import('../posenc.js').ScalingKind[]} */
const SCALINGS = ['none', 'pi', 'ntk', 'yarn'];

/** "3, 17, 40 and 9 more"; "3 and 17" */
const listKeys = (keys, shown = 4) => {
  const head = keys.slice(0, shown).map(int);
  const rest = keys.length - head.length;
  if (rest > 0) return `${head.join(', ')} and ${rest} more`;
  return head.length === 1 ? head[0] : `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
};
/** An attention weight with three significant digits, as small as they get (0.00523). */
const weight = (value) => value.toPrecision(3);
const percent = (share) => `${Math.round(share * 100)}%`;
/** Grouped, at most one decimal, a real minus sign: −2,500 and −19.5. */
const decimal = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 1 }).replace('-', '−');
/** "none of the 256" or "75 of 256", to start a clause. */
const countOf = (n, total) => (n === 0 ? `none of the ${int(total)}` : `${int(n)} of ${int(total)}`);
const largestGap = (a, b) => a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i])), 0);
const count = (flags, wanted = 1) => flags.reduce((sum, flag) => sum + (flag === wanted ? 1 : 0), 0);

/**
 * The scheme's trained toy model (the models in use: web/views/trained-models.js) asked at p as the
 * position view asks it, a RoPE model with `scaling` for its own L; nothing when there is none.
 * @param {{ models: Map<string, any>, preset: string } | undefined} trained
 * @param {import('../posenc.js').Posenc} engine @param {import('../posenc.js').Scheme} scheme @param {number} p
 * @param {import('../posenc.js').ScalingKind} [scaling]
 */
function askTrained(engine, trained, scheme, p, scaling = 'none', bufferFor = freshBuffers) {
  const model = trained?.models.get(scheme);
  if (!model) return {};
  const preset = engine.training.presets.find((entry) => entry.name === trained.preset);
  const scaled = scheme === 'rope' ? scalingFor({ p, L: preset.trainer.trainedLength, scaling }) : undefined;
  return { model, preset, scaling: scaled, asked: askModel(engine, model, { p, overflow: 'clamp', scaling: scaled, preset }, bufferFor) };
}

/** offsetSimilarity from p over the lesson's offsets (dModel 64), into the buffers named `name`. */
function offsetsFrom(engine, p, bufferFor, name) {
  const rows = ['sinusoidalDot', 'sinusoidalClosedForm', 'ropeScore'];
  const out = Object.fromEntries(rows.map((row) => [row, bufferFor(`${name}:${row}`, Float64Array, MAX_OFFSET + 1)]));
  return engine.offsetSimilarity({ p, maxOffset: MAX_OFFSET, dModel: 64, out });
}

/** The sentence a trained model's answer adds to a notice ('' before the models load). */
function trainedSentence(m, p) {
  if (!m.asked) return '';
  // A scaling explains the answer only where it stretches anything (s > 1: p past the model's L).
  const reason = m.asked.problem || !(m.scaling?.factor > 1) ? '' : scalingReason(m.scaling, m.asked, m.preset.trainer.offset);
  return ` The toy model trained to L = ${int(m.preset.trainer.trainedLength)} with this scheme, asked here: ${m.asked.problem ?? probeVerdict(m.asked, p)}${reason ? ` ${reason}` : ''}`;
}

/**
 * Each step's reading, by step id: measure(engine, settings, trained, bufferFor) -> numbers (bufferFor:
 * an instrument's reused-buffers.js store, so a control's move allocates no row; left out, rows are fresh); notice(numbers, settings)
 * -> text; answer(engine) -> { value, text } (the engine's answer to the prediction).
 */
export const readings = {
  'why-position': {
    measure(engine, { p, scheme }, _trained = undefined, bufferFor = freshBuffers) {
      const rowOf = (rowScheme, name) =>
        engine.attention({
          scheme: rowScheme,
          queryPosition: p,
          dModel: ATTENTION_D_MODEL,
          out: { logits: bufferFor(`${name}Logits`, Float64Array, p + 1), weights: bufferFor(`${name}Weights`, Float64Array, p + 1) },
        });
      const row = rowOf(scheme, 'row');
      const blind = scheme === 'nope' ? row : rowOf('nope', 'blind');
      // Under NoPE a key's weight is a function of its token: equal weights mark keys holding one token.
      const byWeight = new Map();
      blind.weights.forEach((weight, key) => byWeight.set(weight, [...(byWeight.get(weight) ?? []), key]));
      const group = [...byWeight.values()].reduce((best, keys) => (keys.length > best.length ? keys : best));
      return {
        keys: p + 1,
        distinct: new Set(row.weights).size,
        group,
        groupWeights: group.map((key) => row.weights[key]),
        weights: row.weights,
        peak: peakOf(row.weights),
        label: nameLabel(engine.names.scheme, scheme),
      };
    },
    notice(m, { scheme }) {
      if (scheme === 'nope') {
        return `Under NoPE the ${int(m.keys)} keys get only ${int(m.distinct)} different weights: a key's weight follows its token, never its place. Keys ${listKeys(m.group)} hold the same token and get exactly the same weight, ${weight(m.groupWeights[0])}; shuffle the keys and each weight moves with its token, so the output is unchanged.`;
      }
      const low = Math.min(...m.groupWeights),
        high = Math.max(...m.groupWeights);
      return `With ${m.label} the ${int(m.keys)} keys get ${int(m.distinct)} different weights. Keys ${listKeys(m.group)} hold the same token (one weight under NoPE) and now get weights from ${weight(low)} to ${weight(high)}: where a token sits now changes how much it counts.`;
    },
    answer(engine) {
      const value = readings['why-position'].measure(engine, { p: 200, scheme: 'nope' }).distinct;
      return { value, text: `${int(value)} different weights` };
    },
  },

  'sinusoidal-clocks': {
    measure(engine, { d, n }, _trained = undefined, bufferFor = freshBuffers) {
      const positions = Int32Array.from({ length: n }, (_, i) => i);
      const table = engine.sinusoidal({ positions, dModel: d, precision: 'float32', out: bufferFor('table', Float32Array, n * d) });
      return { table, basis: noticeBasis(engine, { scheme: 'sinusoidal', d, base: 10000, n }) };
    },
    notice(m, { d, n, p }) {
      return encodingsNotice({ scheme: 'sinusoidal', d, base: 10000, n, p }, m.basis);
    },
    answer(engine) {
      const { pairs } = engine.beyondTrained({ scheme: 'sinusoidal', p: 0, trainedLength: 1024, dModel: 64 });
      const value = count(pairs.completedTurn);
      return { value, text: `${value} of 32 pairs` };
    },
  },

  'sinusoidal-offsets': {
    measure(engine, { p }, _trained = undefined, bufferFor = freshBuffers) {
      const reference = offsetsFrom(engine, REFERENCE_P, bufferFor, 'reference');
      const chosen = offsetsFrom(engine, p, bufferFor, 'chosen');
      const dots = chosen.sinusoidalDot;
      let lowest = 0;
      dots.forEach((value, delta) => {
        if (value < dots[lowest]) lowest = delta;
      });
      return {
        reference: reference.sinusoidalDot,
        chosen: dots,
        closedForm: chosen.sinusoidalClosedForm,
        gap: largestGap(reference.sinusoidalDot, dots),
        lowest,
      };
    },
    notice(m, { p }) {
      return `From p = ${int(REFERENCE_P)} and from p = ${int(p)}, PE(p)·PE(p + δ) differs by at most ${sci(m.gap)} for every δ from 0 to ${int(MAX_OFFSET)}: only the offset counts. It is ${fixed(m.chosen[0], 1)} at δ = 0 (each of the 32 pairs gives cos 0 = 1), ${fixed(m.chosen[1], 2)} at δ = 1 and lowest, ${fixed(m.chosen[m.lowest], 2)}, at δ = ${int(m.lowest)}. Attention never sees this number alone: it scores projections of token plus position, and the cross terms keep absolute positions.`;
    },
    answer(engine) {
      const { gap } = readings['sinusoidal-offsets'].measure(engine, { p: 3000 });
      return gap <= 1e-9
        ? { value: 'same', text: `the same curve (largest difference ${sci(gap)})` }
        : { value: 'moves', text: `a different curve (largest difference ${sci(gap)})` };
    },
  },

  'learned-table': {
    measure(engine, { p, overflow }) {
      const result = engine.beyondTrained({ scheme: 'learned', p, trainedLength: TRAINED.L });
      return { result, policy: (name) => result.policies.find((entry) => entry.policy === name), overflow };
    },
    notice(m, { p }) {
      const last = TRAINED.L - 1;
      if (m.result.rowExists)
        return `Row ${int(p)} exists: inside its ${int(TRAINED.L)} rows the table has a trained vector for every position. Move p past ${int(last)} to see what each policy hands over instead.`;
      const [clamp, wrap, window, interpolate] = ['clamp', 'wrap', 'window', 'interpolate'].map(m.policy);
      return `Position ${int(p)} is ${int(p - last)} past the last row, ${int(last)}, and no policy makes a row for it: clamp gives ${int(clamp.sharedPositions)} positions the last row; wrap sends ${int(p)} to row ${int(wrap.sourceRow)}, which ${int(wrap.sharedPositions)} positions of a ${int(p + 1)}-token input share; window drops the first ${int(window.dropped)} tokens; interpolate packs neighbours ${fixed(interpolate.rowSpacing)} rows apart. Each hands over a vector trained for another position.`;
    },
    answer(engine) {
      const value = engine.beyondTrained({ scheme: 'learned', p: 5000, trainedLength: TRAINED.L }).policies.find((entry) => entry.policy === 'wrap').sourceRow;
      return { value, text: `row ${int(value)}` };
    },
  },

  'rope-rotation': {
    measure(engine, { p }, _trained = undefined, bufferFor = freshBuffers) {
      const reference = offsetsFrom(engine, REFERENCE_P, bufferFor, 'reference').ropeScore;
      const chosen = offsetsFrom(engine, p, bufferFor, 'chosen').ropeScore;
      return { reference, chosen, gap: largestGap(reference, chosen), low: Math.min(...chosen), high: Math.max(...chosen) };
    },
    notice(m, { p }) {
      return `From p = ${int(REFERENCE_P)} and from p = ${int(p)}, the score R(p + δ)q · R(p)k differs by at most ${sci(m.gap)} for every δ from 0 to ${int(MAX_OFFSET)}: turning both vectors by the same extra angle changes nothing, so only δ counts, in the attention logit itself. For this random q and k the score runs from ${fixed(m.low, 2)} to ${fixed(m.high, 2)} with no steady fall: RoFormer's long-term decay is a bound, not a property of every pair.`;
    },
    answer(engine) {
      const at = (p) => engine.offsetSimilarity({ p, maxOffset: 10, dModel: 64 }).ropeScore[10];
      const gap = Math.abs(at(100) - at(3000));
      return gap <= 1e-9
        ? { value: 'equal', text: `equal (${fixed(at(100), 4)} both; difference ${sci(gap)})` }
        : { value: 'unrelated', text: `different (difference ${sci(gap)})` };
    },
  },

  'alibi-penalty': {
    measure(engine, { p, heads }) {
      const result = engine.beyondTrained({ scheme: 'alibi', p, nHeads: heads });
      return { result, seeing: count(Array.from(result.effectiveSpan, (span) => (span >= p ? 1 : 0))) };
    },
    notice(m, { p, heads }) {
      const { biasAtP, effectiveSpan } = m.result;
      const seeing =
        m.seeing === 0 ? `None of the ${heads} heads gives` : `${m.seeing} of ${heads} head${heads === 1 ? '' : 's'} still give${m.seeing === 1 ? 's' : ''}`;
      return `At distance ${int(p)} the steepest of the ${heads} heads adds ${decimal(Math.min(...biasAtP))} to the logit and the mildest ${decimal(Math.max(...biasAtP))}. ${seeing} such a key at least a millionth of the nearest key's weight; the mildest head's reach ends at distance ${int(Math.max(...effectiveSpan))}. Nothing runs out far away, but past that reach nothing far away is read either.`;
    },
    answer(engine) {
      const value = readings['alibi-penalty'].measure(engine, { p: 1000, heads: 8 }).seeing;
      return { value, text: `${value} of 8 heads` };
    },
  },

  't5-and-nope': {
    measure(engine, { p }) {
      const distances = Int32Array.from({ length: MAX_OFFSET }, (_, d) => d);
      const buckets = engine.t5Bucket({ relativePositions: distances.map((d) => -d) });
      const result = engine.beyondTrained({ scheme: 't5', p });
      const sizes = new Map();
      for (const bucket of buckets) sizes.set(bucket, (sizes.get(bucket) ?? 0) + 1);
      const exact = distances.filter((d) => sizes.get(buckets[d]) === 1);
      const last = result.bucketAtMaxDistance;
      return { distances, buckets, result, exactUpTo: exact.length ? exact.at(-1) : -1, firstShared: buckets.indexOf(last), last };
    },
    notice(m, { p }) {
      const { bucket, firstDistanceInBucket } = m.result;
      const here =
        firstDistanceInBucket === p
          ? `Distance ${int(p)} has bucket ${bucket} to itself.`
          : `Distance ${int(p)} is in bucket ${bucket}, with every distance from ${int(firstDistanceInBucket)}${bucket === m.last ? ' on' : ''}: by position alone the model cannot tell ${int(p)} from ${int(firstDistanceInBucket)}.`;
      return `Distances 0 to ${int(m.exactUpTo)} each have a bucket of their own; from ${int(m.firstShared)} on, every distance, 5,000 included, shares bucket ${m.last} and its one learned bias per head. ${here} Far positions never run out of range, and never differ either: only content tells them apart.`;
    },
    answer(engine) {
      const value = engine.beyondTrained({ scheme: 't5', p: 5000 }).firstDistanceInBucket;
      return { value, text: `distance ${int(value)}` };
    },
  },

  'position-5000': {
    /**
     * The pairs past L and, once the trained models are at hand (web/views/trained-models.js), the
     * scheme's toy model asked at p, as the position view asks it.
     * @param {{ models: Map<string, any>, preset: string }} [trained]  the models in use
     */
    measure(engine, { p, scheme }, trained = undefined, bufferFor = freshBuffers) {
      const result = engine.beyondTrained({ scheme, p, trainedLength: TRAINED.L, dModel: TRAINED.dModel, headDim: TRAINED.headDim });
      return {
        result,
        pairs: result.pairs.wavelength.length,
        unturned: count(result.pairs.completedTurn, 0),
        ...askTrained(engine, trained, scheme, p, 'none', bufferFor),
      };
    },
    notice(m, { p, scheme }) {
      const { outOfRangeCount: outside } = m.result;
      const never = `${m.unturned} of ${m.pairs} pairs never completed a turn below ${int(TRAINED.L)}`;
      const asked = trainedSentence(m, p);
      if (scheme === 'rope') {
        return `RoPE with head dimension ${TRAINED.headDim}: ${never}. At distance ${int(p)}, ${countOf(outside, m.pairs)} pairs rotate past any angle seen in training${outside ? ', so those query-key products are ones the model never had to score' : ': every pair stays within what training saw'}.${asked}`;
      }
      const { position, cosine } = m.result.nearest;
      return `With d = ${TRAINED.dModel}, ${never}. At p = ${int(p)}, ${countOf(outside, m.pairs)} pairs sit at angles no position below ${int(TRAINED.L)} produced, and the closest trained encoding is PE(${int(position)}), cosine ${fixed(cosine)}.${outside ? ' Defined is not trained: the formula gives this vector without complaint, but training never showed the model one like it.' : ''}${asked}`;
    },
    answer(engine) {
      const value = readings['position-5000'].measure(engine, { p: 5000, scheme: 'sinusoidal' }).unturned;
      return { value, text: `${value} of 256 pairs` };
    },
  },

  'fluent-but-wrong': {
    /** The worker's result for one scheme on the copy task: numbers for the chart and the notice. */
    measure(result) {
      return { result, x: Array.from(result.buckets.start), accuracy: result.buckets.accuracy, confidence: result.buckets.confidence };
    },
    notice(m) {
      const { inDistribution, trainedLength } = m.result;
      return `Inside L = ${int(trainedLength)} the model is right ${percent(inDistribution.accuracy)} of the time. ${findingFor(m.result)}`;
    },
    /** From the sinusoidal model's run: its accuracy past L, in percent. */
    answer(result) {
      const value = Math.round(result.beyond.accuracy * 100);
      return { value, text: `${value}% right past L (confidence ${fixed(result.beyond.confidence, 2)})` };
    },
  },

  'stretching-rope': {
    measure(engine, { p, scaling }, trained = undefined, bufferFor = freshBuffers) {
      const state = { p, L: TRAINED.L, scaling };
      const outside = Object.fromEntries(
        SCALINGS.map((kind) => [
          kind,
          engine.beyondTrained({ scheme: 'rope', p, trainedLength: TRAINED.L, headDim: TRAINED.headDim, scaling: scalingFor({ ...state, scaling: kind }) }),
        ]),
      );
      return {
        state,
        results: outside,
        result: outside[scaling],
        factor: scalingFor({ ...state, scaling: 'pi' }).factor,
        labels: Object.fromEntries(SCALINGS.map((kind) => [kind, nameLabel(engine.names.scalingKind, kind)])),
        ...askTrained(engine, trained, 'rope', p, scaling, bufferFor),
      };
    },
    notice(m, { p }) {
      const counts = (kind) => m.results[kind].outOfRangeCount;
      const stretch = m.factor > 1 ? ` (s = ${fixed(m.factor, 2)})` : ' (inside the trained range, so s = 1)';
      return `At p = ${int(p)}${stretch}: with no scaling ${counts('none')} of 32 pairs sit outside the angles seen below ${int(TRAINED.L)}; ${SCALINGS.slice(1)
        .map((kind) => `${m.labels[kind]} ${counts(kind)}`)
        .join(
          ', ',
        )}. PI divides every angle by s, fast pairs included, so neighbours sit closer than training ever placed them; NTK-aware slows each pair by a different factor, only the slowest by the full s; YaRN stretches only the slow pairs and multiplies q and k by ${fixed(m.results.yarn.attentionFactor)}.${trainedSentence(m, p)}`;
    },
    answer(engine) {
      const { results, labels } = readings['stretching-rope'].measure(engine, { p: 5000, scaling: 'none' });
      const inside = SCALINGS.slice(1)
        .filter((kind) => results[kind].outOfRangeCount === 0)
        .join('-');
      const [value, named] =
        { '': ['none', 'none of them'], pi: ['pi', 'PI only'], 'pi-yarn': ['pi-yarn', 'PI and YaRN'], 'pi-ntk-yarn': ['all', 'all three'] }[inside] ?? [];
      if (!value) throw new Error(`no choice matches the scalings without pairs outside: ${inside}`);
      return {
        value,
        text: `${named} (pairs outside the trained angles: ${SCALINGS.map((kind) => `${kind === 'none' ? 'no scaling' : labels[kind]} ${results[kind].outOfRangeCount}`).join(', ')})`,
      };
    },
  },
};
