// Every exported function against bad input: each case must throw a RangeError or TypeError
// whose message names the argument, and the module must still answer correctly afterwards.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => { posenc = await loadForTests(); });

const table = { rows: 4, cols: 2, data: new Float64Array(8) };
const valid = {
  sinusoidal: { positions: [0, 1], dModel: 8 },
  nope: { positions: [0, 1], dModel: 8 },
  learnedTable: { maxLength: 16, dModel: 4 },
  learnedLookup: { table, positions: [0, 1] },
  rope: { x: new Float64Array(8), positions: [0, 1] },
  ropeScore: { q: [1, 0, 0, 1], k: [0, 1, 1, 0], m: 3, n: 1 },
  ropeFrequencies: { headDim: 8 },
  alibiBias: { nHeads: 2, queryLength: 2, keyLength: 3 },
  t5Bucket: { relativePositions: [0, -1] },
  attention: { scheme: 'rope', queryPosition: 10, dModel: 8 },
  beyondTrained: { scheme: 'sinusoidal', p: 100, trainedLength: 50, dModel: 1024 },
  offsetSimilarity: { p: 0, maxOffset: 4, dModel: 8 },
};

// [function, field, bad value, expected error, argument named in the message]
const R = RangeError, T = TypeError;
const cases = [
  ...['sinusoidal', 'nope'].flatMap((fn) => [
    [fn, 'dModel', 0, R, 'dModel'], [fn, 'dModel', -8, R, 'dModel'], [fn, 'dModel', 4097, R, 'dModel'],
    [fn, 'dModel', 2.5, R, 'dModel'], [fn, 'dModel', NaN, R, 'dModel'], [fn, 'dModel', Infinity, R, 'dModel'],
    [fn, 'dModel', 1e308, R, 'dModel'], [fn, 'dModel', '8', T, 'dModel'], [fn, 'dModel', undefined, T, 'dModel'],
    [fn, 'dModel', null, T, 'dModel'], [fn, 'positions', [-1], R, 'positions[0]'], [fn, 'positions', [0, 1.5], R, 'positions[1]'],
    [fn, 'positions', [65537], R, 'positions[0]'], [fn, 'positions', [NaN], R, 'positions[0]'], [fn, 'positions', [Infinity], R, 'positions[0]'],
    [fn, 'positions', ['1'], T, 'positions[0]'], [fn, 'positions', [null], T, 'positions[0]'], [fn, 'positions', 'abc', T, 'positions'],
    [fn, 'positions', { length: 2 }, T, 'positions'], [fn, 'positions', new BigInt64Array(1), T, 'positions'],
    [fn, 'positions', new Int32Array(1 << 23), R, 'positions.length x dModel'],
  ]),
  ['sinusoidal', 'base', 1, R, 'base'], ['sinusoidal', 'base', 0, R, 'base'], ['sinusoidal', 'base', -5, R, 'base'],
  ['sinusoidal', 'base', NaN, R, 'base'], ['sinusoidal', 'base', Infinity, R, 'base'], ['sinusoidal', 'base', '1e4', T, 'base'],
  ['sinusoidal', 'layout', 'rows', R, 'layout'], ['sinusoidal', 'layout', 3, T, 'layout'],
  ['sinusoidal', 'precision', 'float16', R, 'precision'], ['sinusoidal', 'precision', true, T, 'precision'],
  ['learnedTable', 'maxLength', 0, R, 'maxLength'], ['learnedTable', 'maxLength', 65537, R, 'maxLength'],
  ['learnedTable', 'maxLength', 1.5, R, 'maxLength'], ['learnedTable', 'maxLength', undefined, T, 'maxLength'],
  ['learnedTable', 'dModel', 0, R, 'dModel'], ['learnedTable', 'dModel', 5000, R, 'dModel'],
  ['learnedTable', 'seed', -1, R, 'seed'], ['learnedTable', 'seed', 0.5, R, 'seed'], ['learnedTable', 'seed', 'x', T, 'seed'],
  ['learnedLookup', 'table', null, T, 'table'], ['learnedLookup', 'table', { rows: 4, cols: 2 }, T, 'table.data'],
  ['learnedLookup', 'table', { rows: 4, cols: 2, data: new Float64Array(7) }, R, 'table.data.length'],
  ['learnedLookup', 'table', { rows: 0, cols: 2, data: [] }, R, 'table.rows'],
  ['learnedLookup', 'table', { rows: 4, cols: 2, data: [1, 2, 3, 4, 5, 6, 7, NaN] }, R, 'table.data[7]'],
  ['learnedLookup', 'positions', [4], R, 'positions[0]'], ['learnedLookup', 'positions', [-1], R, 'positions[0]'],
  ['learnedLookup', 'overflow', 'extrapolate', R, 'overflow'], ['learnedLookup', 'overflow', 1, T, 'overflow'],
  ['learnedLookup', 'sequenceLength', -1, R, 'sequenceLength'], ['learnedLookup', 'sequenceLength', 1.5, R, 'sequenceLength'],
  ['rope', 'x', new Float64Array(7), R, 'x.length'], ['rope', 'x', new Float64Array(6), R, 'headDim'],
  ['rope', 'x', 'x', T, 'x'], ['rope', 'x', [1, 2, 3, NaN, 1, 2, 3, 4], R, 'x[3]'],
  ['rope', 'positions', [], R, 'positions.length'], ['rope', 'positions', [0, -3], R, 'positions[1]'],
  ['rope', 'base', 0.5, R, 'base'], ['rope', 'pairing', 'neox', R, 'pairing'], ['rope', 'pairing', null, T, 'pairing'],
  ['rope', 'scaling', 'pi', T, 'scaling'], ['rope', 'scaling', { kind: 'linear' }, R, 'scaling.kind'],
  ['rope', 'scaling', { kind: 'pi', factor: 0.5 }, R, 'scaling.factor'], ['rope', 'scaling', { kind: 'pi', factor: NaN }, R, 'scaling.factor'],
  ['rope', 'scaling', { kind: 'ntk', factor: 1e308 }, R, 'scaling.factor'], ['rope', 'scaling', { kind: 'ntk', factor: '2' }, T, 'scaling.factor'],
  ['rope', 'scaling', { kind: 'yarn', factor: 2 }, R, 'scaling.trainedLength'], ['rope', 'scaling', { kind: 'yarn', factor: 2, trainedLength: -1 }, R, 'scaling.trainedLength'],
  ['ropeScore', 'q', [1, 2, 3], R, 'k.length'], ['ropeScore', 'k', [1, 2], R, 'k.length'], ['ropeScore', 'q', undefined, T, 'q'],
  ['ropeScore', 'q', new Float64Array(5000), R, 'q.length'], ['ropeScore', 'm', -1, R, 'm'], ['ropeScore', 'n', 70000, R, 'n'],
  ['ropeScore', 'm', 1.5, R, 'm'], ['ropeScore', 'n', 'zero', T, 'n'],
  ['ropeFrequencies', 'headDim', 7, R, 'headDim'], ['ropeFrequencies', 'headDim', 0, R, 'headDim'], ['ropeFrequencies', 'headDim', 8192, R, 'headDim'],
  ['alibiBias', 'nHeads', 0, R, 'nHeads'], ['alibiBias', 'nHeads', 1025, R, 'nHeads'], ['alibiBias', 'nHeads', 2.5, R, 'nHeads'],
  ['alibiBias', 'queryLength', 4, R, 'queryLength'], ['alibiBias', 'queryLength', 0, R, 'queryLength'],
  ['alibiBias', 'keyLength', 0, R, 'keyLength'], ['alibiBias', 'keyLength', 'long', T, 'keyLength'],
  ['t5Bucket', 'relativePositions', [0.5], R, 'relativePositions[0]'], ['t5Bucket', 'relativePositions', [2 ** 40], R, 'relativePositions[0]'],
  ['t5Bucket', 'relativePositions', 5, T, 'relativePositions'], ['t5Bucket', 'numBuckets', 31, R, 'numBuckets'],
  ['t5Bucket', 'numBuckets', 0, R, 'numBuckets'], ['t5Bucket', 'maxDistance', 4, R, 'maxDistance'],
  ['t5Bucket', 'bidirectional', 'yes', T, 'bidirectional'], ['t5Bucket', 'bidirectional', 1, T, 'bidirectional'],
  ['attention', 'scheme', 'xpos', R, 'scheme'], ['attention', 'scheme', undefined, T, 'scheme'],
  ['attention', 'queryPosition', -1, R, 'queryPosition'], ['attention', 'queryPosition', 65537, R, 'queryPosition'],
  ['attention', 'dModel', 7, R, 'dModel'], ['attention', 'dModel', 512, R, 'dModel'], ['attention', 'head', 8, R, 'head'],
  ['attention', 'nHeads', 0, R, 'nHeads'], ['attention', 'overflow', 'none', R, 'overflow'],
  ['attention', 'trainedLength', 0, R, 'trainedLength'], ['attention', 'seed', -2, R, 'seed'],
  ['beyondTrained', 'scheme', 'absolute', R, 'scheme'], ['beyondTrained', 'p', -1, R, 'p'], ['beyondTrained', 'p', 1e308, R, 'p'],
  ['beyondTrained', 'trainedLength', 0, R, 'trainedLength'], ['beyondTrained', 'dModel', 1, R, 'dModel'],
  ['beyondTrained', 'base', 1, R, 'base'], ['beyondTrained', 'trainedLength', 65536, R, 'trainedLength x dModel'],
  ['offsetSimilarity', 'dModel', 9, R, 'dModel'], ['offsetSimilarity', 'maxOffset', 70000, R, 'maxOffset'],
  ['offsetSimilarity', 'p', 65536.5, R, 'p'], ['offsetSimilarity', 'seed', NaN, R, 'seed'],
];

