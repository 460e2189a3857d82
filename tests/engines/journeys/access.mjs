// Every view, in each engine, for everyone: axe-core finds no serious or critical violation in the
// light and the dark palette, and at 360 px wide nothing scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startHost } from '../../browser/host.mjs';
import { longestOptionsOverflow, sidewaysOverflow } from '../../browser/layout.js';
import { VIEWS } from './pages.mjs';

const axeSource = readFileSync(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
// The paper colour of each palette (web/styles.css), to know the palette asked for is the one shown.
const PAPER = { light: 'rgb(255, 255, 255)', dark: 'rgb(13, 17, 23)' };
const NARROW = 360;

/** @param {import('../journeys.mjs').Journey} j */
export function registerAccess(j) {
  test('axe-core: no serious or critical violation in any view, in the light and the dark palette', async () => {
    const { driver } = j;
    const found = [];
    for (const [view] of VIEWS) {
      // ?theme= turns on the same rules as the system's dark mode, which WebDriver cannot set in every engine.
      for (const theme of ['light', 'dark']) {
        await j.openView(`?view=${view}&theme=${theme}`, view);
        assert.equal(await driver.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), PAPER[theme], `${view}: the ${theme} palette`);
        await driver.run(axeSource);
        const violations = await driver.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
            .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        );
        found.push(...violations.map((violation) => `${view}, ${theme}: ${violation}`));
        if (theme === 'dark') await j.shot(`${view}-dark`);
      }
    }
    assert.deepEqual(found, [], `${driver.engine}: axe-core`);
  });

  test(`at ${NARROW} px wide every view fits: nothing scrolls sideways`, async () => {
    const { driver } = j;
    // A 360 px frame: WebKitGTK's window cannot be made that narrow, and media queries answer to a frame's width alike.
    const host = await startHost({
      '/narrow': (request) => ({
        body: `<!doctype html><html lang="en"><title>360 px</title><style>body{margin:0}</style>
          <iframe id="phone" src="${j.server.url}${new URL(request.url ?? '', 'http://host').search}" title="posenc at 360 px" style="width:${NARROW}px;height:740px;border:0"></iframe>`,
      }),
    });
    const problems = [];
    try {
      for (const [view] of VIEWS) {
        await driver.open(host.url(`/narrow?view=${view}`));
        const deadline = Date.now() + 30_000;
        let overflow = null;
        for (;;) {
          const state = await driver
            .evaluateInFrame(
              '#phone',
              (name) => document.querySelector(`section[data-view="${name}"]`)?.dataset.ready !== 'false' && document.documentElement.dataset.ready === 'true',
              view,
            )
            .catch(() => false);
          if (state) overflow = await driver.evaluateInFrame('#phone', sidewaysOverflow);
          // Charts take the width from a ResizeObserver a frame or two after the layout: wait for it, within the deadline.
          if ((state && overflow.length === 0) || Date.now() > deadline) break;
          await driver.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
        }
        assert.equal(await driver.evaluateInFrame('#phone', () => document.documentElement.clientWidth <= 360), true, `${view}: the frame is ${NARROW} px`);
        if (overflow?.length === 0) overflow = await driver.evaluateInFrame('#phone', longestOptionsOverflow);
        if (overflow?.length) await j.shot(`narrow-${view}-too-wide`);
        problems.push(...(overflow ?? ['never ready']).map((problem) => `${view}: ${problem}`));
      }
    } finally {
      // Leave the host's page first: after a top-level page on another origin that framed posenc, Firefox
      // lost the sessionStorage flag the next journey set (seen every run); a blank page in between keeps it.
      await driver.open('about:blank');
      await host.close();
    }
    assert.deepEqual(problems, [], `${driver.engine} at ${NARROW} px`);
  });
}
