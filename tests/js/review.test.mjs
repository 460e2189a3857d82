// Scheduling through ts-fsrs, progress storage (round trip, migration, corruption) and exports.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryStorage } from './memory-storage.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { gradeCard, undoGrade, buildQueue, formatInterval, Rating, State } = await import(new URL('scheduler.js', quiz));
// The learner's progress: its model, schema and store (web/quiz/progress-*.js), as one namespace.
const store = {
  ...(await import(new URL('progress-model.js', quiz))),
  ...(await import(new URL('progress-schema.js', quiz))),
  ...(await import(new URL('progress-store.js', quiz))),
};
const { ankiExport } = await import(new URL('exporters.js', quiz));

const day = 86_400_000;
const start = new Date('2025-03-01T09:00:00Z');
const later = (ms) => new Date(start.getTime() + ms);

/** Grades until the card reaches the Review state, returning progress and the time. */
function graduate(cardId) {
  let progress = store.emptyProgress();
  let now = start;
  for (let i = 0; i < 5 && progress.cards[cardId]?.state !== State.Review; i++) {
    progress = gradeCard(progress, cardId, Rating.Good, now).progress;
    now = new Date(progress.cards[cardId].due);
  }
  return { progress, now };
}

describe('FSRS through ts-fsrs', () => {
  test('a new card graded Good enters learning and is due again soon', () => {
    const { progress } = gradeCard(store.emptyProgress(), 'a', Rating.Good, start);
    assert.equal(progress.cards.a.state, State.Learning);
    assert.ok(new Date(progress.cards.a.due) > start);
    assert.deepEqual(progress.log, [{ cardId: 'a', rating: Rating.Good, state: State.New, review: start.toISOString() }]);
  });

  test('Good on a review card lengthens the interval each time', () => {
    let { progress, now } = graduate('a');
    assert.equal(progress.cards.a.state, State.Review);
    let interval = progress.cards.a.scheduled_days;
    for (let i = 0; i < 3; i++) {
      progress = gradeCard(progress, 'a', Rating.Good, now).progress;
      assert.ok(progress.cards.a.scheduled_days > interval, `${progress.cards.a.scheduled_days} > ${interval}`);
      interval = progress.cards.a.scheduled_days;
      now = new Date(progress.cards.a.due);
    }
  });

  test('Again on a review card sends it to relearning with a lapse', () => {
    const { progress, now } = graduate('a');
    const after = gradeCard(progress, 'a', Rating.Again, now).progress;
    assert.equal(after.cards.a.state, State.Relearning);
    assert.equal(after.cards.a.lapses, 1);
    assert.ok(new Date(after.cards.a.due) - now < day);
  });

  test('undo restores the card and the log exactly', () => {
    const first = gradeCard(store.emptyProgress(), 'a', Rating.Good, start).progress;
    const { progress, undo } = gradeCard(first, 'a', Rating.Again, later(600_000));
    assert.deepEqual(undoGrade(progress, undo), first);
    const fresh = gradeCard(store.emptyProgress(), 'b', Rating.Easy, start);
    assert.deepEqual(undoGrade(fresh.progress, fresh.undo), store.emptyProgress());
  });

  test("undo after another tab graded keeps that tab's review, and a card it graded since keeps its newer state", () => {
    const mine = gradeCard(store.emptyProgress(), 'a', Rating.Good, start);
    const theirs = gradeCard(mine.progress, 'b', Rating.Easy, later(1000)).progress; // written by the other tab
    const undone = undoGrade(theirs, mine.undo);
    assert.deepEqual(
      undone.log.map((entry) => entry.cardId),
      ['b'],
    );
    assert.equal(undone.cards.a, undefined);
    assert.deepEqual(undone.cards.b, theirs.cards.b);
    const regraded = gradeCard(mine.progress, 'a', Rating.Again, later(2000)).progress; // the other tab graded a too
    assert.deepEqual(undoGrade(regraded, mine.undo).cards.a, regraded.cards.a);
  });

  test('the queue puts due cards first, then new cards up to the daily limit', () => {
    const cards = Array.from({ length: 15 }, (_, i) => ({ id: `c${i}` }));
    let progress = { ...store.emptyProgress(), settings: { newPerDay: 3 } };
    let queue = buildQueue(cards, progress, start);
    assert.deepEqual(queue.fresh, ['c0', 'c1', 'c2']);
    assert.equal(queue.next, 'c0');
    progress = gradeCard(progress, 'c0', Rating.Easy, start).progress;
    progress = gradeCard(progress, 'c1', Rating.Easy, start).progress;
    queue = buildQueue(cards, progress, later(60_000));
    assert.deepEqual(queue.fresh, ['c2'], 'two of three new cards used today');
    queue = buildQueue(cards, progress, later(40 * day));
    assert.deepEqual(queue.due, ['c0', 'c1']);
    assert.deepEqual(queue.fresh, ['c2', 'c3', 'c4'], 'a new day, a new allowance');
  });
});

