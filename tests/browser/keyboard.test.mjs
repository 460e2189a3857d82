// Keys belong to the view on screen: the quiz's shortcuts never act from another view, and the
// review follows Anki's keyboard habit (type, Enter checks, Space flips, 1-4 grade, focus stays
// on the card).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeWithScreenshot, openReadySite } from './browser.mjs';

let site;
before(async () => {
  site = await openReadySite('?view=quiz&seed=3');
});
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
  await page
    .waitForFunction((before) => window.scrollY > before, scrolled, { timeout: 2_000 })
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
  // Chromium closes a modal dialog on Escape in a task of its own; keys pressed before it has
  // closed go to the dialog.
  await page.waitForFunction(() => !document.getElementById('shortcuts-dialog').open);
});

/** Where the focus is: the card, a computed card's answer box, or something else (named). */
const focusIsOn = () =>
  site.page.evaluate(() => {
    const active = document.activeElement;
    if (active?.id === 'card') return 'card';
    if (active?.matches('#card .computed-answer input')) return 'answer box';
    return active === document.body ? 'body' : `${active?.tagName} ${active?.id} ${active?.className}`;
  });

/** Presses Good and waits until the grade is stored and Review shows the next card, so no key acts on the old one. */
async function gradeGood(graded) {
  const { page } = site;
  const question = await page.locator('#card-question').textContent();
  await page.keyboard.press('3');
  await page
    .waitForFunction(
      ([count, previous]) =>
        (JSON.parse(localStorage.getItem('posenc.quiz.progress') ?? 'null')?.log.length ?? 0) === count
        && document.getElementById('card-question')?.textContent !== previous,
      [graded + 1, question],
      { timeout: 10_000 },
    )
    .catch(async () => {
      const now = await page.locator('#card-question').textContent();
      assert.fail(`grade ${graded + 1} was not taken: focus on ${await focusIsOn()}, ${now === question ? 'the same card' : 'a new card'} on screen`);
    });
  return graded + 1;
}

test("Anki's habit: Space flips, 1-4 grade, type then Enter checks, and focus stays on the card throughout", async () => {
  const { page } = site;
  // The seed card is flipped (previous test); grade it, then conceptual cards until the first computed one.
  let graded = await gradeGood(0);
  while ((await page.locator('#card .computed-answer').count()) === 0) {
    assert.equal(await focusIsOn(), 'card', `after grading card ${graded}`);
    await page.keyboard.press('Space');
    assert.equal(await page.locator('#card-back').isVisible(), true, 'Space flipped the card');
    graded = await gradeGood(graded);
    assert.ok(graded < 8, 'a computed card comes within the first few new cards');
  }
  assert.equal((await storedProgress()).log.length, graded);
  // The computed card's answer box has the focus: typing goes there, Enter checks and reveals.
  await page.waitForFunction(() => document.activeElement?.matches('#card .computed-answer input'), null, { timeout: 10_000 });
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('#card .computed-result').textContent(), /the answer is/i);
  assert.equal(await page.locator('#card-back').isVisible(), true);
  assert.equal(await focusIsOn(), 'card', 'after checking, the keys go to the card');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#card-back').isVisible(), false, 'Space hides the answer');
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  assert.equal((await storedProgress()).log.length, graded + 1, 'the grade key graded');
  assert.ok(['card', 'answer box'].includes(await focusIsOn()), 'focus is on the next card');
  // One Tab from the card reaches the card's own controls, not the top of the page.
  if ((await focusIsOn()) === 'answer box') await page.keyboard.press('Escape');
  await page.locator('#card').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('#mode-review'))), true);
});

test('the quiz mode is in the URL: a mode button adds a history entry, reload and Back restore it', async () => {
  const { page } = site;
  assert.match(page.url(), /[?&]mode=review\b/);
  await page.locator('button[data-mode="cram"]').click();
  await page.waitForFunction(() => /[?&]mode=cram\b/.test(location.search));
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.locator('button[data-mode="cram"]').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#mode-cram').isVisible(), true);
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('button[data-mode="review"]').getAttribute('aria-pressed') === 'true');
  assert.equal(await page.locator('#mode-review').isVisible(), true);
});

test('chart legends and the heatmap readout work from the keyboard', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=encodings&n=1024`);
  await page.waitForSelector('section[data-view="encodings"][data-ready="true"]', { timeout: 30_000 });
  // The heatmap is a tab stop; arrows move the readout cell.
  await page.locator('#enc-heatmap').focus();
  assert.equal(await page.locator('#enc-heatmap').evaluate((canvas) => canvas.tabIndex), 0);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('#enc-readout').textContent(), /^p = 0, dim 0: 0\.0000$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#enc-readout').textContent(), `p = 1, dim 1: ${Math.cos(1).toFixed(4)}`);
  // A chart is a tab stop whose arrows move the cursor; its legend shows the values there.
  await page.locator('#enc-waves').focus();
  await page.keyboard.press('End');
  const legendValue = async (label) =>
    Number((await page.locator('#enc-waves .u-legend .u-series', { hasText: label }).first().locator('.u-value').textContent()).replace(/,/g, ''));
  assert.equal(await legendValue('position'), 1023, 'the cursor is on the last position');
  // dim 10 is sin(p / 10000^(10/64)); the legend prints about three decimals.
  assert.ok(Math.abs((await legendValue('dim 10')) - Math.sin(1023 / 10000 ** (10 / 64))) < 2e-3, 'the legend shows dim 10 at p = 1,023');
  // Legend entries are toggle buttons in the tab order.
  const entry = page.locator('#enc-waves .u-legend .u-series th[role="button"]').first();
  assert.equal(await entry.getAttribute('tabindex'), '0');
  assert.equal(await entry.getAttribute('aria-pressed'), 'true');
  await entry.focus();
  await page.keyboard.press('Enter');
  assert.equal(await entry.getAttribute('aria-pressed'), 'false');
  await page.keyboard.press('Space');
  assert.equal(await entry.getAttribute('aria-pressed'), 'true');
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
