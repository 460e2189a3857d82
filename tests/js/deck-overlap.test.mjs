// Every deck the page loads is written in its own words and keeps its 60-second answers short
// (issue 17, fixes 13 and 15). No field of any card may share a run of 12 consecutive words with the
// seed texts: the repository holds only their fingerprints (tests/js/fixtures/seed-12gram-hashes.json,
// made by scripts/seed-hashes.mjs from the seed folder), so this runs where the seeds are absent.
// And every "solid" answer stays within 150 words, counted as whitespace-separated words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runLength, runsOf } from '../../scripts/seed-hashes.mjs';

const readJson = (url) => JSON.parse(readFileSync(url, 'utf8'));
const decksFolder = new URL('../../web/decks/', import.meta.url);
const decks = readJson(new URL('index.json', decksFolder)).decks.map((id) => readJson(new URL(`${id}.json`, decksFolder)));
const fixture = readJson(new URL('fixtures/seed-12gram-hashes.json', import.meta.url));
const seedHashes = new Set(fixture.hashes);
const maxSolidWords = 150;

/** Card fields that hold no prose a learner reads as the card's own words. */
const notProse = new Set(['id', 'tags', 'topic', 'claims', 'live', 'computed', 'keyPointTerms']);

/** Every string inside a value, in order. */
const stringsIn = (value) => (typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : []);

/** A card's text, one string per field (the items of a list field joined in order). */
const fieldsOf = (card) =>
  Object.entries(card)
    .filter(([field]) => !notProse.has(field))
    .map(([field, value]) => ({ field, text: stringsIn(value).join('\n') }));

const cards = decks.flatMap((deck) => deck.cards.map((card) => ({ deck: deck.id, card })));

test('the fingerprints cover the seed texts and the deck list is read', () => {
  assert.equal(fixture.runLength, runLength, 'the fixture was made with the run length this test uses');
  assert.ok(seedHashes.size > 1000, `${seedHashes.size} fingerprints`);
  assert.ok(cards.length >= 48, `${cards.length} cards`);
});

test(`no card shares a run of ${runLength} consecutive words with the seed texts`, () => {
  const copied = [];
  for (const { deck, card } of cards) {
    for (const { field, text } of fieldsOf(card)) {
      const runs = runsOf(text).filter((run) => seedHashes.has(run.hash));
      if (runs.length > 0) copied.push(`${deck}/${card.id} ${field}: "${runs[0].words}"${runs.length > 1 ? ` and ${runs.length - 1} more` : ''}`);
    }
  }
  assert.deepEqual(copied, []);
});

test(`every solid answer is at most ${maxSolidWords} words`, () => {
  const long = cards
    .filter(({ card }) => typeof card.solid === 'string')
    .map(({ deck, card }) => ({ name: `${deck}/${card.id}`, words: card.solid.split(/\s+/).filter(Boolean).length }))
    .filter(({ words }) => words > maxSolidWords)
    .map(({ name, words }) => `${name}: ${words} words`);
  assert.deepEqual(long, []);
});

test('the run finder sees a copied run through case, punctuation and line breaks', () => {
  const run = runsOf('one two three four five six seven eight nine ten eleven twelve')[0];
  assert.equal(runsOf('One, two; three\nfour five six seven (eight) nine ten eleven twelve.')[0].hash, run.hash);
  assert.equal(runsOf('one two three four five six seven eight nine ten eleven').length, 0, 'eleven words are no run');
  assert.notEqual(runsOf('two three four five six seven eight nine ten eleven twelve thirteen')[0].hash, run.hash);
});
