// A keyboard-only review session: no mouse from load to reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeWithScreenshot, openReadySite } from './browser.mjs';

let site;
before(async () => {
  site = await openReadySite('?view=quiz');
});
after(() => closeWithScreenshot(site, 'review'));

const storedProgress = () => site.page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress') ?? 'null'));

test('open, flip with Space, grade with 3, undo, grade again; progress survives a reload', async () => {
  const { page } = site;
  const seed = 'sinusoidal-vs-learned-beyond-length';
  assert.match(await page.locator('#card-question').textContent(), /beyond the trained length/);
  assert.equal(await page.locator('.grade-bar').isVisible(), false, 'no grades before the answer');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#card-back').isVisible(), true);
  assert.equal(await page.locator('.grade-bar').isVisible(), true);

  await page.keyboard.press('3');
  assert.equal((await storedProgress()).log.length, 1, 'saved on the grade');
  assert.equal((await storedProgress()).cards[seed].state, 1, 'learning');
  await page.waitForFunction(() => /Graded Good/.test(document.getElementById('quiz-announcer').textContent));
  assert.doesNotMatch(await page.locator('#card-question').textContent(), /beyond the trained length/, 'the next card is shown');

  await page.keyboard.press('u');
  assert.equal((await storedProgress()).log.length, 0, 'undo is saved too');
  assert.equal((await storedProgress()).cards[seed], undefined);
  assert.match(await page.locator('#card-question').textContent(), /beyond the trained length/, 'the undone card is back');

  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#card-back').isVisible(), true, 'Enter flips too');
  await page.keyboard.press('3');
  const saved = await storedProgress();
  assert.equal(saved.log.length, 1);
  assert.equal(saved.version, 1);

  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.deepEqual(await storedProgress(), saved);
  // the new-card limit is 10 a day and the shipped decks hold more than 10 cards: one is used
  assert.match(await page.locator('#review-counts').textContent(), /new left today 9/, 'one of ten new cards used');
});

test('a computed card by keyboard: the answer box takes the typing, Enter checks, 4 grades, Ctrl+Z undoes', async () => {
  const { page } = site;
  // New cards come conceptual first: grade them (Space, 3) until the first computed card.
  for (let i = 0; i < 5 && (await page.locator('#card .computed-answer').count()) === 0; i++) {
    await page.waitForFunction(() => !document.getElementById('card-flip').disabled || document.querySelector('#card .computed-answer'));
    if ((await page.locator('#card .computed-answer').count()) > 0) break;
    await page.keyboard.press('Space');
    await page.keyboard.press('3');
  }
  const before = (await storedProgress()).log.length;
  // A computed card shows its answer box once the engine has loaded; the box has the focus.
  await page.waitForSelector('#card .computed-answer input', { timeout: 10_000 });
  await page.waitForFunction(() => document.activeElement?.matches('#card .computed-answer input'));
  await page.keyboard.type('0, 1, 0, 1');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('#card .computed-result').textContent(), /the answer is/i);
  assert.equal(await page.locator('#card-back').isVisible(), true);
  await page.keyboard.press('4');
  assert.equal((await storedProgress()).log.length, before + 1);
  await page.keyboard.press('Control+z');
  assert.equal((await storedProgress()).log.length, before);
});

test('? opens the shortcuts dialog and Escape closes it', async () => {
  const { page } = site;
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  assert.equal(await page.locator('#shortcuts-dialog').isVisible(), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#shortcuts-dialog').isVisible(), false);
});

test('corrupted progress is kept aside and the learner is told', async () => {
  const { page } = site;
  await page.evaluate(() => localStorage.setItem('posenc.quiz.progress', '{"version":1,"cards":'));
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.match(await page.locator('#quiz-notice').textContent(), /could not be read/);
  const backups = await page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress.backups')));
  assert.equal(backups[0].text, '{"version":1,"cards":');
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
