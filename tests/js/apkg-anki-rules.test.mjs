// The .apkg export held to Anki's own rules (tests/js/anki-rules.mjs, read from Anki's source), opened
// with sqlite: every rule, deck names and cards per deck, a second export that Anki reads as an update,
// and a cross-check against a package of the same cards by an independent writer (npm anki-apkg-export).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { unzipSync, zipSync } from 'fflate';
import { readAnkiPackage } from 'anki-reader';
import { ankiChecksum, ankiRuleBreaks, ankiStripHtml } from './anki-rules.mjs';
import { loadForTests } from './load.mjs';

const require = createRequire(import.meta.url);
const quiz = new URL('../../dist/quiz/', import.meta.url);
const { buildApkg, DECK_PREFIX, NOTE_FIELDS } = await import(new URL('apkg.js', quiz));
const { drawComputedCards } = await import(new URL('exporters.js', quiz));
const initSqlJs = require('sql.js');

const decksFolder = new URL('../../web/decks/', import.meta.url);
const decks = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8')).decks.map((id) =>
  JSON.parse(readFileSync(new URL(`${id}.json`, decksFolder), 'utf8')),
);
const cards = decks.flatMap((deck) => deck.cards.map((card) => ({ ...card, deckId: deck.id })));
const exportedAt = new Date('2026-03-01T09:00:00Z');

let SQL;
let drawn;
let built;
before(async () => {
  SQL = await initSqlJs();
  drawn = drawComputedCards(cards, await loadForTests(), 7);
  built = await buildApkg({ decks, cards, drawn, SQL, zipSync, now: exportedAt });
});

/** The rows a query returns from a package's collection, as objects. */
function query(bytes, sql) {
  const db = new SQL.Database(unzipSync(bytes)['collection.anki2']);
  try {
    const [result] = db.exec(sql);
    return (result?.values ?? []).map((row) => Object.fromEntries(result.columns.map((column, index) => [column, row[index]])));
  } finally {
    db.close();
  }
}
/** The package with its collection changed by one SQL statement. */
function altered(bytes, sql) {
  const files = unzipSync(bytes);
  const db = new SQL.Database(files['collection.anki2']);
  try {
    db.run(sql);
    return zipSync({ ...files, 'collection.anki2': db.export() });
  } finally {
    db.close();
  }
}
const colJson = (bytes, column) => JSON.parse(query(bytes, `SELECT ${column} FROM col`)[0][column]);

describe("Anki's rules, as its source states them", () => {
  test("the checksum is Anki's own: its test values, and the first field without HTML", () => {
    // rslib/src/notes/mod.rs test_field_checksum
    assert.equal(ankiChecksum('test'), 2840236005);
    assert.equal(ankiChecksum('今日'), 1464653051);
    assert.equal(ankiStripHtml('<p>a &lt;b&gt; &amp; &quot;c&quot;<br>d</p><!-- note --><style>p{}</style>'), 'a <b> & "c"d');
    assert.equal(ankiStripHtml('x <img src="cat.png"> y&nbsp;&#233;'), 'x  cat.png  y é');
    assert.throws(() => ankiStripHtml('&hellip;'), /no rule here/);
  });

  test('the export breaks none of them, at the time it is made and a day later', () => {
    assert.deepEqual(ankiRuleBreaks(built.bytes, SQL, exportedAt.getTime()), []);
    assert.deepEqual(ankiRuleBreaks(built.bytes, SQL, exportedAt.getTime() + 86_400_000), []);
  });

  test('each rule broken on purpose is reported, naming what breaks it', () => {
    const first = query(built.bytes, 'SELECT id, guid FROM notes ORDER BY id LIMIT 1')[0];
    const cases = [
      [`UPDATE notes SET csum = csum + 1 WHERE id = ${first.id}`, /csum \d+ is not \d+/],
      [`UPDATE notes SET sfld = 'other' WHERE id = ${first.id}`, /sfld is not the sort field/],
      [`UPDATE notes SET id = id * 1000 WHERE id = ${first.id}`, /id is not a creation time in milliseconds/],
      [`UPDATE notes SET mod = mod * 1000 WHERE id = ${first.id}`, /mod \d+ is not a time in seconds/],
      [`UPDATE notes SET flds = flds || char(31) || 'extra' WHERE id = ${first.id}`, /has 10 fields; its note type has 9/],
      [`UPDATE notes SET tags = ' two words ' || char(9) || ' ' WHERE id = ${first.id}`, /tags must be|not in the form Anki keeps/],
      [`UPDATE notes SET guid = (SELECT guid FROM notes WHERE id != ${first.id} LIMIT 1) WHERE id = ${first.id}`, /two notes share the guid/],
      [`UPDATE cards SET did = 42 WHERE nid = ${first.id}`, /its deck 42 is not a normal deck/],
      [`UPDATE cards SET ord = 1 WHERE nid = ${first.id}`, /ord 1 is not a template/],
      [`DELETE FROM cards WHERE nid = ${first.id}`, /has no card/],
      ['UPDATE col SET ver = 18', /col\.ver is 18/],
      ["UPDATE col SET models = json_remove(models, '$.' || (SELECT key FROM json_each(models) LIMIT 1) || '.css')", /lacks "css"/],
      ["UPDATE col SET models = replace(models, '{{Key points}}', '{{Key point}}')", /refers to a field "Key point"/],
      ['UPDATE col SET decks = replace(decks, \'"name":"posenc"\', \'"name":"elsewhere"\')', /has no parent deck "posenc"/],
      ['UPDATE col SET decks = replace(decks, \'"collapsed":false\', \'"collapsed":0\')', /"collapsed" = 0, not the kind Anki reads/],
      ["UPDATE col SET dconf = json_remove(dconf, '$.1.new.initialFactor')", /new lacks "initialFactor"/],
      ['DROP INDEX ix_notes_csum', /index ix_notes_csum is not on notes\(csum\)/],
      ['CREATE TABLE extra (x)', /the tables are/],
    ];
    for (const [sql, expected] of cases) {
      const breaks = ankiRuleBreaks(altered(built.bytes, sql), SQL, exportedAt.getTime());
      assert.ok(
        breaks.some((text) => expected.test(text)),
        `${sql}\n  reported: ${breaks.join('\n  ') || 'nothing'}`,
      );
    }
  });
});

