// 10,000 calls, about half of them failing, must leave the wasm heap, the allocator's break, the
// stack pointer and Embind's value handles where they were (each within 1 MB, handles exact).
// A throw across the wasm boundary would leak stack on every call: bindings return results instead.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const MB = 1 << 20;
const calls = 10_000;

/** The i-th call of the mix: a good and a bad call per function in turn, trainers now and then. */
function mixedCall(i) {
  const attempts = [
    () => posenc.sinusoidal({ positions: [0, i % 5000], dModel: 16 }),
    () => posenc.sinusoidal({ positions: [0, -i], dModel: 16 }),
    () => posenc.nope({ positions: [1], dModel: NaN }),
    () => posenc.learnedLookup({ table: { rows: 4, cols: 2, data: new Float64Array(8) }, positions: [1, 9], overflow: 'clamp' }),
    () => posenc.learnedLookup({ table: { rows: 4, cols: 2, data: new Float64Array(8) }, positions: [9], overflow: 'error' }),
    () => posenc.rope({ x: new Float64Array(8), positions: [i % 100, 1], scaling: { kind: 'yarn', factor: 4, trainedLength: 64 } }),
    () => posenc.rope({ x: new Float64Array(7), positions: [0] }),
    () => posenc.ropeScore({ q: [1, 0, 0, 1], k: [0, 1, 1, 0], m: i % 300, n: 1 }),
    () => posenc.alibiSlopes(i % 2 ? 8 : 0),
    () => posenc.alibiBias({ nHeads: 2, queryLength: 3, keyLength: i % 2 ? 3 : 0 }),
    () => posenc.t5Bucket({ relativePositions: [-i, i], bidirectional: i % 2 === 0 }),
    () => posenc.t5Bucket({ relativePositions: 'near' }),
    () => posenc.attention({ scheme: posenc.training.schemes[i % 6], queryPosition: 40, dModel: 8 }),
    () => posenc.attention({ scheme: 'xpos', queryPosition: 40 }),
    () => posenc.beyondTrained({ scheme: posenc.training.schemes[i % 6], p: 5000, trainedLength: 2048, dModel: 64 }),
    () => posenc.offsetSimilarity({ maxOffset: i % 2 ? 16 : 1e9, dModel: 16 }),
    () => posenc.beyondTrained({ model: posenc.models[i % posenc.models.length].name, p: 200000 + i }),
    () =>
      posenc.ropeFrequencies({
        headDim: 8,
        sequenceLength: i % 20,
        scaling: { kind: 'longrope', factor: 4, trainedLength: 8, shortFactor: [1, 1, 1, 1], longFactor: i % 3 ? [2, 2, 2, 2] : [2, 2] },
      }),
    () => posenc.attention({ model: 'llama-4-scout', layerGroup: i % 2 ? 'rope' : 'nope', queryPosition: 40 + (i % 50) }),
    () => posenc.trainerStep({ id: 1e6 }),
    () => posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', dModel: 1e308 }),
  ];
  if (i % 250 === 0) {
    const { id } = posenc.trainerCreate({ scheme: posenc.training.schemes[(i / 250) % 6], task: 'recallFirst', trainedLength: 8, dModel: 8 });
    posenc.trainerStep({ id, steps: 2 });
    posenc.trainerEvaluate({ id, length: 16, bucketWidth: 8, sequences: 1, overflow: 'error' });
    return posenc.trainerDispose({ id });
  }
  return attempts[i % attempts.length]();
}

function run(count) {
  let failed = 0;
  for (let i = 0; i < count; i++) {
    try {
      mixedCall(i);
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      failed += 1;
    }
  }
  return failed;
}

test(`${calls} calls, many failing, leave heap, stack and handles where they were`, (t) => {
  run(500); // warm-up: the allocator and Embind's caches reach their steady size
  const before = posenc.memoryStats();
  const failed = run(calls);
  const after = posenc.memoryStats();
  const figures = {
    failed,
    heapGrowth: after.heapSize - before.heapSize,
    heapTopGrowth: after.heapTop - before.heapTop,
    stackGrowth: before.stackPointer - after.stackPointer,
    handleGrowth: after.handles - before.handles,
  };
  t.diagnostic(JSON.stringify(figures));
  assert.ok(failed > calls / 3, `the mix should fail often: ${failed}`);
  assert.ok(figures.heapGrowth < MB, `wasm memory grew by ${figures.heapGrowth} bytes`);
  assert.ok(figures.heapTopGrowth < MB, `the allocator's break rose by ${figures.heapTopGrowth} bytes`);
  assert.ok(Math.abs(figures.stackGrowth) < MB, `the stack grew by ${figures.stackGrowth} bytes`);
  assert.equal(before.stackPointer, after.stackPointer, 'between calls the stack pointer is back at its base');
  assert.equal(figures.handleGrowth, 0, 'Embind value handles leaked');
  assert.equal(posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }).id }).live, 0, 'no trainer left alive');
});

test('memoryStats describes a sane heap', () => {
  const stats = posenc.memoryStats();
  assert.ok(stats.heapSize >= 16 * MB && stats.heapSize <= 1024 * MB, `heapSize ${stats.heapSize}`);
  assert.ok(stats.heapTop > stats.stackBase && stats.heapTop <= stats.heapSize, `heapTop ${stats.heapTop}`);
  assert.ok(stats.stackPointer > 0 && stats.stackPointer <= stats.stackBase);
});
