// The engine-driven views in Chromium: numbers on the page equal the engine's, deep links
// round-trip through reload and back/forward, embed mode reports its height to a host page on
// another origin, and axe finds no serious violations.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { axeViolations, openSite, urlsWritten, waitForUrl } from './browser.mjs';
import { loadForTests } from '../js/load.mjs';

let site, engine;
const grouped = (n) => n.toLocaleString('en');

before(async () => {
  [site, engine] = await Promise.all([openSite(), loadForTests()]);
  mkdirSync('test-results', { recursive: true });
});
after(async () => {
  await site?.close();
});

async function open(query, view) {
  await site.page.goto(`${site.url}${query}`);
  await site.page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 30_000 });
}

const verdict = (scheme) => site.page.locator(`.scheme-${scheme} .scheme-verdict`).textContent();

test("position view: every verdict carries the engine's numbers for p = 5,000, L = 2,048", async () => {
  await open('?view=position&p=5000&L=2048&d=512', 'position');
  const sinusoidal = engine.beyondTrained({ scheme: 'sinusoidal', p: 5000, trainedLength: 2048, dModel: 512 });
  const rope = engine.beyondTrained({ scheme: 'rope', p: 5000, trainedLength: 2048, headDim: 64 });
  const t5 = engine.beyondTrained({ scheme: 't5', p: 5000 });
  assert.match(await verdict('learned'), /^No row 5,000: the table ends at row 2,047\./);
  assert.match(
    await verdict('sinusoidal'),
    new RegExp(`${sinusoidal.outOfRangeCount} of 256 pairs .* PE\\(${grouped(sinusoidal.nearest.position)}\\), cosine ${sinusoidal.nearest.cosine.toFixed(3)}`),
  );
  assert.match(await verdict('rope'), new RegExp(`${rope.outOfRangeCount} of 32 pairs rotate past`));
  assert.match(await verdict('alibi'), /mildest head adds −19\.5/);
  assert.match(await verdict('t5'), new RegExp(`bucket ${t5.bucket}, shared with every distance from ${t5.firstDistanceInBucket}`));
  await site.page.waitForFunction(() => document.querySelector('.scheme-alibi .spark-note').textContent.includes('largest'));
  await site.page.screenshot({ path: 'test-results/view-position.png', fullPage: true });
});

