// The only JS file that touches the wasm module. Everything else imports loadPosenc from here.
import createPosencModule from './posenc-core.mjs';

/**
 * @typedef {object} Table
 * @property {number} rows
 * @property {number} cols
 * @property {Float64Array} data  row-major, rows x cols, owned by JS
 */

/**
 * @typedef {object} Posenc
 * @property {(options: { positions: ArrayLike<number>, dModel: number, base?: number }) => Table} sinusoidal
 *   PE(p, 2i) = sin(p / base^(2i/dModel)), PE(p, 2i+1) = cos(same); odd dModel ends on a sin column.
 * @property {{ maxPosition: number, maxDModel: number, maxCells: number }} limits
 */

const errorTypes = { RangeError, TypeError };

/** Turns the module's { ok: false, errorName, message } into a thrown JS error. */
function unwrap(result) {
  if (result.ok) {
    delete result.ok;
    return result;
  }
  throw new errorTypes[result.errorName](result.message);
}

/** Fills defaults in a plain options object; anything else goes through for the module to reject. */
function withDefaults(options, defaults) {
  const isPlainObject = typeof options === 'object' && options !== null && !Array.isArray(options);
  return isPlainObject ? { ...defaults, ...stripUndefined(options) } : options;
}

function stripUndefined(options) {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * Loads the module. In a browser posenc.wasm is found beside this file; in node pass its bytes.
 * @param {{ wasmBinary?: ArrayBuffer | Uint8Array }} [options]
 * @returns {Promise<Posenc>}
 */
export async function loadPosenc(options = {}) {
  const moduleOptions = { locateFile: (name) => (name.endsWith('.wasm') ? new URL('posenc.wasm', import.meta.url).href : name) };
  if (options.wasmBinary) moduleOptions.wasmBinary = options.wasmBinary;
  const module = await createPosencModule(moduleOptions);
  return Object.freeze({
    sinusoidal: (options) => unwrap(module.sinusoidal(withDefaults(options, { base: 10000 }))),
    limits: Object.freeze(module.limits()),
  });
}
