// Debian's Chromium driven by playwright-core (never a downloaded browser; ../engines/drivers/chromium.mjs
// says which), against dist/ served on loopback. Records console errors and every request to another
// origin. The benchmark measures the full browser a learner runs: POSENC_CHROMIUM=/usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../engines/drivers/chromium.mjs';

/** The sites open now, for a screenshot of each when a test fails. */
const openSites = new Set();

// A failed test names its journey (the test) and the step (the failed assertion or wait), and leaves a
// screenshot of every page still open at test-results/failed-<file>-<test>.png.
afterEach(async (t) => {
  if (t.passed) return;
  const file = path.basename(process.argv[1] ?? 'browser', '.test.mjs');
  const slug = `${file}-${t.name}`.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 100);
  const step = String(t.error?.cause?.message ?? t.error?.message ?? t.error).split('\n')[0];
  mkdirSync('test-results', { recursive: true });
  let index = 0;
  for (const site of openSites) {
    const shot = `test-results/failed-${slug}${index++ === 0 ? '' : `-${index}`}.png`;
    const saved = await site.page.screenshot({ path: shot, fullPage: true, timeout: 10_000 }).then(
      () => shot,
      (error) => `none (${error.message.split('\n')[0]})`,
    );
    console.log(`failed journey: ${t.name}\nfailed step: ${step}\nscreenshot: ${saved}`);
  }
});

/**
 * @param {{ bypassCSP?: boolean, phone?: { width: number, height: number } }} [options]
 *   bypassCSP only for tools injected by tests (axe-core); phone: a touch-screen phone of that viewport
 */
export async function openSite({ bypassCSP = false, phone = undefined } = {}) {
  const server = await startServer({ port: 0 });
  const { context, close } = await launchChromium({ bypassCSP, ...(phone ? { phone: true, viewport: phone } : {}) });
  const origin = new URL(server.url).origin;
  const consoleErrors = [];
  const foreignRequests = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreignRequests.push(request.url());
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  // Name the resource behind a failed load: the console message alone does not.
  page.on('response', (response) => {
    if (response.status() >= 400) consoleErrors.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  const site = {
    page,
    url: server.url,
    consoleErrors,
    foreignRequests,
    async close() {
      openSites.delete(site);
      await close();
      await server.close();
    },
  };
  openSites.add(site);
  return site;
}

/**
 * Waits until the element at `selector` has text matching `pattern`. A locator waits from Playwright's isolated
 * world; a waitForFunction that has to poll evaluates in the page, where the strict CSP can refuse it and log an
 * EvalError that the console checks then report.
 */
export const waitForText = (page, selector, pattern, timeout = 30_000) => page.locator(selector, { hasText: pattern }).waitFor({ timeout });

/**
 * Waits until the page's URL matches `pattern`, also when the page only replaced it (history.replaceState, which
 * Playwright's waitForURL does not wait for, is a framenavigated event all the same).
 */
export async function waitForUrl(page, pattern, timeout = 10_000) {
  if (pattern.test(page.url())) return;
  await page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() && pattern.test(frame.url()), timeout });
}

/** Every URL the page's main frame shows from now on, replaced ones included (a list that grows). */
export function urlsWritten(page) {
  const urls = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/**
 * Serious and critical axe-core violations inside `selector`, or in the whole page (page-level
 * rules included) when it is null; `rules` adds rules of any impact. The page needs a bypassCSP context.
 * @param {import('playwright-core').Page} page @param {string | null} selector @param {{ rules?: string[] }} [options]
 */
export async function axeViolations(page, selector, { rules = [] } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    const { readFileSync } = await import('node:fs');
    await page.addScriptTag({ content: readFileSync('node_modules/axe-core/axe.min.js', 'utf8') });
  }
  return page.evaluate(
    async ([scope, always]) =>
      (await window.axe.run(scope ?? document, { resultTypes: ['violations'] })).violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact) || always.includes(violation.id))
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    [selector, rules],
  );
}

/**
 * axeViolations of the page as it stands, light then dark, each prefixed with `what` and the scheme; the page is
 * left light. The palette follows prefers-color-scheme in CSS, so switching it needs no reload.
 * @param {import('playwright-core').Page} page @param {string | null} selector @param {string} what @param {{ rules?: string[] }} [options]
 */
export async function axeViolationsLightAndDark(page, selector, what, options) {
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await axeViolations(page, selector, options)).map((violation) => `${what}, ${colorScheme}: ${violation}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Goes to `query` on the site and waits until `view` is ready. */
export async function openView(site, query, view) {
  await site.page.goto(`${site.url}${query}`);
  await site.page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 30_000 });
}

/** openSite, then the page loaded and ready (`html[data-ready]`). */
export async function openReadySite(query = '') {
  const site = await openSite();
  await site.page.goto(`${site.url}${query}`);
  await site.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  return site;
}

/** Saves a full-page screenshot as test-results/<name>.png, then closes the site. */
export async function closeWithScreenshot(site, name) {
  const { mkdirSync } = await import('node:fs');
  mkdirSync('test-results', { recursive: true });
  await site?.page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await site?.close();
}
