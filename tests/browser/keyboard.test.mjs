// Keys belong to the view on screen: the quiz's shortcuts never act from another view, and the
// review follows Anki's keyboard habit (type, Enter checks, Space flips, 1-4 grade, focus stays
// on the card).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeWithScreenshot, openReadySite } from './browser.mjs';

let site;
before(async () => { site = await openReadySite('?view=quiz&seed=3'); });
after(() => closeWithScreenshot(site, 'keyboard'));

const storedProgress = () => site.page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress') ?? 'null'));
const blur = () => site.page.evaluate(() => document.activeElement?.blur());

test('quiz keys do nothing in another view: no grade, Space scrolls, ? opens no dialog', async () => {
  const { page } = site;
  const counts = await page.locator('#review-counts').textContent();
  await page.locator('.view-tabs a[data-view="position"]').click();
  await page.waitForSelector('section[data-view="position"][data-ready="true"]', { timeout: 30_000 });
  await blur();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Space');
  await page.waitForFunction((before) => window.scrollY > before, scrolled, { timeout: 2_000 })
    .catch(() => assert.fail('Space did not scroll the position view'));
  await page.keyboard.press('3');
  await page.keyboard.press('4');
  await page.keyboard.press('u');
  assert.equal(await storedProgress(), null, 'nothing was graded');
  await page.keyboard.press('?');
  assert.equal(await page.locator('#shortcuts-dialog').evaluate((dialog) => dialog.open), false, 'no dialog opened');
  assert.equal(await page.evaluate(() => document.getElementById('quiz-announcer').textContent), '');

  // Back in the quiz, the same keys work again on the card that was waiting.
  await page.locator('.view-tabs a[data-view="quiz"]').click();
  await blur();
  assert.equal(await page.locator('#review-counts').textContent(), counts);
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#card-back').isVisible(), true);
  await page.keyboard.press('?');
  assert.equal(await page.locator('#shortcuts-dialog').isVisible(), true);
  await page.keyboard.press('Escape');
});
