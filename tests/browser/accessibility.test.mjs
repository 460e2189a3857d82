// axe-core over every view in dark mode and in embed mode (the light, full-page runs are in the
// view tests): no serious or critical violation, and an embedded page still has its level-one heading.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, axeViolationsLightAndDark, openSite } from './browser.mjs';

let site;
before(async () => {
  site = await openSite({ bypassCSP: true });
});
after(async () => {
  await site?.close();
});

/** Opens a view and brings it to a state with its main controls on screen. */
async function open(query, view) {
  const { page } = site;
  await page.goto(`${site.url}${query}`);
  await page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 30_000 });
  if (view === 'model') await page.waitForSelector('#published-alibi-table2-512');
  if (view === 'position') await page.waitForFunction(() => document.querySelector('.scheme-nope .spark-note').textContent !== '');
  if (view === 'lesson') await page.waitForSelector('#lesson-notice:not([hidden]), .lesson-predict-form');
}

/** A lesson with predictions made at steps 4 and 8, so those open with their answer, instrument and notice. */
async function predictedLesson(page) {
  await page.evaluate(() =>
    localStorage.setItem(
      'posenc.lesson',
      JSON.stringify({
        version: 1,
        step: 'learned-table',
        predictions: { 'learned-table': { value: 900, at: '2026-01-01T00:00:00.000Z' }, 'position-5000': { value: 100, at: '2026-01-01T00:00:00.000Z' } },
      }),
    ),
  );
}

const quizModes = ['review', 'cram', 'red-flags', 'follow-ups', 'mock', 'stats', 'manage'];

test('dark mode: no serious violations in any view or quiz mode (contrast of buttons, tabs, grades)', async () => {
  const { page } = site;
  await page.emulateMedia({ colorScheme: 'dark' });
  await open('?view=quiz', 'quiz');
  for (const mode of quizModes) {
    await page.locator(`button[data-mode="${mode}"]`).click();
    if (mode === 'review') await page.locator('#card-flip').click();
    assert.deepEqual(await axeViolations(page, null), [], `quiz, ${mode}`);
  }
  for (const view of ['encodings', 'position', 'model']) {
    await open(`?view=${view}`, view);
    assert.deepEqual(await axeViolations(page, null), [], view);
  }
});

test('the landing page and a lesson step (prediction, answer, instrument, notice, cards): no serious violations, light and dark', async () => {
  const { page } = site;
  await predictedLesson(page);
  await open('', 'home');
  assert.deepEqual(await axeViolationsLightAndDark(page, null, 'landing page'), []);
  await open('?view=lesson&step=4', 'lesson');
  assert.deepEqual(await axeViolationsLightAndDark(page, null, 'lesson'), []);
  await open('?view=lesson&step=5', 'lesson');
  assert.deepEqual(await axeViolationsLightAndDark(page, null, 'lesson before a prediction'), []);
  await open('?view=lesson&step=8', 'lesson');
  await page.waitForSelector('.lesson-instrument .trained-model figure:not([hidden]) canvas.sparkline');
  await page.waitForFunction(() => document.querySelector('#lesson-notice').textContent.includes('asked here'));
  assert.deepEqual(await axeViolationsLightAndDark(page, null, 'lesson with the trained model'), []);
});

test('embed mode: every view has a level-one heading and no serious violations, light and dark', async () => {
  const { page } = site;
  await predictedLesson(page);
  for (const view of ['quiz', 'encodings', 'position', 'model', 'lesson', 'home']) {
    await open(`?view=${view}&embed=1${view === 'lesson' ? '&step=4' : ''}`, view);
    assert.deepEqual(await axeViolationsLightAndDark(page, null, view, { rules: ['page-has-heading-one'] }), []);
  }
});
