// Every view with its controls, in each engine, showing the engine's numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const grouped = (n) => n.toLocaleString('en-US');

/** @param {import('../journeys.mjs').Journey} j */
export function registerViews(j) {
  test('the position view at p = 5,000 and L = 2,048: every verdict, and each trained model’s answer', async () => {
    const { driver } = j;
    await j.openView('?view=position&p=5000&L=2048&overflow=error', 'position');
    const verdicts = await j.waitFor('every model asked', () => {
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
      const { task, parameters } = j.shipped.models.get(scheme);
      const probe = j.engine.modelProbe({ preset: j.shipped.preset, scheme, task, parameters, queryPosition: 5000, overflow: 'clamp' });
      const mean = new Float64Array(probe.keys);
      for (let h = 0; h < probe.heads; h++) for (let k = 0; k < probe.keys; k++) mean[k] += probe.weights[h * probe.keys + k] / probe.heads;
      const peak = mean.indexOf(Math.max(...mean));
      assert.ok(model.startsWith(`At 5,000 it attends most to key ${grouped(peak)}`), `${driver.engine}, ${scheme}: ${model}`);
    }
    await j.assertClean('position view');
    await j.shot('position-5000');
  });
}
