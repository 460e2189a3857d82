// The model view's context-extension experiments in Chromium: a deep link selects one, Run asks the
// shipped RoPE model in the worker with each scaling (after a short fine-tune for the second), the
// page's numbers are the exported run's, its sentences name the papers' shapes, and it works by keyboard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openSite } from './browser.mjs';
import { exported, progressStartsWith, runEnded, sectionReady } from './experiment-section.mjs';

let site;
before(async () => {
  site = await openSite({ bypassCSP: true }); // for axe-core; tests/browser/csp.test.mjs checks the policy
});
after(async () => {
  await site?.close();
});

const done = runEnded;

/** The table's rows as the page shows them, against the exported run's numbers. */
async function tableMatches(page, json) {
  const rows = page.locator('#grid-results .model-table tbody tr');
  assert.equal(await rows.count(), json.results.length);
  for (const [k, r] of json.results.entries()) {
    const cells = await rows.nth(k).locator('td').allTextContents();
    assert.deepEqual(cells, [r.inDistribution.accuracy.toFixed(2), r.beyond.accuracy.toFixed(2), r.beyond.confidence.toFixed(2)], r.kind);
  }
}

test('a deep link selects scaling at inference; by keyboard, Run scores six scalings and the page says where PI and YaRN stand', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model&experiment=scaling&size=quick`);
  await sectionReady(page);
  assert.equal(await page.locator('#grid-experiment').inputValue(), 'scaling');
  assert.match(await page.locator('#grid-progress-text').textContent(), /press Run/, 'a deep link selects; it does not run unasked');
  await page.focus('#grid-size');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid-run');
  await page.keyboard.press('Enter');
  await done(page);
  assert.match(await page.locator('#grid-progress-text').textContent(), /^Done: 6 scalings scored/);
  assert.equal(await page.locator('#grid-results .model-panel').count(), 6);
  const json = JSON.parse((await exported(page, '#grid-export-json')).text);
  assert.deepEqual([json.experiment, json.size, json.seed, json.trainedLength, json.targetLength, json.factor], ['scaling', 'quick', 1, 2048, 16384, 8]);
  await tableMatches(page, json);
  const by = Object.fromEntries(json.results.map((r) => [r.kind, r]));
  const versus = await page.locator('#grid-results .extension-versus p').allTextContents();
  // The quick preset shows both shapes (the node tests hold the engine to them); the words follow.
  assert.ok(by.pi.inDistribution.accuracy < 0.5 && by.yarn.beyond.accuracy > by.none.beyond.accuracy + 0.2);
  assert.match(versus[0], /^Agrees with the PI paper/);
  assert.match(versus[1], /^Agrees with the YaRN paper/);
  const piFinding = await page.locator('#grid-results .model-panel[data-kind="pi"] .finding').textContent();
  assert.ok(piFinding.includes(`${(100 * by.pi.inDistribution.accuracy).toFixed(0)}% right inside L`), piFinding);
  const csv = await exported(page, '#grid-export-csv');
  assert.equal(csv.name, 'posenc-scaling-quick-seed1.csv');
  assert.match(csv.text, /^experiment,size,seed,trainedLength,targetLength,factor,steps,batchSize,learningRate,kind,attentionFactor,bucketStart/);
  assert.deepEqual(await axeViolations(page, '.grid-experiments'), []);
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});

test('the short fine-tune states its budget, fine-tunes each scaling in the worker, and says whether PI was rescued', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model&experiment=finetune&size=quick`);
  await sectionReady(page);
  assert.equal(await page.locator('#grid-experiment').inputValue(), 'finetune');
  await page.click('#grid-run');
  await progressStartsWith(page, 'Training');
  await done(page);
  assert.match(await page.locator('#grid-progress-text').textContent(), /^Done: 6 scalings fine-tuned and scored/);
  const json = JSON.parse((await exported(page, '#grid-export-json')).text);
  assert.equal(json.steps, json.preset.steps);
  assert.ok(
    json.results.every((r) => r.losses.length === json.steps),
    'a loss per fine-tune step',
  );
  const help = await page.locator('#grid-results > p.help').first().textContent();
  assert.ok(help.includes(`fine-tuned for ${json.steps} steps`) && help.includes('% of that budget'), help);
  await tableMatches(page, json);
  const pi = json.results.find((r) => r.kind === 'pi');
  const first = (await page.locator('#grid-results .extension-versus p').allTextContents())[0];
  assert.match(first, pi.beyond.accuracy >= 0.9 ? /^Agrees with the PI paper/ : /^Does not agree with the PI paper/);
  assert.deepEqual(site.consoleErrors, []);
});
