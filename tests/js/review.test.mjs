// Scheduling through ts-fsrs, progress storage (round trip, migration, corruption) and exports.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { gradeCard, undoGrade, buildQueue, Rating, State } = await import(new URL('scheduler.js', quiz));
const store = await import(new URL('progress-store.js', quiz));
const { ankiExport } = await import(new URL('exporters.js', quiz));

/** A Storage stand-in for node. */
function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}

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

  test('undo after another tab graded keeps that tab\'s review, and a card it graded since keeps its newer state', () => {
    const mine = gradeCard(store.emptyProgress(), 'a', Rating.Good, start);
    const theirs = gradeCard(mine.progress, 'b', Rating.Easy, later(1000)).progress;  // written by the other tab
    const undone = undoGrade(theirs, mine.undo);
    assert.deepEqual(undone.log.map((entry) => entry.cardId), ['b']);
    assert.equal(undone.cards.a, undefined);
    assert.deepEqual(undone.cards.b, theirs.cards.b);
    const regraded = gradeCard(mine.progress, 'a', Rating.Again, later(2000)).progress;  // the other tab graded a too
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

describe('progress storage', () => {
  test('save then load round-trips; export then import is lossless', () => {
    const storage = memoryStorage();
    let progress = graduate('a').progress;
    progress = gradeCard(progress, 'b', Rating.Hard, start).progress;
    store.saveProgress(storage, progress);
    assert.deepEqual(store.loadProgress(storage), { progress, notice: null });
    assert.deepEqual(store.importProgress(store.exportProgress(progress)), progress);
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

  for (const [name, text] of [['truncated JSON', '{"version":1,"cards":{'], ['a future version', '{"version":9,"cards":{},"log":[]}'], ['a wrong shape', '{"version":1,"cards":[],"log":{}}']]) {
    test(`${name} is kept aside under the backup key and the learner is told`, () => {
      const storage = memoryStorage({ [store.STORAGE_KEY]: text });
      const { progress, notice } = store.loadProgress(storage);
      assert.deepEqual(progress, store.emptyProgress());
      assert.equal(storage.getItem(store.BACKUP_KEY), text);
      assert.equal(storage.getItem(store.STORAGE_KEY), null);
      assert.match(notice, new RegExp(`kept under "${store.BACKUP_KEY.replace(/\./g, '\\.')}"`));
    });
  }

  test('corrupt progress in a full storage still goes to the backup key, nothing lost', () => {
    const text = '{"version":1,"cards":' + 'x'.repeat(1000);
    const storage = memoryStorage({ [store.STORAGE_KEY]: text });
    const setItem = storage.setItem;
    const used = () => [...storage.items.values()].reduce((sum, value) => sum + value.length, 0);
    storage.setItem = (key, value) => {
      if (used() - (storage.items.get(key)?.length ?? 0) + String(value).length > text.length) throw new DOMException('full', 'QuotaExceededError');
      return setItem(key, value);
    };
    const { notice } = store.loadProgress(storage);
    assert.equal(storage.getItem(store.BACKUP_KEY), text);
    assert.match(notice, /could not be read/);
    assert.throws(() => store.saveProgress(storage, { ...store.emptyProgress(), log: Array(100).fill({ cardId: 'a' }) }), (error) => store.isQuotaError(error));
  });

  test('importing something that is not progress throws a readable error', () => {
    assert.throws(() => store.importProgress('[1, 2]'), /progress must be a JSON object/);
  });
});

describe('Anki export', () => {
  test('a header Anki reads, then one tab-separated note a line, markup removed', () => {
    const text = ankiExport([
      { id: 'a', deckId: 'core', tags: ['rope'], question: 'Why **rotate**?\nReally', basic: 'Because $\\theta$ "turns".', keyPoints: ['one', 'two\tthree'] },
      { id: 'b', deckId: 'computed', tags: [], question: 'PE({p})?', computed: {} },
    ]);
    const lines = text.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 4), ['#separator:tab', '#html:false', '#columns:Front\tBack\tTags', '#tags column:3']);
    assert.equal(lines.length, 6);
    const [front, back, tags] = lines[4].split('\t');
    assert.equal(front, 'Why rotate? Really');
    assert.equal(back, '"Because \\theta ""turns"". | Key points: one; two three"');
    assert.equal(tags, 'rope core');
  });
});
