// Computed cards: answers equal values computed from the engine; checking honours the tolerance.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeTo, loadForTests } from './load.mjs';
import { ropeClosedForms } from './computed-rope-reference.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { computedTemplates, prepareComputedCard, checkAnswer, drawParams } = await import(new URL('computed-templates.js', quiz));
const { seededRandom } = await import(new URL('random.js', quiz));
const deck = JSON.parse(readFileSync(new URL('../../web/decks/computed.json', import.meta.url), 'utf8'));

let engine;
before(async () => {
  engine = await loadForTests();
});

/** The official ALiBi get_slopes, written out independently of the engine. */
function officialSlopes(n) {
  const powerOfTwo = (m) => Array.from({ length: m }, (_, k) => 2 ** ((-8 * (k + 1)) / m));
  if (Number.isInteger(Math.log2(n))) return powerOfTwo(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...powerOfTwo(closest),
    ...officialSlopes(2 * closest)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

/** HF's _relative_position_bucket (bidirectional, 32 buckets, max distance 128), in JS. */
function t5Reference(relative) {
  const bucket = relative > 0 ? 16 : 0;
  const distance = Math.abs(relative);
  if (distance < 8) return bucket + distance;
  return bucket + Math.min(15, 8 + Math.trunc((Math.log(distance / 8) / Math.log(128 / 8)) * 8));
}

/** Each template's answer from closed forms, independent of the template code. Tolerance: 1e-9. */
const expected = {
  'sinusoidal-first-dims': ({ p, d }) => [0, 1, 2, 3].map((c) => (c % 2 ? Math.cos : Math.sin)(p / 10000 ** ((c - (c % 2)) / d))),
  'sinusoidal-value': ({ p, i, d, parity }) => (parity === 'cos' ? Math.cos : Math.sin)(p / 10000 ** ((2 * i) / d)),
  'sinusoidal-dot-offset': ({ k, d }) => Array.from({ length: d / 2 }, (_, pair) => Math.cos(k / 10000 ** ((2 * pair) / d))).reduce((a, b) => a + b),
  'alibi-slopes': ({ n }) => officialSlopes(n),
  'alibi-bias-at-distance': ({ n, h, distance }) => -officialSlopes(n)[h] * distance,
  't5-bucket': ({ relative }) => t5Reference(relative),
  'rope-pairs-without-turn': ({ d, L }) => Array.from({ length: d / 2 }, (_, i) => (L - 1) * 10000 ** ((-2 * i) / d) < 2 * Math.PI).filter(Boolean).length,
  'rope-slowest-angle': ({ d, p }) => (p * 10000 ** (-(d - 2) / d)) % (2 * Math.PI),
  'sinusoidal-long-pairs': ({ d, L }) => Array.from({ length: d / 2 }, (_, i) => 2 * Math.PI * 10000 ** ((2 * i) / d) > L).filter(Boolean).length,
  'ntk-base': ({ d, s }) => 10000 * s ** (d / (d - 2)),
  'yarn-attention-factor': ({ s }) => 0.1 * Math.log(s) + 1,
  'learned-overflow-row': ({ policy, p, L }) => (policy === 'clamp' ? L - 1 : p % L),
  ...ropeClosedForms,
};

test('every computed card of the shipped deck matches an independent closed form over 50 seeded drawings', () => {
  for (const card of deck.cards) {
    const reference = expected[card.computed.template];
    assert.ok(reference, `a closed form for ${card.computed.template}`);
    for (let seed = 1; seed <= 50; seed++) {
      const prepared = prepareComputedCard(card, engine, seededRandom(seed));
      assert.doesNotMatch(prepared.question, /\{[a-z]+\}/, 'all placeholders filled');
      const want = reference(prepared.params);
      const got = Array.isArray(prepared.answer) ? prepared.answer : [prepared.answer];
      const wanted = Array.isArray(want) ? want : [want];
      assert.equal(got.length, wanted.length, card.id);
      // relative 1e-9: the NTK bases are ~10,000-140,000, everything else is of order 1
      got.forEach((value, index) =>
        closeTo(value, wanted[index], 1e-9 * Math.max(1, Math.abs(wanted[index])), `${card.id} ${JSON.stringify(prepared.params)}`),
      );
      assert.equal(checkAnswer(got.join(', '), prepared.answer, card.computed.tolerance).correct, true);
    }
  }
});

test(`the shipped computed deck uses at least 8 templates`, () => {
  assert.ok(new Set(deck.cards.map((card) => card.computed.template)).size >= 8);
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

test('drawn parameters: whole numbers over both inclusive bounds, decimals to 3 places, or one of the choices', () => {
  const random = seededRandom(11);
  const specs = { p: { min: 0, max: 3 }, s: { min: 1.5, max: 2 }, d: { choices: [32, 64, 'x'] } };
  const draws = Array.from({ length: 400 }, () => drawParams(specs, random));
  assert.deepEqual([...new Set(draws.map((draw) => draw.p))].sort(), [0, 1, 2, 3], 'every whole number from min to max');
  assert.ok(
    draws.every(({ s }) => s >= 1.5 && s <= 2 && Math.round(s * 1000) / 1000 === s),
    'decimals within the bounds, 3 places',
  );
  assert.ok(new Set(draws.map((draw) => draw.s)).size > 50, 'decimals spread over the range');
  assert.deepEqual([...new Set(draws.map((draw) => draw.d))].sort(), [32, 64, 'x'].sort());
  assert.deepEqual(
    drawParams({ p: { min: 0, max: 3 } }, () => 0.999999),
    { p: 3 },
    'the top of the range is reachable',
  );
  assert.deepEqual(drawParams({}, random), {});
});
