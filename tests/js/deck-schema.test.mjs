// Deck validation: every shipped deck passes; each malformed deck gets an error that names the
// deck, the card id and the field path.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';
import { cardId, malformed } from './fixtures/malformed-cards.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { validateDeck, limits } = await import(new URL('deck-schema.js', quiz));
const { createDeckLibrary } = await import(new URL('deck-loader.js', quiz));
const { fillQuestion } = await import(new URL('computed-templates.js', quiz));
const { queryFor, readLocation } = await import(new URL('../router.js', quiz));
// The engine's name tables: "See it live" links name overflow policies, scalings, schemes and
// training presets by them (the presets under names.preset, as the router's table calls them).
const engine = await loadForTests();
const names = { ...engine.names, preset: engine.training.presets };

const decksFolder = new URL('../../web/decks/', import.meta.url);
const seedDeck = JSON.parse(readFileSync(new URL('core.json', decksFolder), 'utf8'));
const computedDeck = JSON.parse(readFileSync(new URL('computed.json', decksFolder), 'utf8'));

/** A valid one-card deck, changed by `mutate` (which gets the deck and its first card). */
function deckWith(mutate, base = seedDeck) {
  const deck = structuredClone(base);
  mutate(deck, deck.cards[0]);
  return deck;
}

describe('shipped decks', () => {
  const files = readdirSync(decksFolder).filter((name) => name.endsWith('.json') && name !== 'index.json');
  const library = createDeckLibrary();
  for (const file of files) {
    test(`${file} passes validation, ids unique across all decks`, () => {
      const { errors } = library.addText(readFileSync(new URL(file, decksFolder), 'utf8'), `decks/${file}`);
      assert.deepEqual(errors, []);
    });
  }

  test('at least 30 tiered cards link to the views that show them, and each link opens as written', () => {
    const shipped = files.map((file) => JSON.parse(readFileSync(new URL(file, decksFolder), 'utf8')));
    for (const deck of shipped)
      assert.deepEqual(
        validateDeck(deck, { names }).map((error) => error.text),
        [],
        `${deck.id}, with the engine's names`,
      );
    const cards = shipped.flatMap((deck) => deck.cards);
    const linked = cards.filter((card) => !card.computed && card.live);
    assert.ok(linked.length >= 30, `${linked.length} tiered cards with "See it live" links`);
    for (const { id, live } of cards.filter((card) => card.live)) {
      for (const link of live) {
        const written = new URLSearchParams([['view', link.view], ...Object.entries(link.params).map(([name, value]) => [name, String(value)])]);
        const { view, settings } = readLocation(`?${written}`);
        assert.equal(view, link.view, id);
        const sorted = (params) => [...params].sort(([a], [b]) => a.localeCompare(b));
        assert.deepEqual(
          sorted(new URLSearchParams(queryFor(view, settings, new URLSearchParams()))),
          sorted(written),
          `${id}: every setting of "${link.label}" is kept`,
        );
      }
    }
  });

  test('a source passes with a locator a reader can find: a numbered part of a paper or page, or a file', () => {
    const located = [
      'Vaswani et al. 2017, Attention Is All You Need, section 3.5',
      'Press et al. 2022, Train Short, Test Long, Table 2',
      'Su et al. 2021, RoFormer, equation (34)',
      'Chen et al. 2023, Position Interpolation, Figure 2 and appendix C',
      'Ke et al. 2021, TUPE, §3.2',
      'ofirpress/attention_with_linear_biases, fairseq/models/transformer.py, get_slopes',
      'huggingface.co/Qwen/Qwen2.5-7B-Instruct config.json: rope_theta',
    ];
    for (const source of located) assert.deepEqual(validateDeck(deckWith((d, c) => (c.sources = [source]))), [], source);
    for (const source of ['Ke et al. 2021, TUPE, ICLR 2021', 'Meta LLaMA reference code, apply_rotary_emb', 'A blog post, page about RoPE'])
      assert.equal(validateDeck(deckWith((d, c) => (c.sources = [source])))[0]?.path, 'cards[0].sources[0]', source);
  });

  test('index.json lists decks that exist', () => {
    const index = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8'));
    assert.ok(index.decks.includes('core'));
    for (const id of index.decks) assert.ok(files.includes(`${id}.json`), `decks/${id}.json is listed but missing`);
  });
});

