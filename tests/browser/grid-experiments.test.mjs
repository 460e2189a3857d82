// The model view's grid experiments in Chromium: a deep link selects one, Run trains it in the
// worker, the page's numbers are the exported run's (which the engine computed), export carries the
// settings, and the whole section works from the keyboard.
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

test('a deep link selects the hybrid experiment; Run trains its four models and each gets a finding', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model&experiment=hybrid&size=quick&seed=2`);
  await sectionReady(page);
  assert.equal(await page.locator('#grid-experiment').inputValue(), 'hybrid');
  assert.equal(await page.locator('#grid-size').inputValue(), 'quick');
  assert.match(await page.locator('#grid-progress-text').textContent(), /press Run/, 'a deep link selects; it does not train unasked');
  await page.click('#grid-run');
  await done(page);
  assert.match(await page.locator('#grid-progress-text').textContent(), /^Done: 4 models trained and scored/);
  const panels = page.locator('#grid-results .model-panel');
  assert.equal(await panels.count(), 4);
  for (const finding of await page.locator('#grid-results .model-panel .finding').allTextContents()) assert.ok(finding.length > 20, finding);
  assert.equal(await page.locator('#grid-results .model-table tbody tr').count(), 4);
  // The table's numbers are the run's: the exported JSON (the engine's results) holds the same values.
  const json = JSON.parse((await exported(page, '#grid-export-json')).text);
  assert.deepEqual([json.experiment, json.size, json.seed, json.trainedLength, json.steps], ['hybrid', 'quick', 2, 32, json.preset.steps]);
  const shown = await page.locator('#grid-results .model-table tbody tr td:nth-of-type(2)').allTextContents();
  assert.deepEqual(
    shown,
    json.results.map((r) => r.evaluation.beyond.accuracy.toFixed(2)),
  );
  const csv = await exported(page, '#grid-export-csv');
  assert.equal(csv.name, 'posenc-hybrid-quick-seed2.csv');
  const lines = csv.text.trim().split('\n');
  assert.match(lines[0], /^experiment,size,seed,trainedLength,steps,base,task,scheme,layerPositions,bucketStart/);
  assert.equal(lines.length, 1 + 4 * 16, 'a line per model and bucket of 16 positions up to 256');
});

test('from the model view, by keyboard: pick the passkey experiment, run it, and read a heatmap per scheme', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model`);
  await sectionReady(page);
  await page.focus('#grid-experiment');
  await page.keyboard.press('End'); // the last experiment, the hybrid
  assert.equal(await page.locator('#grid-experiment').inputValue(), 'hybrid');
  assert.match(page.url(), /experiment=hybrid/, 'the choice is in the URL');
  await page.keyboard.press('ArrowUp'); // the one before it, the passkey
  assert.equal(await page.locator('#grid-experiment').inputValue(), 'passkey');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid-size');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid-run');
  await page.keyboard.press('Enter');
  await done(page);
  assert.match(await page.locator('#grid-progress-text').textContent(), /^Done: 6 models trained and scored/);
  const grids = page.locator('#grid-results table.passkey-grid');
  assert.equal(await grids.count(), 6);
  assert.equal(await grids.first().locator('tbody tr').count(), 11, 'a row per depth');
  assert.equal(await grids.first().locator('tbody tr').first().locator('td').count(), 6, 'a cell per length');
  assert.equal(await grids.first().locator('thead th.at-trained').textContent(), '32 = L');
  // Every cell is the exported run's number for that scheme, depth and length.
  const json = JSON.parse((await exported(page, '#grid-export-json')).text);
  assert.equal(json.experiment, 'passkey');
  assert.equal(json.results.length, 6);
  for (const [k, result] of json.results.entries()) {
    const cells = await grids.nth(k).locator('tbody td').allTextContents();
    assert.deepEqual(
      cells,
      result.grid.accuracy.map((a, c) => (result.grid.count[c] ? a.toFixed(2) : '—')),
      result.scheme,
    );
  }
  // The findings count what the cells show: NoPE's passkey is the one token of its kind, found at every depth.
  const nope = json.results.find((r) => r.scheme === 'nope');
  const nopeFinding = await page.locator('#grid-results .grid-panel[data-scheme="nope"] .finding').textContent();
  if (nope.grid.accuracy.every((a) => a >= 0.9)) assert.match(nopeFinding, /^Found the passkey at every depth and every length/);
  const csv = await exported(page, '#grid-export-csv');
  assert.equal(csv.text.trim().split('\n').length, 1 + 6 * 11 * 6, 'a line per scheme and cell');
  assert.match(page.url(), /experiment=passkey/);
  assert.deepEqual(await axeViolations(page, '.grid-experiments'), []);
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});

test('cancel stops a run and leaves the section usable', async () => {
  const { page } = site;
  await page.goto(`${site.url}?view=model&experiment=passkey&size=larger`);
  await sectionReady(page);
  assert.equal(await page.locator('#grid-size').inputValue(), 'larger');
  await page.click('#grid-run');
  await progressStartsWith(page, 'Training');
  await page.click('#grid-cancel');
  await progressStartsWith(page, 'Cancelled', 10_000);
  assert.equal(await page.locator('#grid-run').isEnabled(), true);
});
