// The numbers the Stats view shows (computeStats), from a progress written by hand: what is seen,
// what comes due today, this week and on each of the next 30 days, retention by topic and by deck,
// the practice history, leeches and suspended cards.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { computeStats } = await import(new URL('stats.js', quiz));
const { Rating, State } = await import(new URL('scheduler.js', quiz));
const { cardRecord } = await import(new URL('progress-model.js', quiz));
const { emptyProgress } = await import(new URL('progress-schema.js', quiz));

// Local noon, so every "day" below is a local calendar day wherever the test runs.
const now = new Date(2025, 2, 10, 12);
const at = (days, hours = 12) => new Date(2025, 2, 10 + days, hours).toISOString();

const cards = [
  { id: 'a', topic: 'RoPE', deckId: 'core' },
  { id: 'b', topic: 'RoPE', deckId: 'core' },
  { id: 'c', topic: 'ALiBi', deckId: 'core' },
  { id: 'd', topic: 'ALiBi', deckId: 'core' },
  { id: 'e', topic: 'RoPE', deckId: 'computed' },
  { id: 'f', topic: 'RoPE', deckId: 'computed' },
  { id: 'g', topic: 'RoPE', deckId: 'computed' },
];
const review = (cardId, rating) => ({ cardId, rating, state: State.Review, review: at(-1) });
const progress = {
  ...emptyProgress(),
  cards: cardRecord([
    ['a', { due: at(-2), lapses: 0 }], // overdue: due today
    ['b', { due: at(0, 18), lapses: 0 }],
    ['c', { due: at(1, 9), lapses: 0 }],
    ['d', { due: at(5), lapses: 8 }],
    ['e', { due: at(10), lapses: 1 }],
    ['f', { due: at(0), lapses: 0 }], // suspended: never due
  ]),
  marks: cardRecord([
    ['f', { suspended: true }],
    ['d', { leech: true }],
  ]),
  log: [review('a', Rating.Good), review('a', Rating.Again), review('b', Rating.Hard), review('c', Rating.Again), review('gone', Rating.Easy)],
  history: [
    { kind: 'red-flags', at: at(-3), score: 80, items: 10 },
    { kind: 'mock-interview', at: at(-1), score: 55, items: 3 },
  ],
};
const stats = computeStats(cards, progress, now, [{ id: 'core', title: 'Core ideas' }]);

test('seen counts every scheduled card, suspended too; total every loaded card', () => {
  assert.equal(stats.seen, 6);
  assert.equal(stats.total, 7);
  assert.equal(stats.totalReviews, 5);
});

test('due today holds the overdue cards; this week is today and the next six days; suspended cards are never due', () => {
  assert.equal(stats.dueToday, 2);
  assert.equal(stats.dueThisWeek, 4);
});

test('the forecast: 30 local days from today, today holding the overdue, every due card once', () => {
  assert.equal(stats.forecast.length, 30);
  assert.deepEqual(
    stats.forecast.map((day) => day.day),
    Array.from({ length: 30 }, (_, day) => day),
  );
  const due = Object.fromEntries(stats.forecast.filter((day) => day.due > 0).map((day) => [day.day, day.due]));
  assert.deepEqual(due, { 0: 2, 1: 1, 5: 1, 10: 1 });
  assert.equal(stats.forecast[1].date.getTime(), new Date(2025, 2, 11).getTime(), 'each entry starts at local midnight');
});

test('retention is the share of reviews not graded Again, by topic and by deck title; cards no longer loaded apart', () => {
  assert.deepEqual(stats.retentionByTopic, [
    { topic: 'ALiBi', reviews: 1, retained: 0, retention: 0 },
    { topic: 'Cards no longer loaded', reviews: 1, retained: 1, retention: 1 },
    { topic: 'RoPE', reviews: 3, retained: 2, retention: 2 / 3 },
  ]);
  assert.deepEqual(stats.retentionByDeck, [
    { deck: 'Cards no longer loaded', reviews: 1, retained: 1, retention: 1 },
    { deck: 'Core ideas', reviews: 4, retained: 2, retention: 0.5 },
  ]);
});

test('practice history newest first; leeches with their lapses; the suspended cards', () => {
  assert.deepEqual(
    stats.history.map((entry) => entry.kind),
    ['mock-interview', 'red-flags'],
  );
  assert.deepEqual(
    stats.leeches.map(({ card, lapses }) => [card.id, lapses]),
    [['d', 8]],
  );
  assert.deepEqual(
    stats.suspended.map((card) => card.id),
    ['f'],
  );
  assert.deepEqual(
    progress.history.map((entry) => entry.kind),
    ['red-flags', 'mock-interview'],
    'the progress is not changed',
  );
});

test('a deck without a title is named by its id', () => {
  const byDeck = computeStats(cards, { ...progress, log: [review('e', Rating.Good)] }, now).retentionByDeck;
  assert.deepEqual(byDeck, [{ deck: 'computed', reviews: 1, retained: 1, retention: 1 }]);
});