describe('the .apkg export, opened with sqlite', () => {
  test('a deck per posenc deck under "posenc", holding exactly its cards; every field as the page shows it', () => {
    const ankiDecks = colJson(built.bytes, 'decks');
    const nameOf = (id) => ankiDecks[String(id)].name;
    assert.deepEqual(
      Object.values(ankiDecks)
        .map((deck) => deck.name)
        .sort(),
      ['Default', 'posenc', ...decks.map((deck) => `${DECK_PREFIX}${deck.title}`)].sort(),
    );
    const perDeck = query(built.bytes, 'SELECT did, count(*) AS n FROM cards GROUP BY did');
    assert.deepEqual(
      Object.fromEntries(perDeck.map((row) => [nameOf(row.did), row.n])),
      Object.fromEntries(decks.map((deck) => [`${DECK_PREFIX}${deck.title}`, deck.cards.length])),
    );
    const notes = query(built.bytes, 'SELECT n.flds, n.tags, c.did FROM notes n JOIN cards c ON c.nid = n.id');
    const byId = new Map(notes.map((note) => [note.flds.split('\x1f').at(-1), note]));
    for (const card of cards) {
      const note = byId.get(card.id);
      assert.ok(note, card.id);
      assert.equal(nameOf(note.did), `${DECK_PREFIX}${decks.find((deck) => deck.id === card.deckId).title}`, card.id);
      assert.equal(note.flds.split('\x1f').length, NOTE_FIELDS.length, card.id);
      assert.deepEqual(note.tags.trim().split(' '), [...new Set([...card.tags, card.deckId])], card.id);
    }
  });

  test('an instructor deck with awkward names and tags still meets the rules', async () => {
    const awkward = [{ id: 'awkward', title: ' Week 3 :: RoPE: ', description: 'Line one\nline two' }];
    const card = {
      ...cards[0],
      id: 'awk-1',
      deckId: 'awkward',
      tags: ['two words', 'a::', '::b', 'tab\there', 'cafe\u0301'],
      question: 'Why\u0007 this? Café\u0301',
    };
    const pack = await buildApkg({ decks: awkward, cards: [card], drawn, SQL, zipSync, now: exportedAt });
    assert.deepEqual(ankiRuleBreaks(pack.bytes, SQL, exportedAt.getTime()), []);
    assert.ok(Object.values(colJson(pack.bytes, 'decks')).some((deck) => deck.name === 'posenc::Week 3 : RoPE'));
    assert.equal(query(pack.bytes, 'SELECT tags FROM notes')[0].tags, ' two_words a b tab_here caf\u00e9 awkward ');
  });

  test('a second export keeps every guid, note type and deck id, with a later mod, so Anki updates the notes', async () => {
    const later = new Date(exportedAt.getTime() + 3 * 86_400_000);
    const again = await buildApkg({ decks, cards, drawn: drawComputedCards(cards, await loadForTests(), 8), SQL, zipSync, now: later });
    assert.deepEqual(ankiRuleBreaks(again.bytes, SQL, later.getTime()), []);
    const notesOf = (bytes) => new Map(query(bytes, 'SELECT guid, mid, mod FROM notes').map((note) => [note.guid, note]));
    const [before, after] = [notesOf(built.bytes), notesOf(again.bytes)];
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [guid, note] of after) {
      assert.equal(note.mid, before.get(guid).mid, guid);
      // import/notes.rs maybe_update_existing_note: an incoming note replaces the one with its guid only when its mod is newer
      assert.ok(note.mod > before.get(guid).mod, guid);
    }
    assert.deepEqual(Object.keys(colJson(again.bytes, 'models')), Object.keys(colJson(built.bytes, 'models')));
    const deckIds = (bytes) => Object.fromEntries(Object.values(colJson(bytes, 'decks')).map((deck) => [deck.name, deck.id]));
    assert.deepEqual(deckIds(again.bytes), deckIds(built.bytes));
  });
});

