// Stats: how much of the material has been seen, what comes due over the next 30 days, retention
// by topic and by deck (the share of reviews not graded Again), drill and mock-interview history,
// leeches, and the suspended cards (with a way back into Review).
import { markCard, Rating } from './scheduler.js';
import { cardMarks, practiceKinds, storedCard } from './progress-model.js';
import { renderInline } from './render.js';
import { element, tableHead } from '../dom.js';
import { routeLink } from '../route-link.js';

const FORECAST_DAYS = 30;

/** Reviews and the share not graded Again, per key. */
function retentionBy(log, keyOf, otherLabel) {
  const tallies = new Map();
  for (const entry of log) {
    const key = keyOf.get(entry.cardId) ?? otherLabel;
    const tally = tallies.get(key) ?? { name: key, reviews: 0, retained: 0 };
    tally.reviews++;
    if (entry.rating !== Rating.Again) tally.retained++;
    tallies.set(key, tally);
  }
  return [...tallies.values()].sort((a, b) => a.name.localeCompare(b.name)).map((tally) => ({ ...tally, retention: tally.retained / tally.reviews }));
}

/**
 * @param {any[]} cards  every loaded card (with deckId)
 * @param {import('./progress-model.js').Progress} progress
 * @param {Date} now
 * @param {{ id: string, title: string }[]} [decks]
 */
export function computeStats(cards, progress, now, decks = []) {
  const endOfToday = new Date(now);
  endOfToday.setHours(23, 59, 59, 999);
  const dayStart = (offset) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).getTime();
  const scheduled = cards.filter((card) => storedCard(progress, card.id) && !cardMarks(progress, card.id).suspended);
  const dues = scheduled.map((card) => Date.parse(storedCard(progress, card.id).due));
  // Day 0 (today) also holds everything overdue.
  const forecast = Array.from({ length: FORECAST_DAYS }, (_, day) => ({
    day,
    date: new Date(dayStart(day)),
    due: dues.filter((due) => (day === 0 || due >= dayStart(day)) && due < dayStart(day + 1)).length,
  }));
  const deckTitle = new Map(decks.map((deck) => [deck.id, deck.title]));
  const history = [...progress.history].reverse();
  return {
    seen: cards.filter((card) => storedCard(progress, card.id)).length,
    total: cards.length,
    dueToday: dues.filter((due) => due <= endOfToday.getTime()).length,
    dueThisWeek: dues.filter((due) => due <= endOfToday.getTime() + 6 * 86_400_000).length,
    totalReviews: progress.log.length,
    forecast,
    retentionByTopic: retentionBy(progress.log, new Map(cards.map((card) => [card.id, card.topic])), 'Cards no longer loaded').map(({ name, ...tally }) => ({
      topic: name,
      ...tally,
    })),
    retentionByDeck: retentionBy(
      progress.log,
      new Map(cards.map((card) => [card.id, deckTitle.get(card.deckId) ?? card.deckId])),
      'Cards no longer loaded',
    ).map(({ name, ...tally }) => ({ deck: name, ...tally })),
    history,
    leeches: cards.filter((card) => cardMarks(progress, card.id).leech).map((card) => ({ card, lapses: storedCard(progress, card.id)?.lapses ?? 0 })),
    suspended: cards.filter((card) => cardMarks(progress, card.id).suspended),
  };
}

const percent = (share) => `${Math.round(100 * share)}%`;
/** A topic's name as a link to a Cram session over its cards. */
const topicLink = (topic) => routeLink([topic], 'quiz', { mode: 'cram', scope: `topic:${topic}` }, { back: false });
const table = (caption, headings, rows, id) =>
  element(
    'table',
    [
      element('caption', [caption], { className: 'visually-hidden' }),
      tableHead(headings),
      element(
        'tbody',
        rows.map(([first, ...rest]) => element('tr', [element('th', [first], { attributes: { scope: 'row' } }), ...rest.map((cell) => element('td', [cell]))])),
      ),
    ],
    { className: 'stats-table', id },
  );

