// The sinusoidal column's nearest trained encoding for a long L, searched between frames: the engine
// walks L x d/2 sinusoids (200 ms at L = 1,048,576 and d 512 on a 2-core laptop), so a slider step
// asks for nothing, and idle callbacks search a stretch each, highest q first, keeping the best (a
// tie keeps the higher q, as one whole search does). A newer p, L or d abandons the older search.
import { whenIdle } from '../idle.js';

/** Sinusoid steps (positions x frequency pairs) one slider step searches itself: about a millisecond. */
const STEP_SEARCH_WORK = 2 ** 20;
/** Sinusoid steps one idle callback searches: a few milliseconds, so a frame is never held up for long. */
const STRETCH_WORK = 2 ** 22;

/** @param {{ p: number, L: number, d: number }} where @returns {boolean} the search is too long for one slider step */
export const searchesBetweenFrames = ({ L, d }) => L * (d / 2) > STEP_SEARCH_WORK;

/**
 * @param {import('../posenc.js').Posenc} engine
 * @param {(progress: { searched: number, nearest: { position: number, cosine: number } | null }) => void} report
 *   called after every stretch with the positions searched so far and the best yet (searched = L: done)
 */
export function createNearestSearch(engine, report) {
  let generation = 0;
  return {
    /** Searches every q < L for PE(p) at width d, a stretch per idle callback. @param {{ p: number, L: number, d: number }} where */
    start({ p, L, d }) {
      const mine = ++generation;
      const stretch = Math.max(1, Math.floor(STRETCH_WORK / (d / 2)));
      let to = L;
      /** @type {{ position: number, cosine: number } | null} */
      let best = null;
      const next = () => {
        if (mine !== generation) return;
        const from = Math.max(0, to - stretch);
        const { nearest } = engine.beyondTrained({ scheme: 'sinusoidal', p, trainedLength: L, dModel: d, search: { from, to } });
        if (nearest && (!best || nearest.cosine > best.cosine)) best = nearest;
        to = from;
        report({ searched: L - to, nearest: best });
        if (to > 0) whenIdle(next, 200);
      };
      whenIdle(next, 200);
    },
    /** Abandons the search under way (its stretches stop reporting). */
    cancel() {
      generation++;
    },
  };
}
