// The toy models the position view asks at p and the encodings view draws: the shipped ones
// (data/trained-models.json and .bin, made by npm run train:shipped), fetched on first use, and
// the learner's own models of the same preset, handed over by the model view, which take their
// schemes' place. One store for the page: views read the models in use and hear when they
// change. The learner's models live as long as the page does.

/**
 * @typedef {{ scheme: import('../posenc.js').Scheme, task: import('../posenc.js').Task, parameters: Float32Array | Float64Array, source?: 'shipped' | 'run',
 *   seed?: number }} TrainedModel
 *   source 'run': trained in this browser
 * @typedef {{ preset: string, seed: number, steps: number, models: Map<string, TrainedModel>, hashes?: string[] }} ModelSet  models by scheme; seed: the
 *   shipped ones'; hashes: the shipped models' FNV-1a hashes, in the manifest's order
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
  return { preset: manifest.preset, seed: manifest.seed, steps: manifest.steps, models, hashes: manifest.models.map((model) => model.fnv1a64) };
}

let shipped = null; // a promise of the shipped set, once asked for
const own = new Map(); // scheme -> the learner's model of the shipped preset, trained in this browser
let inUse = 'shipped'; // 'run': the learner's models where there are some, the shipped ones elsewhere
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
  shipped.catch(() => {
    shipped = null;
  }); // a failed fetch may be retried
  return shipped;
}

/**
 * The models in use, by scheme, each with its source ('shipped' or 'run') and seed: the shipped
 * set, with the learner's own models in place of those schemes' when the run is in use.
 * @returns {Promise<ModelSet>}
 */
export async function modelsInUse() {
  const base = await shippedModels();
  const models = new Map([...base.models].map(([scheme, model]) => [scheme, { ...model, source: 'shipped', seed: base.seed }]));
  if (sourceInUse() === 'run') for (const [scheme, model] of own) models.set(scheme, { ...model, source: 'run' });
  return { ...base, models };
}

/** The learner's models: scheme -> { seed } (empty before a run of the shipped preset finishes). */
export const ownModels = () => own;

/** Which models are in use: 'shipped', or 'run' (the learner's where there are some). */
export const sourceInUse = () => (inUse === 'run' && own.size > 0 ? 'run' : 'shipped');

/**
 * Models the learner trained (the shipped preset, every run they chose) take their schemes' place
 * from now on; a later run of the same scheme replaces the earlier one.
 * @param {number} seed  @param {{ scheme: string, task: string, parameters: Float64Array }[]} models
 */
export function offerRun(seed, models) {
  for (const model of models) own.set(model.scheme, { ...model, seed });
  choose('run');
}

/** Uses 'shipped' or 'run' (a run only once there is one). */
export function choose(source) {
  inUse = source;
  for (const listener of listeners) listener(sourceInUse());
}

/** Calls listener(source) whenever the models in use change; returns a function that stops it. */
export function onModelsChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
