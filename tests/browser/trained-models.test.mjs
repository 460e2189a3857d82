// The trained toy models on the page, in Chromium, against the engine in node: the position view's
// rows come from the shipped models (what each column says at p is what modelProbe computes), the
// model view opens on those models scored by the engine, a model the learner trains there takes
// its scheme's place in the position view, and the encodings view draws the trained table.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { axeViolationsLightAndDark, openSite } from './browser.mjs';
import { loadForTests } from '../js/load.mjs';

let site;
let engine;
let shipped; // the shipped set, decoded by the page's own decoder
before(async () => {
  engine = await loadForTests();
  const { decodeShipped } = await import(new URL('../../dist/views/trained-models.js', import.meta.url));
  const read = (file) => readFile(new URL(`../../web/data/${file}`, import.meta.url));
  shipped = decodeShipped(JSON.parse(await read('trained-models.json')), new Uint8Array(await read('trained-models.bin')));
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const grouped = (n) => n.toLocaleString('en');
const schemes = () => [...shipped.models.keys()];

/** Opens the position view and waits until every column has asked its model. */
async function openPosition(query) {
  const { page } = site;
  await page.goto(`${site.url}?view=position&${query}`);
  await page.waitForFunction(
    () => {
      const verdicts = [...document.querySelectorAll('.model-verdict')];
      return verdicts.length === 6 && verdicts.every((node) => node.textContent !== '' && !node.textContent.startsWith('Loading'));
    },
    null,
    { timeout: 60_000 },
  );
}
const columnText = (scheme, part) => site.page.locator(`.scheme-${scheme} .${part}`).textContent();

/** What the engine says the shipped model of `scheme` does at p. */
function expected(scheme, p, overflow = 'clamp', scaling = undefined) {
  const model = shipped.models.get(scheme);
  const probe = engine.modelProbe({ preset: shipped.preset, scheme, task: model.task, parameters: model.parameters, queryPosition: p, overflow, scaling });
  const mean = new Float64Array(probe.keys);
  for (let h = 0; h < probe.heads; h++) for (let k = 0; k < probe.keys; k++) mean[k] += probe.weights[h * probe.keys + k] / probe.heads;
  let peak = 0;
  for (let k = 1; k < mean.length; k++) if (mean[k] > mean[peak]) peak = k;
  return { probe, peak };
}

test('at p = 5,000 each column reads what its trained model does, as the engine computes it', async () => {
  await openPosition('p=5000&L=2048');
  for (const scheme of schemes()) {
    const { probe, peak } = expected(scheme, 5000);
    const verdict = await columnText(scheme, 'model-verdict');
    assert.match(verdict, new RegExp(`attends most to key ${grouped(peak)}`), `${scheme}: ${verdict}`);
    assert.match(verdict, new RegExp(peak === probe.answerPosition ? 'where the answer sits' : `not ${grouped(probe.answerPosition)} where the answer sits`));
    assert.match(
      verdict,
      probe.correct
        ? new RegExp(`answers right \\(token ${probe.answer}\\)`)
        : new RegExp(`answers wrong \\(token ${probe.prediction}; the answer is ${probe.answer}\\)`),
      `${scheme}: ${verdict}`,
    );
    assert.match(verdict, new RegExp(`with ${probe.confidence.toFixed(2)} confidence`));
    assert.match(await columnText(scheme, 'spark-note'), new RegExp(`the answer's key, ${grouped(probe.answerPosition)}`));
  }
  // The story the issue asks for, from these models: sinusoidal looks elsewhere and answers wrong, sure of itself.
  const sinusoidal = expected('sinusoidal', 5000);
  assert.notEqual(sinusoidal.peak, 4997);
  assert.equal(sinusoidal.probe.correct, false);
  assert.ok(sinusoidal.probe.confidence > 0.9, `sinusoidal at 5,000: confidence ${sinusoidal.probe.confidence}`);
  // Each column says what its model was trained on, and ALiBi and NoPE why not copy back.
  assert.match(await columnText('alibi', 'task-note'), /Trained on “Latest marker”.*cannot single out the key exactly 3 back/);
  assert.match(await columnText('nope', 'task-note'), /Trained on “Recall the first token”.*cannot count 3 back/);
  assert.match(
    await site.page.locator('#pos-models-note').textContent(),
    /the models shipped with the page \(trained by npm run train:shipped, seed 1\); 800 steps each at L = 2,048\./,
  );
  const coloured = await site.page.locator('.scheme-sinusoidal canvas.sparkline').evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
    return count;
  });
  assert.ok(coloured > 1000, `the attention line is drawn (${coloured} pixels)`);
});

