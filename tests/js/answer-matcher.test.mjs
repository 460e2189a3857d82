// The typed-answer matcher: number forms, spelling, negation, and its precision and recall on
// answers written for this test (tests/js/fixtures/typed-answers.json: right, partial and wrong
// answers to shipped cards, each with the key points a human grader says it states).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { matchKeyPoints, normalise, suggestGrade } = await import(new URL('answer-matcher.js', quiz));

const readAnswers = (file) => JSON.parse(readFileSync(new URL(`fixtures/${file}`, import.meta.url), 'utf8')).answers;
// The terms in the decks were written with the first set in view; the held-out set was written
// afterwards and never used to change them, so its figures are the fair ones.
const fixtures = readAnswers('typed-answers.json');
const heldOut = readAnswers('typed-answers-held-out.json');
const decks = ['foundations', 'rotary-and-beyond'].map((id) => JSON.parse(readFileSync(new URL(`../../web/decks/${id}.json`, import.meta.url), 'utf8')));
const cards = new Map(decks.flatMap((deck) => deck.cards).map((card) => [card.id, card]));

// The floors the README's figures must stay above (measured: see the README, "Typed answers").
const PRECISION_FLOOR = 0.9;
const RECALL_FLOOR = 0.85;

/** Precision and recall over every (answer, key point) judgement of the fixtures. */
export function measure(answers) {
  let truePositive = 0,
    falsePositive = 0,
    falseNegative = 0;
  const misses = [];
  for (const { card: id, answer, covered } of answers) {
    const card = cards.get(id);
    const judged = matchKeyPoints(answer, card.keyPoints, card.keyPointTerms).covered;
    judged.forEach((said, index) => {
      const truth = covered.includes(index);
      if (said && truth) truePositive++;
      else if (said) {
        falsePositive++;
        misses.push(`${id}[${index}] wrongly covered by: ${answer}`);
      } else if (truth) {
        falseNegative++;
        misses.push(`${id}[${index}] missed in: ${answer}`);
      }
    });
  }
  return {
    precision: truePositive / (truePositive + falsePositive),
    recall: truePositive / (truePositive + falseNegative),
    truePositive,
    falsePositive,
    falseNegative,
    misses,
  };
}

describe('typed answers: normalising', () => {
  test('number forms become one number', () => {
    for (const form of ['10,000', '10000', '10k', '1e4', 'ten thousand']) assert.deepEqual(normalise(form), ['10000'], form);
    assert.deepEqual(normalise('five hundred and twelve'), ['512']);
    assert.deepEqual(normalise('1,024 rows'), ['1024', 'row']);
  });
  test('-ise and -ize spellings, plurals and verb forms meet', () => {
    assert.deepEqual(normalise('generalisation'), normalise('generalization'));
    assert.deepEqual(normalise('rotates'), normalise('rotated'));
    assert.deepEqual(normalise('the keys'), normalise('a key'));
  });
  test('a term right after a negation does not count', () => {
    const keyPoints = ['Values are rotated.'];
    assert.deepEqual(matchKeyPoints('values are rotated', keyPoints, [['rotated']]).covered, [true]);
    assert.deepEqual(matchKeyPoints('values are not rotated', keyPoints, [['rotated']]).covered, [false]);
    assert.deepEqual(matchKeyPoints('values are never rotated', keyPoints, [['not rotated']]).covered, [true]);
  });
  test('a key point without terms is judged by its own words', () => {
    const keyPoints = ['Perplexity averages over mostly local predictions.'];
    assert.deepEqual(matchKeyPoints('perplexity is an average of local predictions', keyPoints).covered, [true]);
    assert.deepEqual(matchKeyPoints('perplexity', keyPoints).covered, [false]);
  });
});

describe('typed answers: measured on the fixtures', () => {
  test(`the fixtures: at least 60 answers, right, partial and wrong, about cards with key-point terms`, () => {
    assert.ok(fixtures.length >= 60, `${fixtures.length} answers`);
    for (const kind of ['right', 'partial', 'wrong']) assert.ok(fixtures.filter((entry) => entry.kind === kind).length >= 15, kind);
    for (const { card } of [...fixtures, ...heldOut]) assert.ok(cards.get(card)?.keyPointTerms, `${card} has keyPointTerms`);
  });
  for (const [name, answers] of [
    ['written with the terms', fixtures],
    ['held out', heldOut],
  ]) {
    test(`${name}: precision >= ${PRECISION_FLOOR} and recall >= ${RECALL_FLOOR} over every key-point judgement`, () => {
      const { precision, recall, truePositive, falsePositive, falseNegative, misses } = measure(answers);
      console.log(
        `# matcher, ${name}, ${answers.length} answers: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (${truePositive} right, ${falsePositive} wrongly covered, ${falseNegative} missed)`,
      );
      for (const miss of misses) console.log(`#   ${miss.slice(0, 160)}`);
      assert.ok(precision >= PRECISION_FLOOR, `precision ${precision}`);
      assert.ok(recall >= RECALL_FLOOR, `recall ${recall}`);
    });
  }
  test('with the deck terms taken away, the own-words rule alone is measured too (and is worse)', () => {
    const withTerms = measure(fixtures);
    const withoutTerms = (() => {
      const saved = new Map([...cards].map(([id, card]) => [id, card.keyPointTerms]));
      for (const card of cards.values()) card.keyPointTerms = undefined;
      try {
        return measure(fixtures);
      } finally {
        for (const [id, terms] of saved) cards.get(id).keyPointTerms = terms;
      }
    })();
    console.log(`# own words only: precision ${withoutTerms.precision.toFixed(3)}, recall ${withoutTerms.recall.toFixed(3)}`);
    assert.ok(withoutTerms.recall < withTerms.recall, 'the deck terms add recall');
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
