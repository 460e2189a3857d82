// The journeys a learner takes, written once against the driver (driver.mjs) and run in each engine:
// Chromium, Firefox ESR and WebKitGTK (Safari's engine). Each asserts what the learner sees, as text
// and numbers (the numbers from the same engine in node), and that the page met no uncaught error or
// rejection, no refusal under the strict CSP and no request to another origin (probe.js records them).
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { loadForTests } from '../js/load.mjs';
import { openEngine, waitFor } from './driver.mjs';

const root = new URL('../../', import.meta.url);
const dist = new URL('dist/', root);
const { STEPS, stepSettings } = await import(new URL('lesson/steps.js', dist));
const { readings } = await import(new URL('lesson/readings.js', dist));
const { decodeShipped } = await import(new URL('views/trained-models.js', dist));
const shipped = decodeShipped(
  JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8')),
  new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))),
);
const grouped = (n) => n.toLocaleString('en-US');

/** Every view, by its name in the URL, with the heading a learner sees on it. */
const VIEWS = [
  ['home', /^Where do you want to start\?$/],
  ['lesson', /^Lesson: how a transformer knows where a token is$/],
  ['quiz', /^Flash cards$/],
  ['encodings', /^Encodings explorer$/],
  ['position', /^Position p in a model trained to length L$/],
  ['frequencies', /^RoPE frequencies before and after scaling$/],
  ['grid', /^Where an image patch sits$/],
  ['model', /^Train a toy transformer, then ask it past its trained length$/],
];

