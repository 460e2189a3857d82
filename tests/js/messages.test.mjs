// The bindings check types; every range is the core's. A number that cannot be the integer an
// option holds (2.5, NaN, 1e308) is refused by the core's check for that option, with its whole
// range, and the message shows the number as it was given.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const cases = [
  [() => posenc.sinusoidal({ positions: [1], dModel: 2.5 }), 'dModel must be an integer from 1 to 4096; got 2.5'],
  [() => posenc.alibiBias({ nHeads: 2, keyLength: 3, queryLength: 1.5 }), 'queryLength must be an integer from 1 to 3; got 1.5'],
  [() => posenc.alibiSlopes(NaN), 'nHeads must be an integer from 1 to 1024; got NaN'],
  [
    () => posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'yarn', factor: 2, trainedLength: 2.5 } }),
    'scaling.trainedLength must be an integer from 1 to 16777216; got 2.5',
  ],
  [() => posenc.learnedLookup({ table: { rows: Infinity, cols: 2, data: [] }, positions: [] }), 'table.rows must be an integer from 1 to 65536; got Infinity'],
  [() => posenc.beyondTrained({ scheme: 't5', p: 1e308 }), 'p must be an integer from 0 to 16777216; got 1e+308'],
  [() => posenc.attention({ scheme: 'alibi', queryPosition: 3, nHeads: 4, head: 3.5 }), 'head must be an integer from 0 to 3; got 3.5'],
  [() => posenc.trainerStep({ id: 1.5 }), 'id must be an integer from 1 to 1073741824; got 1.5'],
  [() => posenc.learnedTable({ maxLength: 4, dModel: 2, seed: 2 ** 54 }), 'seed must be an integer from 0 to 9007199254740992; got 18014398509481984'],
  [() => posenc.trainerCreate({ scheme: 'nope', task: 'copyBack', symbols: 2.5, passkeys: NaN }), 'symbols must be an integer from 2 to 128; got 2.5'],
];

test("a number that is no integer is refused with the core's range, shown as given", () => {
  for (const [call, message] of cases) assert.throws(call, (error) => error instanceof RangeError && error.message === message, message);
});

test("a range that depends on another option is the core's exact one", () => {
  assert.throws(() => posenc.trainerCreate({ scheme: 'nope', task: 'copyBack', trainedLength: 16, queriesPerSequence: 17 }), {
    name: 'RangeError',
    message: 'queriesPerSequence must be an integer from 0 to 16; got 17',
  });
  assert.throws(() => posenc.offsetSimilarity({ p: 65000, maxOffset: 600 }), {
    name: 'RangeError',
    message: 'maxOffset must be an integer from 0 to 536; got 600',
  });
});
