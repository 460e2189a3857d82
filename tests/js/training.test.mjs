// The trainable toy model through web/posenc.js: presets, determinism, disposed ids, the quick
// preset learning the local task, and the learned table's missing rows past L.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
let quick;
before(async () => {
  posenc = await loadForTests();
  quick = posenc.training.presets.find((preset) => preset.name === 'quick');
});
after(() => assert.equal(posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }).id }).live, 0, 'a test left a trainer alive'));

/** Trains scheme on task under the quick preset and returns the evaluation; the trainer is disposed. */
function trainQuick(scheme, task, { seed = 1, overflow = 'clamp' } = {}) {
  const { id } = posenc.trainerCreate({ scheme, task, seed });
  try {
    posenc.trainerStep({ id, steps: quick.steps });
    return posenc.trainerEvaluate({ id, overflow });
  } finally {
    posenc.trainerDispose({ id });
  }
}

test('the presets come from the module: quick asks up to at least 8L, the seed story trains at 2,048', () => {
  assert.ok(quick.evaluation.length >= 8 * quick.trainer.trainedLength);
  const story = posenc.training.presets.find((preset) => preset.name === 'seedStory');
  assert.equal(story.trainer.trainedLength, 2048);
  assert.ok(story.evaluation.length > 5000);
  assert.deepEqual([...posenc.training.schemes], ['learned', 'sinusoidal', 'rope', 'alibi', 't5', 'nope']);
  assert.deepEqual([...posenc.training.tasks], ['copyBack', 'recallFirst', 'lastMarker', 'passkey', 'markedValue']);
  assert.ok(Object.isFrozen(quick.trainer));
});

test("the position view's preset trains each scheme on a task it can learn, windows first, and says so for people", () => {
  const models = posenc.training.presets.find((preset) => preset.name === 'positionModels');
  assert.deepEqual(
    models.runs.map(({ scheme, task }) => `${scheme} ${task}`),
    ['learned copyBack', 'sinusoidal copyBack', 'rope copyBack', 'alibi lastMarker', 't5 copyBack', 'nope recallFirst'],
  );
  assert.equal(models.trainer.trainedLength, 2048);
  assert.deepEqual([models.trainer.windowSteps, models.trainer.windowLength, models.trainer.windowBatch], [400, 64, 32]);
  assert.equal(models.steps, 800);
  for (const preset of posenc.training.presets) assert.ok(preset.label.length > 0 && preset.label !== preset.name, preset.name);
  // The older presets still train every scheme on both of their tasks.
  assert.equal(quick.runs.length, 12);
  assert.ok(quick.runs.every(({ task }) => task !== 'lastMarker'));
});

test('the same seed gives the same loss curve and the same evaluation; another seed does not', () => {
  const curve = (seed) => {
    const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', seed });
    const { losses, step } = posenc.trainerStep({ id, steps: 15 });
    const evaluation = posenc.trainerEvaluate({ id, length: 64, sequences: 2 });
    posenc.trainerDispose({ id });
    assert.equal(step, 15);
    return { losses: [...losses], accuracy: [...evaluation.buckets.accuracy] };
  };
  assert.deepEqual(curve(4), curve(4));
  assert.notDeepEqual(curve(4).losses, curve(5).losses);
});

test('steps accumulate across calls, and the loss falls', () => {
  const { id } = posenc.trainerCreate({ scheme: 't5', task: 'recallFirst' });
  const first = posenc.trainerStep({ id, steps: 5 });
  const second = posenc.trainerStep({ id, steps: 45 });
  posenc.trainerDispose({ id });
  assert.equal(second.step, 50);
  assert.equal(second.losses.length, 45);
  assert.ok(second.loss < first.losses[0] / 2, `loss ${first.losses[0]} -> ${second.loss}`);
});

// Bad arguments to the trainer functions are cases in bad-input.test.mjs.
test('a disposed trainer id is refused, and the other trainers keep working', () => {
  const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' });
  const { id: other } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' });
  posenc.trainerDispose({ id });
  assert.throws(() => posenc.trainerStep({ id }), { name: 'RangeError', message: /^id must be the id of a live trainer/ });
  assert.equal(posenc.trainerStep({ id: other, steps: 2 }).step, 2);
  posenc.trainerDispose({ id: other });
});

test('at most 32 trainers live at once; disposing frees a place', () => {
  const ids = Array.from({ length: 32 }, () => posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }).id);
  assert.throws(() => posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }), /trainerDispose/);
  posenc.trainerDispose({ id: ids.pop() });
  ids.push(posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }).id);
  for (const id of ids) posenc.trainerDispose({ id });
});

// The local task needs attention to one exact offset. Sinusoidal, learned, RoPE and T5 can
// express it; NoPE (content only) and ALiBi (a bias that only falls with distance) cannot point
// at "k back" among equally likely tokens: a finding, shown as such on the page.
test('the quick preset learns the local task in distribution for the schemes that can express an offset', () => {
  const results = Object.fromEntries(posenc.training.schemes.map((scheme) => [scheme, trainQuick(scheme, 'copyBack')]));
  for (const scheme of ['sinusoidal', 'learned', 'rope', 't5'])
    assert.ok(results[scheme].inDistribution.accuracy >= 0.95, `${scheme}: ${results[scheme].inDistribution.accuracy}`);
  for (const scheme of ['nope', 'alibi'])
    assert.ok(results[scheme].inDistribution.accuracy < 0.5, `${scheme} was not expected to learn an exact offset: ${results[scheme].inDistribution.accuracy}`);
  // Past L the absolute and rotary schemes stay confident while their accuracy falls.
  for (const scheme of ['sinusoidal', 'rope'])
    assert.ok(
      results[scheme].beyond.accuracy < 0.5 && results[scheme].beyond.confidence > results[scheme].beyond.accuracy,
      `${scheme} beyond L: accuracy ${results[scheme].beyond.accuracy}, confidence ${results[scheme].beyond.confidence}`,
    );
});

test("a learned table under 'error' reports no row past L; 'window' still answers there", () => {
  const { id } = posenc.trainerCreate({ scheme: 'learned', task: 'copyBack' });
  posenc.trainerStep({ id, steps: quick.steps });
  const strict = posenc.trainerEvaluate({ id, overflow: 'error' });
  const windowed = posenc.trainerEvaluate({ id, overflow: 'window' });
  posenc.trainerDispose({ id });
  const L = quick.trainer.trainedLength;
  assert.match(strict.unavailable, new RegExp(`no row ${L} exists`));
  strict.buckets.start.forEach((start, b) => {
    assert.equal(strict.buckets.available[b], start < L ? 1 : 0);
    if (start >= L) assert.ok(Number.isNaN(strict.buckets.accuracy[b]));
  });
  assert.ok(Number.isNaN(strict.beyond.accuracy));
  assert.ok(strict.inDistribution.accuracy >= 0.95);
  assert.ok(windowed.beyond.accuracy >= 0.95, `window beyond L: ${windowed.beyond.accuracy}`);
  assert.equal(windowed.unavailable, undefined);
});
