// Property-based tests (fast-check): arbitrary JSON and strings given to the deck validator, the
// progress loader and importer, the URL-settings reader and the engine's JS API end in a clear
// error or a usable state, never an exception of another kind, and never lose a valid review.
// npm test runs each property PROPERTY_RUNS times (default 150) from seed PROPERTY_SEED (default
// 22); npm run fuzz runs them far longer from a fresh seed (scripts/fuzz-js.mjs), printing it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { loadForTests } from './load.mjs';

const dist = new URL('../../dist/', import.meta.url);
const { validateDeck } = await import(new URL('quiz/deck-schema.js', dist));
const { createDeckLibrary } = await import(new URL('quiz/deck-loader.js', dist));
const { parseMarkup } = await import(new URL('quiz/markup.js', dist));
// The learner's progress: its model, schema and store (web/quiz/progress-*.js), as one namespace.
const store = {
  ...(await import(new URL('quiz/progress-model.js', dist))),
  ...(await import(new URL('quiz/progress-schema.js', dist))),
  ...(await import(new URL('quiz/progress-store.js', dist))),
};
const { gradeCard, buildQueue, Rating } = await import(new URL('quiz/scheduler.js', dist));
const { readLocation, queryFor } = await import(new URL('router.js', dist));

const runs = Number(process.env.PROPERTY_RUNS ?? 150);
const seed = Number(process.env.PROPERTY_SEED ?? 22);
const settings = { numRuns: runs, seed, endOnFailure: true };
const check = (property, scale = 1) => fc.assert(property, { ...settings, numRuns: Math.max(1, Math.round(runs * scale)) });

// Text that has broken things before: built-in names, invisible and direction characters, markup.
const tricky = fc.oneof(
  fc.constantFrom(
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    '\u200B',
    '\uFEFF\u00AD',
    '\u202Eabc',
    'a\u2066b',
    '$\\constructor$',
    '{toString}',
    '$x^{',
    '**a*',
    '\uD800',
    'NaN',
    '-1',
    '1e999',
    '2^61',
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const json = fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 3 }), tricky);

