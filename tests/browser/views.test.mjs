// The engine-driven views in Chromium: numbers on the page equal the engine's, deep links
// round-trip through reload and back/forward, embed mode reports its height to a host page on
// another origin, and axe finds no serious violations.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { axeViolations, openSite } from './browser.mjs';
import { loadForTests } from '../js/load.mjs';

let site, engine;
const grouped = (n) => n.toLocaleString('en');

before(async () => {
  [site, engine] = await Promise.all([openSite(), loadForTests()]);
  mkdirSync('test-results', { recursive: true });
});
after(async () => { await site?.close(); });

async function open(query, view) {
  await site.page.goto(`${site.url}${query}`);
  await site.page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 30_000 });
}

const verdict = (scheme) => site.page.locator(`.scheme-${scheme} .scheme-verdict`).textContent();

test('position view: every verdict carries the engine\'s numbers for p = 5,000, L = 2,048', async () => {
  await open('?view=position&p=5000&L=2048&d=512', 'position');
  const sinusoidal = engine.beyondTrained({ scheme: 'sinusoidal', p: 5000, trainedLength: 2048, dModel: 512 });
  const rope = engine.beyondTrained({ scheme: 'rope', p: 5000, trainedLength: 2048, headDim: 64 });
  const t5 = engine.beyondTrained({ scheme: 't5', p: 5000 });
  assert.match(await verdict('learned'), /^No row 5,000: the table ends at row 2,047\./);
  assert.match(await verdict('sinusoidal'), new RegExp(`${sinusoidal.outOfRangeCount} of 256 pairs .* PE\\(${grouped(sinusoidal.nearest.position)}\\), cosine ${sinusoidal.nearest.cosine.toFixed(3)}`));
  assert.match(await verdict('rope'), new RegExp(`${rope.outOfRangeCount} of 32 pairs rotate past`));
  assert.match(await verdict('alibi'), /mildest head adds −19\.5/);
  assert.match(await verdict('t5'), new RegExp(`bucket ${t5.bucket}, shared with every distance from ${t5.firstDistanceInBucket}`));
  await site.page.waitForFunction(() => document.querySelector('.scheme-alibi .spark-note').textContent.includes('largest'));
  await site.page.screenshot({ path: 'test-results/view-position.png', fullPage: true });
});

test('position view: a learned table under p = L - 1 has the row; PI brings RoPE back in range', async () => {
  await open('?view=position&p=5000&L=2048', 'position');
  await site.page.locator('#pos-p').fill('1000');
  await site.page.locator('#pos-p').press('Enter');
  await site.page.locator('#pos-p').blur();
  assert.equal(await verdict('learned'), 'Row 1,000 exists and was trained.');
  assert.match(site.page.url(), /p=1000/);
  await site.page.locator('#pos-p').fill('5000');
  await site.page.locator('#pos-p').blur();
  await site.page.locator('#pos-scaling').selectOption('pi');
  assert.match(await verdict('rope'), /with PI at s = 2\.443: every pair stays within angles seen in training/);
  assert.match(site.page.url(), /scaling=pi/);
});

test('position view: T5 verdicts for an exact, a log-spaced and the last bucket', async () => {
  await open('?view=position&p=5&L=2048', 'position');
  assert.equal(await verdict('t5'), 'Distance 5 has a bucket of its own (5): the model can tell it from its neighbours.');
  await open('?view=position&p=20&L=2048', 'position');
  assert.equal(await verdict('t5'), 'Distance 20 is bucket 10, which starts at distance 16: the model cannot tell 20 from 16.');
  await open('?view=position&p=300&L=2048', 'position');
  assert.match(await verdict('t5'), /bucket 15, shared with every distance from 91 on/);
});

