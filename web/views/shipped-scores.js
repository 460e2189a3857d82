// The shipped models' scores (data/trained-model-scores.json, written by npm run score:shipped with
// this engine, and checked against it by npm test): the model view shows them at once instead of
// scoring ten models in the learner's browser each time it opens. The page falls back to scoring
// them in its worker when the file is missing or is not for the shipped models.

const TYPED = { Int32Array, Float64Array, Uint8Array };

/** A JSON value for `value`, typed arrays named by their type; JSON has no NaN, so NaN is null. */
function encodeValue(value) {
  if (ArrayBuffer.isView(value)) {
    const values = /** @type {Int32Array | Float64Array | Uint8Array} */ (value);
    return { typed: values.constructor.name, values: Array.from(values, (x) => (Number.isNaN(x) ? null : x)) };
  }
  if (typeof value === 'number' && Number.isNaN(value)) return null;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, encodeValue(inner)]));
  return value;
}

/** The inverse of encodeValue, for the fields it writes. */
function decodeValue(value) {
  if (value === null) return NaN;
  if (value && typeof value === 'object' && typeof value.typed === 'string') {
    const Type = TYPED[value.typed];
    if (!Type || !Array.isArray(value.values)) throw new Error(`trained-model-scores.json: an array of type ${JSON.stringify(value.typed)}`);
    return Type.from(value.values, (x) => (x === null ? NaN : x));
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, decodeValue(inner)]));
  return value;
}

/**
 * The file's contents for the shipped models' scores.
 * @param {{ preset: string, steps: number, fnv1a64: string[], results: object[] }} scores  fnv1a64: the models' hashes, in order
 */
export const encodeScores = ({ preset, steps, fnv1a64, results }) => ({
  about:
    "What the engine scores the shipped models (trained-models.bin) by their preset's evaluation, as the trainer worker scores them: written by npm run score:shipped; npm test checks every number against the engine.",
  preset,
  steps,
  fnv1a64,
  results: results.map((result) => encodeValue(result)),
});

/** The results of the file, with their typed arrays and NaNs back; `about` and the identity fields as written. */
export function decodeScores(file) {
  if (!Array.isArray(file?.results)) throw new Error('trained-model-scores.json: results must be a list');
  return { preset: file.preset, steps: file.steps, fnv1a64: file.fnv1a64, results: file.results.map((result) => decodeValue(result)) };
}

let fetched = null;

/** The shipped models' scores, fetched once; null when the file cannot be read. */
export function shippedScores() {
  fetched ??= fetch(new URL('data/trained-model-scores.json', document.baseURI))
    .then((response) => (response.ok ? response.json() : null))
    .then((file) => (file ? decodeScores(file) : null))
    .catch(() => null);
  return fetched;
}
