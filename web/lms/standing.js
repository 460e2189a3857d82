// The learner's standing over every launch, which is what a course platform is told: for each item
// answered (a kind of exercise on one card), the most recent result. Checked answers (the page
// judged them: computed cards, red-flag judgements, mock-interview checklists) make the score;
// self-grades (Again/Hard/Good/Easy on a card nothing can check) are kept apart and reported as such.
// Items beyond the newest `keep` fold into a running sum, so the score survives any trimming.

/** Answers (checked or self-graded, all launches) after which the lesson counts as done. */
export const ANSWERS_FOR_COMPLETION = 10;
/** Checked answers (all launches) after which the score is judged against the mastery score. */
export const CHECKED_ANSWERS_FOR_SUCCESS = 10;

/**
 * @typedef {{ score: number, at: number }} ItemResult  score 0..1; at: epoch ms of the answer
 * @typedef {{ items: Record<string, ItemResult>, folded: { sum: number, count: number }, answers: number }} Tally
 *   items: by itemKey, which always holds a colon, so no key can be a name Object.prototype has
 * @typedef {{ checked: Tally, selfGraded: Tally }} Standing
 */

const emptyTally = () => ({ items: {}, folded: { sum: 0, count: 0 }, answers: 0 });

/** @returns {Standing} */
export function emptyStanding() {
  return { checked: emptyTally(), selfGraded: emptyTally() };
}

/** The item an answer updates: the same exercise on the same card replaces its earlier result. */
const itemKey = (answer) => `${answer.kind}:${answer.cardId}`;

/** Score of one answer, 0..1: a partial score where the page gave one, else right or wrong. */
export const answerScore = (answer) => (Number.isFinite(answer.score) ? Math.min(1, Math.max(0, answer.score)) : answer.correct ? 1 : 0);

/**
 * The standing after one more answer (the input is not changed).
 * @param {Standing} standing
 * @param {import('../quiz/quiz-app.js').Answer} answer
 * @param {number} at  epoch ms
 * @returns {Standing}
 */
export function addAnswer(standing, answer, at) {
  const part = answer.checked ? 'checked' : 'selfGraded';
  const tally = standing[part];
  const items = { ...tally.items, [itemKey(answer)]: { score: answerScore(answer), at } };
  return { ...standing, [part]: { items, folded: tally.folded, answers: tally.answers + 1 } };
}

/** Mean result of a tally's items (folded ones included), or null when it has none. */
export function meanOf(tally) {
  const results = Object.values(tally.items);
  const count = results.length + tally.folded.count;
  return count === 0 ? null : (results.reduce((sum, { score }) => sum + score, 0) + tally.folded.sum) / count;
}

/**
 * What the course platform is told.
 * @param {Standing} standing
 * @param {number | null} masteryScore  0..1, from the package's manifest via the platform; null when none
 * @returns {{ score: number | null, selfGradedScore: number | null, completion: 'completed' | 'incomplete', success: 'passed' | 'failed' | 'unknown' }}
 *   score: the checked answers' standing, 0..1 (null before any); success is judged once enough checked answers exist
 */
export function reportOf(standing, masteryScore) {
  const score = meanOf(standing.checked);
  const answers = standing.checked.answers + standing.selfGraded.answers;
  const judged = score !== null && masteryScore !== null && standing.checked.answers >= CHECKED_ANSWERS_FOR_SUCCESS;
  return {
    score,
    selfGradedScore: meanOf(standing.selfGraded),
    completion: answers >= ANSWERS_FOR_COMPLETION ? 'completed' : 'incomplete',
    success: judged ? (score >= masteryScore - 1e-9 ? 'passed' : 'failed') : 'unknown',
  };
}

/** The standing with only the newest `keep` items of each tally listed; older ones fold into the sums. */
export function foldOldest(standing, keep) {
  const fold = (tally) => {
    const entries = Object.entries(tally.items).sort(([, a], [, b]) => b.at - a.at);
    const dropped = entries.slice(keep);
    return {
      items: Object.fromEntries(entries.slice(0, keep)),
      folded: { sum: tally.folded.sum + dropped.reduce((sum, [, { score }]) => sum + score, 0), count: tally.folded.count + dropped.length },
      answers: tally.answers,
    };
  };
  return { checked: fold(standing.checked), selfGraded: fold(standing.selfGraded) };
}

/** Checks a standing read back from a platform, to the leaf; throws TypeError naming the field. */
export function checkStanding(value) {
  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const count = (v, name) => {
    if (!Number.isInteger(v) || v < 0) throw new TypeError(`${name} must be a whole number; got ${JSON.stringify(v)}`);
  };
  if (!isObject(value)) throw new TypeError('standing must be an object');
  for (const part of ['checked', 'selfGraded']) {
    const tally = value[part];
    if (!isObject(tally) || !isObject(tally.items) || !isObject(tally.folded)) throw new TypeError(`standing.${part} must hold items and folded`);
    count(tally.answers, `standing.${part}.answers`);
    count(tally.folded.count, `standing.${part}.folded.count`);
    if (!(tally.folded.sum >= 0 && tally.folded.sum <= tally.folded.count)) throw new TypeError(`standing.${part}.folded.sum must be 0..count`);
    for (const [key, item] of Object.entries(tally.items)) {
      if (!isObject(item) || !(item.score >= 0 && item.score <= 1) || !Number.isFinite(item.at))
        throw new TypeError(`standing.${part}.items["${key}"] must be { score 0..1, at }`);
    }
  }
  return value;
}
