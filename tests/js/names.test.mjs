// posenc.names: the names every function reads come from the module's tables, so the page never
// keeps its own copy. Each listed name is accepted where its option is read, and an unknown one is
// refused with a message listing exactly the names the module gave.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => { posenc = await loadForTests(); });

/** For each option: a call that reads it, given the name. */
const readers = {
  scheme: (name) => posenc.beyondTrained({ scheme: name, p: 10, trainedLength: 8, dModel: 8, headDim: 8 }),
  overflow: (name) => posenc.attention({ scheme: 'learned', queryPosition: 3, trainedLength: 8, dModel: 8, overflow: name }),
  task: (name) => posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'nope', task: name, trainedLength: 8, dModel: 8 }).id }),
  scalingKind: (name) => posenc.ropeFrequencies({ headDim: 8, scaling: { kind: name, factor: 2, trainedLength: 8 } }),
  pairing: (name) => posenc.rope({ x: [1, 0, 0, 1], positions: [3], pairing: name }),
  layout: (name) => posenc.sinusoidal({ positions: [1], dModel: 4, layout: name }),
  precision: (name) => posenc.sinusoidal({ positions: [1], dModel: 4, precision: name }),
};

test('every option the functions read by name has a list, and every list is read', () => {
  assert.deepEqual(Object.keys(posenc.names).sort(), Object.keys(readers).sort());
  assert.ok(Object.isFrozen(posenc.names.scheme) && Object.isFrozen(posenc.names.scheme[0]));
});

for (const [option, read] of Object.entries(readers)) {
  test(`${option}: each listed name is accepted, with a label for people`, () => {
    const names = posenc.names[option];
    assert.ok(names.length >= 2);
    assert.equal(new Set(names.map(({ name }) => name)).size, names.length, 'names are distinct');
    for (const { name, label } of names) {
      assert.match(name, /^[a-z][A-Za-z0-9]*$/);
      assert.ok(label.length > 0);
      assert.doesNotThrow(() => read(name), name);
    }
  });

  test(`${option}: an unknown name is refused with exactly the listed names`, () => {
    const allowed = `one of ${posenc.names[option].map(({ name }) => `'${name}'`).join(', ')}`;
    assert.throws(() => read('notAName'), (error) => error instanceof RangeError && error.message.includes(`must be ${allowed}; got the string "notAName"`));
  });
}

test('the training lists are the same tables', () => {
  const names = (option) => posenc.names[option].map(({ name }) => name);
  assert.deepEqual([...posenc.training.schemes], names('scheme'));
  assert.deepEqual([...posenc.training.tasks], names('task'));
  assert.deepEqual([...posenc.training.overflows], names('overflow'));
});
