// trainerEvaluate at the edge of the attention-weight limit: a length trainerEvaluate accepts is a
// length it can score (it once threw a bare number from inside wasm for two layers).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

test('two layers evaluated at the longest length the limit allows score every row', () => {
  const { id } = posenc.trainerCreate({ scheme: 'nope', task: 'copyBack', trainedLength: 16, nLayers: 2, nHeads: 8 });
  try {
    assert.throws(() => posenc.trainerEvaluate({ id, length: 1023, bucketWidth: 256, sequences: 1 }), {
      name: 'RangeError',
      message: /^length must be short enough/,
    });
    const result = posenc.trainerEvaluate({ id, length: 1022, bucketWidth: 256, sequences: 1 });
    assert.equal(
      result.buckets.count.reduce((sum, n) => sum + n, 0),
      1022 - 3,
    );
    assert.deepEqual(Array.from(posenc.alibiSlopes(3)), [1 / 16, 1 / 256, 1 / 4], 'the module still answers');
  } finally {
    posenc.trainerDispose({ id });
  }
});
