// `out`: the caller's buffer for a table or row. Every function that takes one must fill it with
// exactly what a fresh call returns (bit for bit), hand back that very array, refuse a buffer of the
// wrong type or length before writing anything, and keep working after a refusal.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { argumentShapes } from '../../dist/posenc-arguments.js';
import { loadForTests } from './load.mjs';

let posenc;
let parameters; // a trained-shape RoPE model's parameters for modelProbe
before(async () => {
  posenc = await loadForTests();
  const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' });
  parameters = posenc.trainerParameters({ id }).parameters;
  posenc.trainerDispose({ id });
});

const positions = Int32Array.from({ length: 9 }, (_, p) => p * 7);
const table = { rows: 4, cols: 3, data: Float64Array.from({ length: 12 }, (_, i) => i / 10) };

/**
 * Each function that takes `out`: its options, and the arrays `out` fills, as [result field, constructor]
 * (field null: the function returns the array itself). A single array is given as `out`; several as
 * `out: { field: buffer }`.
 */
const cases = {
  sinusoidal: [{ positions, dModel: 16, base: 500 }, [['data', Float64Array]]],
  nope: [{ positions, dModel: 6 }, [['data', Float64Array]]],
  learnedTable: [{ maxLength: 12, dModel: 5, seed: 3 }, [['data', Float64Array]]],
  learnedLookup: [{ table, positions: [0, 3, 6], overflow: 'wrap' }, [['data', Float64Array]]],
  rope: [
    { x: Float64Array.from({ length: 9 * 8 }, (_, i) => Math.sin(i)), positions, scaling: { kind: 'yarn', factor: 4, trainedLength: 16 } },
    [['data', Float64Array]],
  ],
  ropeFrequencies: [
    { headDim: 16, scaling: { kind: 'ntk', factor: 8 } },
    [
      ['frequencies', Float64Array],
      ['pairAxis', Uint8Array],
    ],
  ],
  alibiSlopes: [{ nHeads: 12 }, [[null, Float64Array]]],
  alibiBias: [{ nHeads: 3, queryLength: 5, keyLength: 7 }, [['data', Float64Array]]],
  t5Bucket: [{ relativePositions: [-3000, -40, -1, 0, 2, 90] }, [[null, Int32Array]]],
  attention: [
    { scheme: 't5', queryPosition: 300, dModel: 16 },
    [
      ['logits', Float64Array],
      ['weights', Float64Array],
    ],
  ],
  offsetSimilarity: [
    { p: 40, maxOffset: 20, dModel: 16, scaling: { kind: 'pi', factor: 2 } },
    [
      ['sinusoidalDot', Float64Array],
      ['sinusoidalClosedForm', Float64Array],
      ['ropeScore', Float64Array],
    ],
  ],
  modelProbe: [{ scheme: 'rope', task: 'copyBack', queryPosition: 90, parameters: 'shipped' }, [['weights', Float64Array]]],
};

const withParameters = (options) => (options.parameters === 'shipped' ? { ...options, parameters } : options);
const call = (fn, options) => posenc[fn](withParameters(options));
const arrayOf = (result, field) => (field === null ? result : result[field]);
/** `out` for these buffers: the buffer itself when the function fills one array, else an object of them by field. */
const outOf = (fn, buffers) => (typeof argumentShapes[fn].out === 'object' ? buffers : Object.values(buffers)[0]);

test('every function that takes out is covered here, and each fills the arrays listed', () => {
  const taking = Object.entries(argumentShapes)
    .filter(([, shape]) => 'out' in shape)
    .map(([fn]) => fn);
  assert.deepEqual(Object.keys(cases).sort(), taking.sort());
  for (const [fn, [, arrays]] of Object.entries(cases)) {
    const nested = argumentShapes[fn].out;
    if (typeof nested === 'object')
      assert.deepEqual(
        arrays.map(([field]) => field),
        Object.keys(nested),
      );
    else assert.equal(arrays.length, 1, fn);
  }
});

