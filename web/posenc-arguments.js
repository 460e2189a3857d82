// Reads a caller's arguments into plain JS values before anything enters wasm. Embind reads
// arguments while a call is inside the module; a getter, Proxy trap, revoked Proxy or detached
// buffer that throws there unwinds through wasm without restoring its stack or handles (a few
// hundred bytes and handles per call, until every call fails). So each field a function reads is
// read here once, inside try/catch, and copied: lists have their length read once and capped,
// nested objects must be plain, and any other object becomes an inert stand-in the module can
// only describe. What reaches the module runs no caller code, and the module's own messages for
// ordinary bad input stay exactly as they were (it describes a stand-in as it would the original).

import { argumentShapes } from './api/argument-shapes.js';

export { argumentShapes };

// How argumentShapes names each kind of field (web/api/options.js describes them).
const scalar = 'scalar';
const list = 'list';
// The caller's buffer for a result (see copyOutput): handed to the module as it is, never copied.
const output = 'output';

// The intrinsic typed-array accessors: a caller can shadow `length` on an instance, not these.
const typedArrayPrototype = Object.getPrototypeOf(Int8Array.prototype);
const typedArrayName = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(typedArrayPrototype, 'length').get;
const typedArraySet = typedArrayPrototype.set;
const numericArrays = new Map(
  [Float64Array, Float32Array, Int32Array, Uint32Array, Int16Array, Uint16Array, Int8Array, Uint8Array, Uint8ClampedArray].map((constructor) => [
    constructor.name,
    constructor,
  ]),
);
// Longer text cannot match any name the module accepts, and its messages show at most 40 characters.
const MAX_TEXT = 64;

const bounded = (text, max = 40) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** Runs `read`, turning anything it throws into a TypeError naming `path`. */
function guarded(path, read) {
  try {
    return read();
  } catch (error) {
    let why = 'it threw';
    try {
      why = bounded(error instanceof Error ? `${error.name}: ${String(error.message)}` : describe(error), 120);
    } catch {
      /* a thrown value that cannot even be described */
    }
    throw new TypeError(`${path} could not be read (${why})`);
  }
}

function constructorName(value) {
  try {
    const constructor = value.constructor;
    const name = constructor === undefined || constructor === null ? undefined : constructor.name;
    return typeof name === 'string' ? bounded(name) : undefined;
  } catch {
    return undefined;
  }
}

function isArray(value) {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  } // a revoked Proxy throws
}

/** A bounded description of any value, as the module words it ("a Int32Array", "an Array", "the string ..."). */
export function describe(value) {
  if (value === undefined || value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `the string "${bounded(value)}"`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (isArray(value)) return 'an Array';
  const name = constructorName(value);
  return name === undefined ? 'an object' : `a ${name}`;
}

const standInFunction = () => {};

/** An inert value the module describes exactly as it would `value` (it only ever describes one). */
function standIn(value) {
  if (typeof value === 'function') return standInFunction;
  if (isArray(value)) return [];
  const inert = Object.create(null);
  const name = constructorName(value);
  if (name !== undefined) inert.constructor = { name };
  return inert;
}

/** A number, boolean or missing value as it is; text bounded; any object a stand-in. */
function copyScalar(value) {
  if (typeof value === 'string') return value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value;
  if (typeof value === 'object' && value !== null) return standIn(value);
  if (typeof value === 'function') return standInFunction;
  return value;
}

/**
 * An Array or numeric typed array, length read once and capped before anything is copied.
 * A typed array with no own `length` and its own constructor's prototype reaches the module as it
 * is (the module copies it without running caller code); any other is copied through the
 * intrinsic accessors. An Array of numbers becomes a Float64Array (the module treats both alike).
 */
function copyList(value, path, maxLength) {
  if (typeof value !== 'object' || value === null) return copyScalar(value);
  const kind = typedArrayName.call(value); // undefined for anything but a real typed array, Proxies included
  if (kind !== undefined) {
    const constructor = numericArrays.get(kind);
    if (!constructor) return standIn(value);
    const length = typedArrayLength.call(value); // 0 once the buffer is detached
    if (length > maxLength) throw new RangeError(`${path}.length must be at most ${maxLength}; got ${length}`);
    if (length === 0) return new constructor(0);
    const untouched = Object.getPrototypeOf(value) === constructor.prototype && !Object.hasOwn(value, 'length');
    if (untouched) return value;
    const copy = new constructor(length);
    typedArraySet.call(copy, value);
    return copy;
  }
  if (!guarded(path, () => Array.isArray(value))) return standIn(value);
  const length = guarded(`${path}.length`, () => value.length);
  if (!Number.isInteger(length) || length < 0) throw new TypeError(`${path}.length must be a whole number; got ${describe(length)}`);
  if (length > maxLength) throw new RangeError(`${path}.length must be at most ${maxLength}; got ${length}`);
  const numbers = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    const element = guarded(`${path}[${index}]`, () => value[index]);
    if (typeof element !== 'number') {
      // The module reports the first element that is not a number and reads no further.
      const mixed = new Array(length);
      for (let before = 0; before < index; before++) mixed[before] = numbers[before];
      mixed[index] = copyScalar(element);
      return mixed;
    }
    numbers[index] = element;
  }
  return numbers;
}