/** Replaces the value at a random path inside `base` (a JSON tree) with `value`. */
function mutate(base, pathSeed, value) {
  const copy = structuredClone(base);
  let parent = null;
  let key = null;
  let node = copy;
  let choice = pathSeed;
  for (let depth = 0; depth < 6 && typeof node === 'object' && node !== null; depth++) {
    const keys = Object.keys(node);
    if (keys.length === 0 || (choice % 4 === 0 && depth > 0)) break;
    parent = node;
    key = keys[choice % keys.length];
    node = node[key];
    choice = Math.floor(choice / 7) + depth * 13;
  }
  if (parent === null) return value;
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const decks = new URL('../../web/decks/', import.meta.url);
const seedDeck = JSON.parse(readFileSync(new URL('core.json', decks), 'utf8'));
const computedDeck = JSON.parse(readFileSync(new URL('computed.json', decks), 'utf8'));
const smallDeck = (deck) => ({ ...deck, cards: deck.cards.slice(0, 2) });

/** Every string in a JSON tree. */
const texts = (value) => (typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : []);

test('deck validator: any JSON gives clear errors or a deck whose text all parses', () => {
  check(
    fc.property(
      fc.oneof(
        json,
        fc.tuple(fc.constantFrom(smallDeck(seedDeck), smallDeck(computedDeck)), fc.nat(), json).map(([deck, path, value]) => mutate(deck, path, value)),
      ),
      (deck) => {
        const errors = validateDeck(deck, { source: 'property.json' });
        assert.ok(Array.isArray(errors));
        for (const error of errors) {
          assert.equal(typeof error.text, 'string');
          assert.ok(error.text.startsWith('Deck '), error.text);
          assert.doesNotMatch(error.text, /[\u202A-\u202E\u2066-\u2069]/, 'no message carries a direction control');
        }
        if (errors.length === 0) {
          for (const text of texts(deck)) parseMarkup(text);
          assert.deepEqual(createDeckLibrary().addText(JSON.stringify(deck), 'property.json').errors, []);
        }
      },
    ),
  );
});

// Progress: a valid start, grades on a few cards, then one leaf replaced by anything.
const start = new Date('2025-03-01T09:00:00Z');
const validProgress = (() => {
  let progress = store.emptyProgress();
  ['a', 'b', 'constructor'].forEach((id, i) => {
    progress = gradeCard(progress, id, Rating.Good, new Date(start.getTime() + i * 60_000)).progress;
    progress = gradeCard(progress, id, Rating.Easy, new Date(start.getTime() + 86_400_000 + i)).progress;
  });
  return JSON.parse(JSON.stringify(progress));
})();
const storage = (text) => {
  const items = new Map(text === null ? [] : [[store.STORAGE_KEY, text]]);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
};
const storedText = fc.oneof(
  fc.tuple(fc.nat(), json).map(([path, value]) => JSON.stringify(mutate(validProgress, path, value))),
  json.map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.string({ maxLength: 60 }),
  fc.tuple(fc.nat(), fc.nat()).map(([cut]) => JSON.stringify(validProgress).slice(0, cut % 600)),
);

test('progress loader: any stored text starts the quiz, keeps every valid review, and grades', () => {
  check(
    fc.property(storedText, fc.constantFrom(Rating.Again, Rating.Hard, Rating.Good, Rating.Easy), (text, rating) => {
      const kept = storage(text);
      const { progress } = store.loadProgress(kept, new Date('2025-03-05T00:00:00Z'));
      const again = store.loadProgress(kept);
      assert.equal(again.notice, null, 'what was kept reads back clean');
      assert.deepEqual(again.progress, progress);
      let original;
      try {
        original = JSON.parse(text);
      } catch {
        original = null;
      }
      if (Array.isArray(original?.log)) {
        const valid = original.log.filter(
          (entry) => store.importProgress(JSON.stringify({ version: 1, settings: { newPerDay: 1 }, cards: {}, log: [entry] })).refused === null,
        );
        if (original.version === 1) assert.deepEqual(progress.log, valid, 'every valid review is kept, in order');
      }
      const cards = [...Object.keys(progress.cards), 'new-card'].map((id) => ({ id }));
      const queue = buildQueue(cards, progress, new Date('2025-04-01T00:00:00Z'));
      for (const id of [...queue.due, ...queue.fresh].slice(0, 3)) {
        const graded = gradeCard(progress, id, rating, new Date('2025-04-01T00:00:00Z')).progress;
        assert.equal(store.importProgress(store.exportProgress(graded)).refused, null, 'grading keeps progress valid');
      }
    }),
  );
});

test('progress importer: any file gives a clear error or what it keeps and refuses', () => {
  check(
    fc.property(storedText, (text) => {
      let result;
      try {
        result = store.importProgress(text);
      } catch (error) {
        assert.ok(error instanceof SyntaxError || error instanceof TypeError || error instanceof RangeError, String(error));
        assert.ok(error.message.length > 0 && error.message.length < 400);
        return;
      }
      assert.match(result.kept, /^\d+ cards? and \d+ reviews?$/);
      assert.equal(store.importProgress(store.exportProgress(result.progress)).refused, null);
    }),
  );
});

const known = {
  position: ['p', 'L', 'd', 'overflow', 'scaling'],
  encodings: ['scheme', 'd', 'base', 'n', 'p', 'dims'],
  model: ['preset', 'seed'],
  quiz: ['mode', 'decks', 'scope', 'card'],
  lesson: ['step', 'p', 'd', 'n', 'scheme', 'overflow', 'scaling', 'heads'],
  home: [],
};
const parameterName = fc.oneof(
  fc.constantFrom(
    'view',
    'p',
    'L',
    'd',
    'n',
    'base',
    'dims',
    'seed',
    'preset',
    'scheme',
    'overflow',
    'scaling',
    'embed',
    'step',
    'heads',
    'mode',
    'scope',
    'card',
    'back',
    'constructor',
    '__proto__',
    'toString',
  ),
  fc.string({ maxLength: 8 }),
);
const parameterValue = fc.oneof(
  fc.constantFrom(
    'quiz',
    'position',
    'encodings',
    'model',
    'lesson',
    'home',
    'constructor',
    '__proto__',
    '',
    ' 5',
    '0x10',
    '1e3',
    '5000',
    '2048',
    '65536',
    '65537',
    'Infinity',
    'NaN',
    '1,2,3',
    '1,,2',
    'yarn',
    'seedStory',
    '-0',
    '1.5',
    'tag:rope',
    'live:position',
    'cards:a,b',
    '?view=quiz&card=a',
    '?view=lesson&back=%3Fview%3Dquiz',
  ),
  fc.string({ maxLength: 12 }),
  tricky,
);

test('URL settings reader: any query gives known settings in range that round-trip', () => {
  check(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.array(fc.tuple(parameterName, parameterValue), { maxLength: 8 }).map((pairs) => `?${new URLSearchParams(pairs)}`),
      ),
      (search) => {
        const { view, settings, embed } = readLocation(search);
        assert.ok(Object.hasOwn(known, view));
        assert.equal(typeof embed, 'boolean');
        const fields = Object.keys(settings);
        for (const field of fields) assert.ok(known[view].includes(field), `${view}: ${field}`);
        for (const field of fields) if (typeof settings[field] === 'number') assert.ok(Number.isFinite(settings[field]), `${field} = ${settings[field]}`);
        const again = readLocation(queryFor(view, settings, new URLSearchParams(search)));
        assert.equal(again.view, view);
        assert.deepEqual({ ...again.settings }, { ...settings });
        const { back } = readLocation(search);
        if (back) assert.deepEqual(readLocation(back.query).back, null, 'a way back leads to this page, with no way back of its own');
      },
    ),
    2,
  );
});

