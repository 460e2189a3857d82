// Narrow phones (320-360 px): nothing in any view or quiz mode reaches past the screen or its
// panel or scrolls sideways (code blocks aside), and the grade buttons stay on screen while a long
// answer is read. (The trained model's table is checked in model-view.test.mjs.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openView } from './browser.mjs';
import { settledOverflow } from './layout.js';

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const open = (query, view) => openView(site, query, view);
const overflow = () => settledOverflow(site.page);

/** Puts each quiz mode in a state that shows its widest content. */
const quizStates = {
  async review(page) {
    await page.locator('#card-flip').click();
    for (const summary of await page.locator('#card summary').all()) await summary.click();
  },
  async cram(page) {
    await page.locator('#cram-card-flip').click();
  },
  async 'red-flags'(page) {
    await page.locator('#red-flag-true').click();
  },
  async 'follow-ups'(page) {
    await page.locator('#follow-up-reveal').click();
  },
  async mock(page) {
    await page.locator('#mock-start').click();
    await page.locator('#mock-reveal').click();
  },
  async stats() {},
  async manage() {},
};

/** No sideways overflow at 320 px, nor once the same page is widened to 360 px (as a phone turned); ends at 320 px. */
async function fitsBothWidths(page, what) {
  assert.deepEqual(await overflow(), [], `${what} at 320 px`);
  await page.setViewportSize({ width: 360, height: 740 });
  assert.deepEqual(await overflow(), [], `${what} at 360 px`);
  await page.setViewportSize({ width: 320, height: 740 });
}

test('320 and 360 px: no sideways overflow in any view or quiz mode', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 320, height: 740 });
  await open('?view=quiz', 'quiz');
  for (const [mode, reach] of Object.entries(quizStates)) {
    await page.locator(`button[data-mode="${mode}"]`).click();
    await reach(page);
    await fitsBothWidths(page, `quiz, ${mode}`);
  }
  for (const [query, view] of [
    ['?view=encodings', 'encodings'],
    ['?view=encodings&scheme=learned&n=8192', 'encodings'],
    ['?view=position', 'position'],
    ['?view=position&p=65536&L=1&d=1024&scaling=yarn', 'position'],
    ['?view=model', 'model'],
  ]) {
    await open(query, view);
    if (view === 'model') await page.waitForSelector('#published-alibi-table2-512');
    if (view === 'position') await page.waitForFunction(() => document.querySelector('.scheme-nope .spark-note').textContent !== '');
    await fitsBothWidths(page, query);
  }
});

test('embedded in a 328 px frame, the position view does not scroll sideways', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 328, height: 740 });
  await open('?view=position&embed=1', 'position');
  await page.waitForFunction(() => document.querySelector('.scheme-nope .spark-note').textContent !== '');
  assert.deepEqual(await overflow(), []);
});

test('360 px: the quiz modes take at most two rows', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 360, height: 740 });
  await open('?view=quiz', 'quiz');
  const rows = await page.locator('#quiz-modes button').evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
  assert.ok(rows <= 2, `${rows} rows of mode buttons`);
});

test('360 px: with the whole answer open, the grade buttons are on screen without scrolling past it', async () => {
  const { page } = site;
  await page.setViewportSize({ width: 360, height: 740 });
  await open('?view=quiz', 'quiz');
  await page.locator('#card-flip').click();
  for (const summary of await page.locator('#card summary').all()) await summary.click();
  const answerHeight = await page.locator('#card').evaluate((card) => card.getBoundingClientRect().height);
  assert.ok(answerHeight > 740 * 2, `the opened answer is long (${Math.round(answerHeight)} px)`);
  for (const scroll of [0, 600, 1500]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll);
    const box = await page.locator('.grade-bar').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 740 + 0.5, `grade buttons on screen at scroll ${scroll}: ${JSON.stringify(box)}`);
  }
});
