// The built site (node scripts/build.mjs site): the first view is one bundled entry plus the chunks
// it preloads, the deck list and the first deck sit in index.html as inert JSON data blocks the
// quiz reads instead of fetching, and the other decks are still fetched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);
const web = new URL('../../web/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const { loadShippedDecks, createDeckLibrary, startShippedDecks } = await import(new URL('quiz/deck-loader.js', dist));

/** The JSON data blocks of index.html: data-file -> text. */
const blocks = new Map([...html.matchAll(/<script type="application\/json" data-file="([^"]+)">([^<]*)<\/script>/g)].map(([, file, text]) => [file, text]));
const deckIds = JSON.parse(readFileSync(new URL('decks/index.json', web), 'utf8')).decks;

test('the only scripts in index.html are the module entry, the start check (files) and JSON data blocks', () => {
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  assert.deepEqual(
    scripts.filter((tag) => !/type="application\/json"/.test(tag)),
    ['<script type="module" src="app.js">', '<script src="start-check.js" defer>'],
  );
  assert.equal(scripts.length, 2 + blocks.size);
});

test('the deck list and the first deck are embedded, equal to the files in web/decks', () => {
  assert.deepEqual([...blocks.keys()], ['decks/index.json', `decks/${deckIds[0]}.json`]);
  for (const [file, text] of blocks) assert.deepEqual(JSON.parse(text), JSON.parse(readFileSync(new URL(file, web), 'utf8')), file);
});

test('every modulepreload names a built chunk', () => {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(([, href]) => href);
  assert.ok(preloads.length > 0);
  for (const href of preloads) assert.ok(existsSync(new URL(href, dist)), href);
});

test('loadShippedDecks takes embedded decks without fetching them and fetches the rest', async () => {
  const fetched = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    fetched.push(new URL(url).pathname.replace(/^\//, ''));
    return new Response(readFileSync(new URL(new URL(url).pathname.replace(/^\//, ''), web)));
  };
  try {
    const library = createDeckLibrary();
    let firstDeckCards = 0;
    await loadShippedDecks(library, 'http://site.test/', () => {
      firstDeckCards = library.cards.length;
    });
    assert.deepEqual(fetched, ['decks/index.json', ...deckIds.map((id) => `decks/${id}.json`)], 'without embedded decks every file is fetched');
    const fromStart = createDeckLibrary();
    fetched.length = 0;
    await loadShippedDecks(fromStart, 'http://site.test/', () => {}, startShippedDecks('http://site.test/', { embedded: (file) => blocks.get(file) }));
    assert.deepEqual(
      fetched,
      deckIds.slice(1).map((id) => `decks/${id}.json`),
      'only the decks not embedded are fetched',
    );
    assert.deepEqual(
      fromStart.decks.map((deck) => deck.id),
      library.decks.map((deck) => deck.id),
    );
    assert.deepEqual(fromStart.failures, []);
    assert.ok(firstDeckCards > 0 && firstDeckCards < library.cards.length, 'the first deck is added before the others');
  } finally {
    globalThis.fetch = realFetch;
  }
});
