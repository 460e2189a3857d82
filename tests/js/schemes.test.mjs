import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const seeded = (n, seed) => Float64Array.from({ length: n }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233) * 2);

describe('learned table', () => {
  test('is deterministic per seed, GPT-2-sized entries', () => {
    const a = posenc.learnedTable({ maxLength: 2048, dModel: 16, seed: 3 });
    const b = posenc.learnedTable({ maxLength: 2048, dModel: 16, seed: 3 });
    assert.equal(a.rows, 2048);
    assert.deepEqual(a.data, b.data);
    const sd = Math.sqrt(a.data.reduce((s, v) => s + v * v, 0) / a.data.length);
    closeTo(sd, 0.02, 1e-3, 'standard deviation of 32,768 draws');
  });

  test("has no row 5,000 under overflow 'error'", () => {
    const table = posenc.learnedTable({ maxLength: 2048, dModel: 4 });
    assert.throws(() => posenc.learnedLookup({ table, positions: [5000] }), {
      name: 'RangeError',
      message: /positions\[0\].*rows 0\.\.2047 and no row 5000 exists; got 5000/,
    });
  });

  test("each overflow policy reports the row it used and whether it was the position's own", () => {
    const table = posenc.learnedTable({ maxLength: 2048, dModel: 4 });
    const row = (policy) => posenc.learnedLookup({ table, positions: [10, 5000], overflow: policy });
    assert.deepEqual(Array.from(row('clamp').sourceRow), [10, 2047]);
    assert.deepEqual(Array.from(row('wrap').sourceRow), [10, 5000 % 2048]);
    assert.deepEqual(Array.from(row('clamp').ownRow), [1, 0]);
    const window = row('window');
    assert.ok(Number.isNaN(window.sourceRow[0]), 'position 10 falls outside the last 2,048');
    assert.equal(window.sourceRow[1], 2047);
    closeTo(row('interpolate').sourceRow[0], (10 * 2047) / 5000, 1e-12, 'interpolated row');
    assert.deepEqual(Array.from(row('clamp').data.slice(4, 8)), Array.from(table.data.slice(2047 * 4, 2048 * 4)));
  });
});

describe('nope', () => {
  test('adds nothing', () => {
    const { data, rows, cols } = posenc.nope({ positions: [0, 5000], dModel: 8 });
    assert.equal(rows * cols, 16);
    assert.ok(data.every((v) => v === 0));
  });
});

describe('rope', () => {
  test('rotates pair i by p theta_i in the interleaved pairing', () => {
    const x = new Float64Array(8);
    x[0] = 1;
    x[2] = 1;
    const { data } = posenc.rope({ x, positions: [3] });
    closeTo(data[0], Math.cos(3), 1e-15, 'x0');
    closeTo(data[1], Math.sin(3), 1e-15, 'x1');
    closeTo(data[2], Math.cos(0.3), 1e-15, 'x2');
    closeTo(data[3], Math.sin(0.3), 1e-15, 'x3');
  });

  test("the 'half' pairing rotates (x[i], x[i + d/2])", () => {
    const x = new Float64Array(8);
    x[0] = 1;
    const { data } = posenc.rope({ x, positions: [3], pairing: 'half' });
    closeTo(data[0], Math.cos(3), 1e-15, 'x0');
    closeTo(data[4], Math.sin(3), 1e-15, 'x4');
  });

  test('preserves norms and the score depends only on m - n', () => {
    const q = seeded(64, 1),
      k = seeded(64, 2);
    for (const pairing of ['interleaved', 'half']) {
      const reference = posenc.ropeScore({ q, k, m: 100, n: 0, pairing });
      // angles up to 60,100 rad carry ~1e-11 rounding; 64 terms keep the score within 1e-9
      for (const n of [1, 5000, 60000]) closeTo(posenc.ropeScore({ q, k, m: n + 100, n, pairing }), reference, 1e-9, `n = ${n}`);
    }
    const rotated = posenc.rope({ x: q, positions: [65536] }).data;
    const norm = (v) => Math.hypot(...v);
    closeTo(norm(rotated), norm(q), 1e-12, 'norm');
  });

  test('PI, NTK and YaRN rescale the frequencies; YaRN reports its attention factor', () => {
    const s = 5000 / 2048;
    const plain = posenc.ropeFrequencies({ headDim: 64 }).frequencies;
    const pi = posenc.ropeFrequencies({ headDim: 64, scaling: { kind: 'pi', factor: s } }).frequencies;
    const ntk = posenc.ropeFrequencies({ headDim: 64, scaling: { kind: 'ntk', factor: s } }).frequencies;
    const yarn = posenc.ropeFrequencies({ headDim: 64, scaling: { kind: 'yarn', factor: s, trainedLength: 2048 } });
    closeTo(pi[5], plain[5] / s, 1e-18, 'PI');
    assert.equal(ntk[0], plain[0]);
    closeTo(ntk[31], plain[31] / s, 1e-16, 'NTK slowest pair');
    assert.equal(yarn.frequencies[0], plain[0]);
    closeTo(yarn.frequencies[31], plain[31] / s, 1e-18, 'YaRN slowest pair');
    closeTo(yarn.attentionFactor, 0.1 * Math.log(s) + 1, 1e-15, 'YaRN factor');
  });
});

