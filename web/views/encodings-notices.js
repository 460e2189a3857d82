// "What to notice" for each scheme of the encodings explorer, from the engine's numbers for the
// settings on screen (d, base, the range of n positions, p). The lesson's steps use the same text.
import { fixed, int } from './format.js';

/** @typedef {{ scheme: string, d: number, base: number, n: number, p: number, rope?: Record<string, unknown>, bias?: { model: string, label: string } | null }} NoticeSettings  rope: a real model's RoPE settings; bias: the score bias that carries a real model's position when it adds no vector */

/** How much more alike neighbouring rows must be than distant ones to call a table ordered (cosine). */
const ORDER_MARGIN = 0.1;

/** Share of a turn as a person reads it: "3%", "0.4%", "less than 0.1%". */
const turnShare = (fraction) => (fraction >= 0.095 ? `${Math.round(fraction * 100)}%` : fraction >= 0.001 ? `${fixed(fraction * 100, 1)}%` : 'less than 0.1%');

/**
 * The pairs of a sinusoidal or rotary encoding over positions 0..n-1, from the engine: each pair's
 * wavelength, and how many complete a full turn inside the range (the engine's completedTurn).
 * @returns {{ pairs: number, wavelength: Float64Array, turned: number, slowest: number, fastest: number }}
 */
function pairSummary(engine, { scheme, d, base, n, rope = {} }) {
  const rotary = scheme === 'rope';
  // rope: a real model's pairing, scaling and partial rotary (only its rotary pairs are counted)
  const { pairs } = engine.beyondTrained({
    scheme: rotary ? 'rope' : 'sinusoidal',
    p: 0,
    trainedLength: n,
    dModel: d,
    headDim: d,
    base,
    ...(rotary ? rope : {}),
  });
  return {
    pairs: pairs.wavelength.length,
    wavelength: pairs.wavelength,
    turned: pairs.completedTurn.reduce((sum, done) => sum + done, 0),
    slowest: Math.max(...pairs.wavelength),
    fastest: Math.min(...pairs.wavelength),
  };
}

/** Pairs that have not come round once by position p: positions 0..p sweep less than 2π (wavelength > p). */
const unturnedAt = (summary, p) => summary.wavelength.reduce((sum, length) => sum + (length > p ? 1 : 0), 0);

/** Statistics of a learned table (rows x cols): its size, the entries' standard deviation, and the
 * mean cosine of each row with the next one and with the row half the table away. */
function learnedTableStats(table) {
  const { rows, cols, data } = table;
  let sum = 0,
    squares = 0;
  for (const value of data) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / data.length;
  const row = (r) => data.subarray(r * cols, (r + 1) * cols);
  const cosine = (a, b) => {
    let dot = 0,
      na = 0,
      nb = 0;
    for (let j = 0; j < cols; j++) {
      dot += a[j] * b[j];
      na += a[j] * a[j];
      nb += b[j] * b[j];
    }
    return dot / Math.sqrt(na * nb);
  };
  const meanCosine = (offset) => {
    let total = 0;
    for (let r = 0; r + offset < rows; r++) total += cosine(row(r), row(r + offset));
    return total / (rows - offset);
  };
  return { rows, cols, std: Math.sqrt(squares / data.length - mean * mean), next: meanCosine(1), far: meanCosine(Math.floor(rows / 2)) };
}

/**
 * What a scheme's notice rests on for one table (everything but p): the pair summary, the learned
 * table's statistics (and its start's, for a trained table) or NoPE's largest entry. Computed once
 * per table, so moving p costs nothing.
 * @param {import('../posenc.js').Posenc} engine
 * @param {Omit<NoticeSettings, 'p'>} state  (p is not read: the basis serves every p)
 * @param {{ rows: number, cols: number, data: Float64Array | Float32Array }} [table]  the table on screen (learned, NoPE)
 * @param {{ rows: number, cols: number, data: Float64Array | Float32Array }} [initial]  a trained learned table's start
 */
