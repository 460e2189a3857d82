// Where an engine lacks WebAssembly (Safari's Lockdown Mode, some managed browsers), the views that
// compute say why in words a learner understands, and the lesson's text and the flash cards still work.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** @param {import('../journeys.mjs').Journey} j */
export function registerWithoutWebAssembly(j) {
  test('with WebAssembly turned off, the views that compute say why, and the lesson and flash cards still work', async () => {
    const { STEPS } = await import(new URL('lesson/steps.js', j.dist));
    const { driver } = j;
    await j.openView('?view=quiz', 'quiz');
    await driver.evaluate(() => sessionStorage.setItem('journey:no-webassembly', '1'));
    try {
      const why =
        /WebAssembly is turned off in this browser \(Safari's Lockdown Mode turns it off, as some managed browsers do\), so posenc's engine cannot compute here\./;
      for (const [view, name] of [
        ['encodings', 'Encodings'],
        ['position', 'Position 5,000'],
      ]) {
        await driver.open(`${j.server.url}?view=${view}`);
        const said = await j.waitFor(
          `${view}: why it cannot open`,
          (v) => document.querySelector(`section[data-view="${v}"] .engine-missing`)?.textContent,
          view,
        );
        assert.equal(await driver.evaluate(() => typeof WebAssembly), 'undefined', 'the probe turned it off');
        assert.ok(said.startsWith(`${name} cannot open: `), `${driver.engine}: ${said}`);
        assert.match(said, why);
        assert.match(said, /The lesson's text and the flash cards work without it\.$/);
        await j.assertClean(`${view} without WebAssembly`);
      }
      await j.shot('position-without-webassembly');

      await j.openView('?view=quiz', 'quiz');
      assert.ok((await j.text('#card-question'))?.length > 20, `${driver.engine}: a flash card, as always`);
      await driver.click('#card-flip');
      await j.waitFor('the answer side', () => !document.getElementById('card-back').hidden);

      await j.openView('?view=lesson&step=3', 'lesson');
      assert.equal(await j.text('#lesson-step-title'), STEPS[2].title);
      if (await driver.evaluate(() => Boolean(document.getElementById('lesson-predict-again')))) await driver.click('#lesson-predict-again');
      await driver.click(`#lesson-choice-${STEPS[2].prediction.choices[0]}`);
      await driver.click('#lesson-commit');
      const answer = await j.waitFor(
        'the lesson says why',
        () =>
          document.getElementById('lesson-answer')?.textContent.startsWith('The engine could not answer')
          && document.getElementById('lesson-answer').textContent,
      );
      assert.match(answer, why);
      await j.assertClean('the lesson without WebAssembly');
    } finally {
      await driver.evaluate(() => sessionStorage.removeItem('journey:no-webassembly'));
    }
  });
}