describe('malformed decks name the deck, the card id and the field path', () => {
  for (const [name, mutate, path, message] of malformed) {
    test(name, () => {
      const errors = validateDeck(deckWith(mutate), { source: 'decks/bad.json', names });
      const match = errors.find((error) => error.path === path);
      assert.ok(match, `no error at ${path}; got ${errors.map((error) => error.text).join(' | ')}`);
      assert.match(match.message, message);
      assert.ok(match.card === cardId || match.card === 'Sinusoidal_vs_Learned', `card ${match.card}`);
      assert.ok(match.text.includes(`card "${match.card}"`) && match.text.includes(path) && match.text.includes('Deck "core" (decks/bad.json)'), match.text);
    });
  }

  const computedCases = [
    [
      'unknown computed template',
      (d, c) => {
        c.computed.template = 'rope-magic';
      },
      'cards[0].computed.template',
      /"rope-magic" is not a known template; known: sinusoidal-first-dims/,
    ],
    [
      'computed tolerance negative',
      (d, c) => {
        c.computed.tolerance = -1;
      },
      'cards[0].computed.tolerance',
      /number >= 0/,
    ],
    [
      'computed param range reversed',
      (d, c) => {
        c.computed.params.p = { min: 9, max: 1 };
      },
      'cards[0].computed.params.p',
      /min 9 is greater than max 1/,
    ],
    [
      'computed param the template needs is missing',
      (d, c) => {
        delete c.computed.params.d;
      },
      'cards[0].computed.params.d',
      /is missing; template "sinusoidal-first-dims" needs p, d/,
    ],
    [
      'placeholder without a parameter',
      (d, c) => {
        c.question += ' Use {base}.';
      },
      'cards[0].question',
      /uses \{base\}/,
    ],
    [
      'empty choices',
      (d, c) => {
        c.computed.params.d = { choices: [] };
      },
      'cards[0].computed.params.d.choices',
      /non-empty list/,
    ],
    [
      'a template named like a built-in',
      (d, c) => {
        c.computed.template = 'constructor';
      },
      'cards[0].computed.template',
      /"constructor" is not a known template/,
    ],
    [
      'a parameter named toString',
      (d, c) => {
        c.computed.params.toString = { min: 1, max: 2 };
      },
      'cards[0].computed.params.toString',
      /"toString" is a name JavaScript objects already use/,
    ],
    [
      'a placeholder named constructor',
      (d, c) => {
        c.question += ' {constructor}';
      },
      'cards[0].question',
      /uses \{constructor\}, which is not in computed.params/,
    ],
    [
      'a choice of invisible text',
      (d, c) => {
        c.computed.params.d = { choices: [64, '\u200B'] };
      },
      'cards[0].computed.params.d.choices',
      /visible texts/,
    ],
    [
      'a parameter with a typo field',
      (d, c) => {
        c.computed.params.p = { min: 0, max: 9, mxa: 3 };
      },
      'cards[0].computed.params.p.mxa',
      /not a field/,
    ],
    [
      'claims on a card without key points',
      (d, c) => {
        c.claims = [0];
      },
      'cards[0].claims',
      /needs keyPoints/,
    ],
  ];
  for (const [name, mutate, path, message] of computedCases) {
    test(name, () => {
      const errors = validateDeck(deckWith(mutate, computedDeck), { source: 'decks/bad.json' });
      const match = errors.find((error) => error.path === path);
      assert.ok(match, `no error at ${path}; got ${errors.map((error) => error.text).join(' | ')}`);
      assert.match(match.message, message);
      assert.equal(match.card, 'computed-sinusoidal-first-dims');
      assert.ok(match.text.includes('card "computed-sinusoidal-first-dims"'));
    });
  }
});

