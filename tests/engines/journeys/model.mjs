// The toy model in each engine: the quick preset trains in the page's worker, a run is cancelled and
// the page stays usable, a second run ends with a table, a chart and a finding for every model.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** @param {import('../journeys.mjs').Journey} j */
export function registerModel(j) {
  const progress = (pattern, what, timeout) =>
    j.waitFor(what, (source) => new RegExp(source).test(document.getElementById('model-progress-text')?.textContent ?? ''), pattern.source, timeout);
  const enabled = (selector) => j.driver.evaluate((s) => !(/** @type {HTMLButtonElement} */ (document.querySelector(s)).disabled), selector);

  test('the toy model: the quick preset trains in the worker, a run is cancelled, the next one draws every chart', async () => {
    const { driver } = j;
    await j.openView('?view=model&preset=quick&seed=3', 'model');
    await j.waitFor('Train enabled', () => document.getElementById('model-train')?.disabled === false);
    await driver.click('#model-train');
    await progress(/^Training/, 'the first run under way');
    await driver.click('#model-cancel');
    await progress(/^Cancelled/, 'the run cancelled', 10_000);
    assert.equal(await enabled('#model-train'), true, 'Train again after a cancel');

    await driver.click('#model-train');
    assert.equal(await enabled('#model-preset'), false, "the run's settings hold until it ends");
    await progress(/^Done/, 'the second run done', 180_000);
    const shown = await driver.evaluate(() =>
      ['copyBack', 'recallFirst'].map((task) => {
        const section = document.querySelector(`.model-task[data-task="${task}"]`);
        const canvas = /** @type {HTMLCanvasElement | null} */ (section?.querySelector('.chart canvas'));
        let coloured = 0;
        if (canvas) {
          const { data } = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(0, 0, canvas.width, canvas.height);
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && !(data[i] === data[i + 1] && data[i + 1] === data[i + 2])) coloured++;
        }
        return {
          rows: section?.querySelectorAll('.model-table tbody tr').length,
          findings: [...(section?.querySelectorAll('.model-panel .finding') ?? [])].map((node) => node.textContent ?? ''),
          coloured,
        };
      }),
    );
    for (const [i, task] of shown.entries()) {
      assert.equal(task.rows, 10, `${driver.engine}, task ${i}: five schemes plus five learned-table policies`);
      assert.equal(task.findings.length, 10, `${driver.engine}, task ${i}: a finding per model`);
      assert.ok(
        task.findings.every((finding) => finding.length > 20),
        `${driver.engine}, task ${i}: every finding says something`,
      );
      assert.ok(task.coloured > 500, `${driver.engine}, task ${i}: the chart is drawn (${task.coloured} coloured pixels)`);
    }
    assert.match(
      await j.text('.model-task[data-task="copyBack"] .model-panel[aria-label="Learned table, error"] .finding'),
      /^No row past L: the table has rows 0 to 31 only and the 'error' policy refuses later positions/,
    );
    assert.equal(await enabled('#model-seed'), true, 'editable again after the run');
    await j.assertClean('the toy model');
    await j.shot('model-trained');
  });
}
