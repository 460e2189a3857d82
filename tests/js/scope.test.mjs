// A mode's selection of cards (web/quiz/scope.js): the choices a scope <select> offers for the loaded
// cards, and the cards each choice selects, as Cram, the drills and the mock interview use them.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { cardsInScope, scopeOptions } = await import(new URL('../../dist/quiz/scope.js', import.meta.url));

const cards = [
  { id: 'a', topic: 'RoPE', tags: ['rope', 'scaling'], live: [{ view: 'position' }] },
  { id: 'b', topic: 'ALiBi', tags: ['alibi'] },
  { id: 'c', topic: 'RoPE', tags: ['rope'], live: [{ view: 'encodings' }, { view: 'position' }] },
  { id: 'd', topic: 'Absolute encodings' },
];
const ids = (selected) => selected.map((card) => card.id);

test("the choices: all cards, then each topic, each tag and each view a card links to, sorted, in people's words", () => {
  assert.deepEqual(scopeOptions(cards), [
    { value: 'all', label: 'All cards (4)' },
    { value: 'topic:ALiBi', label: 'Topic: ALiBi' },
    { value: 'topic:Absolute encodings', label: 'Topic: Absolute encodings' },
    { value: 'topic:RoPE', label: 'Topic: RoPE' },
    { value: 'tag:alibi', label: 'Tag: alibi' },
    { value: 'tag:rope', label: 'Tag: rope' },
    { value: 'tag:scaling', label: 'Tag: scaling' },
    { value: 'live:encodings', label: 'Shown live in: Encodings' },
    { value: 'live:position', label: 'Shown live in: Position 5,000' },
  ]);
  assert.deepEqual(scopeOptions([]), [{ value: 'all', label: 'All cards (0)' }]);
});

test('each choice selects its cards in deck order; chosen cards in the order named, unknown ids left out', () => {
  assert.deepEqual(ids(cardsInScope(cards, 'all')), ['a', 'b', 'c', 'd']);
  assert.deepEqual(ids(cardsInScope(cards, 'topic:RoPE')), ['a', 'c']);
  assert.deepEqual(ids(cardsInScope(cards, 'tag:scaling')), ['a']);
  assert.deepEqual(ids(cardsInScope(cards, 'live:position')), ['a', 'c']);
  assert.deepEqual(ids(cardsInScope(cards, 'cards:d,zz,a')), ['d', 'a']);
  assert.deepEqual(ids(cardsInScope(cards, 'topic:Nothing')), []);
  assert.deepEqual(ids(cardsInScope(cards, 'something else')), ['a', 'b', 'c', 'd'], 'a value it does not know selects everything');
});

test('every choice offered selects at least one card', () => {
  for (const { value } of scopeOptions(cards)) assert.ok(cardsInScope(cards, value).length > 0, value);
});
