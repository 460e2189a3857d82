// Arguments that fight back: getters and Proxy traps that throw, revoked Proxies, detached buffers,
// lengths that change between reads, typed arrays where options belong. posenc.js reads and copies
// every argument before entering wasm, so each call ends in a result or a RangeError/TypeError
// naming the argument, 10,000 of them leave the heap, stack and Embind handles where they were,
// and the next call is right.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const throwing = (message = 'no') => {
  throw new Error(message);
};
const revoked = (target = {}) => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};
const trapping = (target, trap) => new Proxy(target, { [trap]: () => throwing(`${trap} trap`) });
const getterOn = (object, key) => Object.defineProperty({ ...object }, key, { get: () => throwing(`${key} getter`), enumerable: true });
function detached(constructor = Float64Array, length = 8) {
  const array = new constructor(length);
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;
}
/** A typed array whose own `length` says 1 the first time it is read and 2^27 after. */
function shiftingLength() {
  const array = new Float64Array([0, 1]);
  let reads = 0;
  Object.defineProperty(array, 'length', { get: () => (reads++ === 0 ? 1 : 2 ** 27) });
  return array;
}
const hugeArrayProxy = () => new Proxy([], { get: (target, key) => (key === 'length' ? 2 ** 61 : Reflect.get(target, key)) });

// [call, argument the error must name (null: the call may succeed)]
const hostile = [
  [() => posenc.sinusoidal(revoked()), 'options'],
  [() => posenc.sinusoidal(trapping({ positions: [1], dModel: 4 }, 'getOwnPropertyDescriptor')), 'positions'],
  [() => posenc.sinusoidal(trapping({ positions: [1], dModel: 4 }, 'getPrototypeOf')), 'options'],
  [() => posenc.sinusoidal(getterOn({ positions: [1], dModel: 4 }, 'dModel')), 'dModel'],
  [() => posenc.sinusoidal({ positions: revoked([]), dModel: 4 }), 'positions'],
  [() => posenc.sinusoidal({ positions: trapping([0, 1], 'get'), dModel: 4 }), 'positions.length'],
  [() => posenc.sinusoidal({ positions: [0, revoked()], dModel: 4 }), 'positions[1]'],
  [() => posenc.sinusoidal({ positions: Object.defineProperty([0, 1], 1, { get: () => throwing() }), dModel: 4 }), 'positions[1]'],
  [() => posenc.sinusoidal({ positions: detached(), dModel: 4 }), null],
  [() => posenc.sinusoidal({ positions: shiftingLength(), dModel: 4 }), null],
  [() => posenc.sinusoidal({ positions: hugeArrayProxy(), dModel: 4 }), 'positions.length'],
  [() => posenc.sinusoidal({ positions: [1], dModel: revoked() }), 'dModel'],
  [() => posenc.sinusoidal({ positions: [1], dModel: 4, layout: 'x'.repeat(1e6) }), 'layout'],
  [() => posenc.sinusoidal(new Int32Array(64)), 'options'],
  [() => posenc.nope({ positions: new BigInt64Array(2), dModel: getterOn({}, 'x') }), 'dModel'],
  [() => posenc.learnedLookup({ table: revoked(), positions: [0] }), 'table'],
  [() => posenc.learnedLookup({ table: getterOn({ rows: 1, cols: 2, data: [0, 0] }, 'data'), positions: [0] }), 'table.data'],
  [() => posenc.learnedLookup({ table: { rows: 1, cols: 2, data: detached(Float64Array, 2) }, positions: [0] }), 'table.data.length'],
  [() => posenc.learnedLookup({ table: new Map(), positions: [0] }), 'table'],
  [() => posenc.rope({ x: shiftingLength(), positions: [0], scaling: new Int32Array(4) }), 'scaling'],
  [() => posenc.rope({ x: new Float64Array(4), positions: [0], scaling: revoked() }), 'scaling'],
  [() => posenc.rope({ x: new Float64Array(4), positions: [0], scaling: getterOn({ kind: 'pi' }, 'factor') }), 'scaling.factor'],
  [() => posenc.rope({ x: detached(), positions: detached() }), 'positions.length'],
  [() => posenc.ropeScore({ q: trapping([1, 0], 'has'), k: [0, 1], m: 1, n: 0 }), null],
  [() => posenc.ropeFrequencies({ headDim: 8, scaling: Object.create(Date.prototype) }), 'scaling'],
  [() => posenc.alibiSlopes(revoked()), 'nHeads'],
  [() => posenc.alibiSlopes({ valueOf: () => throwing() }), 'valueOf'], // an options object: valueOf is a key it does not read
  [() => posenc.alibiBias(trapping({}, 'ownKeys')), null],
  [() => posenc.t5Bucket({ relativePositions: Object.defineProperty([1, 2], 0, { get: () => throwing() }) }), 'relativePositions[0]'],
  [() => posenc.attention({ scheme: { toString: () => 'rope' }, queryPosition: 4, dModel: 8 }), 'scheme'],
  [() => posenc.beyondTrained({ scheme: 'rope', scaling: trapping({ kind: 'pi', factor: 2 }, 'getOwnPropertyDescriptor') }), 'scaling.kind'],
  [() => posenc.offsetSimilarity(Object.create(revoked())), 'options'],
  [
    () =>
      posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'longrope', factor: 2, trainedLength: 8, shortFactor: revoked([]), longFactor: [1, 1, 1, 1] } }),
    'scaling.shortFactor',
  ],
  [
    () =>
      posenc.ropeFrequencies({
        headDim: 8,
        scaling: { kind: 'longrope', factor: 2, trainedLength: 8, shortFactor: [1, 1, 1, 1], longFactor: hugeArrayProxy() },
      }),
    'scaling.longFactor.length',
  ],
  [
    () => posenc.ropeFrequencies({ headDim: 8, scaling: getterOn({ kind: 'llama3', factor: 2, trainedLength: 8 }, 'highFreqFactor') }),
    'scaling.highFreqFactor',
  ],
  [
    () => posenc.rope({ x: new Float64Array(8), positions: [0, 1, 2, 3, 4, 5], rotaryAxes: 'mrope', mropeSection: detached(Int32Array, 3) }),
    'mropeSection.length',
  ],
  [
    () => posenc.attention({ scheme: 'rope', queryPosition: 4, dModel: 8, span: trapping({ kind: 'sliding', size: 2 }, 'getOwnPropertyDescriptor') }),
    'span.kind',
  ],
  [() => posenc.attention({ model: { toString: () => 'llama-3.1-8b' }, queryPosition: 4 }), 'model'],
  [() => posenc.beyondTrained(getterOn({ model: 'gpt-2' }, 'p')), 'p'],
  [() => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', preset: 'x'.repeat(2e7) }), 'preset'],
  [() => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', preset: Object.create(null) }), 'preset'],
  [
    () => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', preset: new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : undefined) }) }),
    'preset',
  ],
  [() => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', preset: Symbol('quick') }), 'preset'],
  [() => posenc.trainerCreate(getterOn({ scheme: 'rope', task: 'copyBack' }, 'preset')), 'preset'],
  [() => posenc.trainerEvaluate(revoked()), 'options'],
  [() => posenc.trainerStep({ id: revoked() }), 'id'],
  [() => posenc.trainerDispose(trapping({ id: 1 }, 'getOwnPropertyDescriptor')), 'id'],
];

/** Calls one hostile case: a result, or an error whose message starts with the argument it names. */
function attempt([call, argument], index) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof RangeError || error instanceof TypeError, `case ${index}: ${error}`);
    assert.ok(error.message.length < 400, `case ${index}: a bounded message, got ${error.message.length} characters`);
    if (argument !== null) assert.ok(error.message.startsWith(`${argument} `), `case ${index} should name ${argument}: ${error.message}`);
    else assert.match(error.message, /^[a-zA-Z]+[\w.[\]]* /, `case ${index}: ${error.message}`);
    return 1;
  }
  assert.equal(argument, null, `case ${index} should have failed naming ${argument}`);
  return 0;
}

