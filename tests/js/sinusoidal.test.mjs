import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** The paper's formula evaluated in JS, as an independent reference. */
function reference(p, column, dModel, base = 10000) {
  const angle = p / base ** ((column - (column % 2)) / dModel);
  return column % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
}

describe('sinusoidal', () => {
  test('returns a row-major Float64Array of positions x dModel in the interleaved layout', () => {
    const positions = [0, 1, 2, 5000, 8191];
    const result = posenc.sinusoidal({ positions, dModel: 64 });
    assert.equal(result.rows, 5);
    assert.equal(result.cols, 64);
    assert.ok(result.data instanceof Float64Array);
    assert.equal(result.data.length, 5 * 64);
    positions.forEach((p, row) => {
      for (let column = 0; column < 64; column++) {
        // Same formula in double on both sides; libm implementations may differ by an ulp or two
        // of angles up to 8191, well inside 1e-12.
        closeTo(result.data[row * 64 + column], reference(p, column, 64), 1e-12, `PE(${p}, ${column})`);
      }
    });
  });

  test('position 0 is sin 0 = 0 and cos 0 = 1 in every pair', () => {
    const { data } = posenc.sinusoidal({ positions: [0], dModel: 8 });
    assert.deepEqual(Array.from(data), [0, 1, 0, 1, 0, 1, 0, 1]);
  });

  test('an odd dModel ends on a sin column', () => {
    const { data, cols } = posenc.sinusoidal({ positions: [7], dModel: 5 });
    assert.equal(cols, 5);
    closeTo(data[4], Math.sin(7 / 10000 ** (4 / 5)), 1e-15, 'last column');
  });

  test('typed arrays of positions are accepted, and a custom base changes the wavelengths', () => {
    const { data } = posenc.sinusoidal({ positions: Int32Array.of(10), dModel: 4, base: 100 });
    closeTo(data[2], Math.sin(1), 1e-15, 'sin(10 / 100^(2/4))');
  });

  test('the dot product of two encodings depends only on their offset', () => {
    const dModel = 128;
    const positions = Int32Array.from({ length: 6000 }, (_, p) => p);
    const { data } = posenc.sinusoidal({ positions, dModel });
    const dot = (a, b) => {
      let s = 0;
      for (let c = 0; c < dModel; c++) s += data[a * dModel + c] * data[b * dModel + c];
      return s;
    };
    for (const offset of [1, 17, 1000]) {
      let closedForm = 0;
      for (let i = 0; i < dModel / 2; i++) closedForm += Math.cos(offset / 10000 ** ((2 * i) / dModel));
      // 64 pairs, angles below 6000: rounding stays far below 1e-9.
      for (const p of [0, 250, 2047, 4000]) closeTo(dot(p, p + offset), closedForm, 1e-9, `offset ${offset} at ${p}`);
    }
  });

  test("layout 'concat' puts the same values in [sin | cos] blocks", () => {
    const interleaved = posenc.sinusoidal({ positions: [5000], dModel: 8 }).data;
    const concat = posenc.sinusoidal({ positions: [5000], dModel: 8, layout: 'concat' }).data;
    assert.deepEqual(
      Array.from(concat),
      [0, 2, 4, 6, 1, 3, 5, 7].map((i) => interleaved[i]),
    );
  });

  test("precision 'float32' is the float64 result rounded once", () => {
    const positions = Int32Array.from({ length: 2048 }, (_, p) => p + 3000);
    const exact = posenc.sinusoidal({ positions, dModel: 64 }).data;
    const rounded = posenc.sinusoidal({ positions, dModel: 64, precision: 'float32' }).data;
    assert.ok(rounded instanceof Float32Array);
    assert.deepEqual(rounded, Float32Array.from(exact));
  });

  test('every element of a table of many copy-out blocks is written, in both precisions', () => {
    // In node the result array's memory is not zeroed first (array_to_fill.js), so an element the
    // block copy missed would hold leftovers (or 0): positions start at 1, where no value is 0.
    // 1,200 rows x 520 columns is 4.8 MB: 19 blocks of 63 rows (256 KB) and a partial one, with a
    // gap in the positions that restarts the recurrence from a direct anchor.
    const dModel = 520;
    const positions = Int32Array.from({ length: 1200 }, (_, k) => (k < 700 ? k + 1 : k + 4000));
    const exact = posenc.sinusoidal({ positions, dModel }).data;
    const rounded = posenc.sinusoidal({ positions, dModel, precision: 'float32' }).data;
    let worst = 0;
    let roundedWrong = 0;
    positions.forEach((p, row) => {
      for (let column = 0; column < dModel; column++) {
        const cell = row * dModel + column;
        const error = Math.abs(exact[cell] - reference(p, column, dModel));
        if (!(error <= worst)) worst = error; // NaN leftovers count too
        if (rounded[cell] !== Math.fround(exact[cell])) roundedWrong++;
      }
    });
    // The recurrence's drift over its 256-row runs stays near 1e-13 (Catch2 bounds it at 1e-10).
    assert.ok(worst < 1e-10, `worst error ${worst}`);
    assert.equal(roundedWrong, 0);
  });

  test('an empty list of positions gives an empty table', () => {
    const result = posenc.sinusoidal({ positions: [], dModel: 16 });
    assert.equal(result.rows, 0);
    assert.equal(result.data.length, 0);
  });

  test('the result is owned by JS: it survives the wasm memory growing', () => {
    const small = posenc.sinusoidal({ positions: [3], dModel: 4 });
    const before = Array.from(small.data);
    posenc.sinusoidal({ positions: new Int32Array(8192), dModel: 4096 }); // 256 MiB: forces growth
    assert.equal(small.data.length, 4);
    assert.deepEqual(Array.from(small.data), before);
  });
});

