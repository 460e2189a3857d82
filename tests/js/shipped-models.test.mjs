// The models the page ships (web/data/trained-models.*) are what npm run train:shipped makes, as
// far as a test can afford to check: each model's first steps reproduce bit for bit natively (the
// script's own build) and within 1e-12 in wasm (its libm differs in the last bits), its block has
// the engine's layout, and the engine itself scores the shipped weights >= 95% inside L.
// The whole retraining (a few minutes) is `npm run train:shipped -- --check`.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadForTests } from './load.mjs';

const root = new URL('../../', import.meta.url);
let posenc;
let manifest;
let shipped; // decoded by the page's own decoder
before(async () => {
  posenc = await loadForTests();
  const { decodeShipped } = await import(new URL('dist/views/trained-models.js', root));
  manifest = JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8'));
  shipped = decodeShipped(manifest, new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))));
});

const presetOf = () => posenc.training.presets.find((preset) => preset.name === manifest.preset);

test("the manifest lists every run of its preset, each block in the engine's layout, the blocks tiling the file", async () => {
  const preset = presetOf();
  assert.ok(preset, `no preset named ${manifest.preset}`);
  assert.deepEqual(
    manifest.models.map(({ scheme, task }) => ({ scheme, task })),
    preset.runs.map(({ scheme, task }) => ({ scheme, task })),
  );
  assert.equal(manifest.steps, preset.steps);
  let offset = 0;
  for (const model of manifest.models) {
    const { id, parameters } = posenc.trainerCreate({ preset: manifest.preset, scheme: model.scheme, task: model.task, seed: manifest.seed });
    posenc.trainerDispose({ id });
    assert.equal(model.count, parameters, `${model.scheme}: the engine's layout`);
    assert.equal(model.offset, offset);
    offset += model.count;
  }
  const bytes = await readFile(new URL('web/data/trained-models.bin', root));
  assert.equal(bytes.length, 2 * offset, 'two bytes a parameter, nothing else');
});

test('each block of the file is the one the script wrote (its FNV-1a hash)', async () => {
  const bytes = await readFile(new URL('web/data/trained-models.bin', root));
  for (const model of manifest.models) {
    let hash = 0xcbf29ce484222325n;
    for (const byte of bytes.subarray(2 * model.offset, 2 * (model.offset + model.count)))
      hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
    assert.equal(hash.toString(16).padStart(16, '0'), model.fnv1a64, `${model.scheme}: the parameters were edited after the script wrote them`);
  }
});

test("each model's first steps reproduce natively bit for bit (the script's build)", () => {
  const tool = new URL('build/native/posenc_train_shipped', root);
  assert.ok(existsSync(tool), 'build/native/posenc_train_shipped is missing: npm run build:native builds it');
  const steps = manifest.models[0].firstLosses.length;
  const now = JSON.parse(execFileSync(tool.pathname, ['--first-steps', String(steps)], { encoding: 'utf8' }));
  assert.equal(now.seed, manifest.seed);
  for (const [i, model] of manifest.models.entries()) assert.deepEqual(now.models[i].firstLosses, model.firstLosses, `${model.scheme} on ${model.task}`);
});

test("each model's first steps reproduce in wasm, the page's engine, to 1e-12", () => {
  for (const model of manifest.models) {
    const { id } = posenc.trainerCreate({ preset: manifest.preset, scheme: model.scheme, task: model.task, seed: manifest.seed });
    const { losses } = posenc.trainerStep({ id, steps: model.firstLosses.length });
    posenc.trainerDispose({ id });
    // Same arithmetic in the same order; exp, log and pow come from musl here and glibc natively,
    // which may differ in the last bit, and that moves a loss by a few ulps after one step.
    model.firstLosses.forEach((expected, step) =>
      assert.ok(Math.abs(losses[step] - expected) <= 1e-12 * expected, `${model.scheme} step ${step + 1}: ${losses[step]} against ${expected}`),
    );
  }
});

test('the engine scores every shipped model at 95% or better inside L, as the script did', () => {
  for (const model of manifest.models) {
    const { parameters, task } = shipped.models.get(model.scheme);
    const { inDistribution } = posenc.modelEvaluate({ preset: manifest.preset, scheme: model.scheme, task, parameters });
    assert.ok(inDistribution.accuracy >= 0.95, `${model.scheme} on ${task}: ${inDistribution.accuracy} inside L`);
    assert.equal(inDistribution.count, model.insideCount);
    // The same predictions as natively, bar a near-tie the last bits of exp could flip.
    assert.ok(
      Math.abs(inDistribution.accuracy - model.insideAccuracy) <= 2 / model.insideCount,
      `${model.scheme}: ${inDistribution.accuracy} here, ${model.insideAccuracy} natively`,
    );
  }
});

test('the page decodes the halves exactly', async () => {
  const { halfValue } = await import(new URL('dist/views/trained-models.js', root));
  for (const [bits, value] of [
    [0x0000, 0],
    [0x3c00, 1],
    [0xc000, -2],
    [0x7bff, 65504],
    [0x0400, 2 ** -14],
    [0x0001, 2 ** -24],
    [0x3c01, 1 + 2 ** -10],
    [0x8000, -0],
  ])
    assert.equal(Object.is(halfValue(bits), value), true, `0x${bits.toString(16)}`);
  assert.equal(halfValue(0x7c00), Infinity);
  assert.ok(Number.isNaN(halfValue(0x7e00)));
  const first = shipped.models.get(manifest.models[0].scheme).parameters;
  assert.ok(first.every(Number.isFinite), 'every shipped parameter is finite');
});
