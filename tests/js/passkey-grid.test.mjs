// The grid experiments through web/posenc.js: their presets come from the engine, a passkey grid is
// the engine's score of a trainer (same seed, same numbers; parts add up), and layer positions reach
// the model (a hybrid RoPE/NoPE model trains and is scored like any other).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const preset = (experiment, name) => posenc.grids.presets.find((entry) => entry.experiment === experiment && entry.name === name);

/** A trainer of a grid preset's run, trained `steps` steps; the caller disposes it. */
function trained(chosen, run, steps, seed = 1) {
  const { id } = posenc.trainerCreate({ ...chosen.trainer, ...run, seed });
  posenc.trainerStep({ id, steps });
  return id;
}

test('each experiment has a quick and a larger preset, RoPE base scaled with L as Llama 2 sets it', () => {
  assert.deepEqual([...posenc.grids.experiments], ['passkey', 'hybrid']);
  for (const experiment of posenc.grids.experiments)
    for (const name of ['quick', 'larger']) {
      const chosen = preset(experiment, name);
      assert.ok(chosen, `${experiment} ${name}`);
      const L = chosen.trainer.trainedLength;
      closeTo(chosen.trainer.base, (10000 * L) / 4096, 1e-9, `${experiment} ${name} base`);
      if (experiment === 'passkey') {
        assert.equal(chosen.trainer.task, 'passkey');
        assert.deepEqual([...chosen.grid.lengths], [L / 4, L / 2, L, 2 * L, 4 * L, 8 * L]);
        assert.deepEqual([...chosen.grid.depths], [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
        assert.deepEqual(
          chosen.runs.map((run) => run.scheme),
          posenc.names.scheme.map((entry) => entry.name),
        );
      } else {
        assert.equal(chosen.trainer.task, 'markedValue');
        assert.equal(chosen.trainer.nLayers, 2);
        assert.equal(chosen.evaluation.length, 8 * L);
        assert.deepEqual(
          chosen.runs.map((run) => `${run.scheme} ${run.layerPositions}`),
          ['rope every', 'rope first', 'rope last', 'nope every'],
        );
      }
    }
  assert.ok(Object.isFrozen(posenc.grids.presets[0].grid.depths));
});

test('a passkey grid is the same for the same seed, and a grid in parts adds up to the whole', () => {
  const quick = preset('passkey', 'quick');
  const ids = [trained(quick, { scheme: 'rope' }, 20), trained(quick, { scheme: 'rope' }, 20)];
  try {
    const options = { depths: [0, 0.5, 1], lengths: [8, 32, 128], sequences: 4, seed: 7 };
    const [a, b] = ids.map((id) => posenc.passkeyGrid({ id, ...options }));
    assert.deepEqual(a, b);
    assert.deepEqual([...a.count], new Array(9).fill(4));
    assert.equal(a.trainedLength, quick.trainer.trainedLength);
    assert.equal(a.step, 20);
    for (const value of a.accuracy) closeTo(value * 4, Math.round(value * 4), 1e-12, 'accuracy is a share of 4 sequences');
    for (const value of a.confidence) assert.ok(value >= 1 / 24 && value <= 1, `confidence ${value}`);
    const parts = [0, 1, 2, 3].map((firstSequence) => posenc.passkeyGrid({ id: ids[0], ...options, sequences: 1, firstSequence }));
    for (let c = 0; c < 9; c++) {
      closeTo(parts.reduce((sum, part) => sum + part.accuracy[c], 0) / 4, a.accuracy[c], 1e-12, `accuracy cell ${c}`);
      closeTo(parts.reduce((sum, part) => sum + part.confidence[c], 0) / 4, a.confidence[c], 1e-12, `confidence cell ${c}`);
    }
  } finally {
    for (const id of ids) posenc.trainerDispose({ id });
  }
});

test('the quick passkey preset: RoPE finds the key at every depth up to L once trained', () => {
  const quick = preset('passkey', 'quick');
  const id = trained(quick, { scheme: 'rope' }, quick.steps);
  try {
    const grid = posenc.passkeyGrid({ id, ...quick.grid });
    const lengths = grid.lengths.length;
    const atL = grid.lengths.indexOf(quick.trainer.trainedLength);
    for (let i = 0; i < grid.depths.length; i++) assert.equal(grid.accuracy[i * lengths + atL], 1, `depth ${grid.depths[i]}`);
  } finally {
    posenc.trainerDispose({ id });
  }
});

test("a learned table under 'error' has no score past L; under 'clamp' it has one", () => {
  const quick = preset('passkey', 'quick');
  const id = trained(quick, { scheme: 'learned' }, 2);
  try {
    const options = { id, depths: [0, 1], lengths: [16, 32, 64], sequences: 2, seed: 7 };
    const refused = posenc.passkeyGrid({ ...options, overflow: 'error' });
    assert.deepEqual([...refused.count], [2, 2, 0, 2, 2, 0]);
    assert.ok(Number.isNaN(refused.accuracy[2]) && Number.isNaN(refused.confidence[5]));
    assert.deepEqual([...posenc.passkeyGrid({ ...options, overflow: 'clamp' }).count], [2, 2, 2, 2, 2, 2]);
  } finally {
    posenc.trainerDispose({ id });
  }
});

test('layer positions reach the model: a T5 layer without position has no bias table, and a hybrid trains', () => {
  const hybrid = preset('hybrid', 'quick');
  const sizes = Object.fromEntries(
    ['every', 'first', 'last'].map((layerPositions) => {
      const created = posenc.trainerCreate({ ...hybrid.trainer, scheme: 't5', layerPositions });
      posenc.trainerDispose({ id: created.id });
      return [layerPositions, created.parameters];
    }),
  );
  const buckets = 32 * hybrid.trainer.nHeads; // the module's T5 default of 32 buckets, per head
  assert.deepEqual(sizes, { every: sizes.first + buckets, first: sizes.first, last: sizes.first });
  const id = trained(hybrid, { scheme: 'rope', layerPositions: 'first' }, 3);
  try {
    const scored = posenc.trainerEvaluate({ id, ...hybrid.evaluation, sequences: 1 });
    assert.equal(scored.buckets.start.length, hybrid.evaluation.length / hybrid.evaluation.bucketWidth);
    assert.equal(scored.trainedLength, hybrid.trainer.trainedLength);
  } finally {
    posenc.trainerDispose({ id });
  }
});