for (const [fn, field, value, type, argument] of cases) {
  const shown = typeof value === 'object' && value !== null ? value.constructor.name : String(value);
  test(`${fn}: ${field} = ${shown} is a ${type.name} naming ${argument}`, () => {
    const options = { ...valid[fn], [field]: value };
    if (value === undefined) delete options[field];
    if (field === 'table' && fn === 'learnedLookup' && value?.rows === 0) options.positions = [];
    assert.throws(() => posenc[fn](options), (error) => {
      assert.ok(error instanceof type, `expected ${type.name}, got ${error.name}: ${error.message}`);
      assert.ok(error.message.startsWith(argument + ' '), `message should name ${argument}: ${error.message}`);
      return true;
    });
  });
}

test('beyondTrained with rope scaling reads its scheme-specific fields', () => {
  assert.throws(() => posenc.beyondTrained({ scheme: 'rope', headDim: 63 }), { name: 'RangeError', message: /^headDim/ });
  assert.throws(() => posenc.beyondTrained({ scheme: 'alibi', nHeads: 0 }), { name: 'RangeError', message: /^nHeads/ });
  assert.throws(() => posenc.beyondTrained({ scheme: 't5', numBuckets: 3 }), { name: 'RangeError', message: /^numBuckets/ });
});

test('every function refuses a non-object', () => {
  for (const fn of Object.keys(valid)) {
    for (const bad of [null, 42, 'options', [1, 2]]) assert.throws(() => posenc[fn](bad), { name: 'TypeError', message: /^options must be an object/ });
  }
  assert.throws(() => posenc.alibiSlopes('8'), { name: 'TypeError', message: /^nHeads/ });
  assert.throws(() => posenc.alibiSlopes(0), { name: 'RangeError', message: /^nHeads/ });
});

test('after all of that, every function still answers correctly', () => {
  for (const [fn, options] of Object.entries(valid)) assert.doesNotThrow(() => posenc[fn](options), fn);
  closeTo(posenc.sinusoidal({ positions: [5000], dModel: 2 }).data[0], Math.sin(5000), 1e-12, 'PE(5000, 0)');
  assert.deepEqual(Array.from(posenc.alibiSlopes(3)), [1 / 16, 1 / 256, 1 / 4]);
});

test(`${cases.length} bad-input cases are covered`, () => assert.ok(cases.length >= 120));