test('position view at a 1M-context L: every column answers at once, and the nearest sinusoidal row follows between frames', async () => {
  const { page } = site;
  const p = 2_000_000;
  const L = 1_048_576;
  // The search reads as searching first, so the row can be seen to arrive: a wide d makes it take a while.
  await open(`?view=position&p=${p}&L=${L}&d=1024`, 'position');
  const nearestRow = page.locator('.scheme-sinusoidal dl dd').last();
  assert.match(await nearestRow.textContent(), /^Searching: \d+% of 1,048,576 positions$/);
  assert.equal(
    await verdict('learned'),
    `No row 2,000,000: the table ends at row 1,048,575. 'clamp' hands over row 1,048,575 instead; 951,426 positions share that row.`,
  );
  const rope = engine.beyondTrained({ scheme: 'rope', p, trainedLength: L, headDim: 64 });
  assert.match(
    await verdict('rope'),
    new RegExp(`^Distance 2,000,000: ${rope.outOfRangeCount === 0 ? 'every pair stays within' : `${rope.outOfRangeCount} of 32`}`),
  );
  const { nearest } = engine.beyondTrained({ scheme: 'sinusoidal', p, trainedLength: L, dModel: 1024 });
  await page.waitForFunction(() => /^PE\(/.test(document.querySelector('.scheme-sinusoidal dl dd:last-of-type').textContent), null, { timeout: 60_000 });
  assert.equal(await nearestRow.textContent(), `PE(${grouped(nearest.position)}), cos ${nearest.cosine.toFixed(3)}`, "the engine's whole search, in node");
  assert.match(page.url(), /L=1048576/);
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
  assert.match(await verdict('learned'), /'wrap' hands over row 952/); // 3000 mod 1024
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
  // n = 2,048 positions in 1,024 columns: a cell is the mean of two positions.
  const [, first, last, value] = /^p = (\d+)–(\d+), dim 0: mean (−?[\d.]+)$/.exec(await site.page.locator('#view-encodings .readout').textContent());
  assert.equal(Number(last), Number(first) + 1);
  const mean = (Math.sin(Number(first)) + Math.sin(Number(last))) / 2;
  // 5e-5 is the readout's rounding to 4 decimals; the table is float32 (error under 1e-7 here).
  assert.ok(Math.abs(Number(value.replace('−', '-')) - mean) <= 5e-5 + 1e-7, `the hover readout shows the mean of PE(p, 0) = sin p: ${value} vs ${mean}`);
  await site.page.screenshot({ path: 'test-results/view-encodings.png', fullPage: true });
});

test("encodings view: each scheme says what to notice, from the engine's numbers for the settings shown", async () => {
  const { encodingsNotice, noticeBasis } = await import(new URL('../../dist/views/encodings-notices.js', import.meta.url));
  const { page } = site;
  const expected = (state) => `What to notice: ${encodingsNotice(state, noticeBasis(engine, state))}`;
  for (const state of [
    { scheme: 'sinusoidal', d: 64, base: 10000, n: 1024, p: 500 },
    { scheme: 'concat', d: 128, base: 500, n: 4096, p: 40 },
    { scheme: 'rope', d: 32, base: 10000, n: 2048, p: 7000 },
    { scheme: 'learned', d: 64, base: 10000, n: 512, p: 600 },
    { scheme: 'nope', d: 16, base: 10000, n: 256, p: 0 },
  ]) {
    await open(`?view=encodings&scheme=${state.scheme}&d=${state.d}&base=${state.base}&n=${state.n}&p=${state.p}`, 'encodings');
    assert.equal(await page.locator('#enc-notice').textContent(), expected(state), state.scheme);
  }
  // Moving p rewrites the notice (the table stays): pairs not yet round at p.
  await open('?view=encodings&scheme=sinusoidal&d=64&n=1024&p=500', 'encodings');
  await page.locator('#enc-p').fill('5');
  assert.equal(await page.locator('#enc-notice').textContent(), expected({ scheme: 'sinusoidal', d: 64, base: 10000, n: 1024, p: 5 }));
  await page.locator('#enc-d').fill('256');
  await page.locator('#enc-d').press('Enter');
  assert.equal(await page.locator('#enc-notice').textContent(), expected({ scheme: 'sinusoidal', d: 256, base: 10000, n: 1024, p: 5 }));
});

test('encodings view: a learned table has no row past its length', async () => {
  await open('?view=encodings&scheme=learned&n=1024&p=5000', 'encodings');
  assert.match(await site.page.locator('#view-encodings .problem').textContent(), /rows 0\.\.1023 and no row 5000 exists/);
});

/**
 * Enters a `good` value in `field` after a refused `bad` one (which changed nothing): the URL's `parameter` then
 * shows the good value, and no URL the page wrote in between held the bad one.
 */
async function goodValueReachesUrl(page, field, parameter, { good, bad }) {
  const written = urlsWritten(page);
  await page.locator(field).fill(good);
  await page.locator(field).press('Enter');
  const holding = (value) => new RegExp(`[?&]${parameter}=${value}(&|$)`);
  await waitForUrl(page, holding(good));
  assert.ok(
    written.some((url) => holding(good).test(url)),
    'the record sees the URLs written',
  );
  assert.deepEqual(
    written.filter((url) => holding(bad).test(url)),
    [],
    `no URL with ${parameter} = ${bad}`,
  );
}

test('position view: a bad L or p gets one message beside its field and never reaches the engine or the URL', async () => {
  await open('?view=position&p=5000&L=2048', 'position');
  const { page } = site;
  const verdicts = await page.locator('.scheme-verdict').allTextContents();
  await page.locator('#pos-l').fill('0');
  await page.locator('#pos-l').press('Enter');
  assert.equal(await page.locator('#pos-l-problem').textContent(), 'L must be a whole number from 1 to 16,777,216; got 0.');
  assert.equal(await page.locator('#pos-l').getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#pos-l').getAttribute('aria-describedby'), /pos-l-problem/);
  assert.deepEqual(await page.locator('.scheme-verdict').allTextContents(), verdicts, 'the verdicts stay those of the last good L');
  assert.equal(
    await page
      .locator('#view-position')
      .getByText(/trainedLength|must be an integer/)
      .count(),
    0,
    'no engine error on the page',
  );
  // The bad L changed nothing (the verdicts above), so nothing is written to the URL; a good L then is.
  assert.match(page.url(), /L=2048/);
  await goodValueReachesUrl(page, '#pos-l', 'L', { good: '1024', bad: '0' });
  await page.locator('#pos-p').fill('12.5');
  await page.locator('#pos-p').press('Enter');
  assert.equal(await page.locator('#pos-p-problem').textContent(), 'p must be a whole number from 0 to 16,777,216; got 12.5.');
  await page.locator('#pos-l').fill('1024');
  await page.locator('#pos-l').press('Enter');
  assert.equal(await page.locator('#pos-l-problem').textContent(), '');
  assert.equal(await page.locator('#pos-l').getAttribute('aria-invalid'), null);
});

test('position view: one p range for box and slider (logarithmic), and the tab names the p shown', async () => {
  await open('?view=position&p=3000&L=2048', 'position');
  const { page } = site;
  assert.equal(await page.locator('.view-tabs a[data-view="position"]').textContent(), 'Position 3,000');
  const slider = page.locator('#pos-p-range');
  assert.equal(await slider.getAttribute('aria-valuetext'), 'p = 3,000');
  await slider.focus();
  await page.keyboard.press('End');
  assert.equal(await page.locator('#pos-p').inputValue(), '16777216', "the slider reaches the box's maximum, the analysis bound");
  assert.match(await verdict('learned'), /^No row 16,777,216/);
  assert.equal(await page.locator('.view-tabs a[data-view="position"]').textContent(), 'Position 16,777,216');
  await page.keyboard.press('Home');
  assert.equal(await page.locator('#pos-p').inputValue(), '0');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#pos-p').inputValue(), '0', 'small steps near 0: the scale is logarithmic');
});

test('position view: pair strips have axes and draw fewer, wider marks than there are pairs; YaRN is spelled YaRN', async () => {
  await open('?view=position&p=5000&L=2048&d=512&scaling=yarn', 'position');
  const { page } = site;
  const figure = page.locator('.scheme-sinusoidal .pair-figure');
  assert.deepEqual(await figure.locator('.pair-axis-y span').allTextContents(), ['2π', 'π', '0']);
  assert.match(await figure.locator('.pair-axis-x').textContent(), /pair 0 · fast.*pair 255 · slow/);
  assert.match(await figure.locator('figcaption').textContent(), /Every 4th pair of 256 is drawn, and the last\./);
  assert.match(await page.locator('.scheme-rope .pair-axis-x').textContent(), /pair 31 · slow/);
  assert.doesNotMatch(await page.locator('.scheme-rope .pair-figure figcaption').textContent(), /Every/, '32 pairs fit one mark each');
  assert.match(await verdict('rope'), /with YaRN at s = 2\.443/);
});

test("position view: every scaling it offers gives the RoPE column the engine's count, with the kind's label", async () => {
  await open('?view=position&p=5000&L=2048', 'position');
  const offered = await site.page.locator('#pos-scaling option').evaluateAll((options) => options.map((o) => o.value));
  assert.ok(offered.includes('llama3'));
  for (const kind of offered.filter((name) => name !== 'none')) {
    await open(`?view=position&p=5000&L=2048&scaling=${kind}`, 'position');
    const result = engine.beyondTrained({
      scheme: 'rope',
      p: 5000,
      trainedLength: 2048,
      headDim: 64,
      scaling: { kind, factor: 5000 / 2047, trainedLength: 2048 },
    });
    const label = engine.names.scalingKind.find(({ name }) => name === kind).label;
    const text = await verdict('rope');
    assert.ok(text.includes(`with ${label} at s = 2.443`), `${kind}: ${text}`);
    assert.ok(text.includes(String(result.outOfRangeCount)), `${kind}: ${text} should carry ${result.outOfRangeCount}`);
  }
});

test('position view: NTK-aware with as many pairs out of range as no scaling says why', async () => {
  await open('?view=position&p=5000&L=2048&scaling=ntk', 'position');
  const none = engine.beyondTrained({ scheme: 'rope', p: 5000, trainedLength: 2048, headDim: 64 });
  const ntk = engine.beyondTrained({
    scheme: 'rope',
    p: 5000,
    trainedLength: 2048,
    headDim: 64,
    scaling: { kind: 'ntk', factor: 5000 / 2047, trainedLength: 2048 },
  });
  assert.equal(ntk.outOfRangeCount, none.outOfRangeCount, 'the case the issue saw: the same count');
  const slowdowns = [...ntk.pairs.outOfRange].flatMap((outside, i) => (outside ? [(2 * Math.PI) / ntk.pairs.wavelength[i] / ntk.frequencies[i]] : []));
  const reason = await site.page.locator('.scheme-rope .scheme-reason').textContent();
  assert.ok(
    reason.includes(`slowed ${Math.min(...slowdowns).toFixed(2)}–${Math.max(...slowdowns).toFixed(2)}×, less than the 2.44× that p = 5,000 needs`),
    reason,
  );
  assert.match(reason, new RegExp(`as many as without scaling \\(${none.outOfRangeCount}\\)`));
});

test('encodings view: a bad dModel, base or dimension list is refused beside its field, never applied or put in the URL', async () => {
  await open('?view=encodings&d=64', 'encodings');
  const { page } = site;
  await page.locator('#enc-d').fill('63');
  await page.locator('#enc-d').press('Enter');
  assert.equal(await page.locator('#enc-d-problem').textContent(), 'dModel must be an even whole number from 8 to 1,024; got 63.');
  assert.equal(await page.locator('#view-encodings .vector-values li').count(), 64, 'the table keeps dModel 64');
  // The bad dModel changed nothing (the table above), so nothing is written to the URL; a good one then is.
  assert.match(page.url(), /d=64/);
  await goodValueReachesUrl(page, '#enc-d', 'd', { good: '128', bad: '63' });
  await page.locator('#enc-d').fill('64');
  await page.locator('#enc-d').press('Enter');
  const waves = await page.locator('#enc-waves .u-legend').textContent();
  await page.locator('#enc-dims').fill('a, b');
  await page.locator('#enc-dims').press('Enter');
  assert.match(
    await page.locator('#enc-dims-problem').textContent(),
    /^Dimensions must be up to 16 whole numbers from 0 to 1023, separated by commas; "a" is not one\.$/,
  );
  assert.equal(await page.locator('#enc-waves .u-legend').textContent(), waves, 'the chart keeps its waves');
  await page.locator('#enc-base').fill('1');
  await page.locator('#enc-base').press('Enter');
  assert.match(await page.locator('#enc-base-problem').textContent(), /^The base must be a number from 2 to/);
  // An odd d in a link is not taken either.
  await open('?view=encodings&d=63', 'encodings');
  assert.equal(await page.locator('#enc-d').inputValue(), '64');
});

test('encodings view: the default waves read well (one fast, some middle, one slow); none is a solid band', async () => {
  await open('?view=encodings', 'encodings');
  const dims = (await site.page.locator('#enc-dims').inputValue()).split(',').map(Number);
  const wavelength = (dim) => 2 * Math.PI * 10000 ** ((2 * Math.floor(dim / 2)) / 64);
  const lengths = dims.map(wavelength);
  // A wave shorter than 16 positions is a solid band at 1,024 positions across the chart.
  assert.ok(Math.min(...lengths) >= 16, `fastest wavelength ${Math.min(...lengths)}`);
  assert.ok(Math.min(...lengths) < 1024 / 20 && Math.max(...lengths) > 1024, `from fast to slower than the range: ${lengths.map(Math.round)}`);
});

test('encodings view: 8,192 positions are averaged into the 1,024 columns (no moiré), and the caption says so', async () => {
  await open('?view=encodings&n=8192&d=64', 'encodings');
  const { page } = site;
  assert.match(await page.locator('.heatmap-columns').textContent(), /8,192 positions in 1,024 columns: each column is the mean of 8 positions/);
  // Dimension 0 (sin p, period 6.3) averages to |mean| < 0.27 over 8 positions: pale colours only.
  // Picking one position per column drew it at full strength in arcs.
  const darkest = await page.evaluate(() => {
    const canvas = document.getElementById('enc-heatmap');
    const { data } = canvas.getContext('2d').getImageData(0, 1, canvas.width, 1);
    let low = 255;
    for (let i = 0; i < data.length; i += 4) low = Math.min(low, data[i], data[i + 1], data[i + 2]);
    return low;
  });
  assert.ok(darkest >= 150, `darkest channel in dimension 0's row: ${darkest}`);
});

test('encodings view: similarity versus offset shows what the chosen scheme gives', async () => {
  const { page } = site;
  const labels = () => page.locator('#enc-similarity .u-legend .u-series th').allTextContents();
  await open('?view=encodings&scheme=rope', 'encodings');
  assert.deepEqual((await labels()).slice(1), ['RoPE score']);
  assert.match(await page.locator('#enc-similarity-note').textContent(), /RoPE score/);
  await open('?view=encodings&scheme=learned&p=100', 'encodings');
  assert.deepEqual((await labels()).slice(1), ['W[p]·W[p+δ]']);
  assert.match(await page.locator('#enc-similarity-note').textContent(), /no relative structure/);
  await open('?view=encodings&scheme=nope', 'encodings');
  assert.equal(await page.locator('#enc-similarity').isVisible(), false);
  assert.match(await page.locator('#enc-similarity-note').textContent(), /no positional similarity to draw/);
  await open('?view=encodings&scheme=sinusoidal', 'encodings');
  assert.deepEqual((await labels()).slice(1), ['PE(p)·PE(p+δ)', 'Σ cos(δ w_i)']);
});

test('encodings view: the readout follows a scheme change instead of going stale', async () => {
  await open('?view=encodings&scheme=sinusoidal&n=1024', 'encodings');
  const { page } = site;
  const box = await page.locator('#enc-heatmap').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 2);
  const [, p] = /^p = ([\d,]+), dim 0: /.exec(await page.locator('#enc-readout').textContent());
  await page.locator('#enc-scheme').selectOption('nope');
  assert.equal(await page.locator('#enc-readout').textContent(), `p = ${p}, dim 0: 0.0000`);
});

test('embed mode: no site chrome, and a host page on another origin resizes the iframe', async () => {
  const frameUrl = `${site.url}?view=position&embed=1`;
  const host = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      `<!doctype html><title>host</title><h1>Course page</h1><iframe id="posenc" src="${frameUrl}" style="width:100%;height:150px;border:0"></iframe><script src="${site.url}embed.js"></script>`,
    );
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await site.page.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = site.page.frameLocator('#posenc');
    await frame.locator('section[data-view="position"][data-ready="true"]').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('.site-header').isVisible(), false);
    await site.page.waitForFunction(() => document.getElementById('posenc').getBoundingClientRect().height > 600, null, { timeout: 10_000 });
  } finally {
    host.closeAllConnections(); // Chromium keeps its connection alive: close() alone waits about a minute for it
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
  assert.deepEqual(
    site.foreignRequests.filter((url) => !url.startsWith('http://127.0.0.1:')),
    [],
  );
});