test('URL settings reader: numbers only as decimals (Number() would take "", " 5" and "0x10")', () => {
  assert.deepEqual({ ...readLocation('?view=position&p=&L=0x10&d=512&overflow=clamp').settings }, { d: 512, overflow: 'clamp' });
  assert.deepEqual({ ...readLocation('?view=encodings&base=1e4&p=%205&dims=1,,2').settings }, { base: 10000 });
  assert.equal(Object.getPrototypeOf(readLocation('?view=constructor').settings), null);
});

// The engine's JS API: any value in any field, including hostile ones.
let posenc;
before(async () => {
  posenc = await loadForTests();
});
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const hostileValue = fc.oneof(
  fc.integer({ min: -2, max: 70 }),
  fc.constantFrom(0.5, NaN, Infinity, -Infinity, 1e308, 2 ** 53, null, undefined, true, '8', 'rope', 'clamp', 'pi', 'quick', 'interleaved', 2n, Symbol('s')),
  fc.array(fc.integer({ min: -2, max: 70 }), { maxLength: 8 }),
  tricky,
  fc.constantFrom('revoked', 'getter', 'typed', 'detached', 'proxy').map((kind) => ({ kind })),
  fc.record({
    kind: fc.constantFrom('none', 'pi', 'ntk', 'yarn', 'bogus'),
    factor: fc.double({ min: 0, max: 8, noNaN: false }),
    trainedLength: fc.integer({ min: -1, max: 64 }),
  }),
  // The newer kinds, with any of their fields (and others) present or not.
  fc.record(
    {
      kind: fc.constantFrom('llama3', 'dynamic', 'longrope', 'yarn'),
      factor: fc.double({ min: 0, max: 50, noNaN: false }),
      trainedLength: fc.integer({ min: -1, max: 5000 }),
      lowFreqFactor: fc.double({ min: -1, max: 8 }),
      highFreqFactor: fc.double({ min: -1, max: 8 }),
      betaFast: fc.double({ min: -1, max: 64 }),
      betaSlow: fc.double({ min: -1, max: 64 }),
      ramp: fc.constantFrom('dimension', 'ratio', 'x', 3),
      truncate: fc.constantFrom(true, false, 'no'),
      attentionFactor: fc.constantFrom(undefined, 0, 1.2, NaN),
      mscale: fc.constantFrom(undefined, 0, 1, -1),
      mscaleAllDim: fc.constantFrom(undefined, 1, 'x'),
      shortFactor: fc.array(fc.double({ min: -1, max: 4 }), { maxLength: 40 }),
      longFactor: fc.oneof(fc.array(fc.double({ min: -1, max: 4 }), { maxLength: 40 }), fc.constant('x')),
    },
    { requiredKeys: ['kind'] },
  ),
  fc.record(
    { kind: fc.constantFrom('full', 'sliding', 'chunked', 'ring'), size: fc.oneof(fc.integer({ min: -2, max: 100 }), fc.constant(0.5)) },
    { requiredKeys: [] },
  ),
  fc.constantFrom(
    'llama-3.1-8b',
    'llama-4-scout',
    'deepseek-v3',
    'gemma-3-4b',
    'qwen2-vl-7b',
    't5',
    'gpt-2',
    'rope',
    'nope',
    'global',
    'mrope',
    'axial',
    'sequence',
  ),
);
/** Builds the hostile objects at call time (fast-check values must be replayable). */
function realise(value) {
  if (typeof value !== 'object' || value === null || !('kind' in value) || Object.keys(value).length !== 1) return value;
  switch (value.kind) {
    case 'revoked':
      return revoked();
    case 'getter':
      return Object.defineProperty({}, 'kind', {
        get() {
          throw new Error('getter');
        },
        enumerable: true,
      });
    case 'typed':
      return new Float64Array(4);
    case 'detached': {
      const array = new Float64Array(4);
      structuredClone(array.buffer, { transfer: [array.buffer] });
      return array;
    }
    default:
      return new Proxy([1, 2], {
        get() {
          throw new Error('trap');
        },
      });
  }
}
const apiFunctions = [
  'sinusoidal',
  'nope',
  'learnedTable',
  'rope',
  'ropeScore',
  'ropeFrequencies',
  'alibiBias',
  't5Bucket',
  'attention',
  'beyondTrained',
  'offsetSimilarity',
  'trainerStep',
  'trainerEvaluate',
];
const apiFields = [
  'positions',
  'dModel',
  'base',
  'layout',
  'precision',
  'maxLength',
  'seed',
  'x',
  'q',
  'k',
  'm',
  'n',
  'pairing',
  'scaling',
  'headDim',
  'nHeads',
  'keyLength',
  'queryLength',
  'relativePositions',
  'scheme',
  'queryPosition',
  'trainedLength',
  'overflow',
  'p',
  'maxOffset',
  'id',
  'steps',
  'rotaryFraction',
  'rotaryAxes',
  'mropeSection',
  'latentDims',
  'span',
  'model',
  'layerGroup',
  'sequenceLength',
];

test('engine API: any value in any field gives a result or an error naming its argument, and leaks nothing', () => {
  const MB = 1 << 20;
  let before = null; // taken after the first runs: the allocator grows to its steady size first (as in leaks.test.mjs)
  let calls = 0;
  check(
    fc.property(fc.constantFrom(...apiFunctions), fc.dictionary(fc.constantFrom(...apiFields), hostileValue, { maxKeys: 6 }), (name, fields) => {
      if (++calls === 50) before = posenc.memoryStats();
      const options = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, realise(value)]));
      try {
        posenc[name](options);
      } catch (error) {
        assert.ok(error instanceof RangeError || error instanceof TypeError, `${name}: ${error}`);
        assert.match(error.message, /^(options|[a-zA-Z]+)[\w.[\]]*( x [\w.]+)? /, `${name}: ${error.message}`);
      }
    }),
    4,
  );
  const after = posenc.memoryStats();
  if (before === null) return;
  assert.equal(after.stackPointer, before.stackPointer, 'the stack is back at its base');
  assert.equal(after.handles, before.handles, 'no Embind handle leaked');
  assert.ok(after.heapTop - before.heapTop < MB, `the allocator's break rose by ${after.heapTop - before.heapTop} bytes`);
});
