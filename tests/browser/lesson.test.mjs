// The guided lesson in Chromium: every step renders its text and prediction, keeps the instrument
// back until the learner commits, then shows the engine's answer and a live instrument whose
// "what to notice" line is the engine's numbers for the settings on screen (checked against the
// same engine in node). Predictions are kept and read back as untrusted data; keys move between
// steps only while the lesson is on screen; a step embeds on its own, and fits 320-360 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openSite } from './browser.mjs';
import { startHost } from './host.mjs';
import { settledOverflow } from './layout.js';
import { loadForTests } from '../js/load.mjs';

const dist = new URL('../../dist/', import.meta.url);
const { STEPS, stepSettings } = await import(new URL('lesson/steps.js', dist));
const { readings } = await import(new URL('lesson/readings.js', dist));
const { decodeShipped } = await import(new URL('views/trained-models.js', dist));
const root = new URL('../../', import.meta.url);
// The models the page ships, read here as the page reads them: the steps that ask one (trained) show its answer.
const shipped = decodeShipped(
  JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8')),
  new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))),
);

let site, engine;
before(async () => {
  [site, engine] = await Promise.all([openSite(), loadForTests()]);
});
after(async () => {
  await site?.close();
});

async function openStep(step, extra = '') {
  await site.page.goto(`${site.url}?view=lesson&step=${step}${extra}`);
  await site.page.waitForSelector('section[data-view="lesson"][data-ready="true"]', { timeout: 30_000 });
}
/** Commits a prediction: a number (typed) or a choice (the first one, or `choice`). */
async function predict(page, step, value = undefined) {
  if (step.prediction.kind === 'number') await page.locator('#lesson-prediction').fill(String(value ?? step.prediction.min));
  else await page.locator(`#lesson-choice-${value ?? step.prediction.choices[0]}`).check();
  await page.locator('#lesson-commit').click();
  await page.waitForFunction((id) => document.querySelector('section[data-view="lesson"]').dataset.answered === id, step.id, { timeout: 60_000 });
}
/** Back to an open prediction on the step shown (a prediction may be stored from an earlier test). */
async function predictAgain(page) {
  await page.waitForSelector('#lesson-predict-again, #lesson-prediction, #lesson-commit');
  if (await page.locator('#lesson-predict-again').count()) await page.locator('#lesson-predict-again').click();
}
/** The notice, once a step that asks a trained model has it (the models load after the step shows). */
async function settledNotice(step) {
  if (step.instrument.trained)
    await site.page.waitForFunction(() => document.querySelector('#lesson-notice').textContent.includes('asked here'), null, { timeout: 30_000 });
  return site.page.locator('#lesson-notice').textContent();
}
const notice = () => site.page.locator('#lesson-notice').textContent();
const expectedNotice = (step, settings) => {
  const m = readings[step.id].measure(engine, settings, step.instrument.trained ? shipped : undefined);
  return `What to notice: ${readings[step.id].notice(m, settings)}`;
};
const storedLesson = () => site.page.evaluate(() => JSON.parse(localStorage.getItem('posenc.lesson') ?? 'null'));

