// Chromium: Debian's chromium-headless-shell driven by playwright-core (never a downloaded browser).
//
// The tests run chromium-headless-shell: the same Chromium release, Blink and V8 as /usr/bin/chromium,
// without the browser's own interface (tabs, omnibox, profile services), which is what Playwright runs
// headless by default. On two cores the browser layer took 268 s with it and 307-325 s with
// /usr/bin/chromium, every test passing in both. POSENC_CHROMIUM=/usr/bin/chromium picks the full browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const chromiumPath = () => process.env.POSENC_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

// Chromium 156 starts its omnibox popup WebUI (chrome://omnibox-popup.top-chrome: a renderer of
// its own loading ~70 modules) with every new browser, alongside the page under test: on two cores it
// took about as much CPU as the page during a cold load. Puppeteer disables it by default
// (puppeteer/puppeteer#15278). Chromium keeps only the last --disable-features, so the list repeats
// the features playwright-core 1.65.1 disables itself.
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

// As root Chromium needs --no-sandbox; the rest keep it off this machine's closed network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${disabledFeatures.join(',')}`,
];

/**
 * Chromium with a fresh profile; `close` ends it and removes the profile.
 * @param {{ viewport?: { width: number, height: number }, bypassCSP?: boolean, phone?: boolean }} [options]
 *   phone: a touch screen, a mobile viewport (the page's meta viewport applies) and a 3x display
 */
export async function launchChromium({ viewport = { width: 1280, height: 900 }, bypassCSP = false, phone = false } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'posenc-chromium-'));
  const device = phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {};
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: chromiumArgs, viewport, bypassCSP, ...device });
    const close = async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    };
    return { context, close };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** The journeys' driver (../driver.mjs) for Chromium. @returns {Promise<import('../driver.mjs').Driver>} */
export async function openChromium() {
  const { context, close } = await launchChromium();
  const downloads = mkdtempSync(path.join(tmpdir(), 'posenc-downloads-'));
  const page = context.pages()[0] ?? (await context.newPage());
  // Playwright keeps a download under a generated name; it is saved under its own name, as a browser would.
  page.on('download', (download) => download.saveAs(path.join(downloads, download.suggestedFilename())).catch(() => {}));
  return {
    engine: 'Chromium',
    version: context.browser()?.version() ?? (await versionOf(page)),
    downloads,
    async open(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async click(selector) {
      await page.locator(selector).first().click();
    },
    async type(selector, text) {
      await page.locator(selector).first().fill(text);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async upload(selector, file) {
      await page.locator(selector).first().setInputFiles(file);
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    async run(source) {
      await page.evaluate(source);
    },
    async evaluateInFrame(frameSelector, fn, arg) {
      const frame = await (await page.locator(frameSelector).first().elementHandle())?.contentFrame();
      if (!frame) throw new Error(`Chromium: no frame ${frameSelector}`);
      return frame.evaluate(fn, arg);
    },
    async screenshot(file) {
      await page.screenshot({ path: file, fullPage: true });
    },
    async close() {
      await close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

const versionOf = (page) => page.evaluate(() => navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown');
