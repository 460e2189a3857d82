// A toy model given by its parameters, through web/posenc.js: asked at one position (modelProbe)
// and scored per bucket (modelEvaluate), from a trainer's parameters (trainerParameters).
// Bad arguments are cases in bad-input.test.mjs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
const trained = {}; // scheme -> { task, parameters, groups } after a short quick-preset run
before(async () => {
  posenc = await loadForTests();
  for (const [scheme, task] of [
    ['learned', 'copyBack'],
    ['t5', 'copyBack'],
    ['alibi', 'lastMarker'],
    ['nope', 'recallFirst'],
  ]) {
    const { id } = posenc.trainerCreate({ scheme, task, seed: 2 });
    posenc.trainerStep({ id, steps: 60 });
    trained[scheme] = { task, ...posenc.trainerParameters({ id }), evaluation: posenc.trainerEvaluate({ id, sequences: 2 }) };
    posenc.trainerDispose({ id });
  }
});
after(() => assert.equal(posenc.trainerDispose({ id: posenc.trainerCreate({ scheme: 'nope', task: 'copyBack' }).id }).live, 0, 'a test left a trainer alive'));

const probe = (scheme, options) => posenc.modelProbe({ scheme, task: trained[scheme].task, parameters: trained[scheme].parameters, ...options });

test('trainerParameters copies the parameters out with each group where the engine keeps it', () => {
  const { parameters, groups, step } = trained.learned;
  assert.equal(step, 60);
  assert.ok(parameters instanceof Float64Array);
  const table = groups.find((group) => group.name === 'positionTable');
  assert.deepEqual({ rows: table.rows, cols: table.cols }, { rows: 32, cols: 32 }); // quick: L 32, d 32
  const last = groups.at(-1);
  assert.equal(last.offset + last.rows * last.cols, parameters.length, 'the groups tile the parameters');
  const fresh = posenc.trainerCreate({ scheme: 'learned', task: 'copyBack' });
  posenc.trainerDispose({ id: fresh.id });
  assert.equal(fresh.parameters, parameters.length);
});

test('a model scored from its parameters scores what its trainer scored', () => {
  for (const scheme of Object.keys(trained)) {
    const { task, parameters, evaluation } = trained[scheme];
    const again = posenc.modelEvaluate({ scheme, task, parameters, sequences: 2 });
    assert.deepEqual({ ...again, step: evaluation.step }, evaluation, scheme);
  }
});

test('a probe attends over keys 0..p, marks where the answer sits, and reports its own prediction', () => {
  for (const scheme of Object.keys(trained)) {
    for (const queryPosition of [3, 40, 100]) {
      const result = probe(scheme, { queryPosition, seed: 5 });
      assert.equal(result.heads, 2, scheme);
      assert.equal(result.keys, queryPosition + 1);
      assert.equal(result.weights.length, 2 * (queryPosition + 1));
      for (let h = 0; h < 2; h++)
        closeTo(
          result.weights.subarray(h * result.keys, (h + 1) * result.keys).reduce((a, b) => a + b, 0),
          1,
          1e-12,
          `${scheme} head ${h}`,
        );
      assert.equal(result.correct, result.prediction === result.answer);
      assert.ok(result.confidence >= result.answerProbability - 1e-15);
      if (trained[scheme].task === 'copyBack') assert.equal(result.answerPosition, queryPosition - 3);
      if (trained[scheme].task === 'recallFirst') assert.equal(result.answerPosition, 0);
      if (trained[scheme].task === 'lastMarker') assert.ok(result.answerPosition <= queryPosition);
    }
  }
});

test('a longer p extends the same sequence: a copy-back answer found at p is the token at p - 3 for every later p too', () => {
  // The answer at p is the token at p - 3; asked at p + 3, the answer is the token at p. Both come
  // from one seeded stream, so the token at position p - 3 is what both sequences hold there.
  const at = (queryPosition) => probe('t5', { queryPosition, seed: 11 });
  const first = at(200),
    later = at(203),
    much = at(5003);
  assert.equal(first.answerPosition, 197);
  assert.equal(later.answerPosition, 200);
  assert.equal(much.keys, 5004);
  const alibi = (queryPosition) => probe('alibi', { queryPosition, seed: 11 });
  // The latest marker at or before 300 is the latest at or before any later p with no marker in between.
  const near = alibi(300);
  assert.ok(alibi(near.answerPosition).answer === near.answer);
});

test('a RoPE model asked with a scaling rotates otherwise; other schemes read no scaling at all', () => {
  const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack', seed: 2 });
  posenc.trainerStep({ id, steps: 60 });
  const { parameters } = posenc.trainerParameters({ id });
  posenc.trainerDispose({ id });
  const ask = (scaling) => posenc.modelProbe({ scheme: 'rope', task: 'copyBack', parameters, queryPosition: 90, scaling });
  const plain = ask(undefined);
  assert.deepEqual(ask({ kind: 'none' }), plain);
  for (const scaling of [
    { kind: 'pi', factor: 3 },
    { kind: 'ntk', factor: 3 },
    { kind: 'yarn', factor: 3, trainedLength: 32 },
  ])
    assert.notDeepEqual(ask(scaling).weights, plain.weights, scaling.kind);
  const t5 = probe('t5', { queryPosition: 90 });
  assert.deepEqual(probe('t5', { queryPosition: 90, scaling: { kind: 'linear' } }), t5, 'a T5 model ignores a scaling, even a bad one');
});

test('Float32 parameters are read as they are, and the same model answers the same', () => {
  const halfway = Float32Array.from(trained.t5.parameters);
  const fromFloat32 = posenc.modelProbe({ scheme: 't5', task: 'copyBack', parameters: halfway, queryPosition: 50 });
  const fromFloat64 = posenc.modelProbe({ scheme: 't5', task: 'copyBack', parameters: Float64Array.from(halfway), queryPosition: 50 });
  assert.deepEqual(fromFloat32, fromFloat64);
});

test('a learned table: window reads the last L tokens (earlier keys weigh 0); error has no row past L', () => {
  const windowed = probe('learned', { queryPosition: 100, overflow: 'window' });
  const dropped = windowed.weights.subarray(0, 101 - 32);
  assert.ok(
    dropped.every((w) => w === 0),
    'keys before p - L + 1 are dropped',
  );
  closeTo(
    windowed.weights.subarray(69, 101).reduce((a, b) => a + b, 0),
    1,
    1e-12,
    'head 0 over the window',
  );
  assert.throws(() => probe('learned', { queryPosition: 32, overflow: 'error' }), {
    name: 'RangeError',
    message: "queryPosition must be below trainedLength 32 with overflow 'error': the learned table has rows 0..31 and no row 32 exists; got 32",
  });
  assert.equal(probe('learned', { queryPosition: 31, overflow: 'error' }).keys, 32, 'row 31 exists');
  const clamped = probe('learned', { queryPosition: 5000, overflow: 'clamp' });
  assert.equal(clamped.keys, 5001);
});

test('a probe at the largest position answers, and the module keeps its memory', () => {
  const before = posenc.memoryStats();
  const far = probe('nope', { queryPosition: posenc.limits.maxPosition });
  assert.equal(far.keys, 65537);
  assert.equal(far.answerPosition, 0);
  for (let i = 0; i < 5; i++) probe('nope', { queryPosition: 20000 });
  const afterwards = posenc.memoryStats();
  assert.equal(afterwards.handles, before.handles, 'no Embind handle leaked');
  assert.equal(afterwards.stackPointer, before.stackPointer);
});