test("every step: its text and prediction first, then the engine's answer, the instrument and a notice from the engine's numbers", async () => {
  const { page } = site;
  for (const [i, step] of STEPS.entries()) {
    await openStep(i + 1);
    assert.equal(await page.locator('#lesson-step-title').textContent(), step.title);
    assert.equal(await page.locator('.lesson-count').textContent(), `Step ${i + 1} of ${STEPS.length}`);
    assert.equal((await page.locator('.lesson-text p').count()) >= 2, true, step.id);
    assert.equal(await page.locator('#lesson-notice').isVisible(), false, `${step.id}: nothing revealed before the prediction`);
    assert.equal(await page.locator('.lesson-instrument .controls').count(), 0, `${step.id}: no instrument before the prediction`);
    assert.equal(await page.locator('#lesson-answer').count(), 0);
    // The step's cards are linked once the deck has loaded, which may be after the step is ready.
    await page.waitForFunction(() => !document.querySelector('.lesson-cards').textContent.includes('Loading the cards'), null, { timeout: 30_000 });
    assert.equal(await page.locator('.lesson-cards li a').count(), step.cards.length, `${step.id}: its cards`);
    await predict(page, step);
    assert.match(await page.locator('#lesson-committed').textContent(), /^Your prediction: /);
    const answer = await page.locator('#lesson-answer').textContent();
    assert.ok(await page.locator('.lesson-instrument .controls').isVisible(), step.id);
    if (step.id === 'fluent-but-wrong') {
      // The run in the page's worker: its answer is the accuracy past L its own table shows.
      const pastL = await page.locator('.lesson-run-table tbody tr:nth-child(2) td').first().textContent();
      assert.ok(answer.startsWith(`The engine: ${Math.round(Number(pastL) * 100)}% right past L`), `${answer} / ${pastL}`);
      assert.match(await notice(), /^What to notice: Inside L = 32 the model is right \d+% of the time\. /);
      await page.screenshot({ path: `test-results/lesson-step-${i + 1}.png`, fullPage: true });
      continue;
    }
    assert.ok(answer.startsWith(`The engine: ${readings[step.id].answer(engine).text}. `), `${step.id}: ${answer}`);
    assert.equal(await settledNotice(step), expectedNotice(step, stepSettings(step, {})), step.id);
    if (step.instrument.trained) {
      // The trained model's attention row is drawn under the column, captioned from the same probe.
      const { p } = stepSettings(step, {});
      assert.ok(await page.locator('.lesson-instrument .trained-model canvas.sparkline').isVisible(), step.id);
      assert.match(
        await page.locator('.lesson-instrument .trained-model figcaption').textContent(),
        new RegExp(`answer's key, ${(p - 3).toLocaleString('en-US')}, weight`),
      );
    }
    await page.screenshot({ path: `test-results/lesson-step-${i + 1}.png`, fullPage: true });
  }
});

test('moving a control recomputes the notice from the engine and puts the setting in the URL', async () => {
  const { page } = site;
  for (const [number, id, changes] of [
    [4, 'learned-table', { p: 9999, overflow: 'interpolate' }],
    [8, 'position-5000', { p: 3000, scheme: 'rope' }],
    [6, 'alibi-penalty', { p: 40, heads: 12 }],
    [2, 'sinusoidal-clocks', { n: 4096, d: 128, p: 3000 }],
    [1, 'why-position', { p: 1500, scheme: 't5' }],
  ]) {
    const step = STEPS.find((entry) => entry.id === id);
    await openStep(number); // predicted in the first test: the instrument opens at once
    await page.waitForSelector('.lesson-instrument .controls');
    for (const [name, value] of Object.entries(changes)) {
      if (name === 'p') {
        await page.locator('#lesson-p').fill(String(value));
        await page.locator('#lesson-p').press('Enter');
      } else await page.locator(`#lesson-${name}`).selectOption(String(value));
    }
    assert.equal(await settledNotice(step), expectedNotice(step, stepSettings(step, changes)), id);
    await page.waitForFunction((p) => new URLSearchParams(location.search).get('p') === p, String(changes.p));
    await page.reload();
    await page.waitForSelector('.lesson-instrument .controls');
    assert.equal(await settledNotice(step), expectedNotice(step, stepSettings(step, changes)), `${id} after a reload`);
  }
});

test('predictions are kept: the answer shows again after a reload; "Predict again" starts over; a bad prediction is refused', async () => {
  const { page } = site;
  const step = STEPS[3];
  await openStep(4);
  await predictAgain(page);
  assert.equal((await storedLesson()).predictions['learned-table'], undefined);
  await page.locator('#lesson-prediction').fill('3000');
  await page.locator('#lesson-commit').click();
  assert.equal(await page.locator('#lesson-prediction-problem').textContent(), 'Type a number from 0 to 2,047.');
  await predict(page, step, 900);
  const stored = await storedLesson();
  assert.equal(stored.predictions['learned-table'].value, 900);
  assert.equal(stored.step, 'learned-table');
  await page.reload();
  await page.waitForFunction(() => document.querySelector('section[data-view="lesson"]').dataset.answered === 'learned-table');
  assert.equal(await page.locator('#lesson-committed').textContent(), 'Your prediction: 900.');
  assert.match(await page.locator('#lesson-answer').textContent(), /row 904\. Close: your prediction is 4 below it\.$/);
  assert.match(await page.locator('.lesson-steps li:nth-child(4)').getAttribute('class'), /predicted/);
  // The lesson opens where the learner left off, and the landing page says so.
  await page.goto(`${site.url}?view=lesson`);
  await page.waitForSelector('section[data-view="lesson"][data-ready="true"]');
  assert.equal(await page.locator('#lesson-step-title').textContent(), step.title);
  await page.goto(site.url);
  await page.waitForSelector('#door-open-lesson');
  const all = Object.keys((await storedLesson()).predictions).length === STEPS.length;
  assert.equal(await page.locator('#door-open-lesson').textContent(), `${all ? 'Back to' : 'Continue at'} step 4: ${step.title}`);
  const choice = STEPS[2];
  await openStep(3);
  await predictAgain(page);
  await page.locator('#lesson-commit').click();
  assert.equal(await page.locator('#lesson-choice-problem').textContent(), 'Choose one answer first.');
  await predict(page, choice, 'moves');
  assert.match(await page.locator('#lesson-answer').textContent(), /You predicted something else\.$/);
});

