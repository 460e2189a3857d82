// One small driver for the journeys, implemented for each engine the tests run: Chromium
// (playwright-core), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver,
// W3C WebDriver classic). A journey is written once against it and runs in all three.
import { readFileSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import { openChromium } from './drivers/chromium.mjs';
import { openFirefox } from './drivers/firefox.mjs';
import { openWebKit } from './drivers/webkit.mjs';

/**
 * @typedef {object} Driver
 * @property {string} engine  the engine's human name
 * @property {string} version  the browser's version
 * @property {(url: string) => Promise<void>} open  navigates and waits for the load event
 * @property {(selector: string) => Promise<void>} click  clicks the first element matching selector
 * @property {(selector: string, text: string) => Promise<void>} type  replaces a field's text, as typed
 * @property {string} downloads  the folder the browser saves downloads in, under their own names
 * @property {(selector: string, file: string) => Promise<void>} upload  gives a file input the file at that path
 * @property {(key: string) => Promise<void>} press  one key on the focused element (a character, or Enter, Tab, Space, Escape, arrows, Home, End, PageUp, PageDown)
 * @property {(fn: Function, arg?: unknown) => Promise<any>} evaluate  runs fn(arg) in the page; its result as JSON
 * @property {(source: string) => Promise<void>} run  runs a script's source in the page (a test tool such as axe-core; the page's CSP does not apply)
 * @property {(frameSelector: string, fn: Function, arg?: unknown) => Promise<any>} evaluateInFrame  the same, in the document of an iframe of the page
 * @property {(file: string) => Promise<void>} screenshot  a PNG of the page
 * @property {() => Promise<void>} close  ends the browser and everything started for it
 */

/** The engines, by the name the runner and the scripts use. */
export const engines = { chromium: openChromium, firefox: openFirefox, webkit: openWebKit };

/** @param {keyof typeof engines} name @returns {Promise<Driver>} */
export const openEngine = (name) => engines[name]();

/**
 * Polls fn(arg) in the page until it returns something truthy, and returns that. Fails after `timeout` ms
 * with `what` and the last value. The page is asked again as soon as it answers (a WebDriver round trip
 * paces it), never after a fixed sleep.
 * @param {Driver} driver @param {string} what @param {Function} fn @param {unknown} [arg] @param {number} [timeout]
 */
export async function waitFor(driver, what, fn, arg, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    // While a page replaces its document (a navigation the page itself starts), asking it can throw: ask again.
    last = await driver.evaluate(fn, arg).catch((error) => ({ threw: String(error.message ?? error) }));
    if (last && !last.threw) return last;
    if (Date.now() > deadline) throw new Error(`${driver.engine}: ${what}: not within ${timeout / 1000} s (last answer: ${JSON.stringify(last)})`);
    await driver.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))).catch(() => {});
  }
}

/**
 * Picks `value` in a <select> as its list would: sets it and sends the input and change events a
 * learner's pick sends (what Playwright's selectOption and Puppeteer's select do), in every engine alike.
 * @param {Driver} driver @param {string} selector @param {string} value
 */
export async function choose(driver, selector, value) {
  const picked = await driver.evaluate(
    ([s, v]) => {
      const select = /** @type {HTMLSelectElement} */ (document.querySelector(s));
      if (!select || ![...select.options].some((option) => option.value === v)) return false;
      select.focus();
      select.value = v;
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    [selector, value],
  );
  if (!picked) throw new Error(`${driver.engine}: no option "${value}" in ${selector}`);
}

/**
 * Clicks `selector`, which offers a file, and returns the file once the browser has saved all of it in
 * its downloads folder: its name and bytes. The page's probe (probe.js) says the name and size offered;
 * the folder's change events pace the wait.
 * @param {Driver} driver @param {string} selector @param {number} [timeout]
 * @returns {Promise<{ name: string, bytes: Buffer }>}
 */
export async function download(driver, selector, timeout = 30_000) {
  const offeredBefore = await driver.evaluate(() => window.journeyDownloads.length);
  await driver.click(selector);
  const offered = await waitFor(driver, `the file offered by ${selector}`, (n) => window.journeyDownloads[n] ?? null, offeredBefore, timeout);
  const file = path.join(driver.downloads, offered.name);
  const deadline = Date.now() + timeout;
  let changes = 0;
  let wake = () => {};
  const watcher = watch(driver.downloads, () => {
    changes++;
    wake();
  });
  try {
    for (;;) {
      const seen = changes;
      const size = statSync(file, { throwIfNoEntry: false })?.size;
      if (size !== undefined && (offered.size === null ? size > 0 : size === offered.size)) return { name: offered.name, bytes: readFileSync(file) };
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`${driver.engine}: ${offered.name} (${offered.size} bytes) not saved within ${timeout / 1000} s; ${size ?? 'no'} bytes there`);
      if (changes === seen) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve(undefined);
          };
        });
      }
    }
  } finally {
    watcher.close();
  }
}
