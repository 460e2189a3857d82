// Suspend, bury, leeches, catch-up after a break, and the desired retention, through the scheduler.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { gradeCard, undoGrade, buildQueue, markCard, overdueCards, spreadOverdue, previewIntervals, LEECH_LAPSES, Rating, State } = await import(
  new URL('scheduler.js', quiz)
);
// The learner's progress: its model, schema and store (web/quiz/progress-*.js), as one namespace.
const store = {
  ...(await import(new URL('progress-model.js', quiz))),
  ...(await import(new URL('progress-schema.js', quiz))),
  ...(await import(new URL('progress-store.js', quiz))),
};

const day = 86_400_000;
const start = new Date('2025-03-03T09:00:00');
const at = (ms) => new Date(start.getTime() + ms);
const cards = (count) => Array.from({ length: count }, (_, i) => ({ id: `card-${i}`, topic: 'T', tags: [], deckId: 'd' }));

/** Grades Good until the card is in Review; returns the progress and the card's due date. */
function graduate(progress, cardId, now) {
  for (let i = 0; i < 6 && progress.cards[cardId]?.state !== State.Review; i++) {
    progress = gradeCard(progress, cardId, Rating.Good, now).progress;
    now = new Date(Math.max(now.getTime(), Date.parse(progress.cards[cardId].due)));
  }
  return { progress, now };
}

describe('leeches', () => {
  test(`a card's ${LEECH_LAPSES}th lapse tags it leech, once; undoing that grade takes the tag back`, () => {
    let { progress, now } = graduate(store.emptyProgress(), 'card-0', start);
    let lastUndo;
    for (let lapse = 1; lapse <= LEECH_LAPSES; lapse++) {
      now = new Date(Date.parse(progress.cards['card-0'].due) + 60_000);
      const graded = gradeCard(progress, 'card-0', Rating.Again, now);
      assert.equal(graded.becameLeech, lapse === LEECH_LAPSES, `lapse ${lapse}`);
      assert.equal(store.cardMarks(graded.progress, 'card-0').leech, lapse === LEECH_LAPSES ? true : undefined);
      lastUndo = graded.undo;
      ({ progress } = graduate(graded.progress, 'card-0', now));
      if (lapse === LEECH_LAPSES) break;
    }
    assert.equal(progress.cards['card-0'].lapses, LEECH_LAPSES);
    assert.equal(store.cardMarks(progress, 'card-0').leech, true, 'the tag stays when the card recovers');
    // Undo of the grade that tagged it, applied to the progress right after that grade.
    const beforeTag = structuredClone(lastUndo.previous);
    const tagged = {
      ...store.emptyProgress(),
      cards: Object.assign(Object.create(null), { 'card-0': lastUndo.graded }),
      marks: Object.assign(Object.create(null), { 'card-0': { leech: true } }),
      log: [lastUndo.entry],
    };
    const back = undoGrade(tagged, lastUndo);
    assert.deepEqual(back.cards['card-0'], beforeTag);
    assert.equal(store.cardMarks(back, 'card-0').leech, undefined);
  });
});

describe('suspend and bury', () => {
  test('a suspended card leaves Review until unsuspended; a buried one until the next local day', () => {
    let progress = store.emptyProgress();
    const deck = cards(3);
    assert.equal(buildQueue(deck, progress, start).next, 'card-0');
    progress = markCard(progress, 'card-0', 'suspended', true, start);
    progress = markCard(progress, 'card-1', 'buried', true, start);
    assert.equal(buildQueue(deck, progress, start).next, 'card-2');
    assert.equal(buildQueue(deck, progress, at(day / 2)).fresh.includes('card-1'), false, 'still buried later today');
    const tomorrow = new Date(start);
    tomorrow.setHours(24, 0, 1, 0);
    assert.deepEqual(buildQueue(deck, progress, tomorrow).fresh, ['card-1', 'card-2'], 'the buried card is back tomorrow; the suspended one is not');
    progress = markCard(progress, 'card-0', 'suspended', false, start);
    assert.equal(buildQueue(deck, progress, start).next, 'card-0');
    assert.equal(store.importProgress(store.exportProgress(progress)).refused, null, 'marks are valid progress');
    assert.deepEqual(store.importProgress(store.exportProgress(progress)).progress.marks['card-1'], progress.marks['card-1']);
  });
});

