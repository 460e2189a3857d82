// The page in headless Chromium (tests/browser/browser.mjs; run.mjs picks /usr/bin/chromium, the browser learners run; fresh profile each
// time): bytes of the first view (gzip), cold load to the first interactive card, p95 update time
// of each live view while its slider is swept, the longest main-thread task during training, and
// the cold load of the lesson's first step. Prints one JSON line. Usage: node page.mjs COLD_LOADS
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSite } from '../browser/browser.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const loads = Number(process.argv[2] ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
const gzipBytes = (urls, origin) =>
  urls.reduce((sum, url) => {
    const file = new URL(url).pathname === '/' ? 'index.html' : decodeURIComponent(new URL(url).pathname.slice(1));
    return sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  }, 0);

/** Opens url on a fresh profile, waits for `until` (a selector), returns the page's resource list and marks. */
async function coldLoad() {
  const site = await openSite();
  try {
    await site.page.goto(`${site.url}?view=quiz`);
    await site.page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 });
    return await site.page.evaluate(() => {
      const firstCard = performance.getEntriesByName('posenc:first-card')[0].startTime;
      const resources = performance.getEntriesByType('resource');
      return {
        firstCardMs: firstCard,
        readyMs: performance.now(),
        document: location.href,
        beforeFirstCard: resources.filter((r) => r.responseEnd <= firstCard).map((r) => r.name),
        all: resources.map((r) => r.name),
      };
    });
  } finally {
    await site.close();
  }
}

/** The lesson's first step from a fresh profile: interactive (its prediction box usable) and the engine loaded. */
async function coldLoadLesson() {
  const site = await openSite();
  try {
    await site.page.goto(`${site.url}?view=lesson&step=1`);
    await site.page.waitForSelector('#lesson-prediction:not([disabled])', { timeout: 60_000 });
    await site.page.waitForFunction(() => performance.getEntriesByName('posenc:lesson-engine').length > 0, null, { timeout: 60_000 });
    return await site.page.evaluate(() => ({
      stepMs: performance.getEntriesByName('posenc:lesson-step')[0].startTime,
      engineMs: performance.getEntriesByName('posenc:lesson-engine')[0].startTime,
    }));
  } finally {
    await site.close();
  }
}

const runs = [];
for (let i = 0; i < loads; i++) runs.push(await coldLoad());
const lessonRuns = [];
for (let i = 0; i < loads; i++) lessonRuns.push(await coldLoadLesson());
const last = runs.at(-1);
const origin = new URL(last.document).origin;
const page = {
  coldLoadToFirstCardMs: median(runs.map((r) => r.firstCardMs)),
  coldLoadRunsMs: runs.map((r) => Math.round(r.firstCardMs)),
  firstViewFiles: [last.document, ...last.beforeFirstCard].map((url) => new URL(url).pathname),
  firstViewGzipBytes: gzipBytes([`${origin}/`, ...last.beforeFirstCard], origin),
  wholeQuizGzipBytes: gzipBytes([`${origin}/`, ...last.all], origin),
  lessonColdLoadToStepMs: median(lessonRuns.map((r) => r.stepMs)),
  lessonColdLoadRunsMs: lessonRuns.map((r) => Math.round(r.stepMs)),
  lessonColdLoadToEngineMs: median(lessonRuns.map((r) => r.engineMs)),
};