test('every hostile case gives a result or an error naming its argument', () => {
  hostile.forEach(attempt);
});

test("the issue's cases: no abort, no 1 GiB allocation, no expansion of a typed array as options", () => {
  const { data } = posenc.sinusoidal({ positions: shiftingLength(), dModel: 2 });
  assert.equal(data.length, 4, 'the real length (2 rows) is used, read once');
  closeTo(data[2], Math.sin(1), 1e-12, 'PE(1, 0)');
  const started = performance.now();
  assert.throws(() => posenc.rope({ x: new Float64Array(8), positions: [0, 1], scaling: new Int32Array(4e6) }), {
    name: 'TypeError',
    message: 'scaling must be a plain object ({ name: value, ... }); got a Int32Array',
  });
  assert.throws(() => posenc.sinusoidal(new Int32Array(2 ** 25)), { name: 'TypeError', message: /^options must be a plain object/ });
  assert.throws(() => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', preset: 'y'.repeat(2e7) }), {
    name: 'RangeError',
    message: `preset must be one of 'quick', 'seedStory', 'positionModels'; got ${'y'.repeat(37)}...`,
  });
  assert.throws(() => posenc.trainerCreate({ preset: Object.create(null) }), {
    name: 'TypeError',
    message: "preset must be one of 'quick', 'seedStory', 'positionModels'; got an object",
  });
  assert.throws(() => posenc.sinusoidal({ positions: hugeArrayProxy(), dModel: 4 }), {
    name: 'RangeError',
    message: `positions.length must be at most ${posenc.limits.maxCells}; got ${2 ** 61}`,
  });
  assert.ok(performance.now() - started < 2000, 'each is refused before any element is read');
});

test('10,000 hostile calls leave heap, stack and handles where they were, and the next result is right', (t) => {
  for (let i = 0; i < hostile.length * 3; i++) attempt(hostile[i % hostile.length], i % hostile.length); // warm-up
  const before = posenc.memoryStats();
  let failed = 0;
  for (let i = 0; i < 10_000; i++) failed += attempt(hostile[i % hostile.length], i % hostile.length);
  const after = posenc.memoryStats();
  t.diagnostic(JSON.stringify({ failed, before, after }));
  assert.ok(failed > 5000, `most calls fail: ${failed}`);
  assert.deepEqual(after, before);
  closeTo(posenc.sinusoidal({ positions: [5000], dModel: 2 }).data[0], Math.sin(5000), 1e-12, 'PE(5000, 0)');
  assert.deepEqual(Array.from(posenc.alibiSlopes(3)), [1 / 16, 1 / 256, 1 / 4]);
});
