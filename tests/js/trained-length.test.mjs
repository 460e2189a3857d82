// Trained lengths as real configs carry them (Llama 3.1's 131,072, DeepSeek-V3's 163,840, 1M-context
// models): every argument that is a trained length L, a number and never a table of L rows, takes
// 1 .. limits.maxTrainedLength and is refused one past it with its name; the results there follow
// the closed forms.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadForTests } from './load.mjs';
import { llama3Divisor } from './computed-rope-reference.mjs';

let posenc;
let parameters; // a fresh toy RoPE model's, for the calls that ask a trained model under a scaling
before(async () => {
  posenc = await loadForTests();
  const { id } = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' });
  parameters = posenc.trainerParameters({ id }).parameters;
  posenc.trainerDispose({ id });
});

const MILLION = 1_048_576; // 2^20: a 1M-context config's length
const yarn = (trainedLength) => ({ kind: 'yarn', factor: 4, trainedLength });

/** Each call that reads a trained length, by the argument's name as the message gives it. */
const readers = [
  ['attention', 'trainedLength', (L) => posenc.attention({ scheme: 'learned', queryPosition: 100, dModel: 8, trainedLength: L })],
  ['beyondTrained', 'trainedLength', (L) => posenc.beyondTrained({ scheme: 'rope', p: 5000, trainedLength: L })],
  ['rope', 'scaling.trainedLength', (L) => posenc.rope({ x: new Float64Array(8), positions: [0, 1], scaling: yarn(L) })],
  ['ropeScore', 'scaling.trainedLength', (L) => posenc.ropeScore({ q: [1, 0, 0, 1], k: [0, 1, 1, 0], m: 3, n: 1, scaling: yarn(L) })],
  ['ropeFrequencies', 'scaling.trainedLength', (L) => posenc.ropeFrequencies({ headDim: 8, scaling: yarn(L) })],
  ['attention', 'scaling.trainedLength', (L) => posenc.attention({ scheme: 'rope', queryPosition: 10, dModel: 8, scaling: yarn(L) })],
  ['beyondTrained', 'scaling.trainedLength', (L) => posenc.beyondTrained({ scheme: 'rope', p: 5000, trainedLength: 2048, scaling: yarn(L) })],
  ['offsetSimilarity', 'scaling.trainedLength', (L) => posenc.offsetSimilarity({ p: 0, maxOffset: 4, dModel: 8, scaling: yarn(L) })],
  ['modelProbe', 'scaling.trainedLength', (L) => posenc.modelProbe({ scheme: 'rope', task: 'copyBack', parameters, queryPosition: 40, scaling: yarn(L) })],
  [
    'modelEvaluate',
    'scaling.trainedLength',
    (L) => posenc.modelEvaluate({ scheme: 'rope', task: 'copyBack', parameters, length: 64, sequences: 1, scaling: yarn(L) }),
  ],
];

test('the bound is 2^24, the analysis bound, and lies past every length a 2026 config names', () => {
  assert.equal(posenc.limits.maxTrainedLength, 2 ** 24);
  assert.equal(posenc.limits.maxTrainedLength, posenc.limits.maxAnalysisPosition);
  assert.ok(posenc.limits.maxTrainedLength >= MILLION);
});

for (const [fn, field, call] of readers) {
  test(`${fn} takes ${field} up to the bound, 1,048,576 included, and refuses one past it by name`, () => {
    const bound = posenc.limits.maxTrainedLength;
    for (const L of [131_072, 163_840, MILLION, bound]) assert.doesNotThrow(() => call(L), `${fn} ${field} = ${L}`);
    assert.throws(
      () => call(bound + 1),
      (error) => error instanceof RangeError && error.message === `${field} must be an integer from 1 to ${bound}; got ${bound + 1}`,
    );
    assert.doesNotThrow(() => call(2048), 'the module keeps working after the refusal');
  });
}

test("Llama 3's rule at L = 1,048,576: every pair's frequency is its closed form (relative error at most 1e-12)", () => {
  const config = { headDim: 128, base: 500000, factor: 8, lowFreqFactor: 1, highFreqFactor: 4, trainedLength: MILLION };
  const { frequencies } = posenc.ropeFrequencies({
    headDim: config.headDim,
    base: config.base,
    scaling: { kind: 'llama3', factor: 8, lowFreqFactor: 1, highFreqFactor: 4, trainedLength: MILLION },
  });
  assert.equal(frequencies.length, 64);
  let kept = 0;
  let divided = 0;
  for (const [pair, frequency] of frequencies.entries()) {
    const expected = config.base ** ((-2 * pair) / config.headDim) / llama3Divisor(config, pair);
    assert.ok(Math.abs(frequency - expected) <= 1e-12 * expected, `pair ${pair}: ${frequency} against ${expected}`);
    if (llama3Divisor(config, pair) === 1) kept++;
    if (llama3Divisor(config, pair) === config.factor) divided++;
  }
  // At 1M tokens the band moves: wavelengths under 262,144 (L / 4) are kept, over L divided by 8.
  assert.ok(kept > 40 && divided > 0 && kept + divided < 64, `kept ${kept}, divided ${divided}`);
});

test('at L = 1,048,576 a RoPE pair completed a turn in training exactly when (L - 1) theta >= 2 pi', () => {
  const result = posenc.beyondTrained({ scheme: 'rope', p: 2_000_000, trainedLength: MILLION, headDim: 128, base: 500000 });
  assert.equal(result.beyond, true);
  for (const [pair, wavelength] of result.pairs.wavelength.entries()) {
    const theta = result.trainedFrequencies[pair];
    assert.equal(result.pairs.completedTurn[pair], (MILLION - 1) * theta >= 2 * Math.PI ? 1 : 0, `pair ${pair} (wavelength ${wavelength})`);
  }
});

test('the attention row at p < L is the same for L = 8,192 and L = 1,048,576: no row past p is read', () => {
  for (const scheme of ['learned', 'sinusoidal', 'rope', 'alibi', 't5', 'nope']) {
    const row = (trainedLength) => posenc.attention({ scheme, queryPosition: 5000, dModel: 16, trainedLength });
    assert.deepEqual(row(MILLION).weights, row(8192).weights, scheme);
  }
});
