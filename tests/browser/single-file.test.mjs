// The single-file build (dist-single/posenc.html, npm run build:single) opened from file:// with
// the network cut off: a card, an engine view and a short training run in the worker, no request
// of any kind beyond the file itself, no policy violation, within its gzip budget; and the same
// file in a sandboxed frame (sandbox="allow-scripts", an opaque origin), where the multi-file site
// cannot start and says why.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openSite } from './browser.mjs';
import { startHost } from './host.mjs';
import { SINGLE_FILE_BUDGET } from '../../scripts/build-single.mjs';

const file = path.resolve('dist-single/posenc.html');
const html = readFileSync(file, 'utf8');
const fileUrl = pathToFileURL(file).href;

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

/** A fresh page whose every request, console error and policy violation is recorded, with the network blocked. */
async function offlinePage() {
  const context = site.page.context();
  const page = await context.newPage();
  const seen = { requests: [], errors: [], violations: [] };
  page.on('request', (request) => seen.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(String(error)));
  page.on('worker', (worker) =>
    worker.on('console', (message) => {
      if (message.type() === 'error') seen.errors.push(`worker: ${message.text()}`);
    }),
  );
  await page.route(/^(https?|wss?):/, (route) => route.abort());
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await context.setOffline(true);
  return {
    page,
    seen,
    close: async () => {
      await context.setOffline(false);
      await page.close();
    },
  };
}

test('it is one file within its budget: a hash-based script policy, no unsafe-inline or unsafe-eval, no reference to another file', () => {
  const gzip = gzipSync(html, { level: 9 }).length;
  assert.ok(gzip <= SINGLE_FILE_BUDGET, `${gzip} bytes gzip`);
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1];
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
  assert.deepEqual(directives['default-src'], ["'none'"]);
  assert.deepEqual(directives['connect-src'], ["'none'"]);
  assert.deepEqual(directives['worker-src'], ['blob:']);
  assert.ok(directives['script-src'].includes("'wasm-unsafe-eval'"));
  assert.ok(directives['script-src'].filter((source) => source !== "'wasm-unsafe-eval'").every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)));
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|'self'|\*/);
  const tags = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, '$1</script>'); // what the blocks hold is not markup
  const executable = [...tags.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes).filter((attributes) => !/data-file=/.test(attributes));
  assert.deepEqual(executable, [' type="module"'], 'one script runs; the rest are data blocks');
  assert.doesNotMatch(
    html.replace(/<script[\s\S]*?<\/script>/g, ''),
    /\b(src|href)="(?!data:|\?)[^"#]/,
    'no src or href to another file (links to the same file with another query are fine)',
  );
});

test('from file://, offline: a card, the Encodings view and a short training run, with no request and no violation', async () => {
  const { page, seen, close } = await offlinePage();
  try {
    await page.goto(fileUrl);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    // The landing page, then a card through its door (a link to the same file with another query).
    await page.locator('#door-open-quiz').click();
    await page.waitForSelector('section[data-view="quiz"][data-ready="true"]', { timeout: 30_000 });
    await page.locator('body').press('Space');
    assert.equal(await page.locator('#card-back').isVisible(), true, 'the first card flips');
    // An engine view: the heatmap is drawn from the inlined wasm.
    await page.locator('.view-tabs a[data-view="encodings"]').click();
    await page.waitForSelector('#view-encodings[data-ready="true"]', { timeout: 30_000 });
    const colours = await page.evaluate(() => {
      const canvas = document.getElementById('enc-heatmap');
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const seenColours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seenColours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seenColours.size;
    });
    assert.ok(colours > 20, `the heatmap has ${colours} colours`);
    // The toy model: the worker (a blob) trains and reports, the published tables come from the file.
    await page.locator('.view-tabs a[data-view="model"]').click();
    await page.waitForSelector('#model-train:not([disabled])', { timeout: 30_000 });
    await page.waitForSelector('.published-results table', { timeout: 10_000 });
    // The short preset: the view opens on the L = 2,048 models, whose training takes half a minute per model.
    await page.selectOption('#model-preset', 'quick');
    await page.click('#model-train');
    await page.waitForFunction(() => document.querySelector('.model-task'), null, { timeout: 120_000 });
    assert.match(await page.locator('#model-progress-text').textContent(), /^(Training|Done)/);
    await page.click('#model-cancel').catch(() => {});
    assert.deepEqual(
      seen.requests.filter((url) => url !== fileUrl && !/^(blob|data):/.test(url) && !url.startsWith(`${fileUrl}?`)),
      [],
      'no request beyond the file',
    );
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(seen.errors, []);
  } finally {
    await close();
  }
});

test('in a sandboxed frame (opaque origin) the single file starts and trains; the multi-file site says why it cannot', async () => {
  const host = await startHost({
    '/posenc.html': { body: html },
    '/single': {
      body: '<!doctype html><html lang="en"><title>LMS</title><iframe id="posenc" sandbox="allow-scripts" src="/posenc.html?view=model&preset=quick&embed=1" title="posenc" style="width:100%;height:1400px"></iframe>',
    },
    '/site': {
      body: `<!doctype html><html lang="en"><title>LMS</title><iframe id="posenc" sandbox="allow-scripts" src="${site.url}?view=quiz&embed=1" title="posenc" style="width:100%;height:900px"></iframe>`,
    },
  });
  try {
    const page = await site.page.context().newPage();
    await page.goto(host.url('/single'));
    const frame = page.frameLocator('#posenc');
    await frame.locator('html[data-ready="true"]').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('html').evaluate(() => self.origin), 'null', 'an opaque origin');
    await frame.locator('#model-train:not([disabled])').waitFor({ timeout: 30_000 });
    await frame.locator('#model-train').click();
    await frame.locator('.model-task').first().waitFor({ timeout: 120_000 });
    await frame
      .locator('#model-cancel')
      .click()
      .catch(() => {});

    await page.goto(host.url('/site'));
    const blocked = page.frameLocator('#posenc');
    await blocked.locator('#start-problem').waitFor({ timeout: 10_000 });
    assert.match(await blocked.locator('#start-problem').textContent(), /sandbox.*posenc\.html/s);
    await page.close();
  } finally {
    await host.close();
  }
});
