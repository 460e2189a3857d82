// The grid experiments' words come from their numbers (web/views/grid/grid-findings.js): each
// sentence counts what the grid holds, each explanation shows only for the outcome it explains,
// and the heatmap's cell text stays readable on every cell colour (web/views/grid/grid-heatmap.js).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';

let findings;
let heatmap;
let posenc;
before(async () => {
  findings = await import(new URL('../../dist/views/grid/grid-findings.js', import.meta.url));
  heatmap = await import(new URL('../../dist/views/grid/grid-heatmap.js', import.meta.url));
  posenc = await loadForTests();
});

/** A grid of 3 depths x the lengths, accuracy per cell from `at(depth index, length)`. */
function grid(lengths, at) {
  const depths = [0, 0.5, 1];
  const accuracy = depths.flatMap((_, i) => lengths.map((length) => at(i, length)));
  return { depths, lengths, count: accuracy.map(() => 8), accuracy };
}

test('found everywhere, and NoPE told why: the toy lets content alone find the key', () => {
  const result = { scheme: 'nope', trainedLength: 32, grid: grid([16, 32, 64], () => 1) };
  assert.equal(findings.passkeyFinding(result), 'Found the passkey at every depth and every length, up to 64 (2L).');
  assert.match(findings.passkeyExplanation(result), /^Why NoPE finds it everywhere: in this toy the passkey is the only token/);
  // The same grid for ALiBi needs no explanation.
  assert.equal(findings.passkeyExplanation({ ...result, scheme: 'alibi' }), '');
});

test('a few misses past L are named by depth; many are counted per length', () => {
  const few = { scheme: 'alibi', trainedLength: 32, grid: grid([32, 64, 128], (i, length) => (i === 0 && length === 128 ? 0.75 : 1)) };
  assert.equal(findings.passkeyFinding(few), 'Inside L it finds the passkey at every depth (lengths up to 32); past L it misses only depth 0.0 at 128.');
  const many = { scheme: 'rope', trainedLength: 32, grid: grid([32, 64, 128], (i, length) => (length <= 32 || i === 2 ? 1 : 0)) };
  assert.equal(
    findings.passkeyFinding(many),
    'Inside L it finds the passkey at every depth (lengths up to 32); past L the depths found are 1 of 3 at 64, 1 of 3 at 128.',
  );
  assert.match(findings.passkeyExplanation(many), /^Why RoPE loses it past L/);
  assert.equal(findings.passkeyExplanation({ ...many, grid: grid([32, 64], () => 1) }), '', 'no explanation when RoPE holds');
});

test('a finding counts what an engine-made grid holds', () => {
  const quick = posenc.grids.presets.find((p) => p.experiment === 'passkey' && p.name === 'quick');
  const { id } = posenc.trainerCreate({ ...quick.trainer, scheme: 'rope', seed: 1 });
  try {
    posenc.trainerStep({ id, steps: 40 });
    const made = posenc.passkeyGrid({ id, ...quick.grid, sequences: 2 });
    const result = { scheme: 'rope', trainedLength: made.trainedLength, grid: { ...made, depths: [...made.depths], lengths: [...made.lengths] } };
    const rows = findings.foundPerLength(result.grid);
    for (const [j, row] of rows.entries()) {
      let found = 0;
      for (let i = 0; i < made.depths.length; i++) if (made.accuracy[i * made.lengths.length + j] >= findings.FOUND) found++;
      assert.deepEqual(row, { length: made.lengths[j], found, scored: made.depths.length });
    }
    const sentence = findings.passkeyFinding(result);
    const all = rows.every((row) => row.found === row.scored);
    assert.ok(all ? sentence.startsWith('Found the passkey at every depth') : /misses|found are/.test(sentence), sentence);
  } finally {
    posenc.trainerDispose({ id });
  }
});

test('hybrid: the comparison reads both models past L, and each explanation needs its outcome', () => {
  const score = (accuracy, confidence = accuracy) => ({ count: 100, accuracy, confidence });
  const model = (layerPositions, inside, past, confidence) => ({
    scheme: 'rope',
    layerPositions,
    task: 'markedValue',
    trainedLength: 32,
    inDistribution: score(inside),
    beyond: score(past, confidence),
  });
  const hybrid = model('first', 1, 1);
  const every = model('every', 1, 0.15, 0.88);
  assert.match(
    findings.hybridComparison([every, hybrid]),
    /^Past L, RoPE in the first layer only keeps more than RoPE in both layers: accuracy 1\.00 against 0\.15; the direction Llama 4/,
  );
  assert.match(findings.hybridComparison([model('every', 1, 1), model('first', 1, 0.2)]), /keeps less .*; not what Llama 4/);
  assert.equal(findings.hybridComparison([every]), '');
  assert.match(findings.hybridExplanation(hybrid, 4), /^Why it holds: the task takes two hops/);
  assert.match(findings.hybridExplanation(every, 4), /^Why RoPE in both layers fails past L/);
  assert.equal(findings.hybridExplanation(model('first', 0.5, 0.5), 4), '', 'no "why it holds" for a model that did not learn');
  assert.match(findings.hybridFinding(every), /^Fluent but wrong past L/);
});

test('cell text keeps a contrast of 4.5 or more on every cell colour', () => {
  const channel = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = (rgb) => 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
  for (let k = 0; k <= 100; k++) {
    const { background, text } = heatmap.cellColours(k / 100);
    const cell = luminance(background.match(/\d+/g).map(Number));
    const ink = text === '#000' ? 0 : 1;
    const ratio = (Math.max(cell, ink) + 0.05) / (Math.min(cell, ink) + 0.05);
    assert.ok(ratio >= 4.5, `accuracy ${k / 100}: ${background} with ${text} has contrast ${ratio.toFixed(2)}`);
  }
});

test('against Lost in the Middle: a middle dip is named where the numbers show one, else who loses far keys first', () => {
  const label = (scheme) => ({ rope: 'RoPE', alibi: 'ALiBi', nope: 'NoPE' })[scheme];
  const depths = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
  const make = (scheme, at) => {
    const lengths = [32, 64];
    const accuracy = depths.flatMap((d) => lengths.map((length) => (length <= 32 ? 1 : at(d))));
    return { scheme, trainedLength: 32, grid: { depths, lengths, count: accuracy.map(() => 8), accuracy } };
  };
  const dip = make('alibi', (d) => (d >= 0.4 && d <= 0.6 ? 0.2 : 1));
  const far = make('rope', (d) => (d <= 0.3 ? 0 : 1));
  const flat = make('nope', () => 1);
  assert.match(findings.passkeyVersusPapers([dip, far, flat], label), /; here ALiBi also does worst mid-context past L\.$/);
  const text = findings.passkeyVersusPapers([far, flat], label);
  assert.match(text, /no scheme here shows that dip past L/);
  assert.match(text, /Past L, RoPE loses the keys farthest from the question first\.$/);
  assert.doesNotMatch(findings.passkeyVersusPapers([flat], label), /farthest/);
  assert.equal(findings.passkeyVersusPapers([], label), '');
});
