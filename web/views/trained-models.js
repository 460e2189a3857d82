// The toy models the position view asks at p and the encodings view draws: the shipped ones
// (data/trained-models.json and .bin, made by npm run train:shipped), fetched on first use, or a
// learner's own run of the same preset, handed over by the model view. One store for the page:
// views read the set in use and hear when it changes. A run lives as long as the page does.

/** @typedef {{ scheme: string, task: string, parameters: Float32Array | Float64Array }} TrainedModel */
/**
 * @typedef {{ source: 'shipped' | 'run', preset: string, seed: number, steps: number, models: Map<string, TrainedModel> }} ModelSet
 *   models by scheme; source 'run': trained in this browser
 */

/** The value of IEEE 754 half `bits` (the shipped file's encoding, float16le). */
export function halfValue(bits) {
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  const magnitude = exponent === 0 ? mantissa * 2 ** -24 : exponent === 31 ? (mantissa ? NaN : Infinity) : (1024 + mantissa) * 2 ** (exponent - 25);
  return bits & 0x8000 ? -magnitude : magnitude;
}

/** Reads the manifest and its parameters into a model set; throws an Error saying what is wrong. */
export function decodeShipped(manifest, bytes) {
  if (manifest?.encoding !== 'float16le') throw new Error(`trained-models.json: encoding must be 'float16le'; got ${JSON.stringify(manifest?.encoding)}`);
  if (!Array.isArray(manifest.models)) throw new Error('trained-models.json: models must be a list');
  const halves = new Uint16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 2));
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const models = new Map();
  for (const { scheme, task, offset, count } of manifest.models) {
    if (!Number.isInteger(offset) || !Number.isInteger(count) || offset < 0 || count < 1 || offset + count > halves.length)
      throw new Error(`trained-models.json: ${scheme} has values ${offset} to ${offset + count}, past the ${halves.length} in trained-models.bin`);
    const parameters = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      const bits = halves[offset + i];
      parameters[i] = halfValue(littleEndian ? bits : ((bits & 0xff) << 8) | (bits >> 8));
    }
    models.set(scheme, { scheme, task, parameters });
  }
  return { source: 'shipped', preset: manifest.preset, seed: manifest.seed, steps: manifest.steps, models };
}

let shipped = null;  // a promise of the shipped set, once asked for
let run = null;      // the learner's finished run, if any
let inUse = 'shipped';
const listeners = new Set();

/** The shipped models: fetched and decoded once. */
export function shippedModels() {
  shipped ??= (async () => {
    const fetchOk = async (file) => {
      const response = await fetch(new URL(`data/${file}`, document.baseURI));
      if (!response.ok) throw new Error(`data/${file}: HTTP ${response.status}`);
      return response;
    };
    const [manifest, bytes] = await Promise.all([
      fetchOk('trained-models.json').then((response) => response.json()),
      fetchOk('trained-models.bin').then((response) => response.arrayBuffer()),
    ]);
    return decodeShipped(manifest, new Uint8Array(bytes));
  })();
  shipped.catch(() => { shipped = null; });  // a failed fetch may be retried
  return shipped;
}

/** The set in use: the learner's run when they chose it, else the shipped one. */
export async function modelsInUse() {
  return inUse === 'run' && run ? run : shippedModels();
}

/** The learner's run, if there is one (whether in use or not). */
export const ownRun = () => run;

/** Which set is in use: 'shipped' or 'run'. */
export const sourceInUse = () => (inUse === 'run' && run ? 'run' : 'shipped');

/** A finished run of the shipped preset (every scheme), now in use. */
export function offerRun({ preset, seed, steps, models }) {
  run = { source: 'run', preset, seed, steps, models };
  choose('run');
}

/** Uses 'shipped' or 'run' (a run only once there is one). */
export function choose(source) {
  inUse = source === 'run' && run ? 'run' : 'shipped';
  for (const listener of listeners) listener(sourceInUse());
}

/** Calls listener(source) whenever the set in use changes; returns a function that stops it. */
export function onModelsChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
