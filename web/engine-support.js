// What the engine needs from the browser, found by feature, never by the browser's name. Safari's
// Lockdown Mode, and some managed or hardened browsers, turn WebAssembly off: then nothing can be
// computed, but the lesson's text and the flash cards still work, and the learner is told why.

/** Thrown by loadPosenc where this browser cannot run the engine; its message is written for a learner. */
export class EngineUnavailableError extends Error {
  name = 'EngineUnavailableError';
}

/** Why the engine cannot run in this browser, in a learner's words; null when it can. */
export function engineMissing() {
  if (typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function') return null;
  return "WebAssembly is turned off in this browser (Safari's Lockdown Mode turns it off, as some managed browsers do), so posenc's engine cannot compute here.";
}