test('stored predictions that cannot be read are set aside in a backup; the lesson starts with the rest', async () => {
  const { page } = site;
  const text = JSON.stringify({
    version: 1,
    step: 'alibi-penalty',
    predictions: { 'alibi-penalty': { value: 99, at: '2026-01-01T00:00:00.000Z' }, 'why-position': { value: 7, at: '2026-01-01T00:00:00.000Z' } },
  });
  await page.evaluate((stored) => localStorage.setItem('posenc.lesson', stored), text);
  await page.goto(`${site.url}?view=lesson`);
  await page.waitForSelector('section[data-view="lesson"][data-ready="true"]');
  assert.match(await page.locator('#view-lesson .notice').textContent(), /lesson\.predictions\["alibi-penalty"\]\.value must be a number from 0 to 8; got 99/);
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[5].title, 'the step kept');
  assert.equal(await page.locator('#lesson-prediction').isVisible(), true, 'the unreadable prediction is not shown');
  const backups = await page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress.backups')));
  assert.equal(backups[0].text, text);
  assert.equal((await storedLesson()).predictions['why-position'].value, 7);
});

test('keys: arrows and PageUp/PageDown move between steps on the lesson only, never from a field', async () => {
  const { page } = site;
  await openStep(2);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '3');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[2].title);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'lesson-step-title', 'the focus moves to the new step');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[4].title);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[2].title);
  await page.goBack();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '4');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[3].title, 'each move is a history entry');
  // In a field the arrows are the field's.
  await openStep(6);
  await predictAgain(page);
  await page.locator('#lesson-prediction').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[5].title);
  // Another view on screen: the lesson's keys do nothing.
  await page.locator('.view-tabs a[data-view="quiz"]').click();
  await page.waitForSelector('section[data-view="quiz"][data-ready="true"]');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('PageDown');
  assert.equal((await storedLesson()).step, 'alibi-penalty');
  assert.match(page.url(), /view=quiz/);
});

test('a card of a step opens in Cram with a way back to the step', async () => {
  const { page } = site;
  await openStep(7);
  const link = page.locator('.lesson-cards li a').first();
  const question = await link.textContent();
  await link.click();
  await page.waitForSelector('section[data-view="quiz"][data-ready="true"]');
  await page.waitForFunction((q) => document.getElementById('cram-card-question')?.textContent === q, question);
  assert.equal(await page.locator('#cram-scope').inputValue(), `cards:${STEPS[6].cards.join(',')}`);
  assert.equal(await page.locator('#way-back').textContent(), '← Back to the lesson, step 7');
  await page.locator('#way-back a').click();
  await page.waitForSelector('section[data-view="lesson"]:not([hidden])');
  assert.equal(await page.locator('#lesson-step-title').textContent(), STEPS[6].title);
});

