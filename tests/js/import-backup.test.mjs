// A backup before every import (web/quiz/import-backup.js): what is kept, what is said of it, and
// what happens when storage has no room.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryStorage } from './memory-storage.mjs';
import { reviewedCard } from '../browser/progress-data.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { backUpProgress, backupHolds, saveMerged } = await import(new URL('import-backup.js', quiz));
const { BACKUPS_KEY, STORAGE_KEY, exportProgress, readBackups } = await import(new URL('progress-store.js', quiz));
const { emptyProgress } = await import(new URL('progress-schema.js', quiz));
const { mergeProgress } = await import(new URL('../lms/suspend-data.js', quiz));

const progressOf = (...ids) => ({
  ...emptyProgress(),
  cards: Object.fromEntries(ids.map((id, n) => [id, reviewedCard({ last_review: `2020-01-0${n + 1}T00:00:00.000Z` })])),
  log: ids.map((id, n) => ({ cardId: id, rating: 3, state: 0, review: `2020-01-0${n + 1}T00:00:00.000Z` })),
});

describe('a backup before every import', () => {
  test('the progress is kept, exactly as exported, with what it holds and why', () => {
    const storage = memoryStorage();
    const mine = progressOf('a', 'b');
    const backup = backUpProgress(storage, [], mine, 'importing theirs.json');
    assert.equal(backup.reason, 'Your progress before importing theirs.json.');
    assert.ok(!Number.isNaN(Date.parse(backup.savedAt)), 'it says when it was made');
    const [kept] = readBackups(storage);
    assert.equal(kept.text, exportProgress(mine));
    assert.equal(backupHolds(kept.text), '2 cards and 2 reviews');
  });
  test('progress with no card and no review is not backed up', () => {
    const storage = memoryStorage();
    assert.equal(backUpProgress(storage, [], emptyProgress(), 'importing x.json'), null);
    assert.equal(storage.getItem(BACKUPS_KEY), null);
  });
  test('with no room in storage the backup is held by the page, and storage is left as it was', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(progressOf('a')) }, { refuse: (key) => key === BACKUPS_KEY });
    const held = [];
    const backup = backUpProgress(storage, held, progressOf('a'), 'importing theirs.json');
    assert.deepEqual(held, [backup]);
    assert.equal(storage.getItem(BACKUPS_KEY), null);
    assert.equal(storage.getItem(STORAGE_KEY), JSON.stringify(progressOf('a')), 'the progress itself stays');
  });
  test('text that is not progress holds nothing to restore', () => {
    assert.equal(backupHolds('[1, 2]'), null);
    assert.equal(backupHolds('{ "version":'), null);
  });
});

describe('an LMS launch merging the platform copy', () => {
  const what = 'merging the progress cmi5 kept';
  test('when the merge changes the progress, the progress before it is kept as a backup', () => {
    const storage = memoryStorage();
    const local = progressOf('a');
    const merged = mergeProgress(local, progressOf('a', 'b'));
    const backup = saveMerged(storage, local, merged, what);
    assert.equal(backup.reason, `Your progress before ${what}.`);
    assert.equal(readBackups(storage)[0].text, exportProgress(local));
    assert.equal(storage.getItem(STORAGE_KEY), JSON.stringify(merged));
  });
  test('when the platform holds nothing new, no backup is made', () => {
    const storage = memoryStorage();
    const local = progressOf('a', 'b');
    assert.equal(saveMerged(storage, local, mergeProgress(local, progressOf('a')), what), null);
    assert.equal(storage.getItem(BACKUPS_KEY), null);
    assert.equal(storage.getItem(STORAGE_KEY), JSON.stringify(local));
  });
  test('a fresh browser (nothing to lose) takes the platform copy without a backup', () => {
    const storage = memoryStorage();
    const platform = progressOf('a');
    assert.equal(saveMerged(storage, emptyProgress(), mergeProgress(emptyProgress(), platform), what), null);
    assert.equal(storage.getItem(BACKUPS_KEY), null);
  });
});
