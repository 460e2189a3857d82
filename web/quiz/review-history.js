// The learner's review log as FSRS training data, and how well a set of FSRS parameters predicts
// it. Each card's reviews in time order become one history: the rating and the whole days since
// the card's previous review (0 for the first, and for a review the same day). An item is a
// history's first k reviews; it is scored when its last review came a day or more after the one
// before: was the card recalled (any grade but Again), against the recall probability that the
// parameters' memory model (ts-fsrs's FSRS-6) gives after replaying the earlier reviews.
import { FSRSAlgorithm, Rating, generatorParameters } from '../vendor/ts-fsrs.mjs';

/** Reviews the optimiser needs before it is offered (items scored: a day or more after the card's previous review). */
export const MIN_OPTIMISER_REVIEWS = 200;

/** Whole local calendar days from a to b. */
function daysBetween(a, b) {
  const midnight = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((midnight(b).getTime() - midnight(a).getTime()) / 86_400_000);
}

/**
 * Each card's reviews as { rating, days } in time order.
 * @param {import('./progress-model.js').Progress['log']} log
 * @returns {{ rating: number, days: number }[][]}
 */
export function cardHistories(log) {
  const byCard = new Map();
  for (const entry of log) byCard.set(entry.cardId, [...(byCard.get(entry.cardId) ?? []), entry]);
  return [...byCard.values()].map((entries) => {
    const sorted = entries.map((entry) => ({ rating: entry.rating, at: new Date(entry.review) })).sort((a, b) => a.at - b.at);
    return sorted.map(({ rating, at }, i) => ({ rating, days: i === 0 ? 0 : daysBetween(sorted[i - 1].at, at) }));
  });
}

/**
 * The training items: every prefix of two or more reviews whose last review is scored.
 * @param {{ rating: number, days: number }[][]} histories
 * @returns {{ rating: number, days: number }[][]}
 */
export function trainingItems(histories) {
  return histories.flatMap((history) => history.slice(1).flatMap((review, i) => (review.days > 0 ? [history.slice(0, i + 2)] : [])));
}

/**
 * Mean log-loss (natural log) of the parameters' recall predictions over the items: lower is better.
 * @param {{ rating: number, days: number }[][]} items
 * @param {number[] | undefined} parameters  FSRS-6 weights; undefined for ts-fsrs's defaults
 */
export function logLoss(items, parameters) {
  const algorithm = new FSRSAlgorithm(generatorParameters(parameters ? { w: parameters } : {}));
  let total = 0;
  for (const item of items) {
    let memory = null;
    for (const { rating, days } of item.slice(0, -1)) memory = algorithm.next_state(memory, days, rating);
    const last = item.at(-1);
    const recall = Math.min(1 - 1e-7, Math.max(1e-7, algorithm.forgetting_curve(last.days, memory.stability)));
    total -= last.rating === Rating.Again ? Math.log(1 - recall) : Math.log(recall);
  }
  return total / items.length;
}