test('embedded, one step on its own: no step list or pager, the prediction and the reveal work, the frame grows and the host stays still', async () => {
  const host = await startHost({
    '/': {
      body: `<!doctype html><title>host</title><h1>Course page</h1><p style="height:400px">Text.</p>
    <iframe id="posenc" src="${site.url}?view=lesson&step=4&embed=1" title="posenc" style="width:100%;height:300px;border:0"></iframe>
    <p style="height:2000px">More.</p><script src="${site.url}embed.js"></script>`,
    },
  });
  const page = await site.page.context().newPage();
  try {
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(host.url('/'));
    const frame = page.frameLocator('#posenc');
    await frame.locator('section[data-view="lesson"][data-ready="true"]').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('.lesson-nav').isVisible(), false);
    assert.equal(await frame.locator('.lesson-pager').isVisible(), false);
    await page.waitForFunction(() => document.getElementById('posenc').getBoundingClientRect().height > 600);
    // Clicks and typing through the page's own events: a Playwright click would scroll the host to the element itself.
    const inFrame = (selector, action) => frame.locator(selector).evaluate(action);
    await frame.locator('#lesson-predict-again, #lesson-prediction').first().waitFor({ state: 'attached' });
    if (await frame.locator('#lesson-predict-again').count()) await inFrame('#lesson-predict-again', (button) => button.click());
    const before = await page.evaluate(() => document.getElementById('posenc').getBoundingClientRect().height);
    await inFrame('#lesson-prediction', (input) => {
      input.value = '904';
    });
    await inFrame('#lesson-commit', (button) => button.click());
    await frame.locator('#lesson-notice').waitFor({ state: 'attached' });
    await frame.locator('section[data-answered="learned-table"]').waitFor({ state: 'attached' });
    assert.match(await frame.locator('#lesson-answer').textContent(), /row 904\. Exactly what you predicted\./);
    await page.waitForFunction((height) => document.getElementById('posenc').getBoundingClientRect().height > height + 200, before);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the host page never scrolled');
    await inFrame('body', (body) => body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    assert.equal(await frame.locator('#lesson-step-title').textContent(), STEPS[3].title, 'embedded, the keys do not leave the step');
  } finally {
    await page.close();
    await host.close();
  }
});

test("embedded, every step takes its prediction and shows the engine's answer and notice, without the step list or pager", async () => {
  const { page } = site;
  for (const [i, step] of STEPS.entries()) {
    await openStep(i + 1, '&embed=1');
    assert.equal(await page.locator('.lesson-nav').isVisible(), false, step.id);
    await predictAgain(page);
    await predict(page, step);
    assert.match(await page.locator('#lesson-answer').textContent(), /^The engine: /, step.id);
    await page.waitForSelector('#lesson-notice:not([hidden])');
    assert.equal(await page.locator('.lesson-pager').isVisible(), false, step.id);
  }
});

test('320 and 360 px, light and dark: every step, revealed, fits without sideways overflow', async () => {
  const page = await site.page.context().newPage();
  const wideDark = async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
  };
  // Narrowed and lightened in place, as a phone turned back or switched out of dark mode: no reload.
  const narrowLight = async () => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.emulateMedia({ colorScheme: 'light' });
  };
  for (const [i, step] of STEPS.entries()) {
    await wideDark();
    await page.goto(`${site.url}?view=lesson&step=${i + 1}`);
    await page.waitForSelector('section[data-view="lesson"][data-ready="true"]', { timeout: 30_000 });
    if (await page.locator('#lesson-prediction, #lesson-commit').count()) await predict(page, step);
    await page.waitForSelector('#lesson-notice:not([hidden])');
    assert.deepEqual(await settledOverflow(page), [], `360 px, dark, step ${i + 1}`);
    // Each step as a learner sees it on a phone in dark mode, kept for review beside the other test screenshots.
    await page.screenshot({ path: `test-results/lesson-step-${i + 1}-360-dark.png`, fullPage: true });
    await narrowLight();
    assert.deepEqual(await settledOverflow(page), [], `320 px, step ${i + 1}`);
  }
  await page.goto(site.url);
  await page.waitForSelector('#door-open-lesson');
  // Every step's prediction is made by now, the last one shown was step 10: the landing page says so.
  assert.equal(await page.locator('#door-open-lesson').textContent(), `Back to step ${STEPS.length}: ${STEPS.at(-1).title}`);
  assert.equal(await page.locator('#door-lesson-state').textContent(), `Lesson done: all ${STEPS.length} predictions made.`);
  assert.deepEqual(await settledOverflow(page), [], '320 px, landing page');
  await wideDark();
  assert.deepEqual(await settledOverflow(page), [], '360 px, dark, landing page');
  await page.close();
});

test('no console errors and no requests to other origins in the lesson', () => {
  assert.deepEqual(site.consoleErrors, []);
  // 127.0.0.1 serves the page; localhost is the test's own host page for the embedded step.
  assert.deepEqual(
    site.foreignRequests.filter((url) => !url.startsWith('http://127.0.0.1:') && !url.startsWith('http://localhost:')),
    [],
  );
});
