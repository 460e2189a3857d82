// The red-flag drill's statements: true ones only from key points a deck marks as claims, false
// ones from red flags written as quoted claims, all in one form and as many of each, so neither
// quotation marks nor always answering the same give the answer away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { followUpItems, quotedClaim, redFlagStatements } = await import(new URL('drills.js', quiz));
const { seededRandom } = await import(new URL('random.js', quiz));

const decksFolder = new URL('../../web/decks/', import.meta.url);
const cards = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks.flatMap(
  (deckId) => JSON.parse(readFileSync(new URL(`${deckId}.json`, decksFolder), 'utf8')).cards,
);
const QUOTE = /^["“”]|["“”]$/;

test('a quoted red flag is a claim (its comment in brackets kept apart); a described mistake is not', () => {
  assert.deepEqual(quotedClaim('"RoPE handles any length."'), { claim: 'RoPE handles any length.', comment: undefined });
  assert.deepEqual(quotedClaim('"Only distances above 128 share the last bucket." (It starts at 91.)'), {
    claim: 'Only distances above 128 share the last bucket.',
    comment: 'It starts at 91.',
  });
  assert.equal(quotedClaim('Saying a learned table degrades gradually past its last row.'), null);
  assert.equal(quotedClaim('Treating "defined at a position" as "trained at that position".'), null);
});

test('shipped decks: as many true as false statements, each from a marked claim or a quoted red flag', () => {
  const statements = redFlagStatements(cards, seededRandom(1));
  const truths = statements.filter((s) => s.truth);
  assert.ok(truths.length >= 60, `${truths.length} true statements`);
  assert.equal(statements.length, 2 * truths.length, 'balanced');
  for (const { text, truth, card } of statements) {
    if (truth)
      assert.ok(
        card.claims.some((index) => card.keyPoints[index] === text),
        `${card.id}: "${text}" is not a marked claim`,
      );
    else
      assert.ok(
        card.redFlags.some((flag) => quotedClaim(flag)?.claim === text),
        `${card.id}: "${text}" is not a quoted red flag`,
      );
  }
});

test('shipped decks: true and false statements look alike; "false if quoted" is a coin toss', () => {
  const statements = redFlagStatements(cards, seededRandom(2));
  assert.deepEqual(
    statements.filter((s) => QUOTE.test(s.text)).map((s) => s.text),
    [],
    'no statement is shown in quotation marks',
  );
  // The rule the issue measured at 39/40 right: answer "false" exactly when the statement is quoted.
  const right = statements.filter((s) => /["“”]/.test(s.text) === !s.truth).length;
  assert.ok(right / statements.length <= 0.55, `"false if quoted" scores ${right} of ${statements.length}`);
  const share = (list, cue) => list.filter((s) => cue.test(s.text)).length / list.length;
  const truths = statements.filter((s) => s.truth),
    falsehoods = statements.filter((s) => !s.truth);
  for (const cue of [/\.$/, /^[A-Zα-ωΑ-Ω0-9]/, /^\w+:/]) {
    assert.ok(Math.abs(share(truths, cue) - share(falsehoods, cue)) <= 0.1, `${cue}: ${share(truths, cue)} true vs ${share(falsehoods, cue)} false`);
  }
});

test('a selection with only one kind of statement gives all of it', () => {
  const onlyClaims = [{ id: 'a', keyPoints: ['One.', 'Two.'], claims: [0, 1], redFlags: ['Saying three.'] }];
  assert.equal(redFlagStatements(onlyClaims, seededRandom(3)).length, 2);
});

test('the follow-up drill asks each follow-up of each card in order, with the card it belongs to', () => {
  const first = {
    id: 'a',
    followUps: [
      { question: 'Why?', answer: 'Because.' },
      { question: 'How?', answer: 'So.' },
    ],
  };
  const second = { id: 'b' };
  const third = { id: 'c', followUps: [{ question: 'When?', answer: 'Now.' }] };
  assert.deepEqual(
    followUpItems([first, second, third]).map(({ question, answer, card }) => [question, answer, card.id]),
    [
      ['Why?', 'Because.', 'a'],
      ['How?', 'So.', 'a'],
      ['When?', 'Now.', 'c'],
    ],
  );
  assert.equal(
    followUpItems(cards).length,
    cards.reduce((sum, card) => sum + (card.followUps?.length ?? 0), 0),
    'every shipped follow-up once',
  );
});
