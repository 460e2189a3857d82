// The engine's RoPE against tests/reference/rope-vectors.json, which tests/reference/rope_reference.py
// writes with numpy from Hugging Face's definitions (modeling_rope_utils, apply_rotary_pos_emb,
// Qwen2-VL's multimodal rotation) and GPT-J's rotate_every_two, independently of the C++.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

const vectors = JSON.parse(readFileSync(new URL('../reference/rope-vectors.json', import.meta.url)));
let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** The call's options: the case's fields the API reads. */
function settings(item) {
  const { name, model, layerGroup, expected, positions, x, ...rest } = item;
  return rest;
}

/** |a - b| <= tolerance |b| for every element, naming the first that is not. */
function relativeClose(actual, expected, tolerance, where) {
  assert.equal(actual.length, expected.length, `${where}: length`);
  for (let i = 0; i < expected.length; i++) {
    const error = Math.abs(actual[i] - expected[i]) / Math.abs(expected[i]);
    assert.ok(error <= tolerance, `${where}[${i}]: ${actual[i]} against ${expected[i]} (relative ${error})`);
  }
}

// 1e-12 relative: both sides evaluate the same closed forms in double (a power, a quotient, a
// clamp, a log); their roundings differ by a few ulp (2.2e-16 each), far below it.
for (const item of vectors.frequencies) {
  test(`frequencies and factors follow HF to 1e-12 relative: ${item.name}`, () => {
    const result = posenc.ropeFrequencies(settings(item));
    relativeClose(result.frequencies, item.expected.frequencies, 1e-12, 'frequencies');
    relativeClose([result.attentionFactor, result.logitFactor], [item.expected.attentionFactor, item.expected.logitFactor], 1e-12, 'factors');
    assert.deepEqual([...result.pairAxis], item.expected.pairAxis);
    assert.equal(result.rotaryDims, item.expected.rotaryDims);
  });
}

test('each RoPE preset computes the frequencies its sources give, to 1e-12 relative', () => {
  const presets = vectors.frequencies.filter((item) => item.model);
  assert.ok(presets.length >= 13);
  for (const item of presets) {
    const model = posenc.models.find(({ name }) => name === item.model);
    assert.ok(model, item.model);
    const group = item.layerGroup ? model.groups.find(({ name }) => name === item.layerGroup) : model.groups[0];
    const result = posenc.ropeFrequencies({ headDim: model.headDim, ...group.rope, sequenceLength: item.sequenceLength ?? 1 });
    relativeClose(result.frequencies, item.expected.frequencies, 1e-12, item.name);
    relativeClose([result.attentionFactor, result.logitFactor], [item.expected.attentionFactor, item.expected.logitFactor], 1e-12, item.name);
  }
});

// The angle p theta is rounded alike on both sides, but runs of consecutive positions take the
// engine's angle-addition recurrence, whose angle (p - 1) theta + theta can differ from the rounded
// product by half an ulp of p theta (2^-53 p theta, theta <= 1), plus a few 1e-14 of drift over a
// run. A rotated entry mixes two of |x| (normal draws, below 5): 2 (1e-13 + 2^-52 (1 + p)) max|x|.
for (const item of vectors.rotations) {
  test(`rotated vectors follow the libraries: ${item.name}`, () => {
    const { headDim: _, sequenceLength: __, ...rope } = settings(item); // rope reads the head size from x, no length
    const result = posenc.rope({ ...rope, x: item.x, positions: item.positions });
    const cols = item.headDim;
    const coordinates = item.positions.length / (item.x.length / cols);
    assert.equal(result.data.length, item.expected.length);
    for (let i = 0; i < item.expected.length; i++) {
      const row = Math.floor(i / cols);
      const largest = Math.max(...item.positions.slice(row * coordinates, (row + 1) * coordinates));
      const scale = Math.max(...item.x.slice(row * cols, (row + 1) * cols).map(Math.abs));
      const tolerance = 2 * (1e-13 + 2 ** -52 * (1 + largest)) * scale;
      const error = Math.abs(result.data[i] - item.expected[i]);
      assert.ok(error <= tolerance, `row ${row} col ${i % cols}: ${result.data[i]} against ${item.expected[i]} (${error} > ${tolerance})`);
    }
  });
}

test('the two pairings are the same rotation up to a permutation, with partial rotary too', () => {
  const half = vectors.rotations.find(({ name }) => name.startsWith('GPT-NeoX'));
  const rotary = 24;
  // interleaved dims (2i, 2i+1) <-> half dims (i, i + rotary/2), within the rotary block; the rest stay put
  const permute = (row) => row.map((_, c) => (c >= rotary ? row[c] : c % 2 === 0 ? row[c / 2] : row[(c - 1) / 2 + rotary / 2]));
  const rows = half.positions.length;
  const x = [],
    expected = [];
  for (let r = 0; r < rows; r++) {
    x.push(...permute(half.x.slice(r * 96, (r + 1) * 96)));
    expected.push(...permute(half.expected.slice(r * 96, (r + 1) * 96)));
  }
  const interleaved = posenc.rope({ x, positions: half.positions, pairing: 'interleaved', rotaryFraction: 0.25 }).data;
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(interleaved[i] - expected[i]) < 1e-9, `entry ${i}`);
});