describe('cross-checked against an independent writer (npm anki-apkg-export)', () => {
  let theirs;
  before(async () => {
    // Their writer makes one deck with Front and Back fields: the same cards, our question as Front, the rest as Back.
    const AnkiExport = require('anki-apkg-export').default;
    const deck = decks[0];
    const exporter = AnkiExport(`${DECK_PREFIX}${deck.title}`);
    const ours = query(built.bytes, 'SELECT flds, tags FROM notes');
    for (const note of ours.filter((row) => row.tags.includes(` ${deck.id} `))) {
      const [front, ...back] = note.flds.split('\x1f');
      exporter.addCard(front, back.join('<hr>'), { tags: note.tags.trim().split(' ') });
    }
    theirs = new Uint8Array(await exporter.save());
  });

  test('the same tables and columns, and the same kinds of values in each column', () => {
    const shape = (bytes) =>
      // sqlite_stat1, from ANALYZE in their template, is SQLite's own table, not one of Anki's.
      query(bytes, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map(({ name }) => [
        name,
        query(bytes, `PRAGMA table_info(${name})`).map((column) => `${column.name} ${column.type.toLowerCase()} ${column.notnull}`),
      ]);
    assert.deepEqual(shape(built.bytes), shape(theirs));
    for (const table of ['notes', 'cards']) {
      const kinds = (bytes) => {
        const columns = query(bytes, `PRAGMA table_info(${table})`).map((column) => column.name);
        return query(bytes, `SELECT DISTINCT ${columns.map((column) => `typeof(${column}) AS ${column}`).join(', ')} FROM ${table}`);
      };
      assert.deepEqual(kinds(built.bytes), kinds(theirs), table);
    }
  });

  test('both read back the same: the deck, its questions and their tags', async () => {
    const readBack = async (bytes) => {
      const { collection } = await readAnkiPackage(new Blob([bytes]));
      const deck = Object.values(collection.getDecks()).find((entry) => entry.getRawDeck().name === `${DECK_PREFIX}${decks[0].title}`);
      return Object.values(deck.getCards())
        .map((card) => Object.values(card.getFields())[0])
        .sort();
    };
    const [ours, independent] = [await readBack(built.bytes), await readBack(theirs)];
    assert.equal(ours.length, decks[0].cards.length);
    assert.deepEqual(ours, independent);
    const tags = (bytes) => query(bytes, 'SELECT tags FROM notes ORDER BY flds').map((note) => note.tags);
    assert.deepEqual(tags(altered(built.bytes, `DELETE FROM notes WHERE tags NOT LIKE '% ${decks[0].id} %'`)), tags(theirs));
  });

  test("the checker holds their package to the same rules, and finds just where it departs from Anki's", () => {
    // Their writer stores mod in milliseconds, sfld with its HTML, csum of both fields joined, and no parent
    // deck; Anki keeps seconds and hashes the first field without HTML (its importer recomputes both on adding).
    const departures = [/mod \d+ is not a time in seconds/, /sfld is not the sort field/, /csum \d+ is not \d+/, /has no parent deck "posenc"/];
    const breaks = ankiRuleBreaks(theirs, SQL);
    // sfld departs only where a question holds markup or an entity, so only the other three are sure to appear.
    for (const departure of [departures[0], departures[2], departures[3]])
      assert.ok(
        breaks.some((text) => departure.test(text)),
        String(departure),
      );
    assert.deepEqual(
      breaks.filter((text) => !departures.some((departure) => departure.test(text))),
      [],
    );
  });
});