describe('interval labels on the grade buttons', () => {
  const minute = 60_000;
  const hour = 60 * minute;
  const days = (n) => n * 24 * hour;
  test('minutes (at least 1), hours below a day, days below a month, then months and years', () => {
    const labels = [
      [0, '1m'],
      [30_000, '1m'],
      [10 * minute, '10m'],
      [59 * minute, '59m'],
      [60 * minute, '1h'],
      [23.4 * hour, '23h'],
      [days(1), '1d'],
      [days(30), '30d'],
      [days(31), '1mo'],
      [days(364), '12mo'],
      [days(365), '1.0y'],
      [days(3 * 365 + 40), '3.1y'],
    ];
    for (const [ms, label] of labels) assert.equal(formatInterval(ms), label, `${ms} ms`);
  });
});

describe('progress storage', () => {
  test('save then load round-trips; export then import is lossless', () => {
    const storage = memoryStorage();
    let progress = graduate('a').progress;
    progress = gradeCard(progress, 'b', Rating.Hard, start).progress;
    store.saveProgress(storage, progress);
    assert.deepEqual(store.loadProgress(storage), { progress, notice: null });
    assert.deepEqual(store.importProgress(store.exportProgress(progress)).progress, progress);
  });

  test('a v0 shape migrates to v1 review cards and is written back as v1', () => {
    const v0 = { seen: { 'sinusoidal-vs-learned-beyond-length': { due: Date.parse('2025-04-01T00:00:00Z'), interval: 12, reps: 4 } }, newPerDay: 5 };
    const storage = memoryStorage({ [store.STORAGE_KEY]: JSON.stringify(v0) });
    const { progress, notice } = store.loadProgress(storage);
    assert.equal(notice, null);
    assert.equal(progress.version, 1);
    assert.equal(progress.settings.newPerDay, 5);
    const card = progress.cards['sinusoidal-vs-learned-beyond-length'];
    assert.equal(card.state, State.Review);
    assert.equal(card.due, '2025-04-01T00:00:00.000Z');
    assert.equal(card.stability, 12);
    assert.equal(card.reps, 4);
    assert.equal(JSON.parse(storage.getItem(store.STORAGE_KEY)).version, 1);
    // The migrated card schedules like any other.
    const next = gradeCard(progress, 'sinusoidal-vs-learned-beyond-length', Rating.Good, new Date('2025-04-01T00:00:00Z')).progress;
    assert.ok(next.cards['sinusoidal-vs-learned-beyond-length'].scheduled_days > 12);
  });

  for (const [name, text] of [
    ['truncated JSON', '{"version":1,"cards":{'],
    ['a future version', '{"version":9,"cards":{},"log":[]}'],
    ['not an object', '[1, 2]'],
  ]) {
    test(`${name} is kept aside as a backup and the learner is told`, () => {
      const storage = memoryStorage({ [store.STORAGE_KEY]: text });
      const { progress, notice } = store.loadProgress(storage);
      assert.deepEqual(progress, store.emptyProgress());
      assert.deepEqual(
        store.readBackups(storage).map((backup) => backup.text),
        [text],
      );
      assert.match(notice, /could not be read .*a fresh start was made.*kept as a backup under "Decks & progress"/);
    });
  }

  /** Valid progress with two cards and three reviews, as JSON text with `change` applied to the parsed object. */
  function storedWith(change) {
    let progress = gradeCard(store.emptyProgress(), 'a', Rating.Good, start).progress;
    progress = gradeCard(progress, 'b', Rating.Easy, start).progress;
    progress = gradeCard(progress, 'a', Rating.Good, later(day)).progress;
    const data = JSON.parse(JSON.stringify(progress));
    change(data);
    return JSON.stringify(data);
  }
  // Each shape from the issue: what is set aside and what the notice names.
  const corruptShapes = [
    [
      'a review that is null',
      (data) => {
        data.log[1] = null;
      },
      { cards: 2, reviews: 2 },
      /1 of 3 reviews \(progress\.log\[1\] must be an object; got null\)/,
    ],
    [
      'a card with difficulty null, reps -1, state 9',
      (data) => {
        Object.assign(data.cards.b, { difficulty: null, reps: -1, state: 9 });
      },
      { cards: 1, reviews: 3 },
      /1 of 2 cards \(progress\.cards\["b"\]\.difficulty must be a number from 0 to 10; got null\)/,
    ],
    [
      'a card with stability "abc"',
      (data) => {
        data.cards.a.stability = 'abc';
      },
      { cards: 1, reviews: 3 },
      /progress\.cards\["a"\]\.stability must be a number from 0 to 36500; got "abc"/,
    ],
    [
      'a card with an invalid last_review',
      (data) => {
        data.cards.a.last_review = 'yesterday';
      },
      { cards: 1, reviews: 3 },
      /\.last_review must be a date/,
    ],
    [
      'a review with rating 7 and one with an unknown field',
      (data) => {
        data.log[0].rating = 7;
        data.log[2].extra = 1;
      },
      { cards: 2, reviews: 1 },
      /2 of 3 reviews/,
    ],
    [
      'settings that are not a whole number',
      (data) => {
        data.settings.newPerDay = 'ten';
      },
      { cards: 2, reviews: 3 },
      /1 other entry \(progress\.settings\.newPerDay must be a whole number/,
    ],
    [
      'a reviewed card with difficulty 6e-323 (ts-fsrs refuses to schedule it)',
      (data) => {
        data.cards.b.difficulty = 6e-323;
      },
      { cards: 1, reviews: 3 },
      /progress\.cards\["b"\]\.difficulty and \.stability must be 0 for both/,
    ],
    [
      'a card id far too long',
      (data) => {
        data.cards['x'.repeat(300)] = data.cards.a;
      },
      { cards: 2, reviews: 3 },
      /1 of 3 cards/,
    ],
    [
      'a desired retention of 0.99',
      (data) => {
        data.settings.desiredRetention = 0.99;
      },
      { cards: 2, reviews: 3 },
      /progress\.settings\.desiredRetention must be a number from 0\.7 to 0\.97; got 0\.99/,
    ],
    [
      'FSRS parameters one short',
      (data) => {
        data.settings.parameters = new Array(20).fill(1);
      },
      { cards: 2, reviews: 3 },
      /progress\.settings\.parameters must be a list of 21 FSRS parameters/,
    ],
    [
      'an FSRS parameter out of its bounds',
      (data) => {
        data.settings.parameters = [...new Array(4).fill(1), 11, ...new Array(16).fill(0.1)];
      },
      { cards: 2, reviews: 3 },
      /parameters parameter 4 must be a number from 1 to 10; got 11/,
    ],
    [
      'an optimisation record with a text log-loss',
      (data) => {
        data.settings.optimised = { at: '2025-03-01T09:00:00.000Z', reviews: 10, logLossBefore: 'high', logLossAfter: 0.3 };
      },
      { cards: 2, reviews: 3 },
      /optimised logLossBefore must be a number/,
    ],
    [
      'a card mark that is not true',
      (data) => {
        data.marks = { a: { suspended: 'yes' } };
      },
      { cards: 2, reviews: 3 },
      /progress\.marks\["a"\]\.suspended must be true when present/,
    ],
    [
      'a bury with a bad date',
      (data) => {
        data.marks = { b: { buriedUntil: 'tomorrow' } };
      },
      { cards: 2, reviews: 3 },
      /progress\.marks\["b"\]\.buriedUntil must be a date/,
    ],
    [
      'a practice result of an unknown kind',
      (data) => {
        data.history = [{ kind: 'quiz', at: '2025-03-01T09:00:00.000Z', score: 50, items: 3 }];
      },
      { cards: 2, reviews: 3 },
      /progress\.history\[0\]\.kind must be one of red-flags, mock-interview/,
    ],
  ];
  for (const [name, change, kept, message] of corruptShapes) {
    test(`${name}: the valid cards and reviews are kept, the rest set aside in a backup, and grading works`, () => {
      const text = storedWith(change);
      const storage = memoryStorage({ [store.STORAGE_KEY]: text });
      const { progress, notice } = store.loadProgress(storage, later(2 * day));
      assert.equal(Object.keys(progress.cards).length, kept.cards, 'cards kept');
      assert.equal(progress.log.length, kept.reviews, 'reviews kept');
      assert.match(notice, message);
      assert.match(notice, /Everything else was kept\. The original is kept as a backup/);
      const [backup] = store.readBackups(storage);
      assert.equal(backup.text, text, 'the backup is the stored text exactly');
      assert.equal(backup.savedAt, later(2 * day).toISOString());
      assert.deepEqual(JSON.parse(storage.getItem(store.STORAGE_KEY)), JSON.parse(JSON.stringify(progress)), 'the repaired progress is saved');
      assert.deepEqual(store.loadProgress(storage), { progress, notice: null }, 'the next read finds nothing to set aside');
      for (const id of ['a', 'b', 'c']) {
        for (const rating of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy]) {
          const graded = gradeCard(progress, id, rating, later(3 * day)).progress;
          assert.deepEqual(store.importProgress(store.exportProgress(graded)).refused, null, `grading ${id} gives valid progress`);
        }
      }
    });
  }

  test('a review stamped after now (a clock set back) still grades', () => {
    const { progress } = graduate('a');
    const stamped = { ...progress, cards: store.cardRecord([['a', { ...progress.cards.a, last_review: later(400 * day).toISOString() }]]) };
    const graded = gradeCard(stamped, 'a', Rating.Good, later(10 * day)).progress;
    assert.equal(graded.cards.a.last_review, later(10 * day).toISOString());
  });

  test('a second corruption keeps the first backup; the list is bounded', () => {
    const storage = memoryStorage();
    const texts = Array.from({ length: 7 }, (_, i) => `{"broken": ${i}`);
    texts.forEach((text, i) => {
      storage.setItem(store.STORAGE_KEY, text);
      store.loadProgress(storage, later(i * 1000));
    });
    assert.deepEqual(
      store.readBackups(storage).map((backup) => backup.text),
      texts.slice(-store.progressLimits.backups).reverse(),
      'newest first, the last five',
    );
    const big = `{"x":"${'y'.repeat(store.progressLimits.backupChars)}"}`;
    storage.setItem(store.STORAGE_KEY, big);
    store.loadProgress(storage, later(10_000));
    assert.deepEqual(
      store.readBackups(storage).map((backup) => backup.text.length),
      [big.length],
      'a large backup leaves no room for older ones',
    );
    store.removeBackup(storage, later(10_000).toISOString());
    assert.deepEqual(store.readBackups(storage), []);
  });

  test('the single backup slot of earlier versions joins the list', () => {
    const storage = memoryStorage({ 'posenc.quiz.progress.backup': 'old text', [store.STORAGE_KEY]: '{' });
    store.loadProgress(storage, start);
    assert.deepEqual(
      store.readBackups(storage).map((backup) => backup.text),
      ['{', 'old text'],
    );
    assert.equal(storage.getItem('posenc.quiz.progress.backup'), null);
  });

  test('card ids named like built-ins are ordinary cards', () => {
    const text = storedWith((data) => {
      data.cards.constructor = data.cards.a;
      data.log[0].cardId = 'constructor';
      Object.defineProperty(data.cards, '__proto__', { value: data.cards.b, enumerable: true });
    });
    const { progress, notice } = store.loadProgress(memoryStorage({ [store.STORAGE_KEY]: text }));
    assert.equal(notice, null);
    assert.deepEqual(Object.keys(progress.cards).sort(), ['__proto__', 'a', 'b', 'constructor']);
    assert.equal(Object.getPrototypeOf(progress.cards), null);
    const cards = ['seed', 'constructor', 'toString', 'a'].map((id) => ({ id }));
    const queue = buildQueue(cards, store.emptyProgress(), start);
    assert.deepEqual(queue.fresh, ['seed', 'constructor', 'toString', 'a'], 'nothing is "known" through Object.prototype');
    assert.equal(queue.nextDue, null);
    const graded = gradeCard(store.emptyProgress(), '__proto__', Rating.Good, start).progress;
    assert.equal(Object.getPrototypeOf(graded.cards), null);
    assert.deepEqual(Object.keys(graded.cards), ['__proto__']);
    assert.equal(buildQueue([{ id: '__proto__' }, { id: 'b' }], graded, start).fresh.join(), 'b');
  });

  test('corrupt progress in a full storage: the backup takes the place of the original, nothing lost', () => {
    const text = storedWith((data) => {
      data.log[0] = null;
      data.pad = 'x'.repeat(1000);
    });
    const storage = memoryStorage({ [store.STORAGE_KEY]: text });
    const setItem = storage.setItem;
    const used = () => [...storage.items.values()].reduce((sum, value) => sum + value.length, 0);
    const quota = text.length + 400; // the backup (text, escaped, and its reason) fits only once the original is gone
    storage.setItem = (key, value) => {
      if (used() - (storage.items.get(key)?.length ?? 0) + String(value).length > quota) throw new DOMException('full', 'QuotaExceededError');
      return setItem(key, value);
    };
    const loaded = store.loadProgress(storage);
    assert.equal(store.readBackups(storage)[0]?.text, text);
    assert.equal(loaded.unsaved, true, 'the repaired progress is held by the page until the next save');
    assert.equal(loaded.progress.log.length, 2);
    const tiny = memoryStorage({ [store.STORAGE_KEY]: text });
    tiny.setItem = (key, value) => {
      // room for the original text only
      if (key !== store.STORAGE_KEY || value !== text) throw new DOMException('full', 'QuotaExceededError');
      tiny.items.set(key, value);
    };
    const held = store.loadProgress(tiny);
    assert.equal(held.heldBackup.text, text, 'with no room at all the page holds the backup');
    assert.equal(tiny.getItem(store.STORAGE_KEY), text, 'and the stored text is left as it was');
    assert.match(held.notice, /no room to keep the original as a backup .*download it now/);
  });

  test('an import is checked before it is offered: what is kept and what is refused', () => {
    const text = store.exportProgress(
      JSON.parse(
        storedWith((data) => {
          data.log.push(null);
          data.cards.a.stability = 'abc';
        }),
      ),
    );
    const { progress, kept, refused } = store.importProgress(text);
    assert.equal(kept, '1 card and 3 reviews');
    assert.match(refused, /^1 of 2 cards, 1 of 4 reviews \(progress\.cards\["a"\]\.stability must be a number/);
    assert.equal(Object.getPrototypeOf(progress.cards), null);
    assert.throws(() => store.importProgress('x'.repeat(store.progressLimits.maxImportBytes + 1)), /progress files may hold at most 4,194,304/);
    const many = JSON.stringify({ version: 1, settings: { newPerDay: 1 }, cards: {}, log: Array(store.progressLimits.maxImportReviews + 1).fill(0) });
    assert.throws(() => store.importProgress(many), /at most 20,000 cards and 200,000 reviews can be imported/);
  });

  test('importing something that is not progress throws a readable error', () => {
    assert.throws(() => store.importProgress('[1, 2]'), /progress must be a JSON object; got a list/);
    assert.throws(() => store.importProgress('{"version":1,"cards":'), SyntaxError);
  });
});

describe('Anki export', () => {
  test('a header Anki reads, then one tab-separated note a line, markup removed', () => {
    const text = ankiExport([
      { id: 'a', deckId: 'core', tags: ['rope'], question: 'Why **rotate**?\nReally', basic: 'Because $\\theta$ "turns".', keyPoints: ['one', 'two\tthree'] },
      { id: 'b', deckId: 'computed', tags: [], question: 'PE({p})?', computed: {} },
    ]);
    const lines = text.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 4), ['#separator:tab', '#html:true', '#columns:Front\tBack\tTags', '#tags column:3']);
    assert.equal(lines.length, 5, 'a computed card without a drawn instance is left out');
    const [front, back, tags] = lines[4].split('\t');
    assert.equal(front, 'Why rotate?<br>Really');
    assert.equal(back, 'Because θ &quot;turns&quot;.<br><br>Key points:<br>• one<br>• two three');
    assert.equal(tags, 'rope core');
  });
});
