// Decks & progress says on screen what each action did (not only to a hidden live region), and its
// Anki export carries readable text and the engine's numbers for computed cards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';
import { reviewedCard } from './progress-data.mjs';

let site;
before(async () => {
  site = await openSite();
  await site.page.goto(`${site.url}?view=quiz&mode=manage&seed=4`);
  await site.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
});
after(async () => {
  await site?.close();
});

const seed = JSON.parse(readFileSync('web/decks/core.json', 'utf8')).cards[0];
const file = (name, value) => ({ name, mimeType: 'application/json', buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)) });

/** The visible message of a status line once it says `pattern`. */
async function shown(id, pattern) {
  const line = site.page.locator(`#${id}`);
  await site.page
    .waitForFunction(([lineId, source]) => new RegExp(source).test(document.getElementById(lineId).textContent), [id, pattern.source], { timeout: 5_000 })
    .catch(async () => assert.fail(`#${id} says "${await line.textContent()}", not ${pattern}`));
  assert.equal(await line.isVisible(), true, `#${id} is on screen`);
  return line;
}

test('loading a deck file, good or bad, says so on screen', async () => {
  const { page } = site;
  await page.locator('#deck-file').setInputFiles(file('extra.json', { id: 'extra', title: 'Extra deck', version: 1, cards: [{ ...seed, id: 'extra-card' }] }));
  await shown('deck-status', /^Deck "Extra deck" loaded from extra\.json: 1 card\. It is kept in this browser until you remove it\.$/);
  await page.locator('#deck-file').setInputFiles(file('broken.json', '{ "id": '));
  const line = await shown('deck-status', /^broken\.json was not loaded: Deck file broken\.json: is not valid JSON/);
  assert.match(await line.getAttribute('class'), /problem/);
});

test('importing progress, cancelling, a file that is not progress, and a reset each say so on screen', async () => {
  const { page } = site;
  const progress = { version: 1, settings: { newPerDay: 10 }, cards: {}, log: [] };
  await page.locator('#progress-file').setInputFiles(file('mine.json', progress));
  await page.locator('#confirm-dialog button[value="cancel"]').click();
  await shown('progress-status', /^Import cancelled: your progress is unchanged\.$/);
  await page.locator('#progress-file').setInputFiles(file('mine.json', progress));
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await shown('progress-status', /^Progress imported from mine\.json: 0 cards and 0 reviews\.$/);
  await page.locator('#progress-file').setInputFiles(file('notes.json', '[1, 2]'));
  const line = await shown('progress-status', /^notes\.json is not posenc progress \(.+\); your progress is unchanged\.$/);
  assert.match(await line.getAttribute('class'), /problem/);
  await page.locator('#reset-progress').click();
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await shown('progress-status', /^Progress reset/);
});

test('an import keeps the progress it replaces as a backup, saying what it holds; one click restores it', async () => {
  const { page } = site;
  const card = reviewedCard();
  const review = (cardId) => ({ cardId, rating: 3, state: 0, review: '2020-01-01T00:00:00.000Z' });
  const mine = { version: 1, settings: { newPerDay: 10 }, cards: { [seed.id]: card }, log: [review(seed.id)] };
  const theirs = {
    version: 1,
    settings: { newPerDay: 10 },
    cards: { 'other-a': card, 'other-b': card },
    log: [review('other-a'), review('other-b'), review('other-a')],
  };
  const storedLog = () => page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress')).log.map((entry) => entry.cardId));
  const backups = page.locator('#backup-list li:has(button)'); // not the "No backups." line
  // The confirmation once it is open and asks about `name` (the file is read first, asynchronously).
  const confirmation = async (name) => {
    const dialog = page.locator('#confirm-dialog[open]', { hasText: `Replace your progress with ${name}?` });
    await dialog.waitFor({ timeout: 5_000 });
    return dialog.textContent();
  };
  const before = await backups.count();

  await page.locator('#progress-file').setInputFiles(file('mine.json', mine));
  assert.doesNotMatch(await confirmation('mine.json'), /backup/, 'no backup is promised when there is nothing to keep');
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  // The reset above left no card and no review: nothing to back up, and the message says nothing of one.
  await shown('progress-status', /^Progress imported from mine\.json: 1 card and 1 review\.$/);
  assert.equal(await backups.count(), before, 'empty progress is not backed up');
  await page.locator('#progress-file').setInputFiles(file('theirs.json', theirs));
  assert.match(await confirmation('theirs.json'), /Your progress now is kept as a backup first\./);
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await shown(
    'progress-status',
    /^Progress imported from theirs\.json: 2 cards and 3 reviews\. Your progress before it is under Backups, to restore with one click\.$/,
  );
  assert.deepEqual(await storedLog(), ['other-a', 'other-b', 'other-a']);

  await page.waitForFunction((count) => document.querySelectorAll('#backup-list li:has(button)').length === count, before + 1, { timeout: 5_000 });
  const newest = backups.first();
  assert.match(
    await newest.textContent(),
    /^\d.+ \(\d[\d,]* characters\)\. Your progress before importing theirs\.json\. It holds 1 card and 1 review\. Restore/,
  );
  const madeAt = await newest.locator('strong').textContent();
  await newest.locator('button', { hasText: 'Restore' }).focus();
  await page.keyboard.press('Enter');
  const restored = await shown('progress-status', /^Progress restored from the backup of /);
  assert.equal(
    await restored.textContent(),
    `Progress restored from the backup of ${madeAt}: 1 card and 1 review. The progress it replaced is kept as a backup.`,
  );
  assert.deepEqual(await storedLog(), [seed.id], 'the progress before the import is back');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'backup-list', 'the focus stays with the backups');
  assert.match(
    await backups.first().textContent(),
    /Your progress before restoring the backup of .+\. It holds 2 cards and 3 reviews\./,
    'the restore can be undone',
  );

  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  assert.deepEqual(await storedLog(), [seed.id], 'the restored progress is what the page keeps');
  assert.match(await page.locator('#backup-list').textContent(), /Your progress before importing theirs\.json/, 'the backups outlive the page');
});

test('the Anki export holds every card, computed ones with drawn numbers, formulas as text, each tag once', async () => {
  const { page } = site;
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-anki').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const notes = text
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('#'));
  const cardCount = await page
    .locator('#deck-list li')
    .evaluateAll((items) => items.reduce((sum, item) => sum + Number(/— (\d+) card/.exec(item.textContent)[1]), 0));
  assert.equal(notes.length, cardCount, 'one note per loaded card');
  assert.doesNotMatch(text, /\{[a-z]\w*\}|\\(theta|sin|cos|sqrt|pi)\b|\$/i, 'no placeholder, TeX or dollar left');
  assert.ok(notes.filter((note) => note.split('\t')[1].startsWith('Answer: ')).length >= 13, 'computed cards have their answers');
  assert.ok(
    notes.every((note) => {
      const tags = note.split('\t')[2].split(' ');
      return new Set(tags).size === tags.length;
    }),
  );
  await shown('progress-status', new RegExp(`^Exported ${cardCount} notes for Anki`));
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
