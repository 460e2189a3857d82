// What README says about the shipped decks and the computed-card templates, checked against them,
// so a deck or template added or removed cannot leave the README's numbers behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
const decksFolder = new URL('../../web/decks/', import.meta.url);
const deckIds = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks;
const cards = deckIds.flatMap((id) => JSON.parse(readFileSync(new URL(`${id}.json`, decksFolder), 'utf8')).cards);
const { computedTemplates } = await import(new URL('../../dist/quiz/computed-templates.js', import.meta.url));

/** Every number README writes before `words`, e.g. numbersBefore('interview cards'). */
const numbersBefore = (words) => [...readme.matchAll(new RegExp(`(\\d[\\d,]*) ${words}`, 'g'))].map((match) => Number(match[1].replaceAll(',', '')));

test("the card counts are the decks' own", () => {
  const computed = cards.filter((card) => card.computed).length;
  assert.deepEqual(numbersBefore('interview cards'), [cards.length - computed]);
  assert.deepEqual(numbersBefore('computed cards'), [computed]);
  const tiered = cards.filter((card) => !card.computed);
  assert.deepEqual(numbersBefore('tiered cards, each with key-point terms'), [tiered.length]);
  assert.ok(
    tiered.every((card) => card.keyPointTerms),
    'every tiered card has key-point terms',
  );
});

test('the decks index.json lists, in its order', () => {
  assert.ok(readme.includes(`{ "decks": [${deckIds.map((id) => `"${id}"`).join(', ')}] }`), 'README quotes web/decks/index.json');
});

test('every computed-card template is listed, and only those', () => {
  const listed = /Templates \(`web\/quiz\/computed-templates\.js`\): (.*?)\. Integer bounds/.exec(readme)[1];
  const names = [...listed.matchAll(/`([a-z0-9-]+)`/g)].map((match) => match[1]);
  assert.deepEqual(names.sort(), Object.keys(computedTemplates).sort());
});
