// Each scheme's column of "Position p in a model trained to L", and the lesson's single columns: the
// engine's numbers for p and L, a one-line verdict they support, and the table beside it.
import { element, tableHead } from '../dom.js';
import { fixed, int, sci } from './format.js';
/**
 * RoPE scaling for the state: s maps p onto the last trained position L - 1.
 * @param {Pick<import('./position-view.js').PositionState, 'p' | 'L' | 'scaling'>} state @returns {import('../posenc.js').RopeScaling}
 */
export function scalingFor(state) {
  const factor = Math.max(1, state.p / Math.max(1, state.L - 1));
  return state.scaling === 'none' ? { kind: 'none' } : { kind: state.scaling, factor, trainedLength: state.L };
}

const stat = (label, value) => [element('dt', [label]), element('dd', [value])];
/** How many of the `pairs` frequency pairs turn slower than L, and how many sit at angles training never produced. */
const angleStats = (result, pairs) => [
  ...stat('Pairs slower than L', `${result.longWavelengthCount} of ${pairs}`),
  ...stat('Outside the trained angles', `${result.outOfRangeCount} of ${pairs}`),
];
/** A row index: whole rows as integers, interpolated ones with two decimals. */
const rowText = (row) => (Number.isInteger(row) ? int(row) : fixed(row, 2));

/** Each scheme's numbers, verdict and picture. */
export const describeScheme = {
  learned(result, state) {
    const chosen = result.policies.find((entry) => entry.policy === state.overflow);
    const costs = {
      error: 'the input is refused',
      clamp: `${int(chosen.sharedPositions)} positions share that row`,
      wrap: `${int(chosen.sharedPositions)} positions alias to it`,
      window: `the first ${int(chosen.dropped)} tokens are dropped`,
      interpolate: `neighbouring positions sit ${fixed(chosen.rowSpacing)} rows apart`,
    };
    const verdict = result.rowExists
      ? `Row ${int(state.p)} exists and was trained.`
      : `No row ${int(state.p)}: the table ends at row ${int(state.L - 1)}. `
        + (state.overflow === 'error'
          ? 'The lookup fails.'
          : `'${state.overflow}' hands over row ${rowText(chosen.sourceRow)} instead; ${costs[state.overflow]}.`);
    const rows = result.policies.map((entry) =>
      element('tr', [
        element('th', [entry.policy], { attributes: { scope: 'row' } }),
        element('td', [Number.isNaN(entry.sourceRow) ? 'none' : rowText(entry.sourceRow)]),
        element('td', [result.rowExists ? '—' : entry.policy === 'error' ? 'refused' : costText(entry)]),
      ]),
    );
    const table = element('table', [element('caption', ['What each policy hands over']), tableHead(['Policy', 'Row', 'Cost']), element('tbody', rows)], {
      className: 'compact',
    });
    return { verdict, body: [element('dl', stat('Row exists', result.rowExists ? 'yes' : 'no')), table] };
  },
  /** A long L's nearest encoding may still be searched for: then `nearest` is null and `searched` counts the positions done. */
  sinusoidal(result, state) {
    const pairs = result.pairs.wavelength.length;
    const { nearest } = result;
    const closest = nearest
      ? `the closest trained vector is PE(${int(nearest.position)}), cosine ${fixed(nearest.cosine)}`
      : `the closest trained vector is being searched for among all ${int(state.L)}`;
    const verdict =
      result.outOfRangeCount === 0
        ? `Defined and inside what training saw: every pair's angle at ${int(state.p)} occurred below ${int(state.L)}.`
        : `Defined but never trained: ${result.outOfRangeCount} of ${pairs} pairs sit at angles no position below ${int(state.L)} produced; ${closest}.`;
    const searching = `Searching: ${Math.floor((100 * (result.searched ?? 0)) / state.L)}% of ${int(state.L)} positions`;
    return {
      verdict,
      pairs: result.pairs,
      body: [
        element('dl', [
          ...angleStats(result, pairs),
          ...stat('Nearest trained encoding', nearest ? `PE(${int(nearest.position)}), cos ${fixed(nearest.cosine)}` : searching),
        ]),
      ],
    };
  },
  rope(result, state, unscaled, names) {
    const pairs = result.pairs.wavelength.length;
    const scaling = scalingFor(state);
    const label = names.scalingKind.find(({ name }) => name === scaling.kind)?.label ?? scaling.kind;
    const how = scaling.kind === 'none' ? '' : ` with ${label} at s = ${fixed(scaling.factor)}`;
    const verdict =
      result.outOfRangeCount === 0
        ? `Distance ${int(state.p)}${how}: every pair stays within angles seen in training.`
        : `Distance ${int(state.p)}${how}: ${result.outOfRangeCount} of ${pairs} pairs rotate past any angle seen in training.`;
    const reason =
      scaling.kind === 'ntk' && result.outOfRangeCount > 0 ? [element('p', [ntkReason(result, state, unscaled)], { className: 'scheme-reason' })] : [];
    return {
      verdict,
      pairs: result.pairs,
      body: [element('dl', [...angleStats(result, pairs), ...stat('Attention factor', fixed(result.attentionFactor))]), ...reason],
    };
  },
  alibi(result, state) {
    const heads = result.slopes.length;
    const blind = result.effectiveSpan.filter((span) => span < state.p).length;
    const mildest = Math.max(...result.biasAtP);
    const verdict = `At distance ${int(state.p)} the mildest head adds ${fixed(mildest, 1)} to the logit (weight × ${sci(Math.exp(mildest))}); ${blind} of ${heads} heads give such a key under a millionth of the nearest key's weight.`;
    const rows = Array.from(result.slopes, (slope, h) =>
      element('tr', [
        element('th', [String(h)], { attributes: { scope: 'row' } }),
        element('td', [sci(slope, 3)]),
        element('td', [fixed(result.biasAtP[h], 1)]),
        element('td', [int(result.effectiveSpan[h])]),
      ]),
    );
    return {
      verdict,
      body: [
        element(
          'table',
          [
            element('caption', ['Per head: slope, bias at distance p, reach (weight ≥ 10⁻⁶ of the nearest key)']),
            tableHead(['Head', 'Slope', 'Bias', 'Reach']),
            element('tbody', rows),
          ],
          { className: 'compact' },
        ),
      ],
    };
  },
  t5(result, state) {
    const first = result.firstDistanceInBucket;
    const verdict =
      first === state.p
        ? `Distance ${int(state.p)} has a bucket of its own (${result.bucket}): the model can tell it from its neighbours.`
        : result.bucket === result.bucketAtMaxDistance
          ? `Distance ${int(state.p)} is bucket ${result.bucket}, shared with every distance from ${int(first)} on: the model cannot tell ${int(state.p)} from ${int(first)}.`
          : `Distance ${int(state.p)} is bucket ${result.bucket}, which starts at distance ${int(first)}: the model cannot tell ${int(state.p)} from ${int(first)}.`;
    return {
      verdict,
      body: [
        element('dl', [
          ...stat('Bucket at distance p', String(result.bucket)),
          ...stat('Bucket at max distance 128', String(result.bucketAtMaxDistance)),
          ...stat('First distance in that bucket', int(result.firstDistanceInBucket)),
        ]),
      ],
    };
  },
  nope(_result, state) {
    return { verdict: `Nothing is added, so nothing runs out at ${int(state.p)}: position reaches the model only through the causal mask.`, body: [] };
  },
};

