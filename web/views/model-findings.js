// One sentence per trained model that its own numbers support: whether it learned the task, and
// what happened past the trained length; then, where a result would surprise, why it happened.
// Nothing here is a claim the run did not measure: each explanation applies only to the outcome
// it explains (a learned table that holds up on recall, a window that drops the passkey, ...).
import { fixed, int } from './format.js';

const LEARNED = 0.9; // in-distribution accuracy that counts as having learned the task
const HOLDS = 0.9; // beyond/in-distribution ratio that counts as holding up
const OVERCONFIDENT = 0.2; // confidence above accuracy by this much is "fluent but wrong"

/**
 * @typedef {{ scheme: string, task: string, overflow: string | null, trainedLength: number, inDistribution: { accuracy: number },
 *   beyond: { accuracy: number, confidence: number, count: number }, unavailable?: string }} ModelResult
 */

/** What the numbers say: 'unlearned' | 'no-row' | 'unevaluated' | 'holds' | 'fluent-wrong' | 'degrades'. */
export function outcomeOf(result) {
  const inside = result.inDistribution.accuracy;
  const { accuracy, confidence, count } = result.beyond;
  if (!(inside >= LEARNED)) return 'unlearned';
  if (count === 0) return result.unavailable ? 'no-row' : 'unevaluated';
  if (accuracy >= HOLDS * inside) return 'holds';
  if (confidence - accuracy >= OVERCONFIDENT) return 'fluent-wrong';
  return 'degrades';
}

/** @param {ModelResult} result */
export function findingFor(result) {
  const inside = result.inDistribution.accuracy;
  const { accuracy, confidence } = result.beyond;
  switch (outcomeOf(result)) {
    case 'unlearned':
      return `Did not learn the task within the trained length (accuracy ${fixed(inside, 2)}), so its behaviour past L says little.`;
    case 'no-row':
      return `No row past L: the table has rows 0 to ${int(result.trainedLength - 1)} only and the 'error' policy refuses later positions, so the model cannot run there at all.`;
    case 'unevaluated':
      return 'No positions past L were evaluated.';
    case 'holds':
      return `Holds up past L: accuracy ${fixed(accuracy, 2)} against ${fixed(inside, 2)} inside.`;
    case 'fluent-wrong':
      return `Fluent but wrong past L: it stays confident (mean probability ${fixed(confidence, 2)}) while accuracy falls to ${fixed(accuracy, 2)}.`;
    default:
      return `Degrades past L and knows it: accuracy ${fixed(accuracy, 2)}, confidence ${fixed(confidence, 2)}.`;
  }
}

/**
 * [scheme, task, overflow (null: any), outcomes it explains, why (text, or a function of the copy offset k)]: the first match is shown.
 * @type {[string, string, string[] | null, string[], string | ((k: number) => string)][]}
 */
const EXPLANATIONS = [
  [
    'learned',
    'recallFirst',
    ['clamp', 'wrap', 'interpolate'],
    ['holds'],
    'Why it holds: the answer sits at position 0, which keeps its own row under this policy, and the passkey is found by what it is; the wrong rows handed to later positions do not hurt.',
  ],
  [
    'learned',
    'recallFirst',
    ['window'],
    ['fluent-wrong', 'degrades'],
    'Why it fails: the window keeps only the last L tokens, so past L the passkey at position 0 is no longer there to find.',
  ],
  [
    'learned',
    'copyBack',
    ['window'],
    ['holds'],
    (k) =>
      `Why it holds: the window re-indexes the last L tokens to rows 0 to L − 1, so the query always sits at row L − 1 with its answer ${k} rows back, as in training (everything earlier is dropped).`,
  ],
  [
    'learned',
    'copyBack',
    ['clamp'],
    ['fluent-wrong', 'degrades'],
    (k) =>
      `Why: every position from L on is handed row L − 1, so the query cannot tell the key ${k} back from any other late key; it still points where row L − 1 learned to point.`,
  ],
  [
    'learned',
    'copyBack',
    ['wrap'],
    ['fluent-wrong', 'degrades'],
    (k) => `Why: wrap hands positions p and p − L the same row, so several keys look like the one ${k} back and the query splits between them.`,
  ],
  [
    'learned',
    'copyBack',
    ['interpolate'],
    ['fluent-wrong', 'degrades'],
    (k) =>
      `Why: interpolate squeezes the positions onto L rows, so neighbours end up less than a row apart and ${k} positions back is no longer ${k} rows back.`,
  ],
  [
    'sinusoidal',
    'copyBack',
    null,
    ['fluent-wrong', 'degrades'],
    (k) =>
      `Why: past L the slow frequency pairs reach angles no trained position had, so the scores that singled out the key ${k} back now single out others (the position view shows which).`,
  ],
  [
    'rope',
    'copyBack',
    null,
    ['fluent-wrong', 'degrades'],
    (k) =>
      `Why: the relative angle ${k} back is the same at any p, but past L the slow pairs rotate the other keys to angles training never saw, and some of them now outscore it.`,
  ],
  [
    't5',
    'copyBack',
    null,
    ['holds'],
    (k) =>
      `Why it holds: T5 adds one learned number per distance bucket; distance ${k} has a bucket of its own, and every far key shares the last bucket, whose bias training already set, so nothing new appears past L.`,
  ],
  ['alibi', 'lastMarker', null, ['holds'], "Why it holds: ALiBi's bias depends on distance alone, and past L the latest marker is as near as it ever was."],
  [
    'alibi',
    'recallFirst',
    null,
    ['fluent-wrong', 'degrades'],
    "Why it fails: ALiBi lowers each key's score by its slope times its distance; past L the passkey is farther away than training ever needed, and its weight fades.",
  ],
  ['nope', 'recallFirst', null, ['holds'], 'Why it holds: nothing is added for position, so nothing runs out past L; the passkey is found by what it is.'],
  [
    'alibi',
    'copyBack',
    null,
    ['unlearned'],
    (k) =>
      `ALiBi's bias only favours nearer keys, so it cannot single out the key exactly ${k} back among random tokens; the position view's ALiBi model learns the latest marker instead.`,
  ],
  [
    'nope',
    'copyBack',
    null,
    ['unlearned'],
    (k) => `With nothing added for position, one attention layer cannot count ${k} back; the position view's NoPE model recalls the first token instead.`,
  ],
];

/**
 * Why a result came out as it did, when it would surprise; '' otherwise.
 * @param {ModelResult} result @param {{ offset: number }} trainer  the preset's settings (the copy offset)
 */
export function explanationFor(result, trainer) {
  const outcome = outcomeOf(result);
  const match = EXPLANATIONS.find(
    ([scheme, task, overflows, outcomes]) =>
      scheme === result.scheme && task === result.task && (overflows === null || overflows.includes(result.overflow)) && outcomes.includes(outcome),
  );
  const why = match?.[4] ?? '';
  return typeof why === 'function' ? why(trainer.offset) : why;
}
