// Decks & progress says on screen what each action did (not only to a hidden live region), and its
// Anki export carries readable text and the engine's numbers for computed cards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';

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