for (const [fn, [options, arrays]] of Object.entries(cases)) {
  test(`${fn} fills the given buffers with what a fresh call returns, bit for bit, and returns them`, () => {
    const fresh = call(fn, options);
    const buffers = Object.fromEntries(arrays.map(([field, Type]) => [field, new Type(arrayOf(fresh, field).length).fill(77)]));
    const result = call(fn, { ...options, out: outOf(fn, buffers) });
    for (const [field, Type] of arrays) {
      const array = arrayOf(result, field);
      assert.equal(array, buffers[field], `${fn} ${field}: the result is the caller's buffer`);
      assert.ok(array instanceof Type);
      assert.deepEqual(array, arrayOf(fresh, field), `${fn} ${field}`);
    }
    // The result's other fields (sizes, factors, a probe's answer) are as a fresh call's.
    if (!ArrayBuffer.isView(fresh))
      for (const [key, value] of Object.entries(fresh)) if (!ArrayBuffer.isView(value)) assert.deepEqual(result[key], value, `${fn} ${key}`);
  });

  test(`${fn} refuses a buffer of the wrong type or length before writing, and works after`, () => {
    const fresh = call(fn, options);
    for (const [field, Type] of arrays) {
      const length = arrayOf(fresh, field).length;
      const name = typeof argumentShapes[fn].out === 'object' ? `out.${field}` : 'out';
      const Other = Type === Float64Array ? Float32Array : Float64Array;
      const untouched = arrays.map(([other, OtherType]) => [other, new OtherType(arrayOf(fresh, other).length).fill(5)]);
      const given = (bad) => outOf(fn, Object.fromEntries(untouched.map(([other, buffer]) => [other, other === field ? bad : buffer])));
      const expected = `${name} must be a ${Type.name} of ${length} element${length === 1 ? '' : 's'}, or left out; got `;
      for (const [bad, got] of [
        [new Other(length), `a ${Other.name}`],
        [Array.from({ length }, () => 0), 'an Array'],
        ['buffer', 'the string "buffer"'],
      ])
        assert.throws(() => call(fn, { ...options, out: given(bad) }), { name: 'TypeError', message: `${expected}${got}` });
      for (const wrong of [length - 1, length + 1])
        assert.throws(() => call(fn, { ...options, out: given(new Type(wrong)) }), {
          name: 'RangeError',
          message: `${name}.length must be ${length}, the result's length; got ${wrong}`,
        });
      for (const [other, buffer] of untouched)
        assert.ok(
          buffer.every((value) => value === 5),
          `${fn}: ${other} was written before the refusal`,
        );
      assert.deepEqual(arrayOf(call(fn, options), field), arrayOf(fresh, field), `${fn} ${field} after the refusals`);
    }
  });
}

test('a buffer reused as the position moves holds each call’s own values, with nothing left from the last', () => {
  const out = new Float64Array(64);
  for (const p of [5000, 0, 65_536, 17]) {
    const result = posenc.sinusoidal({ positions: [p], dModel: 64, out });
    assert.equal(result.data, out);
    assert.deepEqual(out, posenc.sinusoidal({ positions: [p], dModel: 64 }).data, `p = ${p}`);
  }
  const weights = new Float64Array(5001);
  for (const scheme of posenc.training.schemes) {
    posenc.attention({ scheme, queryPosition: 5000, out: { weights } });
    assert.deepEqual(weights, posenc.attention({ scheme, queryPosition: 5000 }).weights, scheme);
  }
});

test("a float32 table fills a Float32Array and refuses a Float64Array, naming the precision's type", () => {
  const out = new Float32Array(9 * 16);
  const result = posenc.sinusoidal({ positions, dModel: 16, precision: 'float32', out });
  assert.equal(result.data, out);
  assert.deepEqual(out, posenc.sinusoidal({ positions, dModel: 16, precision: 'float32' }).data);
  assert.throws(() => posenc.sinusoidal({ positions, dModel: 16, precision: 'float32', out: new Float64Array(9 * 16) }), {
    name: 'TypeError',
    message: 'out must be a Float32Array of 144 elements, or left out; got a Float64Array',
  });
});

