// The lesson, every step, in each engine: the step's text and prediction come first with nothing
// revealed; committing a prediction shows the engine's answer, the live instrument and a "what to
// notice" line that is the engine's own numbers for the settings on screen (the same engine in node);
// moving a control recomputes it. Step 9 trains its model in the page's worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { choose } from '../driver.mjs';

/** A control change per step that has one, by step id (as in the Chromium lesson test). */
const CHANGES = {
  'why-position': { p: 1500, scheme: 't5' },
  'sinusoidal-clocks': { n: 4096, d: 128, p: 3000 },
  'learned-table': { p: 9999, overflow: 'interpolate' },
  'alibi-penalty': { p: 40, heads: 12 },
  'position-5000': { p: 3000, scheme: 'rope' },
};

/** @param {import('../journeys.mjs').Journey} j */
export function registerLesson(j) {
  test("the lesson, every step: the prediction first, then the engine's answer, the live instrument and its notice", async () => {
    const { STEPS, stepSettings } = await import(new URL('lesson/steps.js', j.dist));
    const { readings } = await import(new URL('lesson/readings.js', j.dist));
    const { driver, engine } = j;
    const expectedNotice = (step, settings) =>
      `What to notice: ${readings[step.id].notice(readings[step.id].measure(engine, settings, step.instrument.trained ? j.shipped : undefined), settings)}`;
    /** The notice once it is `expected` (a trained model's answer arrives after the step shows). */
    const noticeBecomes = (step, expected) =>
      j
        .waitFor(`${step.id}: the engine's notice`, (want) => document.getElementById('lesson-notice')?.textContent === want, expected)
        .catch(async (error) => {
          throw new Error(`${error.message}\n  shown:    ${await j.text('#lesson-notice')}\n  expected: ${expected}`);
        });

    for (const [i, step] of STEPS.entries()) {
      await j.openView(`?view=lesson&step=${i + 1}`, 'lesson');
      if (await driver.evaluate(() => Boolean(document.getElementById('lesson-predict-again')))) await driver.click('#lesson-predict-again');
      // The step's cards are linked once the deck has loaded, after the step shows.
      await j.waitFor(`${step.id}: its cards`, (n) => document.querySelectorAll('.lesson-cards li a').length === n, step.cards.length);
      const before = await driver.evaluate(() => ({
        title: document.getElementById('lesson-step-title')?.textContent,
        count: document.querySelector('.lesson-count')?.textContent,
        paragraphs: document.querySelectorAll('.lesson-text p').length,
        answer: Boolean(document.getElementById('lesson-answer')),
        controls: Boolean(document.querySelector('.lesson-instrument .controls')),
        notice: document.getElementById('lesson-notice')?.checkVisibility() ?? false,
        cards: document.querySelectorAll('.lesson-cards li a').length,
      }));
      assert.deepEqual(
        before,
        {
          title: step.title,
          count: `Step ${i + 1} of ${STEPS.length}`,
          paragraphs: before.paragraphs,
          answer: false,
          controls: false,
          notice: false,
          cards: step.cards.length,
        },
        `${driver.engine}, ${step.id}: the step, with nothing revealed before the prediction`,
      );
      assert.ok(before.paragraphs >= 2, `${step.id}: its text`);

      if (step.prediction.kind === 'number') await driver.type('#lesson-prediction', String(step.prediction.min));
      else await driver.click(`#lesson-choice-${step.prediction.choices[0]}`);
      await driver.click('#lesson-commit');
      await j.waitFor(`${step.id}: the answer`, (id) => document.querySelector('section[data-view="lesson"]').dataset.answered === id, step.id, 120_000);
      assert.match(await j.text('#lesson-committed'), /^Your prediction: /);
      assert.ok(await driver.evaluate(() => document.querySelector('.lesson-instrument .controls')?.checkVisibility()), `${step.id}: the instrument`);
      const answer = await j.text('#lesson-answer');

      if (step.instrument.kind === 'training') {
        // The run in the page's worker: its answer is the accuracy past L that its own table shows.
        const pastL = await j.text('.lesson-run-table tbody tr:nth-child(2) td');
        assert.ok(answer.startsWith(`The engine: ${Math.round(Number(pastL) * 100)}% right past L`), `${driver.engine}: ${answer} / ${pastL}`);
        assert.match(await j.text('#lesson-notice'), /^What to notice: Inside L = 32 the model is right \d+% of the time\. /);
        assert.ok(
          await driver.evaluate(() => document.querySelector('#lesson-training-chart svg, #lesson-training-chart canvas')?.checkVisibility()),
          'its chart',
        );
      } else {
        assert.ok(answer.startsWith(`The engine: ${readings[step.id].answer(engine).text}. `), `${driver.engine}, ${step.id}: ${answer}`);
        await noticeBecomes(step, expectedNotice(step, stepSettings(step, {})));
      }
      await j.assertClean(`lesson step ${i + 1}`);
      await j.shot(`lesson-step-${i + 1}`);

      const changes = CHANGES[step.id];
      if (!changes) continue;
      for (const [name, value] of Object.entries(changes)) {
        if (step.instrument.positions?.some((position) => position.name === name)) {
          await driver.type(`#lesson-${name}`, String(value));
          await driver.press('Enter');
        } else await choose(driver, `#lesson-${name}`, String(value));
      }
      await noticeBecomes(step, expectedNotice(step, stepSettings(step, changes)));
      await j.waitFor(`${step.id}: p in the URL`, (p) => new URLSearchParams(location.search).get('p') === p, String(changes.p));
      await j.assertClean(`lesson step ${i + 1}, moved`);
    }
  });
}