describe('deck-level problems', () => {
  test('a deck that is not an object', () => {
    assert.match(validateDeck([], { source: 'x.json' })[0].text, /Deck x.json, \(root\): must be a JSON object/);
  });

  test('a deck without cards, title or version', () => {
    const texts = validateDeck({ id: 'empty' }, { source: 'x.json' }).map((error) => error.text);
    assert.ok(
      texts.some((text) => /Deck "empty" \(x.json\), title: is missing/.test(text)),
      texts.join('\n'),
    );
    assert.ok(texts.some((text) => /version: must be a whole number/.test(text)));
    assert.ok(texts.some((text) => /cards: must be a non-empty list/.test(text)));
  });

  test('a deck over 2 MB is refused before parsing', () => {
    const library = createDeckLibrary();
    const { deck, errors } = library.addText(`{"pad":"${'x'.repeat(limits.maxDeckBytes)}"}`, 'decks/huge.json');
    assert.equal(deck, null);
    assert.match(errors[0], /at most 2097152 bytes \(2 MB\)/);
  });

  test('a deck with more than 2,000 cards', () => {
    const deck = deckWith((d, c) => {
      d.cards = Array.from({ length: 2001 }, (_, i) => ({ ...c, id: `card-${i}` }));
    });
    assert.match(validateDeck(deck, { source: 'x.json' })[0].text, /has 2001 cards; a deck may hold at most 2000/);
  });

  test('a card id already used by another deck names both decks', () => {
    const library = createDeckLibrary();
    library.addText(JSON.stringify(seedDeck), 'decks/core.json');
    const copy = deckWith((d) => {
      d.id = 'copy';
    });
    const { deck, errors } = library.addText(JSON.stringify(copy), 'extra.json');
    assert.equal(deck, null);
    assert.match(errors[0], /Deck "copy" \(extra.json\), card "sinusoidal-vs-learned-beyond-length", cards\[0\].id: is already used by a card in deck "core"/);
    assert.equal(library.decks.length, 1, 'the good deck stays loaded');
    assert.equal(library.failures.length, 1);
  });

  test('a description is text: a 10,000-level nested list is refused, not walked', () => {
    let nested = [];
    for (let i = 0; i < 10_000; i++) nested = [nested];
    const errors = validateDeck({ ...seedDeck, description: nested }, { source: 'x.json' });
    assert.deepEqual(
      errors.map((error) => error.text),
      ['Deck "core" (x.json), description: must be text; got a list'],
    );
    assert.deepEqual(validateDeck({ ...seedDeck, description: 'A fine deck.' }), []);
  });

  test('a deck may opt out of key-point terms: its tiered cards then match key points by their own words', () => {
    const optedOut = deckWith((d, c) => {
      d.requireKeyPointTerms = false;
      delete c.keyPointTerms;
    });
    assert.deepEqual(validateDeck(optedOut), []);
    const someNull = deckWith((d, c) => {
      d.requireKeyPointTerms = false;
      c.keyPointTerms[0] = null;
    });
    assert.deepEqual(validateDeck(someNull), []);
    const stillChecked = deckWith((d, c) => {
      d.requireKeyPointTerms = false;
      c.keyPointTerms[0] = [];
    });
    assert.match(validateDeck(stillChecked)[0].message, /must be null or a list of 1 to 8 terms/);
    const [error] = validateDeck({ ...seedDeck, requireKeyPointTerms: 'no' }, { source: 'x.json' });
    assert.equal(error.path, 'requireKeyPointTerms');
    assert.match(error.text, /^Deck "core" \(x.json\), requireKeyPointTerms: must be true or false .*got the text "no"$/);
  });

  test('a title with a right-to-left override is refused; the error spells the control out', () => {
    const [error] = validateDeck({ ...seedDeck, title: 'Positional \u202Eencodings' }, { source: 'x.json' });
    assert.equal(error.path, 'title');
    assert.match(error.text, /got the text "Positional U\+202Eencodings"/);
    assert.doesNotMatch(error.text, /\u202E/, 'the message itself holds no override');
  });

  test('ids named like built-ins ("constructor") are refused with a clear error', () => {
    const card = validateDeck(
      deckWith((d, c) => {
        c.id = 'constructor';
      }),
      { source: 'x.json' },
    );
    assert.ok(
      card.some((error) => error.path === 'cards[0].id' && /"constructor" is a name JavaScript objects already use; choose another id/.test(error.message)),
      card.map((e) => e.text).join('\n'),
    );
    const deck = validateDeck({ ...seedDeck, id: 'constructor' }, { source: 'x.json' });
    assert.ok(deck.some((error) => error.path === 'id' && /already use/.test(error.message)));
    const long = validateDeck(
      deckWith((d, c) => {
        c.id = 'a'.repeat(101);
      }),
      { source: 'x.json' },
    );
    assert.ok(long.some((error) => error.path === 'cards[0].id' && /101 characters; at most 100/.test(error.message)));
  });

  test('a placeholder named like a built-in is never filled from Object.prototype', () => {
    assert.equal(fillQuestion('p = {p}, {toString}, {constructor}', { p: 3 }), 'p = 3, {toString}, {constructor}');
  });

  test('a library takes a deck out again and frees its card ids', () => {
    const library = createDeckLibrary();
    library.addText(JSON.stringify(seedDeck), 'file core.json');
    library.addText('{', 'file broken.json');
    library.remove('core', 'file broken.json');
    assert.equal(library.decks.length, 0);
    assert.equal(library.failures.length, 0);
    assert.deepEqual(library.addText(JSON.stringify(seedDeck), 'file core.json').errors, [], 'the ids are free again');
  });

  test('invalid JSON is reported with the source', () => {
    const { errors } = createDeckLibrary().addText('{ "id": ', 'broken.json');
    assert.match(errors[0], /Deck broken.json: is not valid JSON/);
  });
});