/** The forecast as a bar per day: the bars are drawing only; the numbers are in the text beside them. */
function forecastChart(forecast) {
  const most = Math.max(1, ...forecast.map((entry) => entry.due));
  const dayLabel = (entry) =>
    entry.day === 0 ? 'Today' : entry.day === 1 ? 'Tomorrow' : entry.date.toLocaleDateString([], { weekday: 'short', month: 'short', day: 'numeric' });
  return element(
    'ol',
    forecast.map((entry) => {
      const bar = element('span', [], { className: 'forecast-bar', attributes: { 'aria-hidden': 'true' } });
      bar.style.width = `${(100 * entry.due) / most}%`;
      return element('li', [
        element('span', [dayLabel(entry)], { className: 'forecast-day' }),
        element('span', [bar], { className: 'forecast-track' }),
        element('span', [`${entry.due}`], { className: 'forecast-count' }),
      ]);
    }),
    { className: 'forecast', id: 'stats-forecast', attributes: { 'aria-label': `Cards due on each of the next ${FORECAST_DAYS} days` } },
  );
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createStatsMode(context) {
  const root = element('div');
  function render() {
    const stats = computeStats(context.cards(), context.getProgress(), new Date(), context.library.decks);
    const figure = (label, value) => element('div', [element('dt', [label]), element('dd', [String(value)])]);
    const none = (text) => element('p', [text], { className: 'hint' });
    // Weak: topics retained less often than the learner asks FSRS to aim for.
    const known = new Set(context.cards().map((card) => card.topic));
    const target = context.getProgress().settings.desiredRetention;
    const weak = stats.retentionByTopic.filter((row) => row.retention < target && known.has(row.topic));
    const unsuspend = (card) => {
      const button = element('button', ['Unsuspend'], { className: 'secondary', attributes: { type: 'button' } });
      button.addEventListener('click', () => {
        context.updateProgress((latest) => markCard(latest, card.id, 'suspended', false, new Date()));
        context.announce('Card unsuspended: it is back in Review.');
        render();
        // The button is gone: focus the next one, or the list's heading.
        /** @type {HTMLElement} */ (root.querySelector('#stats-suspended button') ?? root.querySelector('#stats-suspended-heading')).focus();
      });
      return button;
    };
    root.replaceChildren(
      element(
        'dl',
        [
          figure('Seen', `${stats.seen} of ${stats.total}`),
          figure('Due today', stats.dueToday),
          figure('Due this week', stats.dueThisWeek),
          figure('Total reviews', stats.totalReviews),
        ],
        { className: 'stat-figures' },
      ),
      element('h3', [`Due over the next ${FORECAST_DAYS} days`]),
      stats.seen === 0 ? none('Nothing scheduled yet: cards get a due date once you review them.') : forecastChart(stats.forecast),
      element('h3', ['Retention by topic']),
      weak.length === 0
        ? ''
        : element(
            'p',
            [
              `Weak topics (retention under your desired ${percent(target)}), each opens its cards in Cram: `,
              ...weak.flatMap((row, i) => [i === 0 ? '' : ', ', topicLink(row.topic)]),
            ],
            { id: 'stats-weak-topics' },
          ),
      stats.retentionByTopic.length === 0
        ? none('No reviews yet.')
        : table(
            'Share of reviews not graded Again, by topic',
            ['Topic', 'Reviews', 'Retention'],
            stats.retentionByTopic.map((row) => [known.has(row.topic) ? topicLink(row.topic) : row.topic, String(row.reviews), percent(row.retention)]),
            'stats-by-topic',
          ),
      element('h3', ['Retention by deck']),
      stats.retentionByDeck.length === 0
        ? none('No reviews yet.')
        : table(
            'Share of reviews not graded Again, by deck',
            ['Deck', 'Reviews', 'Retention'],
            stats.retentionByDeck.map((row) => [row.deck, String(row.reviews), percent(row.retention)]),
            'stats-by-deck',
          ),
      element('h3', ['Drills and mock interviews']),
      stats.history.length === 0
        ? none('No red-flag drill or mock interview finished yet.')
        : table(
            'Drill and mock-interview results, newest first',
            ['When', 'Exercise', 'Items', 'Score'],
            stats.history
              .slice(0, 20)
              .map((entry) => [
                new Date(entry.at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }),
                practiceKinds[entry.kind],
                String(entry.items),
                `${Math.round(entry.score)}/100`,
              ]),
            'stats-history',
          ),
      element('h3', ['Leeches']),
      stats.leeches.length === 0
        ? none('No leeches: no card has lapsed 8 times.')
        : element(
            'ul',
            stats.leeches.map(({ card, lapses }) =>
              element('li', [renderInline(card.question), ' ', element('span', [`(${lapses} lapses)`], { className: 'hint' })]),
            ),
            { id: 'stats-leeches' },
          ),
      element('h3', ['Suspended cards'], { id: 'stats-suspended-heading', attributes: { tabindex: '-1' } }),
      stats.suspended.length === 0
        ? none('No suspended cards. Suspend one in Review with @.')
        : element(
            'ul',
            stats.suspended.map((card) => element('li', [renderInline(card.question), ' ', unsuspend(card)])),
            { id: 'stats-suspended' },
          ),
    );
  }
  return { root, activate: render, onKey: () => false };
}
