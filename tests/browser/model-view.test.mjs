// The toy-model view in Chromium: training in the worker fills the charts and the findings from
// the run itself, cancel keeps the page responsive, export works, published numbers are labelled.
// Its axe-core check, light and dark, is in trained-models.test.mjs (the view opens on the shipped models).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, waitForText } from './browser.mjs';
import { settledOverflow } from './layout.js';

let site;
before(async () => {
  site = await openSite();
  await site.page.goto(`${site.url}?view=model&preset=quick&seed=3`);
  await site.page.waitForSelector('#model-train:not([disabled])', { timeout: 30_000 });
});
after(async () => {
  await site?.close();
});

test('the deep link sets the preset and seed', async () => {
  assert.equal(await site.page.locator('#model-preset').inputValue(), 'quick');
  assert.equal(await site.page.locator('#model-seed').inputValue(), '3');
});

const progressStartsWith = (page, text, timeout) => waitForText(page, '#model-progress-text', new RegExp(`^${text}`), timeout);

test('cancel stops a run and leaves the page usable', async () => {
  const { page } = site;
  await page.click('#model-train');
  await progressStartsWith(page, 'Training');
  await page.click('#model-cancel');
  await progressStartsWith(page, 'Cancelled', 5_000);
  assert.equal(await page.locator('#model-train').isEnabled(), true);
});

test('the quick preset trains every scheme and shows accuracy, confidence and a finding per model', async () => {
  const { page } = site;
  await page.click('#model-train');
  // The run's settings hold until it ends: labels and the export name are the run's.
  assert.equal(await page.locator('#model-preset').isDisabled(), true);
  assert.equal(await page.locator('#model-seed').isDisabled(), true);
  await progressStartsWith(page, 'Done', 120_000);
  for (const task of ['copyBack', 'recallFirst']) {
    const rows = page.locator(`.model-task[data-task="${task}"] .model-table tbody tr`);
    assert.equal(await rows.count(), 10, `${task}: five schemes plus five learned policies`);
    const findings = await page.locator(`.model-task[data-task="${task}"] .model-panel .finding`).allTextContents();
    assert.equal(findings.length, 10, `${task}: a chart and a finding per model`);
    assert.ok(
      findings.every((text) => text.length > 20),
      'every model has a finding',
    );
  }
  // The learned table under 'error' has no row past L: reported, not crashed.
  const errorRow = page.locator('.model-task[data-task="copyBack"] .model-table tbody tr', { hasText: 'Learned table, error' });
  assert.match(await errorRow.textContent(), /no row/);
  assert.match(
    await page.locator('.model-task[data-task="copyBack"] .model-panel[aria-label="Learned table, error"] .finding').textContent(),
    /^No row past L: the table has rows 0 to 31 only and the 'error' policy refuses later positions/,
  );
  // Charts are drawn: the accuracy canvas has coloured pixels.
  const coloured = await page.evaluate(() => {
    const canvas = document.querySelector('.model-task[data-task="copyBack"] .chart canvas');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && !(data[i] === data[i + 1] && data[i + 1] === data[i + 2])) count++;
    return count;
  });
  assert.ok(coloured > 500, `expected drawn series, saw ${coloured} coloured pixels`);
  await page.screenshot({ path: 'test-results/view-model.png', fullPage: true });
  assert.equal(await page.locator('#model-seed').isEnabled(), true, 'editable again after the run');
});

test("people see names, not identifiers; findings never quote the engine's raw errors", async () => {
  const { page } = site;
  const shown = await page.locator('#view-model').evaluate((view) => view.innerText);
  for (const identifier of ['copyBack', 'recallFirst', 'seedStory', 'nope', 'sinusoidal', 'alibi', 't5']) {
    assert.doesNotMatch(shown, new RegExp(`\\b${identifier}\\b`), `"${identifier}" is shown`);
  }
  assert.match(shown, /Task: Copy back/);
  assert.match(shown, /NoPE/);
  const findings = await page.locator('.model-panel .finding').allTextContents();
  assert.ok(
    findings.every((text) => !/positions\[|must be|overflow:|; got /.test(text)),
    findings.join('\n'),
  );
});

test('at 320 and 360 px the results fit: no sideways overflow, each chart and finding as wide as its panel', async () => {
  const { page } = site;
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 });
    // The charts take the new width from a ResizeObserver, a frame or two after the resize.
    assert.deepEqual(await settledOverflow(page), [], `${width} px`);
    const narrowest = await page
      .locator('.model-panel')
      .evaluateAll((panels) =>
        Math.min(
          ...panels.flatMap((panel) =>
            [...panel.querySelectorAll('.finding, .chart')].map((part) => part.getBoundingClientRect().width / panel.getBoundingClientRect().width),
          ),
        ),
      );
    assert.ok(narrowest > 0.8, `${width} px: the narrowest finding or chart takes ${Math.round(100 * narrowest)}% of its panel`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('results export as CSV with one line per bucket', async () => {
  const { page } = site;
  // The controls change after the run; the export keeps the run's preset and seed in its name.
  await page.locator('#model-seed').fill('9');
  await page.locator('#model-seed').press('Enter');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'posenc-model-quick-seed3.csv');
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.trim().split('\n');
  assert.equal(lines[0], 'task,scheme,overflow,bucketStart,bucketEnd,count,accuracy,confidence');
  assert.equal(lines.length - 1, 20 * 32, '20 trained models x 32 buckets of 8 positions');
});

test('published results are labelled with their sources and kept off the toy axes', async () => {
  const { page } = site;
  assert.match(await page.locator('.published-results h3').textContent(), /Published results \(from the papers, not computed here\)/);
  assert.match(await page.locator('#published-alibi-table2-512 caption').textContent(), /Press, Smith, Lewis 2022.*Table 2/);
  assert.match(await page.locator('#published-alibi-table2-512 tbody').textContent(), /5,512240\.4443\.1429\.5418\.36/);
  // Digits as the papers print them, trailing zeros kept (PI at 2,048: 7.20, not 7.2).
  const piRows = await page.locator('#published-pi-pg19 tbody tr').first().locator('td').allTextContents();
  assert.deepEqual(piRows, ['7.20', '7.23']);
});

test('no console errors and no requests to other origins in the model view', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
