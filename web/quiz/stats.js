// Stats: what is due today and this week, how many reviews, and retention by topic (the share of
// reviews not graded Again).
import { Rating } from './scheduler.js';
import { storedCard } from './progress-store.js';
import { element } from './render.js';

/**
 * @param {any[]} cards
 * @param {import('./progress-store.js').Progress} progress
 * @param {Date} now
 */
export function computeStats(cards, progress, now) {
  const endOfToday = new Date(now); endOfToday.setHours(23, 59, 59, 999);
  const weekEnd = endOfToday.getTime() + 6 * 86400000;
  const dues = cards.filter((card) => storedCard(progress, card.id)).map((card) => Date.parse(storedCard(progress, card.id).due));
  const topicOf = new Map(cards.map((card) => [card.id, card.topic]));
  const byTopic = new Map();
  for (const entry of progress.log) {
    const topic = topicOf.get(entry.cardId) ?? 'Cards no longer loaded';
    const tally = byTopic.get(topic) ?? { topic, reviews: 0, retained: 0 };
    tally.reviews++;
    if (entry.rating !== Rating.Again) tally.retained++;
    byTopic.set(topic, tally);
  }
  return {
    dueToday: dues.filter((due) => due <= endOfToday.getTime()).length,
    dueThisWeek: dues.filter((due) => due <= weekEnd).length,
    totalReviews: progress.log.length,
    retentionByTopic: [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic))
      .map((tally) => ({ ...tally, retention: tally.retained / tally.reviews })),
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createStatsMode(context) {
  const root = element('div');
  return {
    root,
    activate() {
      const stats = computeStats(context.cards(), context.getProgress(), new Date());
      const figure = (label, value) => element('div', [element('dt', [label]), element('dd', [String(value)])]);
      root.replaceChildren(
        element('dl', [figure('Due today', stats.dueToday), figure('Due this week', stats.dueThisWeek), figure('Total reviews', stats.totalReviews)], { className: 'stat-figures' }),
        element('h3', ['Retention by topic']),
        stats.retentionByTopic.length === 0 ? element('p', ['No reviews yet.']) : element('table', [
          element('caption', ['Share of reviews not graded Again'], { className: 'visually-hidden' }),
          element('thead', [element('tr', ['Topic', 'Reviews', 'Retention'].map((text) => element('th', [text], { attributes: { scope: 'col' } })))]),
          element('tbody', stats.retentionByTopic.map((row) => element('tr', [
            element('th', [row.topic], { attributes: { scope: 'row' } }), element('td', [String(row.reviews)]), element('td', [`${Math.round(100 * row.retention)}%`]),
          ]))),
        ], { className: 'stats-table' }),
      );
    },
    onKey: () => false,
  };
}