// Live views: sweep each view's slider one animation frame per step; the views measure their own
// updates (performance.measure in encodings-view.js and position-view.js).
const site = await openSite();
try {
  for (const [view, slider, measure, steps] of [
    ['encodings', '#enc-p', 'posenc:encodings-update', 200],
    ['position', '#pos-p-range', 'posenc:position-update', 200],
  ]) {
    await site.page.goto(`${site.url}?view=${view}`);
    await site.page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`, { timeout: 60_000 });
    const durations = await site.page.evaluate(
      async ({ slider, measure, steps }) => {
        const input = document.querySelector(slider);
        const max = Number(input.max);
        performance.clearMeasures();
        for (let step = 0; step <= steps; step++) {
          input.value = String(Math.round((step / steps) * max));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise(requestAnimationFrame);
        }
        input.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 400)); // the position view draws attention rows in idle time
        return {
          updates: performance.getEntriesByName(measure).map((e) => e.duration),
          attention: performance.getEntriesByName('posenc:position-attention').map((e) => e.duration),
        };
      },
      { slider, measure, steps },
    );
    page[`${view}UpdateP95Ms`] = p95(durations.updates);
    page[`${view}UpdateMedianMs`] = median(durations.updates);
    page[`${view}Updates`] = durations.updates.length;
    if (durations.attention.length) page.positionAttentionRowsMs = median(durations.attention);
  }

  /** Opens the position view at `query` and sweeps its log p slider from 0 to its end (2^24) in `steps`, a frame each. */
  async function sweepPosition(query, steps) {
    await site.page.goto(`${site.url}?view=position&${query}`);
    await site.page.waitForSelector('section[data-view="position"][data-ready="true"]', { timeout: 60_000 });
    return site.page.evaluate(async (count) => {
      const input = document.querySelector('#pos-p-range');
      performance.clearMeasures();
      for (let step = 0; step <= count; step++) {
        input.value = String(Math.round((step / count) * Number(input.max)));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise(requestAnimationFrame);
      }
      return performance.getEntriesByName('posenc:position-update').map((e) => e.duration);
    }, steps);
  }

  // The position view at a 1M-context L (custom settings), swept through 2,000,000 while the
  // sinusoidal column's nearest row is searched between frames.
  const longUpdates = await sweepPosition('L=1048576&p=2000000', 200);
  page.positionLongUpdateP95Ms = p95(longUpdates);
  page.positionLongUpdates = longUpdates.length;

  // The position view with each real-model preset: the log slider sweeps p from 0 to 2^24, through 2,000,000.
  const { loadPosenc } = await import('../../dist/posenc.js');
  const { readFileSync } = await import('node:fs');
  const engine = await loadPosenc({ wasmBinary: readFileSync(new URL('../../dist/posenc.wasm', import.meta.url)) });
  const presetP95 = {};
  for (const { name } of engine.models) presetP95[name] = p95(await sweepPosition(`model=${name}`, 100));
  const worst = Object.entries(presetP95).sort((a, b) => b[1] - a[1])[0];
  page.positionPresetsWorstP95Ms = worst[1];
  page.positionPresetsWorst = worst[0];
  page.positionPresetsP95Ms = presetP95;

  // Training: the quick preset in the worker while a PerformanceObserver records long tasks (>= 50 ms).
  await site.page.goto(`${site.url}?view=model&preset=quick`);
  await site.page.waitForSelector('#model-train:not([disabled])', { timeout: 60_000 });
  const training = await site.page.evaluate(async () => {
    const longTasks = [];
    new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    let worstFrameGap = 0,
      last = performance.now(),
      running = true;
    const frame = (now) => {
      worstFrameGap = Math.max(worstFrameGap, now - last);
      last = now;
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const started = performance.now();
    document.querySelector('#model-train').click();
    const text = document.querySelector('#model-progress-text');
    while (!/^Done|^The trainer/.test(text.textContent)) await new Promise((resolve) => setTimeout(resolve, 100));
    running = false;
    return { seconds: (performance.now() - started) / 1000, longTasks, worstFrameGap, outcome: text.textContent };
  });
  page.trainingQuickPresetSeconds = training.seconds;
  page.trainingLongestTaskMs = training.longTasks.length ? Math.max(...training.longTasks) : 0;
  page.trainingLongTasks = training.longTasks.length;
  page.trainingWorstFrameGapMs = training.worstFrameGap;
  page.trainingOutcome = training.outcome;
} finally {
  await site.close();
}
console.log(JSON.stringify(page));
