import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeWithScreenshot, openReadySite } from './browser.mjs';

let site;
before(async () => {
  site = await openReadySite();
});
after(() => closeWithScreenshot(site, 'page'));

test('the page loads on the landing page: three doors, the lesson, the flash cards and the instruments', async () => {
  const { page } = site;
  assert.equal(await page.locator('#status').textContent(), 'Ready.');
  assert.equal(await page.locator('#view-home').isVisible(), true);
  assert.equal(await page.locator('#quiz').isVisible(), false);
  assert.deepEqual(await page.locator('.door h3').allTextContents(), ['Follow the lesson', 'Quiz yourself', 'Explore the instruments']);
  assert.equal(await page.locator('#door-open-lesson').textContent(), 'Start the lesson');
  assert.deepEqual(await page.locator('.door-links a').allTextContents(), ['Encodings', 'Position 5,000', 'Toy model']);
  await page.locator('#door-open-quiz').click();
  await page.waitForSelector('section[data-view="quiz"][data-ready="true"]');
  assert.match(page.url(), /\?view=quiz(&mode=review)?$/);
  assert.equal(await page.locator('#quiz').isVisible(), true);
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

test('the Encodings tab shows the engine-drawn heatmap', async () => {
  await site.page.locator('.view-tabs a[data-view="encodings"]').click();
  await site.page.waitForSelector('#view-encodings[data-ready="true"]', { timeout: 30_000 });
  assert.match(site.page.url(), /view=encodings/);
});

test('the heatmap canvas is drawn with many distinct colours', async () => {
  const colours = await site.page.evaluate(() => {
    const canvas = document.getElementById('enc-heatmap');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 100, `expected a full palette in the heatmap, saw ${colours} colours`);
});

test('moving the slider changes the vector readout to PE(p)', async () => {
  const readout = site.page.locator('#view-encodings .vector-values');
  const heading = site.page.locator('#enc-vector-heading');
  const before = await readout.textContent();
  const slider = site.page.locator('#enc-p');
  assert.equal(await slider.getAttribute('max'), '8191');
  await slider.focus();
  await slider.fill('0');
  assert.match(await heading.textContent(), /p = 0$/);
  const atZero = await readout.textContent();
  assert.notEqual(atZero, before);
  // PE(0) is sin 0 = 0 and cos 0 = 1 in every pair.
  const values = await site.page.locator('#view-encodings .vector-values li span:last-child').allTextContents();
  assert.equal(values.length, 64);
  assert.deepEqual(values.slice(0, 4), ['0.0000', '1.0000', '0.0000', '1.0000']);
  await site.page.keyboard.press('ArrowRight');
  assert.match(await heading.textContent(), /p = 1$/);
  const atOne = await site.page.locator('#view-encodings .vector-values li span:last-child').allTextContents();
  assert.equal(atOne[0], Math.sin(1).toFixed(4));
  await slider.fill('5000');
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