describe('catch-up after a break', () => {
  test('overdue review cards are spread over the chosen days, the least retained first, one share a day', () => {
    let progress = store.emptyProgress();
    const deck = cards(30);
    let now = start;
    for (const { id } of deck) ({ progress } = graduate(progress, id, start));
    // Vary their stabilities so retrievability orders them.
    deck.forEach(({ id }, index) => {
      progress.cards[id] = { ...progress.cards[id], stability: 1 + index, due: at(2 * day).toISOString() };
    });
    now = at(40 * day);
    const overdue = overdueCards(deck, progress, now);
    assert.equal(overdue.length, 30);
    assert.ok(
      overdue.every((entry, i) => i === 0 || entry.retrievability >= overdue[i - 1].retrievability),
      'least retained first',
    );
    const { progress: spread, perDay, moved } = spreadOverdue(deck, progress, now, 5);
    assert.equal(perDay, 6);
    assert.equal(moved, 24);
    assert.deepEqual(
      buildQueue(deck, spread, now).due.sort(),
      overdue
        .slice(0, 6)
        .map((entry) => entry.id)
        .sort(),
      'today: the 6 least retained',
    );
    for (let d = 1; d < 5; d++) {
      const dayStart = new Date(now);
      dayStart.setHours(24 * d, 0, 0, 0);
      const dueThatDay = deck
        .filter(({ id }) => Date.parse(spread.cards[id].due) === dayStart.getTime())
        .map(({ id }) => id)
        .sort();
      assert.deepEqual(
        dueThatDay,
        overdue
          .slice(6 * d, 6 * d + 6)
          .map((entry) => entry.id)
          .sort(),
        `day ${d}`,
      );
    }
    assert.equal(spread.cards['card-0'].stability, progress.cards['card-0'].stability, 'memory state untouched');
  });
});

describe('desired retention', () => {
  test('a higher desired retention gives shorter intervals; it is kept in progress and read back', () => {
    let { progress, now } = graduate(store.emptyProgress(), 'card-0', start);
    now = new Date(Date.parse(progress.cards['card-0'].due));
    const interval = (retention) => {
      const graded = gradeCard({ ...progress, settings: { ...progress.settings, desiredRetention: retention } }, 'card-0', Rating.Good, now).progress;
      return Date.parse(graded.cards['card-0'].due) - now.getTime();
    };
    assert.ok(interval(0.97) < interval(0.9), '0.97 reviews sooner than 0.90');
    assert.ok(interval(0.9) < interval(0.7), '0.90 reviews sooner than 0.70');
    const preview = previewIntervals({ ...progress, settings: { ...progress.settings, desiredRetention: 0.7 } }, 'card-0', now);
    assert.notDeepEqual(preview, previewIntervals(progress, 'card-0', now), "the buttons show the chosen retention's intervals");
    const read = store.importProgress(store.exportProgress({ ...progress, settings: { ...progress.settings, desiredRetention: 0.8 } }));
    assert.equal(read.progress.settings.desiredRetention, 0.8);
  });
  test('progress saved before these settings existed loads with their defaults and no notice', () => {
    const old = { version: 1, settings: { newPerDay: 7 }, cards: {}, log: [] };
    const storage = new Map([[store.STORAGE_KEY, JSON.stringify(old)]]);
    const { progress, notice } = store.loadProgress({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => storage.set(key, value),
      removeItem: (key) => storage.delete(key),
    });
    assert.equal(notice, null);
    assert.deepEqual({ ...progress.settings }, { newPerDay: 7, desiredRetention: 0.9 });
    assert.deepEqual(progress.history, []);
  });
});
