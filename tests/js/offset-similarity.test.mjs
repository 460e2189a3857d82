// offsetSimilarity with RoPE settings, through the module: the presets' pairing, scaling and partial
// rotary reach the score curve (the closed forms are in tests/cpp/offset_similarity_test.cpp).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** The RoPE settings of a preset's first RoPE group, for one index per token (as the encodings view passes them). */
function presetRope(name) {
  const model = posenc.models.find((entry) => entry.name === name);
  const { rotaryAxes, mropeSection, ...rope } = model.groups.find((group) => group.rope).rope;
  return { model, rope };
}

const largestGap = (a, b) => a.reduce((largest, value, i) => Math.max(largest, Math.abs(value - b[i])), 0);

test('a preset with a scaling fixed by s and L gives one curve from every p; one that follows the length does not', () => {
  for (const name of ['llama-3.1-8b', 'qwen2.5-7b', 'gpt-j-6b', 'phi-3-mini-128k']) {
    const { model, rope } = presetRope(name);
    const curve = (p) => posenc.offsetSimilarity({ p, maxOffset: 200, dModel: model.headDim, ...rope }).ropeScore;
    const kind = posenc.names.scalingKind.find((entry) => entry.name === rope.scaling.kind);
    // Angles up to 6e4 rad carry ~1e-11 of rounding per term; 64 terms of size ~10 stay within 1e-7.
    if (kind.followsLength) assert.ok(largestGap(curve(0), curve(60000)) > 1e-3, name);
    else assert.ok(largestGap(curve(0), curve(60000)) < 1e-7, name);
  }
});

test("the score carries the preset's attention factor, the one ropeFrequencies gives", () => {
  for (const name of ['qwen2.5-7b', 'phi-3-mini-128k', 'llama-3.1-8b']) {
    const { model, rope } = presetRope(name);
    const similarity = posenc.offsetSimilarity({ maxOffset: 8, dModel: model.headDim, ...rope });
    const frequencies = posenc.ropeFrequencies({ headDim: model.headDim, sequenceLength: 9, ...rope });
    assert.equal(similarity.attentionFactor, frequencies.attentionFactor, name);
  }
  const { model, rope } = presetRope('qwen2.5-7b');
  const withFactor = posenc.offsetSimilarity({ maxOffset: 50, dModel: model.headDim, ...rope });
  const unit = posenc.offsetSimilarity({ maxOffset: 50, dModel: model.headDim, ...rope, scaling: { ...rope.scaling, attentionFactor: 1 } });
  const square = withFactor.attentionFactor ** 2;
  assert.ok(square > 1.1, 'Qwen2.5 (YaRN, s = 4): 0.1 ln 4 + 1 = 1.139');
  // Every dimension rotates, so the whole score scales by the square (relative 1e-14: one product per offset).
  withFactor.ropeScore.forEach((score, delta) => assert.ok(Math.abs(score - square * unit.ropeScore[delta]) <= 1e-12 * Math.abs(score) + 1e-12));
});

test('with PI the score at offset s·m is the unscaled score at m', () => {
  const unscaled = posenc.offsetSimilarity({ p: 40, maxOffset: 100, dModel: 32 }).ropeScore;
  const scaled = posenc.offsetSimilarity({ p: 40, maxOffset: 400, dModel: 32, scaling: { kind: 'pi', factor: 4 } }).ropeScore;
  // Angles up to 500 rad: within 1e-10.
  for (let m = 0; m <= 100; m += 1) assert.ok(Math.abs(scaled[4 * m] - unscaled[m]) < 1e-10, `m = ${m}`);
});

test("GPT-J's partial rotary reaches the curve, and the defaults are plain RoPE", () => {
  const { model, rope } = presetRope('gpt-j-6b');
  const partial = posenc.offsetSimilarity({ maxOffset: 300, dModel: model.headDim, ...rope, pairing: 'interleaved' }).ropeScore;
  const full = posenc.offsetSimilarity({ maxOffset: 300, dModel: model.headDim, ...rope, pairing: 'interleaved', rotaryFraction: 1 }).ropeScore;
  assert.ok(largestGap(partial, full) > 1e-3, 'rotating 64 of 256 dimensions changes the curve');
  const plain = posenc.offsetSimilarity({ maxOffset: 40, dModel: 16 }).ropeScore;
  const explicit = posenc.offsetSimilarity({ maxOffset: 40, dModel: 16, pairing: 'interleaved', rotaryFraction: 1, scaling: { kind: 'none' } }).ropeScore;
  assert.deepEqual(plain, explicit);
});
