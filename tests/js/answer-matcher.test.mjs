// The typed-answer matcher: number forms, spelling, negation, wrong-but-close phrasings, and its
// precision and recall deck by deck on answers a human grader labelled (scripts/matcher-report.mjs,
// which writes bench-results/answer-matcher.md).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { answerKinds, floors, measureDecks, reportFile, reportText } from '../../scripts/matcher-report.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { matchKeyPoints, normalise, suggestGrade } = await import(new URL('answer-matcher.js', quiz));

describe('typed answers: normalising', () => {
  test('number forms become one number', () => {
    for (const form of ['10,000', '10000', '1e4', 'ten thousand']) assert.deepEqual(normalise(form), ['10000'], form);
    assert.deepEqual(normalise('10k'), ['10000~'], 'a k suffix marks a rounding');
    assert.deepEqual(normalise('five hundred and twelve'), ['512']);
    assert.deepEqual(normalise('1,024 rows'), ['1024', 'row']);
    assert.deepEqual(normalise('1.03..64.8'), ['1.03', '64.8'], 'a range with dots is two numbers');
    assert.deepEqual(normalise('2k…8k'), ['2000~', '8000~']);
  });
  test('a number written with k or M meets the exact numbers within 5%; exact numbers meet only themselves', () => {
    const keyPoints = ['The table has 2,048 rows.'];
    const terms = [['2,048']];
    for (const said of ['2,048 rows', '2048', '2k rows', '2K', 'two thousand and forty-eight'])
      assert.deepEqual(matchKeyPoints(said, keyPoints, terms).covered, [true], said);
    for (const said of ['2,000 rows', '3k', '2.2k', '20k']) assert.deepEqual(matchKeyPoints(said, keyPoints, terms).covered, [false], said);
    assert.deepEqual(matchKeyPoints('131,072 tokens', ['128K context.'], [['128k']]).covered, [true]);
  });
  test('-ise and -ize spellings, plurals and verb forms meet', () => {
    assert.deepEqual(normalise('generalisation'), normalise('generalization'));
    assert.deepEqual(normalise('j - i'), ['j', 'i'], 'i is the query index, not a common word');
    assert.deepEqual(normalise('rotates'), normalise('rotated'));
    assert.deepEqual(normalise('the keys'), normalise('a key'));
    for (const [one, other] of [
      ['add', 'added'],
      ['die', 'dies'],
      ['learnt', 'learned'],
      ['precise', 'precisely'],
      ['otherwise', 'otherwise'],
    ])
      assert.deepEqual(normalise(one), normalise(other), `${one} / ${other}`);
  });
  test('a term right after a negation does not count', () => {
    const keyPoints = ['Values are rotated.'];
    assert.deepEqual(matchKeyPoints('values are rotated', keyPoints, [['rotated']]).covered, [true]);
    assert.deepEqual(matchKeyPoints('values are not rotated', keyPoints, [['rotated']]).covered, [false]);
    assert.deepEqual(matchKeyPoints('values are never rotated', keyPoints, [['not rotated']]).covered, [true]);
    for (const said of ['values aren’t rotated', 'values arent rotated', 'it doesnt get rotated', 'values can’t be rotated'])
      assert.deepEqual(matchKeyPoints(said, keyPoints, [['rotated']]).covered, [false], said);
    assert.deepEqual(normalise("can't"), normalise('cannot'));
    assert.deepEqual(matchKeyPoints('no: values are rotated', keyPoints, [['rotated']]).covered, [true], 'a negation stops at a colon');
    for (const said of ['no, they are rotated', 'no - rotated, both of them'])
      assert.deepEqual(matchKeyPoints(said, keyPoints, [['rotated']]).covered, [true], `${said}: "no" answering the question`);
    assert.deepEqual(matchKeyPoints('no rotated values', keyPoints, [['rotated']]).covered, [false]);
    assert.deepEqual(matchKeyPoints('keys not cached, rotated values', keyPoints, [['rotated']]).covered, [true], 'a negation stops at a comma');
  });
  test('a "!" term lists wrong-but-close phrasings: said, they keep the key point uncovered; negated, they do not', () => {
    const keyPoints = ['Scores depend only on the offset.'];
    const terms = [['offset | relative distance', '!absolute position']];
    assert.deepEqual(matchKeyPoints('the score depends only on the offset', keyPoints, terms).covered, [true]);
    assert.deepEqual(matchKeyPoints('the score depends on the offset and the absolute position', keyPoints, terms).covered, [false]);
    assert.deepEqual(matchKeyPoints('the offset matters, not the absolute position', keyPoints, terms).covered, [true]);
    assert.deepEqual(matchKeyPoints('absolute position', keyPoints, [['!absolute position', 'offset']]).covered, [false]);
  });
  test('an alternative in parts ("bert ... 512") asks for them in order, close together, in one clause', () => {
    const keyPoints = ['BERT: 512 rows. GPT-2: 1,024 rows.'];
    const terms = [['bert ... 512 | 512 bert', 'gpt 2 ... 1024 | 1024 gpt']];
    for (const said of ['BERT has 512 positions and GPT-2 has 1024', '512 for BERT; GPT-2 gets n_positions = 1024'])
      assert.deepEqual(matchKeyPoints(said, keyPoints, terms).covered, [true], said);
    for (const said of [
      "GPT-2's table is 512 long and BERT's is 1024",
      'BERT, which people say has 1,024 positions, and GPT-2 with a much longer table of 512',
      'bert was trained, mostly on short sequences, with 512',
      'BERT. 512 is what GPT-2 has, 1024 GPT-2 too',
    ])
      assert.deepEqual(matchKeyPoints(said, keyPoints, terms).covered, [false], said);
    const faster = [['rotary ... faster', '!learned ... faster ... rotary']];
    assert.deepEqual(matchKeyPoints('rotary converged about 30% faster than learned', ['Rotary converged faster.'], faster).covered, [true]);
    assert.deepEqual(matchKeyPoints('learned converged about 30% faster than rotary', ['Rotary converged faster.'], faster).covered, [false]);
    assert.deepEqual(matchKeyPoints('rotary did not converge faster', ['Rotary converged faster.'], faster).covered, [false], 'a negation inside counts');
    assert.deepEqual(normalise('512, rows 1,024, and'), ['512', 'row', '1024'], 'commas stay out of the tokens');
  });
  test('a key point without terms is judged by its own words', () => {
    const keyPoints = ['Perplexity averages over mostly local predictions.'];
    assert.deepEqual(matchKeyPoints('perplexity is an average of local predictions', keyPoints).covered, [true]);
    assert.deepEqual(matchKeyPoints('perplexity', keyPoints).covered, [false]);
  });
});