test('the learned table answers under the chosen policy: window holds at 5,000, error cannot run', async () => {
  await openPosition('p=5000&L=2048&overflow=window');
  const windowed = expected('learned', 5000, 'window');
  assert.equal(windowed.probe.correct, true, 'the shipped learned model under window answers 5,000 right');
  assert.match(await columnText('learned', 'model-verdict'), new RegExp(`^Under window: At 5,000 it attends most to key ${grouped(windowed.peak)}`));
  await site.page.selectOption('#pos-overflow', 'error');
  await site.page.waitForFunction(() => document.querySelector('.scheme-learned .model-verdict').textContent.startsWith('No row'));
  assert.equal(
    await columnText('learned', 'model-verdict'),
    'No row 5,000: under ‘error’ the model cannot read position 5,000 at all (its table has rows 0 to 2,047).',
  );
  assert.equal(await columnText('learned', 'spark-note'), '');
});

test('the trained RoPE model asked with PI loses the offset; with NTK-aware or YaRN it keeps it, and each says why', async () => {
  const s = 5000 / 2047; // p onto the models' last trained position
  const scalings = { pi: { kind: 'pi', factor: s }, ntk: { kind: 'ntk', factor: s }, yarn: { kind: 'yarn', factor: s, trainedLength: 2048 } };
  for (const [kind, scaling] of Object.entries(scalings)) {
    await openPosition(`p=5000&L=2048&scaling=${kind}`);
    const { probe, peak } = expected('rope', 5000, 'clamp', scaling);
    const verdict = await columnText('rope', 'model-verdict');
    assert.match(verdict, new RegExp(`^With .* at s = 2\\.44: At 5,000 it attends most to key ${grouped(peak)}`), `${kind}: ${verdict}`);
    assert.match(verdict, new RegExp(`with ${probe.confidence.toFixed(2)} confidence`));
    const reason = await site.page.locator('.scheme-rope .model-reason').textContent();
    if (kind === 'pi') {
      assert.equal(probe.correct, false, 'the shipped RoPE model under PI at 5,000');
      assert.match(
        reason,
        /^Why: PI divides every pair's angle by s, the fast pairs' too, so the angles this model learned for 3 back now point about 7\.3 back\.$/,
      );
    } else {
      assert.equal(probe.correct, true, `the shipped RoPE model under ${kind} at 5,000`);
      assert.match(reason, /leaves the fast pairs, which tell 3 back from its neighbours, almost as trained/);
    }
  }
});

test('below the first answerable position each column says so; L other than 2,048 moves the analyses only', async () => {
  await openPosition('p=2&L=1024');
  for (const scheme of ['learned', 'sinusoidal', 'rope', 't5'])
    assert.equal(await columnText(scheme, 'model-verdict'), 'Nothing sits 3 back of position 2 yet: ask at p ≥ 3.', scheme);
  const nope = expected('nope', 2);
  assert.match(await columnText('nope', 'model-verdict'), new RegExp(`^At 2 it attends most to key ${nope.peak}`));
  assert.match(await site.page.locator('#pos-models-note').textContent(), /They were trained to L = 2,048; your L = 1,024 sets the analyses above them only\./);
});