/**
 * Why NTK-aware scaling can leave as many pairs out of range as no scaling: it slows pair i by
 * s^(2i/(d-2)), so only the slowest pair gets the full factor p / (L - 1) that position p needs.
 * The slowdowns are the engine's trained over used frequencies.
 */
function ntkReason(result, state, unscaled) {
  const needed = state.p / (state.L - 1);
  const slowdowns = [];
  result.pairs.outOfRange.forEach((outside, i) => {
    if (outside) slowdowns.push((2 * Math.PI) / result.pairs.wavelength[i] / result.frequencies[i]);
  });
  const range = `${fixed(Math.min(...slowdowns), 2)}–${fixed(Math.max(...slowdowns), 2)}×`;
  const same =
    unscaled && unscaled.outOfRangeCount === result.outOfRangeCount
      ? ` That is as many as without scaling (${unscaled.outOfRangeCount}), though not the same pairs.`
      : '';
  return `Why: NTK-aware scaling slows each pair by a different factor, up to the full s only for the slowest pair. The pairs outside here are slowed ${range}, less than the ${fixed(needed, 2)}× that p = ${int(state.p)} needs to stay within the angles seen below L = ${int(state.L)}.${same}`;
}

function costText(entry) {
  if (entry.policy === 'clamp') return `${int(entry.sharedPositions)} share it`;
  if (entry.policy === 'wrap') return `${int(entry.sharedPositions)} alias`;
  if (entry.policy === 'window') return `${int(entry.dropped)} dropped`;
  return `${fixed(entry.rowSpacing)} rows apart`;
}