export function noticeBasis(engine, state, table = undefined, initial = undefined) {
  const { scheme, d, n } = state;
  if (scheme === 'sinusoidal' || scheme === 'concat' || scheme === 'rope') return { summary: pairSummary(engine, state) };
  if (scheme === 'learned') {
    const stats = learnedTableStats(table ?? engine.learnedTable({ maxLength: n, dModel: d, seed: 1 }));
    return initial ? { stats, start: learnedTableStats(initial) } : { stats };
  }
  const zeros = table ?? engine.nope({ positions: Int32Array.from({ length: n }, (_, i) => i), dModel: d });
  let largest = 0;
  for (const value of zeros.data) largest = Math.max(largest, Math.abs(value));
  return { largest };
}

/**
 * The notice for one scheme and its settings.
 * @param {NoticeSettings} state
 * @param {ReturnType<typeof noticeBasis>} basis  from noticeBasis for the same scheme, d, base and n
 * @returns {string}
 */
export function encodingsNotice(state, basis) {
  const { scheme, d, n, p } = state;
  if (basis.summary) {
    const { summary } = basis;
    const rest = summary.pairs - summary.turned;
    const unturned = unturnedAt(summary, p);
    const layout = scheme === 'concat' ? ' (the [sin | cos] layout holds the same pairs as two blocks)' : '';
    const what =
      scheme === 'rope'
        ? `RoPE turns pair i of a vector at position p by p·θᵢ. ${summary.turned} of ${summary.pairs} pairs`
        : `${summary.turned} of ${summary.pairs} pairs${layout}`;
    const repeat =
      summary.turned === 0 ? 'none repeats inside the range' : `those repeat inside the range, the fastest every ${fixed(summary.fastest, 1)} positions`;
    const atP = `At p = ${int(p)}, ${unturned} pair${unturned === 1 ? ' has' : 's have'} not yet come round once${unturned > 0 ? ', and any one of them alone pins p down' : ''}.`;
    const relative = scheme === 'rope' ? ' A score compares two rotated vectors, so only the difference of their angles reaches attention.' : '';
    return `${what} complete a full turn within the ${int(n)} positions shown: ${repeat}; the other ${rest} turn less than once. The slowest pair's wavelength is ${int(Math.round(summary.slowest))} positions, so across the range it covers ${turnShare((n - 1) / summary.slowest)} of a circle. ${atP}${relative}`;
  }
  if (basis.stats) {
    const { stats, start } = basis;
    const row = p < stats.rows ? `Row ${int(p)} exists` : `There is no row ${int(p)}: the table has rows 0 to ${int(stats.rows - 1)}`;
    if (start) {
      // Neighbours count as alike (or apart) when their cosine clearly differs from distant rows'.
      const order =
        stats.next - stats.far > ORDER_MARGIN
          ? 'neighbouring rows are now more alike than distant ones: training gave the table an order'
          : stats.far - stats.next > ORDER_MARGIN
            ? 'neighbouring rows now point further apart than distant ones: training pushed each position away from the next'
            : 'neighbouring rows are no more alike than distant ones';
      return `Training moved this table: the standard deviation of its ${int(stats.rows * stats.cols)} entries went from ${fixed(start.std, 4)} at the start to ${fixed(stats.std, 4)}. A row's mean cosine with the next row went from ${fixed(start.next)} to ${fixed(stats.next)}, and with the row ${int(Math.floor(stats.rows / 2))} further on from ${fixed(start.far)} to ${fixed(stats.far)}: ${order}. ${row}.`;
    }
    return `A fresh table is noise: its ${int(n * d)} entries have a standard deviation of ${fixed(stats.std, 4)}, and a row is no more like the next row (mean cosine ${fixed(stats.next)}) than like the row ${int(Math.floor(n / 2))} further on (${fixed(stats.far)}). Nothing ties position p to p + 1 until training does. ${row}.`;
  }
  if (state.bias)
    return `${state.bias.model} adds nothing to its tokens: the largest of the ${int(n * d)} entries the engine returned has magnitude ${basis.largest}. Its position reaches attention another way: the ${state.bias.label} bias, added to every score by the distance between query and key, so no vector here can show it.`;
  return `NoPE adds nothing: the largest of the ${int(n * d)} entries the engine returned has magnitude ${basis.largest}. Position can reach a causal model only through its mask: a token sees just the tokens before it, so later layers can count them.`;
}
