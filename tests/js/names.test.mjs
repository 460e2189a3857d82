// posenc.names: the names every function reads come from the module's tables, so the page never
// keeps its own copy. Each listed name is accepted where its option is read, and an unknown one is
// refused with a message listing exactly the names the module gave.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** For each option: a call that reads it, given the name. */
const readers = {
  scheme: (name) => posenc.beyondTrained({ scheme: name, p: 10, trainedLength: 8, dModel: 8, headDim: 8 }),
  overflow: (name) => posenc.attention({ scheme: 'learned', queryPosition: 3, trainedLength: 8, dModel: 8, overflow: name }),
  task: (name) => posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'nope', task: name, trainedLength: 8, dModel: 8 }).id }),
  layerPositions: (name) =>
    posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', layerPositions: name, nLayers: 2, trainedLength: 8, dModel: 8 }).id }),
  scalingKind: (name) => {
    // LongRoPE's per-pair factors come only from a checkpoint: give one per rotary pair of head dim 8.
    const perPair = posenc.names.scalingKind.find((kind) => kind.name === name)?.perPairFactors;
    const factors = perPair ? { shortFactor: [1, 1, 1, 1], longFactor: [2, 2, 2, 2] } : {};
    return posenc.ropeFrequencies({ headDim: 8, scaling: { kind: name, factor: 2, trainedLength: 8, ...factors } });
  },
  yarnRamp: (name) => posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'yarn', factor: 2, trainedLength: 8, ramp: name } }),
  rotaryAxes: (name) => posenc.ropeFrequencies({ headDim: 8, rotaryAxes: name, mropeSection: [2, 1, 1] }),
  spanKind: (name) => posenc.beyondTrained({ scheme: 'rope', p: 10, trainedLength: 8, headDim: 8, span: { kind: name, size: 4 } }),
  model: (name) => posenc.beyondTrained({ model: name, p: 10 }),
  pairing: (name) => posenc.rope({ x: [1, 0, 0, 1], positions: [3], pairing: name }),
  layout: (name) => posenc.sinusoidal({ positions: [1], dModel: 4, layout: name }),
  precision: (name) => posenc.sinusoidal({ positions: [1], dModel: 4, precision: name }),
};

test('every option the functions read by name has a list, and every list is read', () => {
  assert.deepEqual(Object.keys(posenc.names).sort(), Object.keys(readers).sort());
  assert.ok(Object.isFrozen(posenc.names.scheme) && Object.isFrozen(posenc.names.scheme[0]));
});

test('each scaling kind lists the fields it reads, by the names the functions read', () => {
  for (const { name, reads, perPairFactors } of posenc.names.scalingKind) {
    for (const field of reads) assert.match(field.name, /^[a-z][A-Za-z]*$/, name);
    assert.equal(perPairFactors, name === 'longrope', name);
  }
  const kinds = Object.fromEntries(posenc.names.scalingKind.map(({ name, reads }) => [name, reads.map((field) => field.name)]));
  assert.deepEqual(kinds.none, []);
  assert.deepEqual(kinds.llama3, ['factor', 'trainedLength', 'lowFreqFactor', 'highFreqFactor']);
  // followsLength is what the frequencies do: they change between a sequence of L and one of 4 L exactly when it is set.
  for (const { name, followsLength } of posenc.names.scalingKind) {
    const scaling = { kind: name, factor: 4, trainedLength: 64, shortFactor: [1, 1, 1, 1], longFactor: [2, 3, 4, 5] };
    const at = (sequenceLength) => [...posenc.ropeFrequencies({ headDim: 8, scaling, sequenceLength }).frequencies];
    assert.equal(followsLength, JSON.stringify(at(64)) !== JSON.stringify(at(256)), name);
  }
  // A field a kind does not read is never read: a nonsense value there changes nothing.
  const plain = posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'pi', factor: 2 } });
  assert.deepEqual(posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'pi', factor: 2, trainedLength: -1, betaFast: 'x', shortFactor: 'y' } }), plain);
});

for (const [option, read] of Object.entries(readers)) {
  test(`${option}: each listed name is accepted, with a label for people`, () => {
    const names = posenc.names[option];
    assert.ok(names.length >= 2);
    assert.equal(new Set(names.map(({ name }) => name)).size, names.length, 'names are distinct');
    for (const { name, label } of names) {
      // Model names are the ones people write for checkpoints ('llama-3.1-8b'); every other name is camelCase.
      assert.match(name, option === 'model' ? /^[a-z][a-z0-9.-]*[a-z0-9]$/ : /^[a-z][A-Za-z0-9]*$/);
      assert.ok(label.length > 0);
      assert.doesNotThrow(() => read(name), name);
    }
  });

  test(`${option}: an unknown name is refused with exactly the listed names`, () => {
    const allowed = `one of ${posenc.names[option].map(({ name }) => `'${name}'`).join(', ')}`;
    assert.throws(
      () => read('notAName'),
      (error) => error instanceof RangeError && error.message.includes(`must be ${allowed}; got the string "notAName"`),
    );
  });
}

test('the training lists are the same tables', () => {
  const names = (option) => posenc.names[option].map(({ name }) => name);
  assert.deepEqual([...posenc.training.schemes], names('scheme'));
  assert.deepEqual([...posenc.training.tasks], names('task'));
  assert.deepEqual([...posenc.training.overflows], names('overflow'));
});
