// The .apkg export read back by an independent reader (npm anki-reader: its own zip reader and its
// own reading of Anki's collection format): every shipped card is a note in its deck, and every
// field holds the card's text.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { zipSync } from 'fflate';
import { readAnkiPackage } from 'anki-reader';
import { loadForTests } from './load.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { buildApkg, NOTE_FIELDS, NOTE_TYPE_NAME, DECK_PREFIX } = await import(new URL('apkg.js', quiz));
const { drawComputedCards } = await import(new URL('exporters.js', quiz));
const { formatAnswer } = await import(new URL('computed-templates.js', quiz));
const { plainText } = await import(new URL('markup.js', quiz));
const initSqlJs = createRequire(import.meta.url)('sql.js');

const decksFolder = new URL('../../web/decks/', import.meta.url);
const decks = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks.map((id) =>
  JSON.parse(readFileSync(new URL(`${id}.json`, decksFolder), 'utf8')),
);
const cards = decks.flatMap((deck) => deck.cards.map((card) => ({ ...card, deckId: deck.id })));

/** HTML field text as plain text: entities decoded, tags dropped, <br> as a line break. */
const text = (html) =>
  html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** The items of the HTML list in a field, as plain text. */
const items = (html) => [...html.matchAll(/<li>(.*?)<\/li>/gs)].map(([, item]) => text(item));
const paragraphsOf = (html) => [...html.matchAll(/<p>(.*?)<\/p>/gs)].map(([, item]) => text(item));

let read;
let drawn;
let built;
before(async () => {
  drawn = drawComputedCards(cards, await loadForTests(), 7);
  built = await buildApkg({ decks, cards, drawn, SQL: await initSqlJs(), zipSync, now: new Date('2025-03-01T09:00:00Z') });
  read = await readAnkiPackage(new Blob([built.bytes]));
});

describe('the .apkg export, read back with anki-reader', () => {
  test('one note type with the tiers as fields, an Anki deck per posenc deck, a note per card', () => {
    const models = Object.values(read.collection.getModels());
    assert.deepEqual(
      models.map((model) => model.getName()),
      [NOTE_TYPE_NAME],
    );
    assert.deepEqual(
      models[0].getFields().map((field) => field.name),
      [...NOTE_FIELDS],
    );
    assert.deepEqual(NOTE_FIELDS, ['Question', 'Hints', 'Key points', 'Basic answer', 'Solid answer', 'Code', 'Red flags', 'Sources', 'posenc id']);
    const ankiDecks = Object.values(read.collection.getDecks()).filter((deck) => deck.getRawDeck().name.startsWith(DECK_PREFIX));
    assert.deepEqual(ankiDecks.map((deck) => deck.getRawDeck().name).sort(), decks.map((deck) => `${DECK_PREFIX}${deck.title}`).sort());
    for (const deck of ankiDecks) {
      const posencDeck = decks.find((entry) => `${DECK_PREFIX}${entry.title}` === deck.getRawDeck().name);
      assert.deepEqual(
        Object.values(deck.getCards())
          .map((card) => card.getFields()['posenc id'])
          .sort(),
        posencDeck.cards.map((card) => card.id).sort(),
      );
    }
    assert.equal(built.notes, cards.length);
    assert.equal(built.skipped, 0);
  });

  test("every field of every note holds the card's text; computed cards the instance drawn for the export", () => {
    const exported = new Map(
      Object.values(read.collection.getDecks())
        .flatMap((deck) => Object.values(deck.getCards()))
        .map((card) => [card.getFields()['posenc id'], card.getFields()]),
    );
    for (const card of cards) {
      const fields = exported.get(card.id);
      assert.ok(fields, card.id);
      const where = (field) => `${card.id}: ${field}`;
      assert.deepEqual(items(fields.Hints), (card.hints ?? []).map(plainText), where('Hints'));
      assert.equal(text(fields.Code), card.code?.source ?? '', where('Code'));
      assert.deepEqual(items(fields['Red flags']), (card.redFlags ?? []).map(plainText), where('Red flags'));
      assert.deepEqual(items(fields.Sources), card.sources.map(plainText), where('Sources'));
      if (card.computed) {
        const instance = drawn.get(card.id);
        assert.equal(text(fields.Question), plainText(instance.question), where('Question'));
        assert.deepEqual(items(fields['Key points']), [`Answer: ${formatAnswer(instance.answer)} (within ±${instance.tolerance})`], where('Key points'));
        assert.equal(paragraphsOf(fields['Basic answer']).join('\n\n'), plainText(instance.explanation), where('Basic answer'));
        assert.match(text(fields['Solid answer']), /drawn for this export/, where('Solid answer'));
      } else {
        assert.equal(text(fields.Question), plainText(card.question), where('Question'));
        assert.deepEqual(items(fields['Key points']), card.keyPoints.map(plainText), where('Key points'));
        assert.equal(paragraphsOf(fields['Basic answer']).join('\n\n'), plainText(card.basic), where('Basic answer'));
        assert.equal(paragraphsOf(fields['Solid answer']).join('\n\n'), plainText(card.solid), where('Solid answer'));
      }
    }
  });

  test('the card template shows the question on the front and the tiers on the back', () => {
    const card = Object.values(read.collection.getDecks())
      .flatMap((deck) => Object.values(deck.getCards()))
      .find((entry) => entry.getFields()['posenc id'] === 'rope-rotation-relative-score');
    const [question] = card.getQuestions();
    assert.match(question.getQuestionString(), /How does rotary position embedding/);
    assert.doesNotMatch(question.getQuestionString(), /Key points/);
    for (const heading of ['Key points', 'Basic answer (~20 s)', 'Solid answer (~60 s)', 'Red flags', 'Sources'])
      assert.ok(question.getAnswerString().includes(heading), heading);
  });

  test("tags: the card's, and its deck id, each once; deck text never becomes markup", async () => {
    const rows = read.collection.getRawCollection().exec('SELECT tags, flds FROM notes')[0].values;
    const byId = new Map(rows.map(([tags, flds]) => [flds.split('\x1f').at(-1), tags.trim().split(' ')]));
    for (const card of cards) assert.deepEqual(byId.get(card.id), [...new Set([...card.tags, card.deckId])], card.id);
    const hostile = { ...cards[0], id: 'hostile', question: 'Is <script>alert(1)</script> & "this" <b>bold</b>?', deckId: decks[0].id };
    const again = await buildApkg({ decks, cards: [hostile], drawn, SQL: await initSqlJs(), zipSync });
    const note = Object.values((await readAnkiPackage(new Blob([again.bytes]))).collection.getDecks()).flatMap((deck) => Object.values(deck.getCards()))[0];
    assert.equal(note.getFields().Question, 'Is &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;this&quot; &lt;b&gt;bold&lt;/b&gt;?');
  });
});
