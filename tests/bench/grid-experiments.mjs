// The model view's experiments past L (context extension, passkey, hybrid layers) in headless Chromium (tests/browser/browser.mjs): each quick
// preset opened by its deep link and run with the Run button, timed from the click to "Done" on the
// page (training and scoring every model in the worker, the results drawn), a fresh page each run.
// Prints one JSON line: { scaling: { runsSeconds, medianSeconds }, finetune, passkey, hybrid: { ... } }. Usage: node grid-experiments.mjs RUNS
import { openSite } from '../browser/browser.mjs';

const runs = Number(process.argv[2] ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

async function timeOnce(experiment) {
  const site = await openSite();
  try {
    const { page } = site;
    await page.goto(`${site.url}?view=model&experiment=${experiment}&size=quick&seed=1`);
    await page.waitForFunction(() => document.querySelector('#grid-size option'), null, { timeout: 60_000 });
    await page.evaluate(() => {
      window.gridRunStarted = performance.now();
    });
    await page.click('#grid-run');
    await page.waitForFunction(() => /^(Done|The trainer)/.test(document.getElementById('grid-progress-text').textContent), null, { timeout: 300_000 });
    const text = await page.locator('#grid-progress-text').textContent();
    if (!text.startsWith('Done')) throw new Error(`${experiment}: ${text}`);
    return (await page.evaluate(() => performance.now() - window.gridRunStarted)) / 1000;
  } finally {
    await site.close();
  }
}

const report = {};
for (const experiment of ['scaling', 'finetune', 'passkey', 'hybrid']) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(experiment));
  report[experiment] = { runsSeconds: times.map((t) => Number(t.toFixed(2))), medianSeconds: median(times) };
}
console.log(JSON.stringify(report));
