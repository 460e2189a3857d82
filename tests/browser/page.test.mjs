import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { openSite } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
  await site.page.goto(site.url);
  await site.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
});
after(async () => {
  mkdirSync('test-results', { recursive: true });
  await site?.page.screenshot({ path: 'test-results/page.png', fullPage: true });
  await site?.close();
});

test('the engine loads and reports ready', async () => {
  assert.equal(await site.page.locator('#status').textContent(), 'Engine ready.');
});

test('the heatmap canvas is drawn with many distinct colours', async () => {
  const colours = await site.page.evaluate(() => {
    const canvas = document.getElementById('heatmap');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 100, `expected a full palette in the heatmap, saw ${colours} colours`);
});

test('moving the slider changes the vector readout to PE(p)', async () => {
  const readout = site.page.locator('#vector-values');
  const before = await readout.textContent();
  const slider = site.page.locator('#position');
  await slider.focus();
  await slider.fill('0');
  assert.equal(await site.page.locator('#vector-position').textContent(), '0');
  const atZero = await readout.textContent();
  assert.notEqual(atZero, before);
  // PE(0) is sin 0 = 0 and cos 0 = 1 in every pair.
  const values = await site.page.locator('#vector-values li span:last-child').allTextContents();
  assert.equal(values.length, 64);
  assert.deepEqual(values.slice(0, 4), ['0.0000', '1.0000', '0.0000', '1.0000']);
  await site.page.keyboard.press('ArrowRight');
  assert.equal(await site.page.locator('#vector-position').textContent(), '1');
  const atOne = await site.page.locator('#vector-values li span:last-child').allTextContents();
  assert.equal(atOne[0], Math.sin(1).toFixed(4));
  await slider.fill('5000');
});

test('the seed card flips to its key points with Space and with a click', async () => {
  const page = site.page;
  assert.match(await page.locator('#card-question').textContent(), /beyond the trained length/);
  assert.equal(await page.locator('#card-back').isVisible(), false);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#card-back').isVisible(), true);
  assert.equal(await page.locator('#card-key-points li').count(), 5);
  assert.equal(await page.locator('#card-flip').getAttribute('aria-expanded'), 'true');
  // A click on the card's question flips it (clicks inside the opened answer are for reading).
  await page.locator('#card-question').click();
  assert.equal(await page.locator('#card-back').isVisible(), false);
  await page.locator('#card-flip').click();
  assert.equal(await page.locator('#card-back').isVisible(), true);
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
