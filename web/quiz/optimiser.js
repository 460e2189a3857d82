// Optimises FSRS parameters from the learner's own reviews, in the browser: fsrs-browser (the
// fsrs-rs optimiser compiled to WebAssembly, npm, pinned). Loaded only when the learner asks, so
// the first view never carries it. It runs single-threaded (no thread pool, so the page needs no
// cross-origin isolation); a few thousand reviews take about a second.
import { clipParameters } from '../vendor/ts-fsrs.mjs';
import initFsrs, { Fsrs } from '../vendor/fsrs_browser.js';
import { logLoss } from './review-history.js';

let ready = null;

/**
 * Fits FSRS-6 parameters to `items` (see review-history.js) and scores them against the current ones.
 * @param {{ rating: number, days: number }[][]} items
 * @param {number[] | undefined} current  the parameters in use (undefined: ts-fsrs's defaults)
 * @param {{ wasm?: BufferSource | URL }} [options]  the optimiser's wasm (node tests pass its bytes)
 * @returns {Promise<{ parameters: number[], logLossBefore: number, logLossAfter: number }>}
 */
export async function optimiseParameters(items, current, { wasm = new URL('../vendor/fsrs_browser_bg.wasm', import.meta.url) } = {}) {
  ready ??= initFsrs({ module_or_path: wasm });
  await ready;
  const ratings = new Uint32Array(items.flatMap((item) => item.map((review) => review.rating)));
  const days = new Uint32Array(items.flatMap((item) => item.map((review) => review.days)));
  const lengths = new Uint32Array(items.map((item) => item.length));
  // computeParameters consumes the Fsrs object (wasm-bindgen frees it), whatever the outcome.
  const fitted = new Fsrs().computeParameters(ratings, days, lengths, undefined, true);
  // float32 from the optimiser; the same bounds ts-fsrs enforces (progress-store checks them too).
  const parameters = clipParameters(
    Array.from(fitted, (weight) => Number(weight.toPrecision(6))),
    1,
    true,
  );
  return { parameters, logLossBefore: logLoss(items, current), logLossAfter: logLoss(items, parameters) };
}
