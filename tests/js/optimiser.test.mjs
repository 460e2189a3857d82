// The FSRS optimiser (fsrs-browser, the fsrs-rs optimiser in wasm) on a review log simulated from
// known parameters: fitted parameters must predict that log better than ts-fsrs's defaults.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);
// fsrs-browser's thread-pool helper listens on `self` when it is imported (a page or a worker has
// one); node does not, and the optimiser never starts that pool.
globalThis.self ??= globalThis;
globalThis.addEventListener ??= () => {};
const { fsrs, generatorParameters, createEmptyCard, Rating } = await import(new URL('vendor/ts-fsrs.mjs', dist));
const { known, simulateLog } = await import('./simulated-reviews.mjs');
const { cardHistories, trainingItems, logLoss, MIN_OPTIMISER_REVIEWS } = await import(new URL('quiz/review-history.js', dist));
const { optimiseParameters } = await import(new URL('quiz/optimiser.js', dist));
const { importProgress, exportProgress } = await import(new URL('quiz/progress-store.js', dist));
const { emptyProgress } = await import(new URL('quiz/progress-schema.js', dist));
const wasm = readFileSync(new URL('vendor/fsrs_browser_bg.wasm', dist));

describe('FSRS optimiser', () => {
  test('on a log simulated from known parameters, the fitted ones lower the log-loss from the defaults toward the known ones', async () => {
    const log = simulateLog(known, 300, 11);
    const items = trainingItems(cardHistories(log));
    assert.ok(items.length >= MIN_OPTIMISER_REVIEWS, `${items.length} scored reviews`);
    const started = performance.now();
    const { parameters, logLossBefore, logLossAfter } = await optimiseParameters(items, undefined, { wasm });
    const seconds = (performance.now() - started) / 1000;
    const truth = logLoss(items, known);
    console.log(
      `# ${log.length} reviews, ${items.length} scored: log-loss defaults ${logLossBefore.toFixed(4)}, fitted ${logLossAfter.toFixed(4)}, known parameters ${truth.toFixed(4)} (${seconds.toFixed(1)} s)`,
    );
    assert.equal(logLossBefore, logLoss(items, undefined));
    // The defaults mispredict this learner; the fit must recover at least half of the gap to the truth.
    assert.ok(logLossAfter < logLossBefore - 0.5 * (logLossBefore - truth), `fitted ${logLossAfter} vs defaults ${logLossBefore}, truth ${truth}`);
    // The fitted parameters are valid progress settings, and the scheduler accepts them.
    const progress = { ...emptyProgress(), settings: { ...emptyProgress().settings, parameters } };
    assert.equal(importProgress(exportProgress(progress)).refused, null);
    assert.ok(fsrs(generatorParameters({ w: parameters })).next(createEmptyCard(new Date()), new Date(), Rating.Good).card.stability > 0);
  });

  test("histories: whole local days between a card's reviews; only reviews a day or more apart are scored", () => {
    const log = [
      { cardId: 'a', rating: 3, state: 0, review: '2025-03-01T09:00:00.000Z' },
      { cardId: 'b', rating: 1, state: 0, review: '2025-03-01T09:05:00.000Z' },
      { cardId: 'a', rating: 3, state: 1, review: '2025-03-01T09:10:00.000Z' },
      { cardId: 'a', rating: 1, state: 2, review: '2025-03-04T09:00:00.000Z' },
    ];
    assert.deepEqual(cardHistories(log), [
      [
        { rating: 3, days: 0 },
        { rating: 3, days: 0 },
        { rating: 1, days: 3 },
      ],
      [{ rating: 1, days: 0 }],
    ]);
    assert.deepEqual(trainingItems(cardHistories(log)), [
      [
        { rating: 3, days: 0 },
        { rating: 3, days: 0 },
        { rating: 1, days: 3 },
      ],
    ]);
  });
});
