// The views' buffer store (web/views/reused-buffers.js), and the lesson's readings and the trained
// row drawn through it: the numbers must be exactly those of fresh results, move after move.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshBuffers, reusedBuffers } from '../../dist/views/reused-buffers.js';
import { readings } from '../../dist/lesson/readings.js';
import { askModel } from '../../dist/views/trained-row.js';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

test('a name keeps its buffer for the same type and length, grows to twice its length, and hands out exact-length views', () => {
  const bufferFor = reusedBuffers();
  const first = bufferFor('row', Float64Array, 100);
  assert.equal(first.length, 100);
  assert.equal(bufferFor('row', Float64Array, 100), first, 'the same length: the same array');
  const shorter = bufferFor('row', Float64Array, 60);
  assert.equal(shorter.length, 60);
  assert.equal(shorter.buffer, first.buffer, 'a shorter row is a view of the same memory');
  const longer = bufferFor('row', Float64Array, 101);
  assert.equal(longer.buffer.byteLength, 200 * 8, 'grown to twice the held length');
  assert.equal(bufferFor('row', Float64Array, 150).buffer, longer.buffer, 'no new memory until the held length is passed');
  assert.notEqual(bufferFor('other', Float64Array, 100).buffer, longer.buffer, 'each name has its own memory');
  const asFloat32 = bufferFor('row', Float32Array, 100);
  assert.ok(asFloat32 instanceof Float32Array && asFloat32.length === 100, 'another type replaces the buffer');
  assert.equal(freshBuffers('row', Float64Array, 100), undefined, 'freshBuffers leaves every out unset');
});

test('a store reused across p gives exactly the fresh readings of the lesson steps that draw rows', () => {
  const bufferFor = reusedBuffers();
  const steps = [
    [
      'why-position',
      [
        { p: 40, scheme: 'rope' },
        { p: 900, scheme: 'alibi' },
        { p: 900, scheme: 'nope' },
        { p: 41, scheme: 'learned' },
      ],
    ],
    ['sinusoidal-offsets', [{ p: 10 }, { p: 4000 }, { p: 10 }]],
    ['rope-rotation', [{ p: 0 }, { p: 65_000 }]],
    [
      'sinusoidal-clocks',
      [
        { d: 64, n: 128 },
        { d: 32, n: 128 },
        { d: 64, n: 256 },
      ],
    ],
  ];
  for (const [id, moves] of steps)
    for (const settings of moves) {
      const reused = readings[id].measure(posenc, settings, undefined, bufferFor);
      const fresh = readings[id].measure(posenc, settings);
      assert.deepEqual(reused, fresh, `${id} ${JSON.stringify(settings)}`);
    }
  const at = (p) => readings['sinusoidal-offsets'].measure(posenc, { p }, undefined, bufferFor).chosen;
  assert.equal(at(5), at(6), 'the same offsets, the same buffer: moving p allocates no row');
});

test("the position view's trained row, asked through a store as p moves, is the fresh row", () => {
  const preset = posenc.training.presets.find((entry) => entry.name === 'quick');
  const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' });
  const model = { scheme: 'rope', task: 'copyBack', parameters: posenc.trainerParameters({ id }).parameters };
  posenc.trainerDispose({ id });
  const bufferFor = reusedBuffers();
  for (const p of [200, 40, 1000, 40]) {
    const ask = { p, overflow: 'clamp', preset };
    const reused = askModel(posenc, model, ask, bufferFor);
    const fresh = askModel(posenc, model, ask);
    assert.deepEqual(reused.mean, fresh.mean, `p = ${p}`);
    assert.deepEqual(reused.peak, fresh.peak, `p = ${p}`);
    assert.equal(reused.probe.weights.length, preset.trainer.nHeads * (p + 1));
  }
});
