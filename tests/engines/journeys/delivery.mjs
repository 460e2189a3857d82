// How posenc reaches people, in each engine: progress and decks exported as files that arrive whole and
// read back (the JSON imported again, the .apkg opened by an Anki package reader and held to Anki's
// rules, tests/js/anki-rules.mjs, so each engine's SHA-1 and zip are checked too); a course page on
// another origin embedding a view (the host never scrolls, the frame's height follows its content
// both ways); and the single-file build opened from file://.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { readAnkiPackage } from 'anki-reader';
import { ankiRuleBreaks } from '../../js/anki-rules.mjs';
import { startHost } from '../../browser/host.mjs';
import { contentBottom } from '../../browser/layout.js';
import { choose, download } from '../driver.mjs';

const KEY = 'posenc.quiz.progress';
const root = new URL('../../../', import.meta.url);
const readJson = (file) => JSON.parse(readFileSync(new URL(file, root), 'utf8'));
const decks = readJson('web/decks/index.json').decks.map((id) => readJson(`web/decks/${id}.json`));
const SQL = await createRequire(import.meta.url)('sql.js')();
const singleFile = pathToFileURL(path.resolve(new URL('dist-single/posenc.html', root).pathname)).href;

/** @param {import('../journeys.mjs').Journey} j */
export function registerDelivery(j) {
  const stored = () => j.driver.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);

  test('exports arrive as files and read back: progress as JSON imported again, the decks as an .apkg', async () => {
    const { driver } = j;
    await j.openView('?view=quiz', 'quiz');
    await driver.evaluate(() => localStorage.clear());
    await j.openView('?view=quiz', 'quiz');
    await driver.press('Space');
    await j.waitFor('the answer side', () => document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    await j.waitFor('the grade saved', (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.log.length === 1, KEY);
    const saved = await stored();
    await driver.click('button[data-mode="manage"]');

    const progress = await download(driver, '#export-progress');
    assert.match(progress.name, /^posenc-progress-\d{4}-\d{2}-\d{2}\.json$/);
    const { exportedBy, ...exported } = JSON.parse(progress.bytes.toString('utf8'));
    assert.equal(exportedBy, 'posenc quiz');
    assert.deepEqual(exported, saved, `${driver.engine}: the file holds the stored progress`);
    const folder = mkdtempSync(path.join(tmpdir(), 'posenc-import-'));
    try {
      const file = path.join(folder, progress.name);
      writeFileSync(file, progress.bytes);
      await driver.evaluate(() => localStorage.clear());
      await driver.upload('#progress-file', file);
      await j.waitFor('the import asks first', () => document.getElementById('confirm-dialog')?.open);
      await driver.click('#confirm-dialog button[value="confirm"]');
      await j.waitFor('the import stored', (key) => localStorage.getItem(key) !== null, KEY);
      assert.deepEqual(await stored(), saved, `${driver.engine}: the import brings back exactly what was exported`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    const apkg = await download(driver, '#export-apkg', 60_000);
    assert.match(apkg.name, /^posenc-decks-\d{4}-\d{2}-\d{2}\.apkg$/);
    assert.deepEqual(ankiRuleBreaks(apkg.bytes, SQL), [], `${driver.engine}: the package keeps Anki's rules`);
    const { collection } = await readAnkiPackage(new Blob([apkg.bytes]));
    const ankiDecks = Object.values(collection.getDecks()).filter((deck) => deck.getRawDeck().name.startsWith('posenc::'));
    assert.equal(ankiDecks.length, decks.length, `${driver.engine}: every deck`);
    const notes = ankiDecks.reduce((sum, deck) => sum + Object.keys(deck.getCards()).length, 0);
    assert.equal(
      notes,
      decks.reduce((sum, deck) => sum + deck.cards.length, 0),
      `${driver.engine}: every card`,
    );
    await j.waitFor(
      'the export said',
      (count) => new RegExp(`^Exported \\d+ notes in ${count} decks as an Anki package`).test(document.getElementById('progress-status').textContent),
      decks.length,
    );
    await j.assertClean('exports');
  });

  test("embedded in a course page on another origin: the host never scrolls, the frame's height follows its content down and up", async () => {
    const { driver } = j;
    const host = await startHost({
      '/course': {
        body: `<!doctype html><html lang="en"><title>A course page</title>
          <h1>Week 3: positions</h1><div style="height:1440px">A long reading comes first.</div>
          <iframe id="posenc" src="${j.server.url}?view=quiz&embed=1" title="posenc" style="width:100%;height:900px;border:0"></iframe>
          <p>More of the course page.</p>
          <script src="${j.server.url}embed.js"></script>`,
      },
    });
    const inFrame = (fn, arg) => driver.evaluateInFrame('#posenc', fn, arg);
    const hostScroll = () => driver.evaluate(() => window.scrollY);
    /** Waits until the iframe fits its content (no cut, no blank band over 40 px) at one height twice running; returns it. */
    async function fitted(what) {
      const deadline = Date.now() + 30_000;
      let last = null;
      for (;;) {
        const height = await driver.evaluate(() => document.getElementById('posenc').getBoundingClientRect().height);
        const bottom = await inFrame(contentBottom);
        if (height >= bottom && height - bottom < 40 && height === last) return height;
        if (Date.now() > deadline) throw new Error(`${driver.engine}: ${what}: the iframe is ${height} px for content ending at ${bottom} px`);
        last = height;
        await driver.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
      }
    }
    try {
      await driver.open(host.url('/course'));
      for (let ready = false; !ready; ) ready = await inFrame(() => document.documentElement.dataset.ready === 'true').catch(() => false);
      const closed = await fitted('loaded');
      assert.equal(await hostScroll(), 0, 'loading the frame left the host at its top');
      // A mode that moves focus inside the frame does not scroll the host either.
      await inFrame(() => {
        /** @type {HTMLElement} */ (document.querySelector('button[data-mode="mock"]')).click();
        /** @type {HTMLElement} */ (document.getElementById('mock-start')).click();
      });
      assert.equal(await hostScroll(), 0, 'focus moved in the frame, the host stayed');
      await inFrame(() => /** @type {HTMLElement} */ (document.querySelector('button[data-mode="review"]')).click());

      await driver.evaluate(() => document.getElementById('posenc').scrollIntoView());
      await inFrame(() => {
        /** @type {HTMLElement} */ (document.getElementById('card-flip')).click();
        for (const details of document.querySelectorAll('#card-back details')) /** @type {HTMLDetailsElement} */ (details).open = true;
      });
      const opened = await fitted('every answer tier open');
      assert.ok(opened > closed + 300, `${driver.engine}: the frame grows with the answer (${closed} -> ${opened} px)`);
      await inFrame(() => {
        for (const details of document.querySelectorAll('#card-back details')) /** @type {HTMLDetailsElement} */ (details).open = false;
        /** @type {HTMLElement} */ (document.getElementById('card-flip')).click();
      });
      const shrunk = await fitted('the answer hidden again');
      assert.ok(shrunk < opened - 300, `${driver.engine}: the frame shrinks back (${opened} -> ${shrunk} px)`);
      assert.equal(await inFrame(() => document.documentElement.scrollHeight <= innerHeight), true, 'no scroll bar inside the frame');
      assert.deepEqual(await inFrame(() => window.journeyRecord), { errors: [], violations: [], foreign: [] }, `${driver.engine}: the framed page`);
      await j.shot('embedded');
    } finally {
      await host.close();
    }
  });

  test('the single file from file://: a card, an engine view and a training run in its worker', async () => {
    const { driver } = j;
    await driver.open(singleFile);
    await j.waitFor(
      'the single file started',
      () => document.documentElement.dataset.ready === 'true' || document.getElementById('start-problem')?.textContent,
    );
    assert.equal(await j.text('#start-problem'), null, `${driver.engine}: it starts from file://`);
    await driver.click('#door-open-quiz');
    await j.waitFor(
      'the flash cards',
      () => document.querySelector('section[data-view="quiz"]')?.hidden === false && document.getElementById('card-question')?.textContent,
    );
    await driver.press('Space');
    await j.waitFor('the first card flipped', () => document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    // Where an engine keeps no storage for a file, the page says so and the grade counts until it is closed.
    const kept = await j.waitFor(
      'the grade kept, or a notice why not',
      (key) => {
        if (JSON.parse(localStorage.getItem(key) ?? 'null')?.log.length === 1) return 'stored';
        return document.getElementById('quiz-notice')?.textContent.includes('does not let the page keep progress') && 'notice';
      },
      KEY,
    );
    console.log(`# ${driver.engine} under file://: progress ${kept === 'stored' ? 'stored' : 'not stored; the page says so'}`);

    await driver.click('.view-tabs a[data-view="encodings"]');
    const colours = await j.waitFor('the heatmap drawn', () => {
      const canvas = /** @type {HTMLCanvasElement | null} */ (document.querySelector('#view-encodings[data-ready="true"] #enc-heatmap'));
      if (!canvas) return 0;
      const { data } = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(0, 0, canvas.width, canvas.height);
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seen.size > 20 && seen.size;
    });
    assert.ok(colours > 20, `${driver.engine}: the heatmap from the inlined engine`);
    await driver.click('.view-tabs a[data-view="model"]');
    await j.waitFor('Train enabled', () => document.getElementById('model-train')?.disabled === false);
    await choose(driver, '#model-preset', 'quick');
    await driver.click('#model-train');
    await j.waitFor('a result from the worker', () => Boolean(document.querySelector('.model-task')), undefined, 120_000);
    await driver.evaluate(() => /** @type {HTMLButtonElement} */ (document.getElementById('model-cancel'))?.click());
    await j.shot('single-file');
  });
}