/**
 * The caller's buffer for a result. The module writes into it, so it must reach the module itself:
 * a typed array of this realm with its constructor's own prototype and no own `length` or `set`
 * (whose accessors the module uses; no caller code runs while it writes). Any other typed array is
 * refused here; a value that is no typed array becomes a stand-in the module names in its error.
 */
function copyOutput(value, path) {
  if (typeof value !== 'object' || value === null) return copyScalar(value);
  const kind = typedArrayName.call(value);
  if (kind === undefined) {
    // A Proxy of a typed array (or a look-alike) would be described as the very type asked for.
    const lookAlike = constructorName(value);
    if (numericArrays.has(lookAlike)) throw new TypeError(`${path} must be a ${lookAlike} itself, not a Proxy or look-alike of one; got ${describe(value)}`);
    return standIn(value);
  }
  const constructor = numericArrays.get(kind);
  const plain = constructor && Object.getPrototypeOf(value) === constructor.prototype && !Object.hasOwn(value, 'length') && !Object.hasOwn(value, 'set');
  if (!plain)
    throw new TypeError(`${path} must be a plain ${kind} of this window (no subclass, no own length or set, no other realm's array); got ${describe(value)}`);
  return value;
}

/** Where a field at `path` ('options' or a nested path) with this key is named in messages. */
const fieldPath = (path, key) => (path === 'options' ? key : `${path}.${key}`);

/** Every object level of a shape: [keys from the top, shape] pairs, the top level ([]) first. */
export function shapeLevels(shape, keys = []) {
  const nested = Object.entries(shape).filter(([, kind]) => typeof kind === 'object');
  return [[keys, shape], ...nested.flatMap(([key, kind]) => shapeLevels(kind, [...keys, key]))];
}

/**
 * Edit distance (insertions, deletions, substitutions and swaps of neighbours each cost 1), ignoring
 * case, stopping early once it is past `limit` (returns limit + 1 then).
 */
function editDistance(a, b, limit) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let before = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) current[j] = Math.min(current[j], before[j - 2] + 1);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[y.length];
}

const levelName = (path) => (path === 'options' ? 'at the top level' : `in ${path}`);

/** How far a key may be from a real one to be suggested: one slip in a short name, about a third of a long one. */
const slips = (key) => Math.max(1, Math.floor(key.length / 3));

const orList = (items) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/**
 * The hint for `key`, unknown at `path` of a function whose whole shape is `root`: the same key, or
 * one a slip away, at this level or at another (one level up or down, or beside), nearest first.
 */
function suggestion(key, path, root) {
  const levels = shapeLevels(root).map(([keys, shape]) => [keys.length === 0 ? 'options' : keys.join('.'), shape]);
  const here = levels.find(([at]) => at === path)[1];
  const others = levels.filter(([at]) => at !== path);
  const where = (at, name) => (at === 'options' ? `options.${name}` : `${at}.${name}`);
  // A name as far from the key as the key is long ('x' for 'p') shares nothing with it: no hint.
  const near = (names, distance) => names.filter((name) => distance < Math.max(key.length, name.length) && editDistance(key, name, distance) <= distance);
  const sameCase = near(Object.keys(here), 0);
  if (sameCase.length > 0) return `did you mean '${sameCase[0]}'? Names are case-sensitive.`;
  const elsewhere = others.flatMap(([at, shape]) => near(Object.keys(shape), 0).map((name) => where(at, name)));
  if (elsewhere.length === 1) {
    const [to] = elsewhere;
    const toLevel = to.startsWith('options.') ? 'at the top level' : `in ${to.slice(0, to.lastIndexOf('.'))}`;
    return `did you mean ${to}? It belongs ${toLevel}, not ${levelName(path)}.`;
  }
  if (elsewhere.length > 1) return `did you mean ${orList(elsewhere)}?`;
  for (let distance = 1; distance <= slips(key); distance++) {
    const close = near(Object.keys(here), distance);
    if (close.length > 0) return `did you mean ${orList(close.map((name) => `'${name}'`))}?`;
    const closeElsewhere = others.flatMap(([at, shape]) => near(Object.keys(shape), distance).map((name) => where(at, name)));
    if (closeElsewhere.length > 0) return `did you mean ${orList(closeElsewhere)}?`;
  }
  return undefined;
}

