// What each grid experiment's own numbers say, one sentence per model, and where a result would
// surprise, why. Nothing here is typed in ahead of a run: every count and length comes from the
// result, and each explanation is shown only for the outcome it explains.
import { fixed, int } from '../format.js';
import { findingFor, outcomeOf } from '../model-findings.js';

/** A depth counts as found at a length when at least this share of its sequences were answered right. */
export const FOUND = 0.9;

/**
 * @typedef {{ depths: number[], lengths: number[], count: Int32Array | number[], accuracy: Float64Array | number[] }} Grid
 * @typedef {{ scheme: string, trainedLength: number, grid: Grid }} PasskeyResult
 */

/** Per length of the grid: how many depths were found there, of how many scored. */
export function foundPerLength(grid) {
  const lengths = grid.lengths.length;
  return grid.lengths.map((length, j) => {
    let found = 0;
    let scored = 0;
    for (let i = 0; i < grid.depths.length; i++) {
      const c = i * lengths + j;
      if (!grid.count[c]) continue;
      scored++;
      if (grid.accuracy[c] >= FOUND) found++;
    }
    return { length, found, scored };
  });
}

/** The depths (as text) not found at length index j. */
function missedDepths(grid, j) {
  const lengths = grid.lengths.length;
  return grid.depths.filter((_, i) => grid.count[i * lengths + j] && grid.accuracy[i * lengths + j] < FOUND).map((d) => fixed(d, 1));
}

