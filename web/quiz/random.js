// Seedable randomness, so a computed card or a drill can be replayed from its seed in tests.

/** ?seed=N in the page URL makes every drawing and drill order reproducible (tests, or an instructor projecting one example). */
export const pageSeed = Number(new URLSearchParams(globalThis.location?.search ?? '').get('seed')) || Date.now();

/**
 * mulberry32: a small 32-bit generator, plenty for drawing quiz parameters.
 * @param {number} seed
 * @returns {() => number} uniform numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from any text (FNV-1a), e.g. a card id plus how often it was shown. */
export function seedFromText(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * A shuffled copy (Fisher-Yates).
 * @template T
 * @param {T[]} items
 * @param {() => number} random
 * @returns {T[]}
 */
export function shuffled(items, random) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
