// Every view with its controls, in each engine, showing the engine's numbers (the same engine in
// node): the encodings explorer's d, base, range and position; position 5,000 with and without a real
// model's preset, at p = 5,000 and 2,000,000; the RoPE frequencies of a preset and custom settings; the
// image-positions view moved by arrow keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { choose } from '../driver.mjs';

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
  test('the encodings explorer: d, base, the range of positions and p recompute the vector and the notice', async () => {
    const { driver, engine } = j;
    const { encodingsNotice, noticeBasis } = await import(new URL('views/encodings-notices.js', j.dist));
    const notice = (state) => `What to notice: ${encodingsNotice(state, noticeBasis(engine, state))}`;
    const noticeIs = (state, what) => j.waitFor(`${what}: the notice`, (want) => document.getElementById('enc-notice')?.textContent === want, notice(state));
    const vector = () =>
      j.driver.evaluate(() => [...document.querySelectorAll('#view-encodings .vector-values li span:last-child')].map((node) => node.textContent));
    await j.openView('?view=encodings&scheme=sinusoidal&d=128&n=2048&p=5000', 'encodings');
    const { data } = engine.sinusoidal({ positions: [5000], dModel: 128 });
    assert.deepEqual(
      await vector(),
      Array.from(data, (value) => value.toFixed(4).replace('-', '−')),
      `${driver.engine}: PE(5,000) as the engine gives it`,
    );
    await noticeIs({ scheme: 'sinusoidal', d: 128, base: 10000, n: 2048, p: 5000 }, 'opened');

    await driver.type('#enc-d', '32');
    await driver.press('Enter');
    await j.waitFor('32 dimensions', () => document.querySelectorAll('#view-encodings .vector-values li').length === 32);
    await driver.type('#enc-base', '500');
    await driver.press('Enter');
    await choose(driver, '#enc-n', '4096');
    await noticeIs({ scheme: 'sinusoidal', d: 32, base: 500, n: 4096, p: 5000 }, 'd, base and range changed');
    await j.waitFor('the settings in the URL', () => ['d=32', 'base=500', 'n=4096'].every((part) => location.search.includes(part)));
    const { data: moved } = engine.sinusoidal({ positions: [5000], dModel: 32, base: 500 });
    assert.deepEqual(
      await vector(),
      Array.from(moved, (value) => value.toFixed(4).replace('-', '−')),
      `${driver.engine}: PE(5,000) at d = 32, base 500`,
    );

    // The position slider by keyboard: Home, then two steps right.
    await driver.evaluate(() => document.getElementById('enc-p').focus());
    for (const key of ['Home', 'ArrowRight', 'ArrowRight']) await driver.press(key);
    await noticeIs({ scheme: 'sinusoidal', d: 32, base: 500, n: 4096, p: 2 }, 'p moved by keys');
    await j.assertClean('the encodings explorer');
    await j.shot('encodings-moved');
  });

  test('position 5,000 with a real model: the preset sets L, and p = 5,000 and 2,000,000 get the engine’s counts', async () => {
    const { driver, engine } = j;
    const model = engine.models.find((m) => m.name === 'llama-3.1-8b');
    /** The RoPE column's verdict for p, checked against beyondTrained's numbers. */
    async function ropeVerdictAt(p) {
      const analysis = engine.beyondTrained({ model: model.name, p });
      const group = analysis.groups.find((g) => g.scheme === 'rope');
      const start = `${model.label} at ${grouped(p)}: trained to ${grouped(analysis.trainedLength)}`;
      const verdict = await j.waitFor(
        `the RoPE verdict at ${grouped(p)}`,
        (want) => {
          const shown = document.querySelector('.scheme-rope .scheme-verdict')?.textContent ?? '';
          return shown.startsWith(want) && shown;
        },
        start,
      );
      const [, out, of] = /(\d+) of (\d+) rotary pairs turn past any angle seen in training/.exec(verdict) ?? [];
      assert.deepEqual([Number(out), Number(of)], [group.outOfRangeCount, group.pairs.wavelength.length], `${driver.engine}: ${verdict}`);
      return verdict;
    }
    await j.openView(`?view=position&model=${model.name}&p=5000`, 'position');
    assert.equal(
      await driver.evaluate(() => /** @type {HTMLInputElement} */ (document.getElementById('pos-l')).value),
      String(model.trainedLength),
      'the model sets L',
    );
    await ropeVerdictAt(5000);
    await j.shot('position-llama-5000');
    await driver.type('#pos-p', '2000000');
    await driver.press('Enter');
    await j.waitFor('p in the URL', () => location.search.includes('p=2000000'));
    await ropeVerdictAt(2_000_000);
    assert.equal(await driver.evaluate(() => document.getElementById('pos-p-range')?.getAttribute('aria-valuetext')), 'p = 2,000,000');
    await j.waitFor('the toy models say they stop at their bound', () =>
      document.querySelector('.scheme-rope .model-verdict')?.textContent.includes('p = 2,000,000 is past it'),
    );
    await j.assertClean('position 5,000 with a real model');
    await j.shot('position-llama-2000000');
  });

  test("RoPE frequencies: a preset's wavelengths and bands, then custom settings by keyboard into the URL", async () => {
    const { driver, engine } = j;
    const model = engine.models.find((m) => m.name === 'llama-3.1-8b');
    const group = model.groups.find((g) => g.rope?.scaling?.kind === 'llama3');
    const before = engine.ropeFrequencies({ headDim: model.headDim, ...group.rope, scaling: { kind: 'none' } }).frequencies;
    const after = engine.ropeFrequencies({ headDim: model.headDim, ...group.rope, sequenceLength: model.contextLength }).frequencies;
    await j.openView(`?view=frequencies&model=${model.name}`, 'frequencies');
    const shown = await j.waitFor('the table', () => {
      const rows = [...document.querySelectorAll('#freq-table tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
      return (
        rows.length > 0 && {
          rows,
          kept: document.querySelectorAll('#freq-bands li.band-kept').length,
          divided: document.querySelectorAll('#freq-bands li.band-divided').length,
        }
      );
    });
    assert.equal(shown.rows.length, before.length);
    const read = (cell) => Number(cell.replace('−', '-'));
    for (const i of [0, before.length - 1]) {
      assert.ok(Math.abs(read(shown.rows[i][1]) / ((2 * Math.PI) / before[i]) - 1) < 1e-3, `${driver.engine}: pair ${i} before: ${shown.rows[i][1]}`);
      assert.ok(Math.abs(read(shown.rows[i].at(-2)) / ((2 * Math.PI) / after[i]) - 1) < 1e-3, `${driver.engine}: pair ${i} after: ${shown.rows[i]}`);
    }
    const factor = group.rope.scaling.factor;
    assert.equal(shown.kept, Array.from(before).filter((f, i) => Math.abs(f / after[i] - 1) <= 1e-9).length, 'pairs kept');
    assert.equal(shown.divided, Array.from(before).filter((f, i) => Math.abs(f / after[i] - factor) <= 1e-9 * factor).length, 'pairs divided by the factor');
    assert.ok(await driver.evaluate(() => document.querySelector('#freq-chart svg, #freq-chart canvas')?.checkVisibility()), 'the chart is drawn');
    await j.shot('frequencies-llama');

    await choose(driver, '#freq-model', '');
    await choose(driver, '#freq-scaling', 'yarn');
    await j.waitFor('custom settings in the URL', () => location.search.includes('scaling=yarn') && !location.search.includes('model='));
    const notice = await j.text('#freq-notice');
    const query = await driver.evaluate(() => location.search);
    await j.openView(query, 'frequencies');
    assert.equal(await j.text('#freq-notice'), notice, 'the URL brings back the same view');
    await j.assertClean('RoPE frequencies');
  });

  test('image positions: arrow keys move the patch, and each step turns only its own section of pairs', async () => {
    const { driver, engine } = j;
    await j.openView('?view=grid&h=3&w=5&t=2', 'grid');
    assert.match(await j.text('#grid-position'), /\(t, h, w\) = \(2, 3, 5\)/);
    await driver.evaluate(() => document.getElementById('grid-patches').focus());
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown']) await driver.press(key);
    await j.waitFor('the patch moved', () => /\(t, h, w\) = \(2, 5, 6\)/.test(document.getElementById('grid-position').textContent));
    const model = engine.models.find((m) => m.name === 'qwen2-vl-7b');
    const { pairAxis } = engine.ropeFrequencies({ headDim: model.headDim, ...model.groups[0].rope });
    const count = (axis) => Array.from(pairAxis).filter((a) => a === axis).length;
    const rows = await driver.evaluate(() =>
      [...document.querySelectorAll('#grid-sections tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent)),
    );
    assert.deepEqual(
      rows.map((row) => Number(/\((\d+)\)/.exec(row.join(' '))[1])),
      [count(0), count(1), count(2)],
    );
    assert.deepEqual(
      rows.map((row) => [row[0], row[2]]),
      [
        ['t section', 't = 2'],
        ['h section', 'h = 5'],
        ['w section', 'w = 6'],
      ],
    );
    assert.match(
      await j.text('#grid-notice'),
      new RegExp(`one patch to the right turns ${count(2)} of ${pairAxis.length} pairs, one patch down ${count(1)}, the next frame ${count(0)}`),
    );
    await j.waitFor('the patch in the URL', () => location.search.includes('h=5') && location.search.includes('w=6'));
    await j.assertClean('image positions');
    await j.shot('grid-moved');
  });
}
