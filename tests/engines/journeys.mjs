// The journeys a learner, a student and an instructor take, written once against the driver
// (driver.mjs) and run in each engine: Chromium, Firefox ESR and WebKitGTK (Safari's engine). One
// browser and one server serve every journey of an engine; each journey (journeys/*.mjs) asserts what
// is on screen, as text and numbers (the numbers from the same engine in node), and that the page met
// no uncaught error or rejection, no refusal under the strict CSP and no request to another origin
// (probe.js records them). A failed journey saves a screenshot named after it.
import { after, afterEach, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { loadForTests } from '../js/load.mjs';
import { openEngine, waitFor } from './driver.mjs';
import { registerAccess } from './journeys/access.mjs';
import { registerCards } from './journeys/cards.mjs';
import { registerDelivery } from './journeys/delivery.mjs';
import { registerLesson } from './journeys/lesson.mjs';
import { registerModel } from './journeys/model.mjs';
import { registerPages } from './journeys/pages.mjs';
import { registerViews } from './journeys/views.mjs';
import { registerWithoutStorage } from './journeys/without-storage.mjs';
import { registerWithoutWebAssembly } from './journeys/without-webassembly.mjs';

const root = new URL('../../', import.meta.url);
const dist = new URL('dist/', root);
const { decodeShipped } = await import(new URL('views/trained-models.js', dist));
/** The models the page ships, read here as the page reads them. */
const shipped = decodeShipped(
  JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8')),
  new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))),
);

/**
 * What every journey uses; `driver`, `server` and `engine` are set once the browser has started.
 * @typedef {object} Journey
 * @property {import('./driver.mjs').Driver} driver
 * @property {{ url: string, close: () => Promise<void> }} server
 * @property {any} engine  the wasm module in node, for the numbers the page must show
 * @property {any} shipped  the trained models the page ships
 * @property {URL} dist  the built site
 * @property {(query: string, view: string) => Promise<void>} openView
 * @property {(where: string) => Promise<void>} assertClean
 * @property {(name: string) => Promise<void>} shot
 * @property {(selector: string) => Promise<string | null>} text
 * @property {(what: string, fn: Function, arg?: unknown, timeout?: number) => Promise<any>} waitFor
 */

/** Registers the journeys for one engine (a key of driver.mjs's engines). */
export function runJourneys(engineName) {
  const shots = new URL('test-results/engines/', root);
  mkdirSync(shots, { recursive: true });
  /** @type {Journey} */
  const j = {
    driver: /** @type {any} */ (null),
    server: /** @type {any} */ (null),
    engine: null,
    shipped,
    dist,
    /** Opens `query` and waits until the page has started and `view` is shown (and ready, for a view that computes). */
    async openView(query, view) {
      await j.driver.open(`${j.server.url}${query}`);
      await j.waitFor(
        `${view} shown`,
        (name) => {
          const section = document.querySelector(`section[data-view="${name}"]`);
          return (
            document.documentElement.dataset.ready === 'true'
            && section
            && !section.hidden
            && (section.dataset.ready === 'true' || !('ready' in section.dataset) || name === 'quiz')
          );
        },
        view,
      );
    },
    /** What probe.js recorded on the page now open: all three lists must stay empty. */
    async assertClean(where) {
      const record = await j.driver.evaluate(() => window.journeyRecord);
      assert.deepEqual(record, { errors: [], violations: [], foreign: [] }, `${j.driver.engine}, ${where}`);
    },
    shot: (name) => j.driver.screenshot(fileURLToPath(new URL(`${engineName}-${name}.png`, shots))),
    text: (selector) => j.driver.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector),
    waitFor: (what, fn, arg, timeout) => waitFor(j.driver, what, fn, arg, timeout),
  };

  before(async () => {
    j.server = await startServer({ port: 0, firstScript: { file: fileURLToPath(new URL('probe.js', import.meta.url)), at: '/journey-probe.js' } });
    [j.driver, j.engine] = await Promise.all([openEngine(engineName), loadForTests()]);
    console.log(`# ${j.driver.engine} ${j.driver.version}`);
  });
  after(async () => {
    await j.driver?.close();
    await j.server?.close();
  });
  afterEach(async (t) => {
    if (t.passed || !j.driver) return;
    const slug = t.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    await j.shot(`failed-${slug}`).catch((error) => console.log(`no screenshot: ${error.message}`));
    console.log(`failed journey (${j.driver.engine}): ${t.name}\nscreenshot: test-results/engines/${engineName}-failed-${slug}.png`);
  });

  for (const register of [
    registerPages,
    registerLesson,
    registerCards,
    registerViews,
    registerModel,
    registerDelivery,
    registerAccess,
    registerWithoutWebAssembly,
    registerWithoutStorage,
  ])
    register(j);
}
