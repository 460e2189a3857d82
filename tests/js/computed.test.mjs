// Computed cards: answers equal values computed from the engine; checking honours the tolerance.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeTo, loadForTests } from './load.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { computedTemplates, prepareComputedCard, checkAnswer } = await import(new URL('computed-templates.js', quiz));
const { seededRandom } = await import(new URL('random.js', quiz));
const deck = JSON.parse(readFileSync(new URL('../../web/decks/computed.json', import.meta.url), 'utf8'));

let engine;
before(async () => { engine = await loadForTests(); });

test('every computed card of the shipped deck matches the engine over 50 seeded drawings', () => {
  for (const card of deck.cards) {
    for (let seed = 1; seed <= 50; seed++) {
      const prepared = prepareComputedCard(card, engine, seededRandom(seed));
      const { p, d, i, k, parity } = prepared.params;
      assert.doesNotMatch(prepared.question, /\{[a-z]+\}/, 'all placeholders filled');
      if (card.computed.template === 'sinusoidal-first-dims') {
        const { data } = engine.sinusoidal({ positions: [p], dModel: d });
        prepared.answer.forEach((value, column) => closeTo(value, data[column], 0, `${card.id} dim ${column}`));
        closeTo(prepared.answer[0], Math.sin(p), 1e-12, 'sin p');
      } else if (card.computed.template === 'sinusoidal-value') {
        const { data } = engine.sinusoidal({ positions: [p], dModel: d });
        closeTo(prepared.answer, data[2 * i + (parity === 'cos' ? 1 : 0)], 0, card.id);
      } else {
        let closedForm = 0;
        for (let pair = 0; pair < d / 2; pair++) closedForm += Math.cos(k / 10000 ** ((2 * pair) / d));
        closeTo(prepared.answer, closedForm, 1e-9, `${card.id} p=${p}`);
      }
      assert.equal(checkAnswer(String(prepared.answer), prepared.answer, card.computed.tolerance).correct, true);
    }
  }
});

test('the same seed draws the same parameters', () => {
  const card = deck.cards[0];
  assert.deepEqual(prepareComputedCard(card, engine, seededRandom(9)).params, prepareComputedCard(card, engine, seededRandom(9)).params);
});

test('answer checking: tolerance, lists, unicode minus, wrong length, not a number', () => {
  assert.equal(checkAnswer('0.8415', Math.sin(1), 0.001).correct, true);
  assert.equal(checkAnswer('0.85', Math.sin(1), 0.001).correct, false);
  assert.equal(checkAnswer('−0.5', -0.5, 0).correct, true);
  assert.equal(checkAnswer('0, 1, 0.01, 1', [0, 1, 0.01, 1], 0.001).correct, true);
  assert.match(checkAnswer('0, 1', [0, 1, 0, 1], 0.001).message, /Expected 4 values, got 2/);
  assert.match(checkAnswer('abc', 1, 0.1).message, /not a number/);
});

test('every template declares its params and computes', () => {
  for (const [name, template] of Object.entries(computedTemplates)) {
    assert.ok(template.params.length > 0 && typeof template.compute === 'function' && template.summary, name);
  }
});
