// Progress survives the ways browsers lose it: two tabs grading at once, and a full storage.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress') ?? 'null'));
const question = (page) => page.locator('#card-question').textContent();
/** Waits until `page` sees at least `count` stored reviews: another tab's write reaches this tab's storage asynchronously. */
const seesReviews = (page, count) =>
  page.waitForFunction((n) => JSON.parse(localStorage.getItem('posenc.quiz.progress') ?? 'null')?.log.length >= n, count, { timeout: 10_000 });

/** Reveals the card on screen (a computed card by answering it) and grades it with `key`. */
async function grade(page, key) {
  // A computed card waits for the engine before it shows its answer box.
  await page.waitForFunction(() => !document.getElementById('card-flip').disabled || document.querySelector('#card .computed-answer input'));
  if (await page.locator('#card .computed-answer input:not([readonly])').count()) {
    await page.keyboard.press('Space');
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
  } else if (!(await page.locator('#card-back').isVisible())) {
    await page.keyboard.press('Space');
  }
  // A grade counts only on a card whose answer is shown (a computed card's, once its answer is checked).
  await page.locator('#card-back').waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.press(key);
}

async function openQuiz(page) {
  await page.goto(`${site.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
}

test('two tabs reviewing at once lose no review', async () => {
  const first = site.page;
  const second = await first.context().newPage();
  second.on('pageerror', (error) => site.consoleErrors.push(String(error)));
  await openQuiz(first);
  await openQuiz(second);
  await first.evaluate(() => localStorage.clear());
  await first.reload();
  await second.reload();
  for (const page of [first, second]) await page.waitForSelector('html[data-ready="true"]');

  // Both tabs show the same first card; the second flips it before the first one grades, so its copy is stale.
  await second.keyboard.press('Space');
  await grade(first, '3');
  const shared = await question(second);
  await grade(second, '3');
  // Then the second tab (having seen the first one's grade) moves on to another card and grades it: once it shows
  // that card (a grade key pressed while the graded card is still on screen would grade nothing).
  await second.locator('#card-question').filter({ hasNotText: shared }).waitFor({ timeout: 10_000 });
  await grade(second, '4');
  await seesReviews(first, 3);
  const log = (await stored(first)).log;
  assert.equal(log.length, 3, `every review is stored: ${JSON.stringify(log)}`);
  assert.equal(new Set(log.map((entry) => entry.cardId)).size, 2, 'two different cards, one graded in both tabs');

  // The first tab's queue caught up with the second one's grades without a reload.
  await first.waitForFunction(() => /new left today 8/.test(document.getElementById('review-counts').textContent));
  await grade(first, '3');
  await seesReviews(second, 4);
  assert.equal((await stored(second)).log.length, 4);
  await second.close();
});

test('a full storage gives a message, not a crash; the held grades are saved once there is room', async () => {
  const { page } = site;
  await openQuiz(page);
  const before = (await stored(page)).log.length;
  await page.evaluate(() => {
    window.realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function full() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const shown = await question(page);
  await grade(page, '3');
  assert.match(await page.locator('#quiz-notice').textContent(), /could not be saved \(this browser's storage for the page is full\)/);
  assert.equal(await page.locator('#quiz-notice').isVisible(), true);
  assert.notEqual(await question(page), shown, 'the quiz goes on to the next card');
  await grade(page, '3');
  assert.equal((await stored(page)).log.length, before, 'nothing could be written');

  await page.evaluate(() => {
    Storage.prototype.setItem = window.realSetItem;
  });
  await grade(page, '3');
  assert.equal((await stored(page)).log.length, before + 3, 'the two held grades and the new one');
  assert.equal(await page.locator('#quiz-notice').isVisible(), false, 'the message goes once saving works');
});

test('export then import reproduces the stored progress exactly', async () => {
  const { page } = site;
  const saved = await stored(page);
  await page.locator('button[data-mode="manage"]').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-progress').click()]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  await page.evaluate(() => localStorage.clear());
  await page.locator('#progress-file').setInputFiles({ name: 'progress.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  // The import is written once the dialog's promise settles, after the click returns.
  await page.waitForFunction(() => localStorage.getItem('posenc.quiz.progress') !== null);
  assert.deepEqual(await stored(page), saved);
});

test('no console errors', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