describe('sinusoidal argument errors', () => {
  const cases = [
    ['dModel 0', { positions: [1], dModel: 0 }, RangeError, /dModel must be an integer from 1 to 4096; got 0/],
    ['dModel too large', { positions: [1], dModel: 4097 }, RangeError, /dModel .* got 4097/],
    ['dModel fractional', { positions: [1], dModel: 2.5 }, RangeError, /dModel .* got 2\.5/],
    ['dModel missing', { positions: [1] }, TypeError, /dModel must be a number; got undefined/],
    ['dModel a string', { positions: [1], dModel: '64' }, TypeError, /dModel must be a number; got the string "64"/],
    ['base 1', { positions: [1], dModel: 8, base: 1 }, RangeError, /base must be a finite number greater than 1; got 1/],
    ['base NaN', { positions: [1], dModel: 8, base: NaN }, RangeError, /base .* got NaN/],
    ['base Infinity', { positions: [1], dModel: 8, base: Infinity }, RangeError, /got Infinity/],
    ['negative position', { positions: [0, -1], dModel: 8 }, RangeError, /positions\[1\] must be an integer from 0 to 65536; got -1/],
    ['fractional position', { positions: [1.5], dModel: 8 }, RangeError, /positions\[0\] .* got 1\.5/],
    ['position too large', { positions: [65537], dModel: 8 }, RangeError, /positions\[0\] .* got 65537/],
    ['a non-number in positions', { positions: [1, '2'], dModel: 8 }, TypeError, /positions\[1\] must be a number; got the string "2"/],
    ['positions missing', { dModel: 8 }, TypeError, /positions must be an Array or a numeric typed array; got undefined/],
    ['positions a BigInt64Array', { positions: new BigInt64Array(2), dModel: 8 }, TypeError, /positions .* got a BigInt64Array/],
    [
      'too many cells',
      { positions: new Int32Array(8193), dModel: 4096 },
      RangeError,
      /positions\.length x dModel must be at most 33554432 cells; got 8193 x 4096/,
    ],
  ];
  for (const [name, options, type, message] of cases) {
    test(`${name} is a ${type.name} that names the argument and the value`, () => {
      assert.throws(
        () => posenc.sinusoidal(options),
        (error) => error instanceof type && message.test(error.message),
      );
    });
  }

  test('options that are not an object are a TypeError', () => {
    assert.throws(() => posenc.sinusoidal(null), { name: 'TypeError', message: /options must be an object; got null/ });
    assert.throws(() => posenc.sinusoidal(), { name: 'TypeError', message: /got undefined/ });
  });

  test('the module keeps working after 100,000 bad calls', () => {
    for (let i = 0; i < 100_000; i++) {
      assert.throws(() => posenc.sinusoidal({ positions: [-i - 1], dModel: 8 }), RangeError);
    }
    const { data } = posenc.sinusoidal({ positions: [5000], dModel: 4 });
    closeTo(data[0], Math.sin(5000), 1e-12, 'sin 5000');
    closeTo(data[3], Math.cos(50), 1e-12, 'cos(5000/100)');
  });
});

test('limits are reported by the module', () => {
  assert.deepEqual(
    { ...posenc.limits },
    {
      maxPosition: 65536,
      maxAnalysisPosition: 2 ** 24,
      maxTrainedLength: 2 ** 24,
      maxDModel: 4096,
      maxCells: 2 ** 25,
      maxHeads: 1024,
      maxAttentionDModel: 256,
    },
  );
});
