// Deck validation: every shipped deck passes; each malformed deck gets an error that names the
// deck, the card id and the field path.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

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

  test('index.json lists decks that exist', () => {
    const index = JSON.parse(readFileSync(new URL('index.json', decksFolder), 'utf8'));
    assert.ok(index.decks.includes('core'));
    for (const id of index.decks) assert.ok(files.includes(`${id}.json`), `decks/${id}.json is listed but missing`);
  });
});

const cardId = 'sinusoidal-vs-learned-beyond-length';
const malformed = [
  [
    'missing question',
    (d, c) => {
      delete c.question;
    },
    'cards[0].question',
    /is missing/,
  ],
  [
    'question is a number',
    (d, c) => {
      c.question = 42;
    },
    'cards[0].question',
    /must be text; got number 42/,
  ],
  [
    'empty question',
    (d, c) => {
      c.question = '   ';
    },
    'cards[0].question',
    /must not be empty/,
  ],
  [
    'question over 300 chars',
    (d, c) => {
      c.question = 'q'.repeat(301);
    },
    'cards[0].question',
    /301 characters; at most 300/,
  ],
  [
    'solid over 4000 chars',
    (d, c) => {
      c.solid = 'w '.repeat(2001);
    },
    'cards[0].solid',
    /at most 4000/,
  ],
  [
    'keyPoints not a list',
    (d, c) => {
      c.keyPoints = 'one point';
    },
    'cards[0].keyPoints',
    /must be a list/,
  ],
  [
    'keyPoints empty list',
    (d, c) => {
      c.keyPoints = [];
    },
    'cards[0].keyPoints',
    /must not be an empty list/,
  ],
  [
    'a key point empty',
    (d, c) => {
      c.keyPoints[2] = '';
    },
    'cards[0].keyPoints[2]',
    /must not be empty/,
  ],
  [
    'a key point an object',
    (d, c) => {
      c.keyPoints[1] = { text: 'x' };
    },
    'cards[0].keyPoints[1]',
    /must be text; got an object/,
  ],
  [
    'missing basic',
    (d, c) => {
      delete c.basic;
    },
    'cards[0].basic',
    /is missing/,
  ],
  [
    'missing sources',
    (d, c) => {
      delete c.sources;
    },
    'cards[0].sources',
    /is missing/,
  ],
  [
    'empty sources',
    (d, c) => {
      c.sources = [];
    },
    'cards[0].sources',
    /empty list/,
  ],
  [
    'uppercase tag',
    (d, c) => {
      c.tags[1] = 'Learned';
    },
    'cards[0].tags[1]',
    /lowercase/,
  ],
  [
    'code without source',
    (d, c) => {
      delete c.code.source;
    },
    'cards[0].code.source',
    /non-empty text/,
  ],
  [
    'explanation section without text',
    (d, c) => {
      delete c.explanation[3].text;
    },
    'cards[0].explanation[3].text',
    /is missing/,
  ],
  [
    'explanation section a string',
    (d, c) => {
      c.explanation[0] = 'A heading';
    },
    'cards[0].explanation[0]',
    /must be an object/,
  ],
  [
    'follow-up answer empty',
    (d, c) => {
      c.followUps[1].answer = '';
    },
    'cards[0].followUps[1].answer',
    /must not be empty/,
  ],
  [
    'follow-up with a typo field',
    (d, c) => {
      c.followUps[0].anwser = 'x';
    },
    'cards[0].followUps[0].anwser',
    /not a field/,
  ],
  [
    'red flag a number',
    (d, c) => {
      c.redFlags[4] = 7;
    },
    'cards[0].redFlags[4]',
    /must be text/,
  ],
  [
    'unknown card field',
    (d, c) => {
      c.keypoints = [];
    },
    'cards[0].keypoints',
    /not a card field/,
  ],
  [
    'id not kebab-case',
    (d, c) => {
      c.id = 'Sinusoidal_vs_Learned';
    },
    'cards[0].id',
    /kebab-case/,
  ],
  [
    'duplicate id inside the deck',
    (d, c) => {
      d.cards.push(structuredClone(c));
    },
    'cards[1].id',
    /used by another card in this deck/,
  ],
  [
    'unsupported formula command',
    (d, c) => {
      c.basic = 'The sum $\\sum_{i} x$ is wrong here.';
    },
    'cards[0].basic',
    /unknown command "\\sum"/,
  ],
  [
    'formula with a forbidden character',
    (d, c) => {
      c.solid = 'Here $a & b$ fails.';
    },
    'cards[0].solid',
    /"&" is not allowed/,
  ],
  [
    'question of zero-width characters only',
    (d, c) => {
      c.question = '\u200B\u200C\u200D\uFEFF\u00AD';
    },
    'cards[0].question',
    /must hold visible text; got only invisible characters \(the text "U\+200BU\+200CU\+200DU\+FEFFU\+00AD"\)/,
  ],
  [
    'a topic of a soft hyphen and spaces',
    (d, c) => {
      c.topic = ' \u00AD \u2060 ';
    },
    'cards[0].topic',
    /must hold visible text/,
  ],
  [
    'a right-to-left override in a key point',
    (d, c) => {
      c.keyPoints[0] = 'learned \u202Etable';
    },
    'cards[0].keyPoints[0]',
    /must not hold direction overrides.*U\+202E/,
  ],
  [
    'an isolate in a follow-up',
    (d, c) => {
      c.followUps[0].question = 'Why \u2067this\u2069?';
    },
    'cards[0].followUps[0].question',
    /direction overrides, embeddings or isolates/,
  ],
  [
    'a formula command named like a built-in',
    (d, c) => {
      c.basic = 'See $\\constructor$ and $\\toString$.';
    },
    'cards[0].basic',
    /unknown command "\\constructor"/,
  ],
  [
    'claims not a list',
    (d, c) => {
      c.claims = 'all';
    },
    'cards[0].claims',
    /must be a non-empty list of key-point indices \(0 to 4\); got the text "all"/,
  ],
  [
    'claims empty',
    (d, c) => {
      c.claims = [];
    },
    'cards[0].claims',
    /must be a non-empty list/,
  ],
  [
    'a claim past the key points',
    (d, c) => {
      c.claims = [0, 5];
    },
    'cards[0].claims[1]',
    /must be the index of a key point, 0 to 4; got number 5/,
  ],
  [
    'a claim not a whole number',
    (d, c) => {
      c.claims = [1.5];
    },
    'cards[0].claims[0]',
    /must be the index of a key point, 0 to 4; got number 1\.5/,
  ],
  [
    'a claim repeated',
    (d, c) => {
      c.claims = [1, 1];
    },
    'cards[0].claims[1]',
    /repeats key point 1/,
  ],
  [
    'a tag in -isation spelling',
    (d, c) => {
      c.tags[0] = 'length-generalisation';
    },
    'cards[0].tags[0]',
    /must be written "length-generalization"/,
  ],
  [
    'a tag with a space',
    (d, c) => {
      c.tags[0] = 'long context';
    },
    'cards[0].tags[0]',
    /must be written "long-context"/,
  ],
  [
    'hints not a list',
    (d, c) => {
      c.hints = 'think';
    },
    'cards[0].hints',
    /must be a list/,
  ],
  [
    'a hint empty',
    (d, c) => {
      c.hints = ['Think of rows.', ''];
    },
    'cards[0].hints[1]',
    /must not be empty/,
  ],
  [
    'six hints',
    (d, c) => {
      c.hints = Array.from({ length: 6 }, (_, i) => `Hint ${i}.`);
    },
    'cards[0].hints',
    /6 hints; at most 5/,
  ],
  [
    'keyPointTerms shorter than keyPoints',
    (d, c) => {
      c.keyPointTerms = [null];
    },
    'cards[0].keyPointTerms',
    /one entry per key point \(5\).*got 1 entries/,
  ],
  [
    "a key point's terms an empty list",
    (d, c) => {
      c.keyPointTerms = [[], null, null, null, null];
    },
    'cards[0].keyPointTerms[0]',
    /null or a list of 1 to 8 terms/,
  ],
  [
    'a term of common words only',
    (d, c) => {
      c.keyPointTerms = [['lookup | it is the'], null, null, null, null];
    },
    'cards[0].keyPointTerms[0][0]',
    /"it is the" has none/,
  ],
  [
    'a term not text',
    (d, c) => {
      c.keyPointTerms = [[3], null, null, null, null];
    },
    'cards[0].keyPointTerms[0][0]',
    /must be text/,
  ],
  // "See it live" links: views and settings as the page's URL table (web/router.js) knows them.
  [
    'live not a list',
    (d, c) => {
      c.live = { view: 'position' };
    },
    'cards[0].live',
    /must be a list/,
  ],
  [
    'a live link to an unknown view',
    (d, c) => {
      c.live[0].view = 'heatmap';
    },
    'cards[0].live[0].view',
    /must be one of lesson, encodings, position, frequencies, grid, model; got "heatmap"/,
  ],
  [
    'a live link back to the quiz',
    (d, c) => {
      c.live[0].view = 'quiz';
    },
    'cards[0].live[0].view',
    /must be one of lesson, encodings, position, frequencies, grid, model; got "quiz"/,
  ],
  [
    'a live setting the view does not have',
    (d, c) => {
      c.live[0].params = { q: 5 };
    },
    'cards[0].live[0].params.q',
    /is not a setting of the position view; it has model, p, L, d, overflow, scaling/,
  ],
  [
    'a live setting out of range',
    (d, c) => {
      c.live[0].params.p = 17000000;
    },
    'cards[0].live[0].params.p',
    /must be a whole number from 0 to 16,777,216; got 17000000/,
  ],
  [
    'a live link to a model the engine does not have',
    (d, c) => {
      c.live[0].params.model = 'llama-9';
    },
    'cards[0].live[0].params.model',
    /must be one of gpt-2, bert-base, .*qwen2-vl-7b; got "llama-9"/,
  ],
  [
    "a live setting not among the engine's names",
    (d, c) => {
      c.live[0].params.overflow = 'repeat';
    },
    'cards[0].live[0].params.overflow',
    /must be one of error, clamp, wrap, window, interpolate; got "repeat"/,
  ],
  [
    'a model link to a preset the engine does not have',
    (d, c) => {
      c.live[0] = { label: 'Toy models', view: 'model', params: { preset: 'positionModel' } };
    },
    'cards[0].live[0].params.preset',
    /must be one of quick, seedStory, positionModels; got "positionModel"/,
  ],
  [
    'a live setting not a name at all',
    (d, c) => {
      c.live[0].params.scaling = 'no scaling';
    },
    'cards[0].live[0].params.scaling',
    /must be one of none, pi, ntk, yarn, llama3; got "no scaling"/,
  ],
  // Dynamic NTK is the engine's, but the position view cannot set it up (its frequencies follow the length).
  [
    'a live scaling the view does not offer',
    (d, c) => {
      c.live[0].params.scaling = 'dynamic';
    },
    'cards[0].live[0].params.scaling',
    /must be one of none, pi, ntk, yarn, llama3; got "dynamic"/,
  ],
  [
    'a live number written as hex',
    (d, c) => {
      c.live[0].params.p = '0x10';
    },
    'cards[0].live[0].params.p',
    /must be a whole number from 0 to 16,777,216; got "0x10"/,
  ],
  [
    'a lesson step past the end',
    (d, c) => {
      c.live[1].params.step = 11;
    },
    'cards[0].live[1].params.step',
    /must be a whole number from 1 to 10; got 11/,
  ],
  [
    'a live setting named constructor',
    (d, c) => {
      c.live[0].params = JSON.parse('{"constructor": 1}');
    },
    'cards[0].live[0].params.constructor',
    /is not a setting of the position view/,
  ],
  [
    'live params a list',
    (d, c) => {
      c.live[0].params = [];
    },
    'cards[0].live[0].params',
    /must be an object of URL parameters/,
  ],
  [
    'a live link without a label',
    (d, c) => {
      delete c.live[0].label;
    },
    'cards[0].live[0].label',
    /is missing/,
  ],
  [
    'a live label over 80 characters',
    (d, c) => {
      c.live[0].label = 'x'.repeat(81);
    },
    'cards[0].live[0].label',
    /81 characters; at most 80/,
  ],
  [
    'a live link with a typo field',
    (d, c) => {
      c.live[0].parms = {};
    },
    'cards[0].live[0].parms',
    /not a field here/,
  ],
  [
    'five live links',
    (d, c) => {
      c.live = Array.from({ length: 5 }, () => c.live[0]);
    },
    'cards[0].live',
    /has 5 links; a card may have at most 4/,
  ],
];

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
