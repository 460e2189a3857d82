// The Anki export of the shipped decks: every card a note with readable text (no placeholders, no
// TeX), computed cards with numbers the engine drew, each tag once, and no field a spreadsheet
// would evaluate.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { ankiExport, drawComputedCards } = await import(new URL('exporters.js', quiz));
const { formatAnswer } = await import(new URL('computed-templates.js', quiz));

const decksFolder = new URL('../../web/decks/', import.meta.url);
const cards = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks.flatMap((deckId) =>
  JSON.parse(readFileSync(new URL(`${deckId}.json`, decksFolder), 'utf8')).cards.map((card) => ({ ...card, deckId })),
);
/** The notes of an export: one [front, back, tags] per line after the header. */
const notesOf = (text) =>
  text
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.split('\t'));

let engine;
before(async () => {
  engine = await loadForTests();
});

describe('the shipped decks for Anki', () => {
  test('every card is a note of three fields; computed ones carry the numbers the engine drew', () => {
    const drawn = drawComputedCards(cards, engine, 7);
    const notes = notesOf(ankiExport(cards, drawn));
    assert.equal(notes.length, cards.length);
    for (const note of notes) assert.equal(note.length, 3, `three tab-separated fields: ${note[0]}`);
    const computed = cards.filter((card) => card.computed);
    assert.equal(drawn.size, computed.length);
    for (const card of computed) {
      const instance = drawn.get(card.id);
      const note = notes[cards.indexOf(card)];
      assert.ok(note[1].startsWith(`Answer: ${formatAnswer(instance.answer)} (within ±${card.computed.tolerance})`), note[1]);
    }
    // The same seed draws the same numbers: an export can be reproduced.
    assert.equal(ankiExport(cards, drawComputedCards(cards, engine, 7)), ankiExport(cards, drawn));
  });

  test('no placeholders, no TeX commands, no dollar signs: formulas as readable text', () => {
    const text = ankiExport(cards, drawComputedCards(cards, engine, 7));
    assert.doesNotMatch(text, /\{[a-zA-Z]\w*\}/, 'a {placeholder} is left');
    assert.doesNotMatch(text, /\\(theta|pi|omega|alpha|beta|lambda|delta|sin|cos|log|sqrt)\b/, 'TeX source is left');
    assert.doesNotMatch(text, /\$/);
    assert.match(text, /θ/, 'Greek letters as characters');
  });

  test("each tag once, even where a tag is also the deck's id", () => {
    for (const [, , tags] of notesOf(ankiExport(cards, drawComputedCards(cards, engine, 7)))) {
      const list = tags.split(' ');
      assert.equal(new Set(list).size, list.length, tags);
    }
  });
});

describe('fields a spreadsheet would evaluate', () => {
  test('a field starting with =, +, - or @ gets a leading apostrophe; tabs and line breaks never split a field', () => {
    const hostile = ['=1+1', '+SUM(A1:A9)', '-2+3', '@IMPORTXML("x")', '\t=cmd', '\r=cmd', '=HYPERLINK("http://x")'];
    const made = hostile.map((text, i) => ({ id: `h${i}`, deckId: 'd', tags: [i === 0 ? '=tag' : 'ok'], question: text, basic: text, keyPoints: [text] }));
    const notes = notesOf(ankiExport(made));
    assert.equal(notes.length, hostile.length);
    for (const note of notes) {
      assert.equal(note.length, 3);
      for (const field of note) assert.doesNotMatch(field, /^\s*[=+\-@]/, `field ${JSON.stringify(field)} would be a formula`);
    }
    assert.equal(notes[0][0], "'=1+1");
    assert.equal(notes[0][2], "'=tag d");
    assert.equal(notes[4][0], "' =cmd", 'a leading tab becomes a space, then the field is inert');
  });

  test('deck text never becomes HTML in Anki: markup characters are escaped', () => {
    const [[front]] = notesOf(ankiExport([{ id: 'x', deckId: 'd', question: '<b>bold</b> & <script>', basic: 'b', keyPoints: ['k'] }]));
    assert.equal(front, '&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;');
  });
});
