// The mock interview's score: what a course platform records for the answer (score / 100), and,
// against MOCK_PASS_SCORE, whether it records it as correct. Closed forms at the edges, then
// properties over every tally a card can produce.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';

const { MOCK_PASS_SCORE, mockScore } = await import(new URL('../../dist/quiz/mock-interview.js', import.meta.url));

const score = (said, keyPoints, redFlagsSaid = 0) => mockScore({ keyPoints, said, redFlagsSaid });
const passes = (...tally) => score(...tally) >= MOCK_PASS_SCORE;

test('the share of key points said, as a whole percentage', () => {
  assert.equal(score(4, 4), 100);
  assert.equal(score(0, 4), 0);
  assert.equal(score(1, 3), 33);
  assert.equal(score(2, 3), 67);
  assert.equal(score(1, 8), 13, '12.5 rounds up');
  assert.equal(score(5, 6), 83);
});

test('each red flag said costs 25 points, and the score never leaves 0..100', () => {
  assert.equal(score(4, 4, 1), 75);
  assert.equal(score(4, 4, 2), 50);
  assert.equal(score(4, 4, 4), 0);
  assert.equal(score(4, 4, 5), 0, 'not negative');
  assert.equal(score(0, 3, 1), 0);
  assert.equal(score(2, 3, 1), 42, '66.7 - 25 rounds to 42');
});

test('a card with no key points scores 0, whatever else was ticked', () => {
  assert.equal(score(0, 0), 0);
  assert.equal(score(0, 0, 2), 0);
});

test('correct from 70: seven of ten key points pass, fewer or a red flag too many do not', () => {
  assert.equal(MOCK_PASS_SCORE, 70);
  assert.ok(passes(7, 10));
  assert.ok(passes(3, 4));
  assert.ok(passes(5, 5, 1), 'every key point and one red flag: 75');
  assert.ok(!passes(2, 3), '67');
  assert.ok(!passes(69, 100));
  assert.ok(!passes(4, 4, 2), 'every key point and two red flags: 50');
  assert.ok(!passes(0, 0), 'nothing to say is no pass');
});

const tally = fc.integer({ min: 1, max: 12 }).chain((keyPoints) =>
  fc.record({
    keyPoints: fc.constant(keyPoints),
    said: fc.integer({ min: 0, max: keyPoints }),
    redFlagsSaid: fc.integer({ min: 0, max: 8 }),
  }),
);

test('a whole number in 0..100 for every tally', () => {
  fc.assert(fc.property(tally, (t) => Number.isInteger(mockScore(t)) && mockScore(t) >= 0 && mockScore(t) <= 100));
});

test('saying one more key point never lowers the score; one more red flag never raises it', () => {
  fc.assert(
    fc.property(tally, (t) => {
      const more = t.said < t.keyPoints ? mockScore({ ...t, said: t.said + 1 }) : mockScore(t);
      return more >= mockScore(t) && mockScore({ ...t, redFlagsSaid: t.redFlagsSaid + 1 }) <= mockScore(t);
    }),
  );
});

test('without red flags it is the rounded share; each flag takes 25 until it reaches 0', () => {
  fc.assert(
    fc.property(tally, ({ keyPoints, said, redFlagsSaid }) => {
      const share = Math.round((100 * said) / keyPoints);
      return (
        mockScore({ keyPoints, said, redFlagsSaid: 0 }) === share
        && mockScore({ keyPoints, said, redFlagsSaid }) === Math.max(0, Math.round((100 * said) / keyPoints - 25 * redFlagsSaid))
      );
    }),
  );
});
