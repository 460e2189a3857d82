// Loads dist/posenc.js in node, handing it the wasm bytes (the browser build cannot read files).
import { readFile } from 'node:fs/promises';

const dist = new URL('../../dist/', import.meta.url);

export async function loadForTests() {
  const { loadPosenc } = await import(new URL('posenc.js', dist));
  return loadPosenc({ wasmBinary: await readFile(new URL('posenc.wasm', dist)) });
}

/** Asserts |actual - expected| <= tolerance, naming where the difference is. */
export function closeTo(actual, expected, tolerance, where = '') {
  if (!(Math.abs(actual - expected) <= tolerance)) throw new Error(`${where} expected ${expected} ± ${tolerance}, got ${actual}`);
}
