// The order new cards are introduced in: decks and topics interleaved, conceptual cards first with
// computed cards mixed in, the same order on every visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { newCardOrder, roundRobin, CONCEPTUAL_PER_COMPUTED } = await import(new URL('new-card-order.js', quiz));
const { buildQueue } = await import(new URL('scheduler.js', quiz));
const { emptyProgress } = await import(new URL('progress-schema.js', quiz));

const decksFolder = new URL('../../web/decks/', import.meta.url);
const shipped = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks.flatMap((deckId) =>
  JSON.parse(readFileSync(new URL(`${deckId}.json`, decksFolder), 'utf8')).cards.map((card) => ({ ...card, deckId })),
);

test("round robin takes one item per group in turn, keeping each group's order", () => {
  const items = ['a1', 'a2', 'b1', 'c1', 'a3', 'c2'];
  assert.deepEqual(
    roundRobin(items, (item) => item[0]),
    ['a1', 'b1', 'c1', 'a2', 'c2', 'a3'],
  );
});

test('every card appears exactly once, and the order is the same on every call', () => {
  const order = newCardOrder(shipped);
  assert.equal(order.length, shipped.length);
  assert.equal(new Set(order.map((card) => card.id)).size, shipped.length);
  assert.deepEqual(
    newCardOrder(shipped).map((card) => card.id),
    order.map((card) => card.id),
  );
});

test('day one with the shipped decks: conceptual first, computed mixed in, several decks and topics', () => {
  const { fresh } = buildQueue(shipped, emptyProgress(), new Date('2025-03-01T09:00:00Z'));
  const day = fresh.map((id) => shipped.find((card) => card.id === id));
  assert.equal(day.length, 10, 'the default limit of 10 new cards');
  assert.equal(day[0].id, 'sinusoidal-vs-learned-beyond-length', 'the seed question opens');
  assert.ok(
    day.slice(0, CONCEPTUAL_PER_COMPUTED).every((card) => !card.computed),
    'conceptual cards first',
  );
  const computed = day.filter((card) => card.computed).length;
  assert.ok(computed >= 2 && computed <= 3, `computed cards mixed in, not all at once: ${computed} of 10`);
  for (let i = 1; i < day.length; i++) assert.ok(!(day[i].computed && day[i - 1].computed), 'no two computed cards in a row');
  const conceptual = day.filter((card) => !card.computed);
  const conceptualDecks = new Set(shipped.filter((card) => !card.computed).map((card) => card.deckId));
  assert.ok(conceptualDecks.size >= 3);
  assert.equal(new Set(conceptual.map((card) => card.deckId)).size, conceptualDecks.size, 'every deck of conceptual cards contributes');
  assert.ok(new Set(day.map((card) => card.topic)).size >= 6, `topics spread: ${[...new Set(day.map((card) => card.topic))].join(', ')}`);
});

test('cards of one deck and topic keep their deck order', () => {
  const cards = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, deckId: 'd', topic: 't' }));
  assert.deepEqual(
    newCardOrder(cards).map((card) => card.id),
    ['c0', 'c1', 'c2', 'c3', 'c4'],
  );
});

test('the queue counts relearning cards that come back later today and the new cards past the limit', () => {
  const now = new Date(2025, 2, 1, 10, 0, 0);
  const cards = Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, deckId: 'd', topic: 't' }));
  const progress = { ...emptyProgress(), settings: { newPerDay: 1 } };
  const relearning = {
    due: new Date(now.getTime() + 3600_000).toISOString(),
    stability: 1,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: 3,
    lapses: 1,
    state: 3,
    last_review: now.toISOString(),
  };
  progress.cards.c0 = relearning;
  progress.log = [{ cardId: 'c0', rating: 3, state: 0, review: now.toISOString() }];
  const queue = buildQueue(cards, progress, now);
  assert.equal(queue.next, null);
  assert.deepEqual(queue.learningLater, { count: 1, first: new Date(relearning.due) });
  assert.equal(queue.unseenLeft, 3, 'three unseen cards wait for the coming days');
});