const counted = ({ found, scored, length }) => `${found} of ${scored} at ${int(length)}`;
const listed = (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** One sentence on where `result`'s model found the passkey, inside and past L. */
export function passkeyFinding(result) {
  const L = result.trainedLength;
  const { grid } = result;
  const rows = foundPerLength(grid);
  const all = (list) => list.every((row) => row.found === row.scored);
  const inside = rows.filter((row) => row.length <= L);
  const past = rows.filter((row) => row.length > L);
  const longest = rows.at(-1).length;
  if (all(rows)) return `Found the passkey at every depth and every length, up to ${int(longest)} (${int(longest / L)}L).`;
  const insideText = all(inside)
    ? `Inside L it finds the passkey at every depth (lengths up to ${int(L)})`
    : `Inside L it misses some depths (depths found: ${inside.map(counted).join(', ')})`;
  if (all(past)) return `${insideText}; past L it finds it at every depth too.`;
  const misses = past.flatMap((row) => {
    const missed = missedDepths(grid, grid.lengths.indexOf(row.length));
    return missed.length ? [`depth ${listed(missed)} at ${int(row.length)}`] : [];
  });
  const missedCount = past.reduce((sum, row) => sum + row.scored - row.found, 0);
  const pastText = missedCount <= 3 ? `past L it misses only ${listed(misses)}` : `past L the depths found are ${past.map(counted).join(', ')}`;
  return `${insideText}; ${pastText}.`;
}

/** Why a passkey result came out as it did, where that would surprise; '' otherwise. */
export function passkeyExplanation(result) {
  const L = result.trainedLength;
  const rows = foundPerLength(result.grid);
  const foundAll = (list) => list.every((row) => row.found === row.scored);
  const past = rows.filter((row) => row.length > L);
  const shorter = rows.filter((row) => row.length < L);
  if (result.scheme === 'nope' && foundAll(past))
    return 'Why NoPE finds it everywhere: in this toy the passkey is the only token from its own range, so one attention head can pick it out by what it is, at any depth and any length, with no position at all. A real needle test hides a sentence in similar text, where the question has to be matched to it, which this toy does not ask.';
  if (result.scheme === 'learned' && foundAll(past))
    return 'Why a learned table holds: past L every position is handed the last row (clamp), but the passkey is found by what it is, not where it is; the wrong rows do not hide it.';
  if (result.scheme === 'rope' && !foundAll(past))
    return "Why RoPE loses it past L: the score between the question and the key turns with their distance, and past L the slow pairs reach angles training never showed (the base is scaled with L as Llama 2's is for 4,096 tokens), so the match by content is disturbed where the key is far back.";
  if (result.scheme === 'sinusoidal' && !foundAll(shorter))
    return 'Why it misses inside L: trained at one length, its question always sat at position L − 1; in a shorter sequence the question sits at a position whose encoding was never asked, so even shorter is new for an absolute scheme.';
  return '';
}

/**
 * @typedef {{ scheme: string, layerPositions: string, trainedLength: number, task: string,
 *   inDistribution: { accuracy: number, confidence: number, count: number }, beyond: { accuracy: number, confidence: number, count: number } }} HybridResult
 */

/** One sentence per hybrid model: the model view's finding for its numbers. */
export const hybridFinding = (result) => findingFor(result);

/** Why a hybrid model came out as it did, where the outcome calls for it; '' otherwise. */
export function hybridExplanation(result, offset) {
  const outcome = outcomeOf(result);
  const hybrid = result.scheme === 'rope' && result.layerPositions === 'first';
  if (hybrid && outcome === 'holds')
    return 'Why it holds: the task takes two hops. A row must tell that the marker came just before it (an exact offset of 1, which a RoPE layer can express), then later rows must find that row by what it carries, at any distance, which a layer with no position can do. So its second layer has no distance that could be new past L.';
  if (result.scheme === 'rope' && result.layerPositions === 'every' && outcome !== 'holds' && outcome !== 'unlearned')
    return `Why RoPE in both layers fails past L: its second layer also scores by distance, and past L the distance to the value (in the first ${offset} positions) is one it never saw in training.`;
  if (result.scheme === 'rope' && result.layerPositions === 'last' && outcome === 'unlearned')
    return 'Why it does not learn: its first layer has no position, so a row sees only an average over everything before it, not which token came just before it; the marked value is then hard to single out for the RoPE layer above.';
  if (result.scheme === 'nope' && outcome === 'unlearned')
    return 'Why it does not learn (on this seed): with no position in either layer, a row can only tell how much of the marker its causal average holds; the model did not turn that into the one row right after the marker here.';
  return '';
}

/** One line comparing the hybrid with the all-RoPE model past L, from their numbers; '' without both. */
export function hybridComparison(results) {
  const find = (scheme, layerPositions) => results.find((r) => r.scheme === scheme && r.layerPositions === layerPositions);
  const hybrid = find('rope', 'first');
  const all = find('rope', 'every');
  if (!hybrid || !all || !hybrid.beyond.count || !all.beyond.count) return '';
  const a = hybrid.beyond.accuracy;
  const b = all.beyond.accuracy;
  const verb = a > b + 0.1 ? 'keeps more' : a < b - 0.1 ? 'keeps less' : 'keeps about as much';
  const bet =
    a > b + 0.1
      ? 'the direction Llama 4 (Meta, April 2025) and SmolLM3 (Hugging Face, July 2025) bet on when they leave some layers without position'
      : 'not what Llama 4 (Meta, April 2025) and SmolLM3 (Hugging Face, July 2025) bet on when they leave some layers without position';
  return `Past L, RoPE in the first layer only ${verb} than RoPE in both layers: accuracy ${fixed(a, 2)} against ${fixed(b, 2)}; ${bet}.`;
}

/** Mean accuracy of a grid's scored cells at depths within [low, high] and lengths past L. */
function meanPast(result, low, high) {
  const { grid, trainedLength } = result;
  let sum = 0;
  let n = 0;
  grid.depths.forEach((depth, i) => {
    if (depth < low - 1e-9 || depth > high + 1e-9) return;
    grid.lengths.forEach((length, j) => {
      const c = i * grid.lengths.length + j;
      if (length <= trainedLength || !grid.count[c]) return;
      sum += grid.accuracy[c];
      n++;
    });
  });
  return n ? sum / n : NaN;
}

/**
 * The run against the published picture, from its numbers: Lost in the Middle (Liu et al., TACL 2024)
 * found real models weakest mid-context. Says which schemes (past L) lose the middle depths most, or,
 * where none does, which lose the keys farthest from the question first. '' before any result.
 */
export function passkeyVersusPapers(results, schemeLabel) {
  if (results.length === 0) return '';
  const source = 'Liu et al. (“Lost in the Middle”, TACL 2024) found real models weakest when the answer sits mid-context';
  const middleDip = results.filter((r) => meanPast(r, 0.4, 0.6) < Math.min(meanPast(r, 0, 0.2), meanPast(r, 0.8, 1)) - 0.1);
  if (middleDip.length > 0)
    return `${source}; here ${middleDip.map((r) => schemeLabel(r.scheme)).join(' and ')} also ${middleDip.length === 1 ? 'does' : 'do'} worst mid-context past L.`;
  const farFirst = results.filter((r) => meanPast(r, 0, 0.3) < meanPast(r, 0.7, 1) - 0.1);
  const tail = farFirst.length
    ? ` Past L, ${farFirst.map((r) => schemeLabel(r.scheme)).join(' and ')} lose${farFirst.length === 1 ? 's' : ''} the keys farthest from the question first.`
    : '';
  return `${source}; no scheme here shows that dip past L: the key is the only token of its kind, so what changes with depth is only its distance from the question.${tail}`;
}