/** Registers the journeys for one engine (a key of driver.mjs's engines). */
export function runJourneys(engineName) {
  let driver, server, engine;
  const shots = new URL('test-results/engines/', root);
  mkdirSync(shots, { recursive: true });
  const shot = (name) => driver.screenshot(fileURLToPath(new URL(`${engineName}-${name}.png`, shots)));

  before(async () => {
    server = await startServer({ port: 0, firstScript: { file: fileURLToPath(new URL('probe.js', import.meta.url)), at: '/journey-probe.js' } });
    [driver, engine] = await Promise.all([openEngine(engineName), loadForTests()]);
    console.log(`# ${driver.engine} ${driver.version}`);
  });
  after(async () => {
    await driver?.close();
    await server?.close();
  });
  afterEach(async (t) => {
    if (t.passed || !driver) return;
    const slug = t.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    await shot(`failed-${slug}`).catch((error) => console.log(`no screenshot: ${error.message}`));
    console.log(`failed journey (${driver.engine}): ${t.name}\nscreenshot: test-results/engines/${engineName}-failed-${slug}.png`);
  });

  /** Opens `query` and waits until the page has started and `view` is shown (and ready, for a view that computes). */
  async function openView(query, view) {
    await driver.open(`${server.url}${query}`);
    await waitFor(
      driver,
      `${view} shown`,
      (name) => {
        const section = document.querySelector(`section[data-view="${name}"]`);
        return (
          document.documentElement.dataset.ready === 'true'
          && section
          && !section.hidden
          && (section.dataset.ready === 'true' || !('ready' in section.dataset) || name === 'quiz')
        );
      },
      view,
    );
  }
  /** What probe.js recorded on the page now open: all three lists must stay empty. */
  async function assertClean(where) {
    const record = await driver.evaluate(() => window.journeyRecord);
    assert.deepEqual(record, { errors: [], violations: [], foreign: [] }, `${driver.engine}, ${where}`);
  }
  const text = (selector) => driver.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);

  test('every view opens with its content: no error, no CSP refusal, no request to another origin', async () => {
    for (const [view, heading] of VIEWS) {
      await openView(`?view=${view}`, view);
      const shown = await driver.evaluate((name) => {
        const section = document.querySelector(`section[data-view="${name}"]`);
        return {
          heading: section.querySelector('h2')?.textContent.trim(),
          alerts: [...section.querySelectorAll('[role="alert"]')].map((node) => node.textContent.trim()).filter(Boolean),
          words: section.innerText.split(/\s+/).length,
        };
      }, view);
      assert.match(shown.heading ?? '', heading, `${driver.engine}: ${view}'s heading`);
      assert.deepEqual(shown.alerts, [], `${driver.engine}: ${view} shows no problem`);
      assert.ok(shown.words > 40, `${driver.engine}: ${view} has its content (${shown.words} words)`);
      await assertClean(view);
      await shot(view);
    }
  });

  test("the lesson's step 3: the prediction first, then the engine's answer and its notice", async () => {
    const step = STEPS[2];
    await openView('?view=lesson&step=3', 'lesson');
    assert.equal(await text('#lesson-step-title'), step.title);
    assert.equal(await text('#lesson-answer'), null, 'nothing revealed before the prediction');
    if (await driver.evaluate(() => Boolean(document.getElementById('lesson-predict-again')))) await driver.click('#lesson-predict-again');
    if (step.prediction.kind === 'number') await driver.type('#lesson-prediction', String(step.prediction.min));
    else await driver.click(`#lesson-choice-${step.prediction.choices[0]}`);
    await driver.click('#lesson-commit');
    await waitFor(driver, 'the answer', (id) => document.querySelector('section[data-view="lesson"]').dataset.answered === id, step.id);
    assert.match(await text('#lesson-committed'), /^Your prediction: /);
    const answer = await text('#lesson-answer');
    assert.ok(answer.startsWith(`The engine: ${readings[step.id].answer(engine).text}. `), `${driver.engine}: ${answer}`);
    const settings = stepSettings(step, {});
    const m = readings[step.id].measure(engine, settings, step.instrument.trained ? shipped : undefined);
    const notice = `What to notice: ${readings[step.id].notice(m, settings)}`;
    await waitFor(driver, "the engine's notice", (expected) => document.getElementById('lesson-notice')?.textContent === expected, notice);
    await assertClean('lesson step 3');
    await shot('lesson-step-3');
  });

  test('flash cards by keyboard: Space flips, 3 grades Good; reload, and the grade is kept', async () => {
    await openView('?view=quiz', 'quiz');
    await driver.evaluate(() => localStorage.clear());
    await openView('?view=quiz', 'quiz');
    assert.match(await text('#card-question'), /beyond the trained length/);
    await driver.press('Space');
    await waitFor(driver, 'the answer side', () => !document.getElementById('card-back').hidden && document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    await waitFor(driver, 'the grade announced', () => /Graded Good/.test(document.getElementById('quiz-announcer').textContent));
    const saved = await driver.evaluate(() => localStorage.getItem('posenc.quiz.progress'));
    assert.equal(JSON.parse(saved).cards['sinusoidal-vs-learned-beyond-length'].state, 1, 'the card is learning');
    await openView('?view=quiz', 'quiz');
    assert.equal(await driver.evaluate(() => localStorage.getItem('posenc.quiz.progress')), saved, 'kept across the reload');
    assert.match(await text('#review-counts'), /new left today 9/);
    await assertClean('flash cards');
  });

  test('the position view at p = 5,000 and L = 2,048: every verdict, and each trained model’s answer', async () => {
    await openView('?view=position&p=5000&L=2048&overflow=error', 'position');
    const verdicts = await waitFor(driver, 'every model asked', () => {
      const models = [...document.querySelectorAll('.model-verdict')];
      if (models.length !== 6 || models.some((node) => node.textContent === '' || node.textContent.startsWith('Loading'))) return null;
      const column = (scheme, part) => document.querySelector(`.scheme-${scheme} .${part}`)?.textContent;
      const schemes = ['learned', 'sinusoidal', 'rope', 'alibi', 't5', 'nope'];
      return Object.fromEntries(schemes.map((scheme) => [scheme, { scheme: column(scheme, 'scheme-verdict'), model: column(scheme, 'model-verdict') }]));
    });
    for (const [scheme, { scheme: verdict }] of Object.entries(verdicts)) assert.ok(verdict?.length > 20, `${driver.engine}: ${scheme}'s verdict: ${verdict}`);
    assert.equal(verdicts.learned.scheme, 'No row 5,000: the table ends at row 2,047. The lookup fails.');
    for (const [scheme, { model }] of Object.entries(verdicts)) {
      if (scheme === 'learned') {
        assert.match(model, /^No row/, `${driver.engine}: the learned model has no row 5,000 either`);
        continue;
      }
      const { task, parameters } = shipped.models.get(scheme);
      const probe = engine.modelProbe({ preset: shipped.preset, scheme, task, parameters, queryPosition: 5000, overflow: 'clamp' });
      const mean = new Float64Array(probe.keys);
      for (let h = 0; h < probe.heads; h++) for (let k = 0; k < probe.keys; k++) mean[k] += probe.weights[h * probe.keys + k] / probe.heads;
      const peak = mean.indexOf(Math.max(...mean));
      assert.ok(model.startsWith(`At 5,000 it attends most to key ${grouped(peak)}`), `${driver.engine}, ${scheme}: ${model}`);
    }
    await assertClean('position view');
    await shot('position-5000');
  });

  test('with WebAssembly turned off, the views that compute say why, and the lesson and flash cards still work', async () => {
    await openView('?view=quiz', 'quiz');
    await driver.evaluate(() => sessionStorage.setItem('journey:no-webassembly', '1'));
    try {
      const why =
        /WebAssembly is turned off in this browser \(Safari's Lockdown Mode turns it off, as some managed browsers do\), so posenc's engine cannot compute here\./;
      for (const [view, name] of [
        ['encodings', 'Encodings'],
        ['position', 'Position 5,000'],
      ]) {
        await driver.open(`${server.url}?view=${view}`);
        const said = await waitFor(
          driver,
          `${view}: why it cannot open`,
          (v) => document.querySelector(`section[data-view="${v}"] .engine-missing`)?.textContent,
          view,
        );
        assert.equal(await driver.evaluate(() => typeof WebAssembly), 'undefined', 'the probe turned it off');
        assert.ok(said.startsWith(`${name} cannot open: `), `${driver.engine}: ${said}`);
        assert.match(said, why);
        assert.match(said, /The lesson's text and the flash cards work without it\.$/);
        await assertClean(`${view} without WebAssembly`);
      }
      await shot('position-without-webassembly');

      await openView('?view=quiz', 'quiz');
      assert.ok((await text('#card-question'))?.length > 20, `${driver.engine}: a flash card, as always`);
      await driver.click('#card-flip');
      await waitFor(driver, 'the answer side', () => !document.getElementById('card-back').hidden);

      await openView('?view=lesson&step=3', 'lesson');
      assert.equal(await text('#lesson-step-title'), STEPS[2].title);
      if (await driver.evaluate(() => Boolean(document.getElementById('lesson-predict-again')))) await driver.click('#lesson-predict-again');
      await driver.click(`#lesson-choice-${STEPS[2].prediction.choices[0]}`);
      await driver.click('#lesson-commit');
      const answer = await waitFor(
        driver,
        'the lesson says why',
        () =>
          document.getElementById('lesson-answer')?.textContent.startsWith('The engine could not answer')
          && document.getElementById('lesson-answer').textContent,
      );
      assert.match(answer, why);
      await assertClean('the lesson without WebAssembly');
    } finally {
      await driver.evaluate(() => sessionStorage.removeItem('journey:no-webassembly'));
    }
  });
}