describe('alibi', () => {
  test('slopes follow the official rule, unsorted for non-powers of two', () => {
    assert.deepEqual(Array.from(posenc.alibiSlopes(3)), [1 / 16, 1 / 256, 1 / 4]);
    assert.deepEqual(
      Array.from(posenc.alibiSlopes(8)),
      [1, 2, 3, 4, 5, 6, 7, 8].map((k) => 2 ** -k),
    );
    assert.equal(posenc.alibiSlopes(6).length, 6);
  });

  test('slopes take { nHeads } like every other function, and nHeads alone as before', () => {
    for (const nHeads of [1, 3, 8, 12]) assert.deepEqual(posenc.alibiSlopes({ nHeads }), posenc.alibiSlopes(nHeads), `nHeads ${nHeads}`);
    assert.throws(() => posenc.alibiSlopes({ nHeads: 0 }), { name: 'RangeError', message: 'nHeads must be an integer from 1 to 1024; got 0' });
    assert.throws(() => posenc.alibiSlopes({ nHeads: '8' }), { name: 'TypeError', message: /^nHeads/ });
    assert.throws(() => posenc.alibiSlopes({}), { name: 'TypeError', message: /^nHeads/ }, 'a missing nHeads is named');
    const misnamed = { name: 'TypeError', message: /^heads is not an option of alibiSlopes; did you mean 'nHeads'\?/ };
    assert.throws(() => posenc.alibiSlopes({ heads: 8 }), misnamed, 'a misnamed nHeads is named, with the real name');
    const biasSettings = { nHeads: 4, queryLength: 2, keyLength: 3 };
    assert.throws(
      () => posenc.alibiSlopes(biasSettings),
      { name: 'TypeError', message: /^queryLength is not an option of alibiSlopes/ },
      "alibiBias's lengths",
    );
  });

  test('bias is -m (i - j) for past keys and -Infinity for future ones', () => {
    const { heads, queries, keys, data } = posenc.alibiBias({ nHeads: 2, queryLength: 3, keyLength: 3 });
    assert.deepEqual([heads, queries, keys], [2, 3, 3]);
    assert.deepEqual(Array.from(data.slice(0, 9)), [-0, -Infinity, -Infinity, -1 / 16, -0, -Infinity, -2 / 16, -1 / 16, -0]);
  });
});

describe('t5Bucket', () => {
  test('matches the reference buckets, including log boundaries and saturation', () => {
    const relativePositions = [0, -1, 1, -8, -12, -16, -32, -64, -90, -91, -128, -300, 300];
    assert.deepEqual(Array.from(posenc.t5Bucket({ relativePositions })), [0, 1, 17, 8, 9, 10, 12, 14, 14, 15, 15, 15, 31]);
  });

  test('unidirectional puts future keys in bucket 0', () => {
    assert.deepEqual(Array.from(posenc.t5Bucket({ relativePositions: [5, -5000], bidirectional: false })), [0, 31]);
  });
});