test('a buffer that is also the input is read whole before it is written (rope x, learnedLookup data)', () => {
  const x = Float64Array.from({ length: 9 * 8 }, (_, i) => Math.cos(i));
  const expected = posenc.rope({ x, positions }).data;
  assert.deepEqual(posenc.rope({ x, positions, out: x }).data, expected);
  assert.deepEqual(x, expected);
  const data = Float64Array.from({ length: 6 }, (_, i) => i);
  const lookup = posenc.learnedLookup({ table: { rows: 3, cols: 2, data }, positions: [2, 1, 0], out: data });
  assert.deepEqual(Array.from(lookup.data), [4, 5, 2, 3, 0, 1]);
});

test('a subclass, a Proxy, an own length or set, or another realm’s array is refused; a several-array result names its buffers', () => {
  class Tracked extends Float64Array {}
  const shadowed = new Float64Array(16);
  Object.defineProperty(shadowed, 'set', { value: () => {} });
  const foreign = vm.runInNewContext('new Float64Array(16)');
  for (const [bad, got] of [
    [new Tracked(16), 'a Tracked'],
    [shadowed, 'a Float64Array'],
    [foreign, 'a Float64Array'],
  ])
    assert.throws(() => posenc.sinusoidal({ positions: [1, 2], dModel: 8, out: bad }), {
      name: 'TypeError',
      message: `out must be a plain Float64Array of this window (no subclass, no own length or set, no other realm's array); got ${got}`,
    });
  assert.throws(() => posenc.sinusoidal({ positions: [1, 2], dModel: 8, out: new Proxy(new Float64Array(16), {}) }), {
    name: 'TypeError',
    message: 'out must be a Float64Array itself, not a Proxy or look-alike of one; got a Float64Array',
  });
  assert.throws(() => posenc.attention({ scheme: 'rope', queryPosition: 10, out: new Float64Array(11) }), {
    name: 'TypeError',
    message: 'out must be a plain object ({ name: value, ... }), each optional: { logits, weights }; got a Float64Array',
  });
  assert.throws(() => posenc.attention({ scheme: 'rope', queryPosition: 10, out: { weigths: new Float64Array(11) } }), {
    name: 'TypeError',
    message: /^out\.weigths is not an option of attention's out; did you mean 'weights'\?/,
  });
  const only = posenc.attention({ scheme: 'rope', queryPosition: 10, out: { weights: new Float64Array(11) } });
  assert.equal(only.logits.length, 11, 'a result array without a buffer is fresh');
});

test('a detached buffer is refused by its length, and calls with buffers leave the heap as it was', () => {
  const detached = new Float64Array(16);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  assert.throws(() => posenc.sinusoidal({ positions: [1, 2], dModel: 8, out: detached }), {
    name: 'RangeError',
    message: "out.length must be 16, the result's length; got 0",
  });
  const out = new Float64Array(512 * 64);
  const weights = new Float64Array(2049);
  const round = (i) => {
    posenc.sinusoidal({ positions: Int32Array.from({ length: 512 }, (_, p) => p + i), dModel: 64, out });
    posenc.attention({ scheme: posenc.training.schemes[i % 6], queryPosition: 2048, out: { weights } });
    assert.throws(() => posenc.sinusoidal({ positions: [i], dModel: 64, out }), RangeError);
  };
  for (let i = 0; i < 6; i++) round(i); // the toy head's caches for each scheme are built once
  const before = posenc.memoryStats();
  for (let i = 0; i < 2000; i++) round(i);
  const after = posenc.memoryStats();
  assert.equal(after.handles, before.handles, 'Embind handles');
  assert.ok(Math.abs(after.heapTop - before.heapTop) <= 1 << 20, `heap top moved ${after.heapTop - before.heapTop} bytes`);
  assert.equal(after.stackPointer, before.stackPointer, 'stack pointer');
});
