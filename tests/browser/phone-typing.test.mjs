// A typed answer on a phone: a 360 x 640 touch screen, the on-screen keyboard modelled as the
// visible area shrinking to 360 x 330 while the answer box has focus. Typing moves nothing on the
// page; the box stays above the keyboard; Enter (the keyboard's "done") shows the verdict in view,
// closes the keyboard, and a tap on the suggested grade records it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';
import { settledOverflow } from './layout.js';

const KEY = 'posenc.quiz.progress';
const PHONE = { width: 360, height: 640 };
const KEYBOARD_OPEN = { width: 360, height: 330 };
const SEED_CARD = 'sinusoidal-vs-learned-beyond-length';
const seed = JSON.parse(readFileSync('web/decks/core.json', 'utf8')).cards[0];
// A right answer to the seed card from the development set, as a learner would type it.
const answer = JSON.parse(readFileSync('tests/js/fixtures/dev-answers/core.json', 'utf8')).answers.find(
  (entry) => entry.card === SEED_CARD && entry.kind === 'right' && entry.covered.length === seed.keyPoints.length,
).answer;

let site;
before(async () => {
  site = await openSite({ phone: PHONE });
});
after(async () => {
  await site?.close();
});

/** Where the element is on screen and how big: any change while typing is a jump. */
const boxOf = (selector) =>
  site.page.locator(selector).evaluate((node) => {
    const { top, left, width, height } = node.getBoundingClientRect();
    return { top, left, width, height, scrollY: window.scrollY };
  });
/** Whether the element lies wholly inside the visible area (the visual viewport), clear of what covers its foot. */
const inView = (selector, coveredBy = null) =>
  site.page.locator(selector).evaluate((node, cover) => {
    const { top, bottom } = node.getBoundingClientRect();
    const viewport = window.visualViewport;
    const coveredBelow = cover ? document.querySelector(cover).getBoundingClientRect().height : 0;
    const viewBottom = viewport.offsetTop + viewport.height - coveredBelow;
    return {
      top: Math.round(top),
      bottom: Math.round(bottom),
      viewTop: viewport.offsetTop,
      viewBottom,
      inside: top >= viewport.offsetTop - 0.5 && bottom <= viewBottom + 0.5,
    };
  }, coveredBy);

test('on a 360 px phone a typed answer is typed, checked and graded with nothing jumping and nothing behind the keyboard', { timeout: 90_000 }, async () => {
  const { page, url } = site;
  await page.goto(`${url}?view=quiz&mode=manage`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${url}?view=quiz&mode=review&decks=core`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  await page.locator('#card-question', { hasText: 'beyond the trained length' }).waitFor({ timeout: 10_000 });
  assert.deepEqual(await page.evaluate(() => [window.innerWidth, matchMedia('(pointer: coarse)').matches]), [360, true], 'a phone: 360 px, touch');
  assert.equal(await page.locator('#card-typed').getAttribute('enterkeyhint'), 'done', "the keyboard's Enter key says it finishes the answer");

  // Every layout shift from here on, input-driven or not: typing must cause none.
  await page.evaluate(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((entry) => entry.value))).observe({ type: 'layout-shift' });
  });
  await page.locator('#card-typed').tap();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'card-typed', 'a tap puts the focus in the box');
  await page.setViewportSize(KEYBOARD_OPEN);
  await page.waitForFunction(() => window.visualViewport.height === 330, null, { timeout: 5_000 });
  await page.waitForFunction(
    () => {
      const box = document.querySelector('.typed-answer-box').getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.visualViewport.height;
    },
    null,
    { timeout: 5_000 },
  );
  assert.ok((await inView('.typed-answer-box')).inside, 'the box with its help line sits above the keyboard');

  const before = { box: await boxOf('#card-typed'), question: await boxOf('#card-question') };
  const words = answer.split(' ');
  for (let i = 0; i < words.length; i += 8) {
    await page.keyboard.type(`${words.slice(i, i + 8).join(' ')} `);
    assert.deepEqual(await boxOf('#card-typed'), before.box, `the box moved or grew after ${i + 8} words`);
  }
  assert.deepEqual(await boxOf('#card-question'), before.question, 'the question stayed put');
  assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'no layout shift while typing');
  assert.ok((await page.locator('#card-typed').evaluate((box) => box.scrollHeight > box.clientHeight)) === true, 'the long answer scrolls inside the box');

  await page.keyboard.press('Enter');
  const verdict = `Your answer covers ${seed.keyPoints.length} of ${seed.keyPoints.length} key points. Suggested grade: Good.`;
  assert.equal(await page.locator('#card-coverage').textContent(), verdict);
  assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA', 'the box let go of the focus, so the keyboard closes');
  const withKeyboard = await inView('#card-coverage', '.grade-bar');
  assert.ok(withKeyboard.inside, `the verdict is in view above the grades: ${JSON.stringify(withKeyboard)}`);

  await page.setViewportSize(PHONE); // the keyboard has gone
  await page.waitForFunction(() => window.visualViewport.height === 640, null, { timeout: 5_000 });
  const verdictBox = await inView('#card-coverage', '.grade-bar');
  assert.ok(verdictBox.inside, `the verdict stays in view: ${JSON.stringify(verdictBox)}`);
  assert.ok((await inView('#card-key-points li:first-child', '.grade-bar')).inside, 'the first marked key point is in view');
  assert.ok((await inView('.grade.suggested')).inside, 'the suggested grade is on screen');
  assert.match(await page.locator('.grade.suggested').textContent(), /^Good/);
  const contentHeights = await page.locator('.grade').evaluateAll((buttons) =>
    buttons.map((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return { suggested: button.classList.contains('suggested'), height: range.getBoundingClientRect().height };
    }),
  );
  const others = Math.max(...contentHeights.filter((button) => !button.suggested).map((button) => button.height));
  assert.ok(
    contentHeights.find((button) => button.suggested).height <= others + 1,
    `the suggested grade's label does not make the grade bar taller: ${JSON.stringify(contentHeights)}`,
  );
  assert.deepEqual(await settledOverflow(page), [], 'nothing reaches past the 360 px screen');
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/phone-typed-answer.png' });

  await page.locator('.grade.suggested').tap();
  await page.locator('#quiz-announcer', { hasText: /^Graded Good\./ }).waitFor({ timeout: 10_000 });
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
  assert.deepEqual(
    stored.log.map((entry) => [entry.cardId, entry.rating]),
    [[SEED_CARD, 3]],
    'the tap graded the card Good',
  );
});