test('position view: reload and back/forward restore the settings', async () => {
  await open('?view=position&p=3000&L=1024&overflow=wrap', 'position');
  assert.equal(await site.page.locator('#pos-p').inputValue(), '3000');
  assert.match(await verdict('learned'), /'wrap' hands over row 952/);  // 3000 mod 1024
  await site.page.locator('#pos-overflow').selectOption('window');
  assert.match(site.page.url(), /overflow=window/);
  await site.page.reload();
  await site.page.waitForSelector('section[data-view="position"][data-ready="true"]');
  assert.equal(await site.page.locator('#pos-overflow').inputValue(), 'window');
  await site.page.goBack();
  await site.page.waitForFunction(() => document.getElementById('pos-overflow').value === 'wrap');
  assert.match(await verdict('learned'), /'wrap' hands over row 952/);
  await site.page.goForward();
  await site.page.waitForFunction(() => document.getElementById('pos-overflow').value === 'window');
});

test('encodings view: settings recompute the table; values match the engine', async () => {
  await open('?view=encodings&scheme=sinusoidal&d=128&n=2048&p=5000', 'encodings');
  const values = await site.page.locator('#view-encodings .vector-values li span:last-child').allTextContents();
  assert.equal(values.length, 128);
  const { data } = engine.sinusoidal({ positions: [5000], dModel: 128 });
  values.forEach((text, dim) => assert.equal(text, data[dim].toFixed(4).replace('-', '−'), `dim ${dim}`));
  await site.page.locator('#enc-d').fill('32');
  await site.page.locator('#enc-d').press('Enter');
  await site.page.locator('#enc-d').blur();
  assert.equal(await site.page.locator('#view-encodings .vector-values li').count(), 32);
  assert.match(site.page.url(), /d=32/);
  const box = await site.page.locator('#enc-heatmap').boundingBox();
  await site.page.mouse.move(box.x + 3, box.y + 2);
  const [, p, value] = /^p = (\d+), dim 0: (−?[\d.]+)$/.exec(await site.page.locator('#view-encodings .readout').textContent());
  assert.equal(value.replace('−', '-'), Math.sin(Number(p)).toFixed(4), 'the hover readout shows PE(p, 0) = sin p');
  await site.page.screenshot({ path: 'test-results/view-encodings.png', fullPage: true });
});

test('encodings view: a learned table has no row past its length', async () => {
  await open('?view=encodings&scheme=learned&n=1024&p=5000', 'encodings');
  assert.match(await site.page.locator('#view-encodings .problem').textContent(), /rows 0\.\.1023 and no row 5000 exists/);
});

test('embed mode: no site chrome, and a host page on another origin resizes the iframe', async () => {
  const frameUrl = `${site.url}?view=position&embed=1`;
  const host = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(`<!doctype html><title>host</title><h1>Course page</h1><iframe id="posenc" src="${frameUrl}" style="width:100%;height:150px;border:0"></iframe><script src="${site.url}embed.js"></script>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await site.page.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = site.page.frameLocator('#posenc');
    await frame.locator('section[data-view="position"][data-ready="true"]').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('.site-header').isVisible(), false);
    await site.page.waitForFunction(() => document.getElementById('posenc').getBoundingClientRect().height > 600, null, { timeout: 10_000 });
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test('the embed button gives a snippet for the current view and settings', async () => {
  await open('?view=position&p=4321', 'position');
  await site.page.locator('#embed-copy').click();
  const snippet = await site.page.locator('#embed-snippet').inputValue();
  assert.match(snippet, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?view=position&amp;p=4321|<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?view=position&p=4321/);
  assert.match(snippet, /embed=1/);
  assert.match(snippet, /<script src="http:\/\/127\.0\.0\.1:\d+\/embed\.js"><\/script>/);
});

test('axe-core finds no serious or critical violations in the engine views', async () => {
  const axeSite = await openSite({ bypassCSP: true });
  try {
    for (const view of ['encodings', 'position']) {
      await axeSite.page.goto(`${axeSite.url}?view=${view}`);
      await axeSite.page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 30_000 });
      assert.deepEqual(await axeViolations(axeSite.page, `#view-${view}`), [], view);
    }
  } finally {
    await axeSite.close();
  }
});

test('no console errors and no requests to other origins in the views', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests.filter((url) => !url.startsWith('http://127.0.0.1:')), []);
});