/** Throws a TypeError for the first own enumerable key of `value` that `shape` (at `path` of `context.name`) does not list. */
function rejectUnknownKeys(value, shape, path, context) {
  const keys = guarded(path, () => Object.keys(value));
  const unknown = keys.find((key) => !Object.hasOwn(shape, key));
  if (unknown === undefined) return;
  const key = bounded(unknown);
  const level = path === 'options' ? context.name : `${context.name}'s ${path}`;
  const hint = unknown.length > MAX_TEXT ? undefined : suggestion(unknown, path, context.root);
  const allowed = `Allowed ${levelName(path)}: ${Object.keys(shape).join(', ')}.`;
  throw new TypeError(`${fieldPath(path, key)} is not an option of ${level}${hint ? `; ${hint}` : '.'} ${allowed}`);
}

/**
 * A plain object's fields named in `shape`, each copied; other values as the module should see them.
 * A key `shape` does not list is an error: the module would never read it, so the caller's value would be lost.
 */
function copyObject(value, shape, path, maxLength, context) {
  if (typeof value !== 'object' || value === null) return copyScalar(value);
  if (isArray(value)) return [];
  const prototype = guarded(path, () => Object.getPrototypeOf(value));
  const plain = prototype === null || guarded(path, () => Object.getPrototypeOf(prototype)) === null;
  if (!plain) {
    // Where a result has several arrays, `out` names the buffer for each.
    const buffers = Object.values(shape).every((kind) => kind === output) ? `, each optional: { ${Object.keys(shape).join(', ')} }` : '';
    throw new TypeError(`${path} must be a plain object ({ name: value, ... })${buffers}; got ${describe(value)}`);
  }
  const copy = {};
  for (const [key, kind] of Object.entries(shape)) {
    const at = fieldPath(path, key);
    const field = guarded(at, () => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (!descriptor?.enumerable) return undefined;
      return descriptor.get ? descriptor.get.call(value) : descriptor.value;
    });
    copy[key] =
      kind === scalar
        ? copyScalar(field)
        : kind === list
          ? copyList(field, at, maxLength)
          : kind === output
            ? copyOutput(field, at)
            : copyObject(field, kind, at, maxLength, context);
  }
  // After the fields, so a field that cannot be read is named as before; a nested object's keys are checked inside.
  rejectUnknownKeys(value, shape, path, context);
  return copy;
}

/**
 * The arguments of `name` (a key of argumentShapes) as plain values: a fresh object holding only
 * the fields that function reads, or, for what is not an object, a value the module rejects as it
 * would the original. Throws a TypeError or RangeError naming the argument for what cannot be
 * read, a list longer than `maxLength` (no list the module accepts is longer), a nested object
 * that is not plain, or a key the function does not read (at any level; the message names its
 * path, the keys allowed there and the nearest one).
 * @param {unknown} options @param {keyof typeof argumentShapes} name @param {number} maxLength
 */
export function readArguments(options, name, maxLength) {
  return copyObject(options, argumentShapes[name], 'options', maxLength, { name, root: argumentShapes[name] });
}

/** Throws the unknown-key TypeError for a key of plain object `options` that `shape` (of function `name`) lacks. */
export function rejectUnknownOptions(options, shape, name) {
  rejectUnknownKeys(options, shape, 'options', { name, root: shape });
}

/** A single number argument (alibiSlopes' nHeads alone) as the module should see it. */
export const readScalar = copyScalar;

/** Whether `value` is a plain object (an options object); a Proxy trap that throws means it is not. */
export function isPlainOptions(value) {
  if (typeof value !== 'object' || value === null || isArray(value)) return false;
  try {
    const prototype = Object.getPrototypeOf(value);
    return prototype === null || Object.getPrototypeOf(prototype) === null;
  } catch {
    return false; // a revoked Proxy: read as nHeads, whose stand-in the module names
  }
}