describe('typed answers: measured deck by deck', () => {
  const decks = measureDecks({ matchKeyPoints, suggestGrade });

  test('every tiered card of every deck has held-out answers of each kind: right, partial, wrong, red flag', () => {
    for (const deck of decks)
      for (const id of deck.cards.keys()) {
        const kinds = new Set(deck.heldOutAnswers.filter((answer) => answer.card === id).map((answer) => answer.kind));
        assert.deepEqual(
          answerKinds.filter((kind) => !kinds.has(kind)),
          [],
          `${deck.id}, ${id}: held-out kinds missing`,
        );
      }
  });

  for (const deck of decks)
    test(`${deck.id}: held-out precision at least ${floors.precision}, recall at least ${floors.recall}`, () => {
      const { heldOut, dev, ownWords } = deck;
      console.log(
        `# ${deck.id}: held out ${heldOut.answers} answers, precision ${heldOut.precision.toFixed(3)}, recall ${heldOut.recall.toFixed(3)}; development ${dev.answers}, ${dev.precision.toFixed(3)} / ${dev.recall.toFixed(3)}; own words only ${ownWords.precision.toFixed(3)} / ${ownWords.recall.toFixed(3)}`,
      );
      for (const { id, index, kind, answer } of heldOut.misses) console.log(`#   ${id}[${index}] ${kind}: ${answer.slice(0, 140)}`);
      assert.ok(heldOut.precision >= floors.precision, `precision ${heldOut.precision}`);
      assert.ok(heldOut.recall >= floors.recall, `recall ${heldOut.recall}`);
      assert.ok(!(ownWords.recall >= heldOut.recall), "the deck terms add recall over the key points' own words");
    });

  test('bench-results/answer-matcher.md holds these figures (npm run report:matcher writes it)', () => {
    assert.equal(readFileSync(reportFile, 'utf8'), reportText(decks), 'stale: run npm run report:matcher');
  });
});

describe('typed answers: the suggested grade', () => {
  test('every key point: Good; half or more: Hard; fewer: Again; never Easy', () => {
    assert.equal(suggestGrade({ covered: 5, total: 5, hintsUsed: 0 }), 3);
    assert.equal(suggestGrade({ covered: 3, total: 5, hintsUsed: 0 }), 2);
    assert.equal(suggestGrade({ covered: 2, total: 5, hintsUsed: 0 }), 1);
    assert.equal(suggestGrade({ covered: 0, total: 0, hintsUsed: 0 }), 1);
  });
  test('a hint caps the suggestion at Hard', () => {
    assert.equal(suggestGrade({ covered: 5, total: 5, hintsUsed: 1 }), 2);
    assert.equal(suggestGrade({ covered: 1, total: 5, hintsUsed: 2 }), 1);
  });
});
