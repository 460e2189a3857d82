// The model view's sentences: what each result's numbers support, and the reasons shown only for
// the outcomes they explain (web/views/model-findings.js); the position view's sentence for a
// probe (web/views/trained-row.js).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';

let findings;
let row;
before(async () => {
  findings = await import(new URL('../../dist/views/model-findings.js', import.meta.url));
  row = await import(new URL('../../dist/views/trained-row.js', import.meta.url));
});

const trainer = { offset: 3 };
/** A result with `inside` accuracy inside L and `past` accuracy and confidence beyond it. */
const result = (scheme, task, overflow, inside, [accuracy, confidence] = [NaN, NaN], extra = {}) => ({
  scheme,
  task,
  overflow,
  trainedLength: 2048,
  inDistribution: { accuracy: inside },
  beyond: { accuracy, confidence, count: Number.isNaN(accuracy) ? 0 : 100 },
  ...extra,
});

test('the outcome follows the numbers: unlearned, no row, holds, fluent but wrong, degrades', () => {
  assert.equal(findings.outcomeOf(result('alibi', 'copyBack', null, 0.23, [0.2, 0.3])), 'unlearned');
  assert.equal(findings.outcomeOf(result('learned', 'copyBack', 'error', 0.98, undefined, { unavailable: 'no row' })), 'no-row');
  assert.equal(findings.outcomeOf(result('t5', 'copyBack', null, 1, [0.95, 0.9])), 'holds');
  assert.equal(findings.outcomeOf(result('sinusoidal', 'copyBack', null, 1, [0.27, 0.78])), 'fluent-wrong');
  assert.equal(findings.outcomeOf(result('rope', 'copyBack', null, 1, [0.3, 0.4])), 'degrades');
  assert.match(
    findings.findingFor(result('sinusoidal', 'copyBack', null, 1, [0.27, 0.78])),
    /^Fluent but wrong past L: it stays confident \(mean probability 0\.78\) while accuracy falls to 0\.27\.$/,
  );
});

test('a learned table holding up on recall is explained only when it holds, and only under the policies that keep row 0', () => {
  for (const policy of ['clamp', 'wrap', 'interpolate'])
    assert.match(findings.explanationFor(result('learned', 'recallFirst', policy, 1, [1, 1]), trainer), /^Why it holds: the answer sits at position 0/, policy);
  assert.equal(findings.explanationFor(result('learned', 'recallFirst', 'clamp', 1, [0.2, 0.9]), trainer), '', 'not when it fails');
  assert.match(findings.explanationFor(result('learned', 'recallFirst', 'window', 1, [0.12, 0.8]), trainer), /no longer there to find/);
  assert.equal(findings.explanationFor(result('learned', 'recallFirst', 'window', 1, [1, 1]), trainer), '', 'a window that held would need another reason');
});

test('reasons name the copy offset the preset uses, and an unlearned ALiBi or NoPE says what it cannot express', () => {
  assert.match(findings.explanationFor(result('learned', 'copyBack', 'window', 0.98, [1, 1]), { offset: 5 }), /its answer 5 rows back/);
  assert.match(findings.explanationFor(result('alibi', 'copyBack', null, 0.23, [0.2, 0.3]), trainer), /cannot single out the key exactly 3 back/);
  assert.match(findings.explanationFor(result('nope', 'copyBack', null, 0.22, [0.2, 0.3]), trainer), /cannot count 3 back/);
  assert.equal(findings.explanationFor(result('nope', 'copyBack', null, 0.99, [0.99, 0.99]), trainer), '', 'no excuse for a model that learned');
});

test("the position view's sentence states the peak, the answer key, the answer and the confidence", () => {
  const probe = { answerPosition: 4997, answer: 9, prediction: 8, correct: false, confidence: 0.9987, heads: 2 };
  assert.equal(
    row.probeVerdict({ probe, peak: { index: 1980, weight: 0.25 } }, 5000),
    'At 5,000 it attends most to key 1,980, not 4,997 where the answer sits, and answers wrong (token 8; the answer is 9) with 1.00 confidence.',
  );
  const right = { ...probe, prediction: 9, correct: true, confidence: 0.912 };
  assert.equal(
    row.probeVerdict({ probe: right, peak: { index: 4997, weight: 0.6 } }, 5000),
    'At 5,000 it attends most to key 4,997, where the answer sits, and answers right (token 9) with 0.91 confidence.',
  );
  const mean = new Float64Array(5001);
  mean[4997] = 6.5e-9;
  mean[1980] = 0.25;
  assert.match(
    row.probeCaption({ probe, peak: { index: 1980, weight: 0.25 }, mean }, 5000),
    /the answer's key, 4,997, weight 6\.5e−9\. Dashed line: the largest, 0\.25 on key 1,980\./,
  );
});

test("the mean attention over heads: each key's weight averaged over the heads, still summing to 1", () => {
  const weights = Float64Array.from([0.5, 0.25, 0.25, 0, 1, 0, 0.1, 0.2, 0.7]);
  const mean = row.meanOverHeads({ weights, heads: 3, keys: 3 });
  assert.deepEqual(
    Array.from(mean, (value) => Math.round(value * 1e12) / 1e12),
    [0.2, 0.483333333333, 0.316666666667],
  );
  assert.ok(Math.abs(mean.reduce((sum, value) => sum + value, 0) - 1) < 1e-12, 'a distribution over the keys');
  assert.deepEqual(Array.from(row.meanOverHeads({ weights: Float64Array.from([0.3, 0.7]), heads: 1, keys: 2 })), [0.3, 0.7], 'one head is its own mean');
});