test('the model view opens on the shipped models, scored by the engine: every one at 95% or better inside L', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model`);
  await page.waitForFunction(() => document.getElementById('model-progress-text')?.textContent.startsWith('Done'), null, { timeout: 120_000 });
  assert.match(
    await page.locator('#model-shown').textContent(),
    /^Shown: the models shipped with the page \(trained by npm run train:shipped, seed 1, 800 steps each\), with the scores this engine gives them/,
  );
  assert.equal(await page.locator('#model-progress-text').textContent(), 'Done: 10 shipped models, scored when they were made.');
  const rows = await page
    .locator('.model-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent]));
  const labelOf = (list, name) => engine.names[list].find((entry) => entry.name === name).label;
  for (const [scheme, model] of shipped.models) {
    const { inDistribution } = engine.modelEvaluate({ preset: shipped.preset, scheme, task: model.task, parameters: model.parameters });
    assert.ok(inDistribution.accuracy >= 0.95, `${scheme}: ${inDistribution.accuracy}`);
    const name = scheme === 'learned' ? `${labelOf('scheme', scheme)}, ${labelOf('overflow', 'clamp')}` : labelOf('scheme', scheme);
    const row = rows.find(([label]) => label === name);
    assert.ok(row, `a row for ${name}`);
    assert.equal(row[1], inDistribution.accuracy.toFixed(2), `${name}: accuracy inside L on the page`);
  }
  assert.equal(rows.length, 10, 'five learned policies and five other schemes');
  // The surprising results carry their reason.
  assert.match(await page.locator('.model-panel[aria-label="Learned table, window"] .finding').textContent(), /Why it holds: the window re-indexes/);
  assert.match(
    await page.locator('.model-panel[aria-label="T5 buckets"] .finding').textContent(),
    /Holds up past L.*Why it holds: T5 adds one learned number per distance bucket/,
  );
  assert.deepEqual(site.consoleErrors, []);
});

test('without the scores file the worker scores the shipped models in the page, and Cancel stops it', async () => {
  const { page } = site;
  await page.route('**/data/trained-model-scores.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  try {
    await page.goto(`${site.url}?view=model`);
    await page.waitForFunction(() => /^Training|^Scoring/.test(document.getElementById('model-progress-text')?.textContent ?? ''));
    assert.match(await page.locator('#model-shown').textContent(), /, scored in your browser now\./);
    await page.click('#model-cancel');
    await page.waitForFunction(() => document.getElementById('model-progress-text')?.textContent.startsWith('Cancelled'));
    assert.equal(await page.isDisabled('#model-train'), false, 'the learner can train at once');
  } finally {
    await page.unroute('**/data/trained-model-scores.json');
  }
  site.consoleErrors.length = 0; // the refused file, on purpose
});

test("a model the learner trains takes its scheme's place in the position view, and they can switch back", async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model&preset=positionModels&seed=3`);
  await page.waitForFunction(() => document.getElementById('model-progress-text')?.textContent.startsWith('Done'), null, { timeout: 120_000 });
  await page.selectOption('#model-schemes', 'nope');
  await page.click('#model-train');
  await page.waitForFunction(() => document.getElementById('model-progress-text')?.textContent.startsWith('Done: 1 trained'), null, { timeout: 300_000 });
  assert.match(await page.locator('#model-shown').textContent(), /The position view now asks your NoPE model/);
  await page.click('.view-tabs a[data-view="position"]');
  await page.waitForFunction(
    () => /your own runs from the toy-model view for NoPE \(seed 3\), and the models shipped/.test(document.getElementById('pos-models-note')?.textContent),
    null,
    { timeout: 30_000 },
  );
  assert.equal(await page.locator('#pos-models').inputValue(), 'run');
  await page.waitForFunction(() => document.querySelector('.scheme-nope .model-verdict')?.textContent.startsWith('At'));
  const yours = await columnText('nope', 'model-verdict');
  await page.selectOption('#pos-models', 'shipped');
  await page.waitForFunction(() => /^Trained models in use: the models shipped with the page/.test(document.getElementById('pos-models-note')?.textContent));
  const { probe } = expected('nope', 5000);
  await page.waitForFunction(
    (text) => document.querySelector('.scheme-nope .model-verdict')?.textContent.includes(text),
    `with ${probe.confidence.toFixed(2)} confidence`,
  );
  assert.match(yours, /^At 5,000 it attends most to key/, 'the run answered in the NoPE column');
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});

test('the encodings view draws the trained learned table beside where it started', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=encodings&scheme=learned&table=trained&p=100`);
  await page.waitForFunction(() => document.querySelector('.initial-table')?.hidden === false, null, { timeout: 30_000 });
  assert.match(
    await page.locator('#enc-table-note').textContent(),
    /toy model trained to L = 2,048 on copy back \(the model shipped with the page \(seed 1\)\): 2,048 rows of 32 dimensions/,
  );
  // The vector at p = 100 is row 100 of the shipped learned model's table, where the engine keeps it.
  const { id } = engine.trainerCreate({ preset: shipped.preset, scheme: 'learned', task: 'copyBack', seed: shipped.seed });
  const { groups } = engine.trainerParameters({ id });
  engine.trainerDispose({ id });
  const table = groups.find((group) => group.name === 'positionTable');
  const row = shipped.models.get('learned').parameters.subarray(table.offset + 100 * table.cols, table.offset + 101 * table.cols);
  const shown = await page.locator('.vector-values li').allTextContents();
  assert.equal(shown.length, 32);
  shown.forEach((text, dim) => assert.match(text, new RegExp(`${row[dim].toFixed(4).replace('-', '−')}$`), `dim ${dim}`));
  assert.match(await page.locator('.initial-table figcaption').textContent(), /^Where it started: the same 2,048 × 32 table at initialisation, N\(0, 0\.02²\)/);
});

test('axe-core: the position view with trained rows and the model view with its charts and published tables, light and dark', async () => {
  const axeSite = await openSite({ bypassCSP: true });
  const { page } = axeSite;
  // Each view is loaded once and checked in both colour schemes.
  try {
    await page.goto(`${axeSite.url}?view=position&p=5000`);
    await page.waitForFunction(
      () => {
        const verdicts = [...document.querySelectorAll('.model-verdict')];
        return verdicts.length === 6 && verdicts.every((node) => node.textContent.startsWith('At') || node.textContent.startsWith('Under'));
      },
      null,
      { timeout: 60_000 },
    );
    assert.deepEqual(await axeViolationsLightAndDark(page, '#view-position', 'position'), []);
    await page.goto(`${axeSite.url}?view=model`);
    await page.waitForFunction(() => document.getElementById('model-progress-text')?.textContent.startsWith('Done'), null, { timeout: 120_000 });
    await page.waitForSelector('#published-alibi-table2-512');
    assert.deepEqual(await axeViolationsLightAndDark(page, '#view-model', 'model'), []);
  } finally {
    await axeSite.close();
  }
});
