// Firefox: Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core. Firefox speaks BiDi
// itself, so no geckodriver is needed (Debian packages none, and npm's downloads a binary).
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

/** The journeys' driver (../driver.mjs) for Firefox ESR. @returns {Promise<import('../driver.mjs').Driver>} */
export async function openFirefox() {
  const downloads = mkdtempSync(path.join(tmpdir(), 'posenc-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    // Keep it off the network: no updates, telemetry or remote settings on this closed machine.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      // Downloads are saved, without asking, in a folder of this run's own.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    // defaultViewport reaches only pages opened after the launch; the first one keeps Firefox's 1366 x 682.
    await page.setViewport({ width: 1280, height: 900 });
    const version = (await browser.version()).replace(/^firefox\//i, '');
    return {
      engine: 'Firefox',
      version,
      downloads,
      async open(url) {
        await page.goto(url, { waitUntil: 'load' });
      },
      async click(selector) {
        await page.click(selector);
      },
      async type(selector, text) {
        await page.$eval(selector, (element) => {
          element.value = '';
        });
        await page.type(selector, text);
      },
      async press(key) {
        await page.keyboard.press(key);
      },
      async upload(selector, file) {
        const input = /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement> | null} */ (await page.$(selector));
        if (!input) throw new Error(`Firefox: no ${selector} to upload to`);
        await input.uploadFile(file);
      },
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      async run(source) {
        await page.evaluate(source);
      },
      async evaluateInFrame(frameSelector, fn, arg) {
        const frame = await (await page.$(frameSelector))?.contentFrame();
        if (!frame) throw new Error(`Firefox: no frame ${frameSelector}`);
        return frame.evaluate(fn, arg);
      },
      async screenshot(file) {
        await writeFile(file, await page.screenshot({ fullPage: true }));
      },
      async close() {
        await browser.close();
        rmSync(downloads, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser.close();
    rmSync(downloads, { recursive: true, force: true });
    throw error;
  }
}
