// The RoPE computed cards (Llama 3 bands, partial rotary, LongRoPE's factor, M-RoPE sections, dynamic
// NTK): every answer a card can draw equals an independent closed form to 1e-12 relative, the
// settings and numbers the cards' text states equal the published configs and the engine's values,
// and the worked explanations are valid markup.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeTo, loadForTests } from './load.mjs';
import { publishedConfigs, ropeClosedForms } from './computed-rope-reference.mjs';

const quiz = new URL('../../dist/quiz/', import.meta.url);
const { computedTemplates } = await import(new URL('computed-templates.js', quiz));
const { markupProblems } = await import(new URL('markup.js', quiz));
const deck = JSON.parse(readFileSync(new URL('../../web/decks/computed.json', import.meta.url), 'utf8'));
const card = (id) => deck.cards.find((entry) => entry.id === id);
const templateNames = Object.keys(ropeClosedForms);

let engine;
before(async () => {
  engine = await loadForTests();
});

/** Every combination of a card's parameter choices (the RoPE cards draw only from choices). */
function everyDrawing(params) {
  return Object.entries(params).reduce(
    (drawings, [name, spec]) => drawings.flatMap((drawing) => spec.choices.map((value) => ({ ...drawing, [name]: value }))),
    [{}],
  );
}

const compute = (template, params) => computedTemplates[template].compute(engine, params);
const preset = (name) => engine.models.find((model) => model.name === name);
/** The settings of a preset's first RoPE group. */
const ropeOf = (name) => preset(name).groups.find((group) => group.rope).rope;

test('each RoPE template has one card in the computed deck, and draws only from choices', () => {
  for (const name of templateNames) {
    const cards = deck.cards.filter((entry) => entry.computed.template === name);
    assert.equal(cards.length, 1, name);
    assert.ok(
      Object.values(cards[0].computed.params).every((spec) => Array.isArray(spec.choices)),
      name,
    );
  }
});

test('every drawing of every RoPE card equals the closed form to 1e-12 relative, and its explanation is valid markup', () => {
  let drawings = 0;
  for (const name of templateNames) {
    const { computed } = deck.cards.find((entry) => entry.computed.template === name);
    for (const params of everyDrawing(computed.params)) {
      const { answer, explanation } = compute(name, params);
      const want = ropeClosedForms[name](params);
      closeTo(answer, want, 1e-12 * Math.max(1, Math.abs(want)), `${name} ${JSON.stringify(params)}`);
      assert.deepEqual(markupProblems(explanation), [], `${name} ${JSON.stringify(params)}`);
      assert.doesNotMatch(explanation, /NaN|undefined|Infinity/, `${name} ${JSON.stringify(params)}`);
      drawings++;
    }
  }
  assert.equal(drawings, 10 + 8 + 15 + 9 + 32);
});

test("Llama 3.1 8B: the card's settings are the preset's, pairs 29-34 are blended, divided by about 1.21 up to 5.26", () => {
  const published = publishedConfigs['llama-3.1-8b'];
  const model = preset('llama-3.1-8b');
  const { base, scaling } = ropeOf('llama-3.1-8b');
  assert.deepEqual(
    { headDim: model.headDim, base, factor: scaling.factor, lowFreqFactor: scaling.lowFreqFactor, highFreqFactor: scaling.highFreqFactor },
    {
      headDim: published.headDim,
      base: published.base,
      factor: published.factor,
      lowFreqFactor: published.lowFreqFactor,
      highFreqFactor: published.highFreqFactor,
    },
  );
  assert.deepEqual([scaling.trainedLength, model.contextLength], [published.trainedLength, published.contextLength]);
  const { question, basic } = card('computed-llama3-band');
  for (const text of ['Llama 3.1 8B', 'head dimension 128', 'base 500,000', '8,192-token', '131,072', 'factor 8', 'low_freq_factor 1', 'high_freq_factor 4'])
    assert.ok(question.includes(text), text);
  const divisors = Array.from({ length: model.headDim / 2 }, (_, pair) => compute('llama3-band', { model: 'llama-3.1-8b', pair }).answer);
  const blended = divisors.flatMap((divisor, pair) => (divisor > 1 && divisor < 8 ? [pair] : []));
  assert.deepEqual(blended, [29, 30, 31, 32, 33, 34]);
  assert.ok(
    divisors.every((divisor, pair) => (pair < 29 ? divisor === 1 : pair > 34 ? divisor === 8 : true)),
    'faster pairs kept exactly, slower divided by exactly 8',
  );
  assert.match(basic, /pairs 29 to 34, divided by about 1\.21 up to 5\.26/);
  assert.equal(divisors[29].toFixed(2), '1.21');
  assert.equal(divisors[34].toFixed(2), '5.26');
});

test('partial rotary: GPT-NeoX-20B rotates 24 of 96 dimensions and GPT-J 6B 64 of 256, as the card says', () => {
  const dims = (name) => engine.ropeFrequencies({ headDim: preset(name).headDim, ...ropeOf(name) }).rotaryDims;
  assert.deepEqual([preset('gpt-neox-20b').headDim, dims('gpt-neox-20b')], [96, 24]);
  assert.deepEqual([preset('gpt-j-6b').headDim, dims('gpt-j-6b')], [256, 64]);
  assert.equal(compute('partial-rotary-dims', { headDim: 96, fraction: 0.25 }).answer, 24);
  const { basic } = card('computed-partial-rotary-dims');
  assert.match(basic, /GPT-NeoX-20B rotates 24 of its 96 \(rotary_pct 0\.25\)/);
  assert.match(basic, /GPT-J 6B rotates 64 of 256/);
});

test("LongRoPE: Phi-3-mini-128k's factor is sqrt(1 + 5/12) = 1.190 (s = 131,072 / 4,096 = 32); YaRN's is 1.347 at s = 32", () => {
  const model = preset('phi-3-mini-128k');
  const rope = ropeOf('phi-3-mini-128k');
  assert.equal(model.contextLength / rope.scaling.trainedLength, 32);
  assert.equal(rope.scaling.factor, 32);
  const fromPreset = engine.ropeFrequencies({ headDim: model.headDim, ...rope }).attentionFactor;
  closeTo(fromPreset, Math.sqrt(17 / 12), 1e-12, "the preset's factor (ln 32 / ln 4096 = 5/12)");
  closeTo(compute('longrope-attention-factor', { s: 32, L: 4096 }).answer, fromPreset, 1e-12, 'the template at the preset');
  const { basic } = card('computed-longrope-attention-factor');
  assert.match(basic, /\$\\sqrt\{1 \+ 5\/12\}\$ ≈ 1\.190/);
  assert.equal(fromPreset.toFixed(3), '1.190');
  const yarn = engine.ropeFrequencies({ headDim: 2, scaling: { kind: 'yarn', factor: 32, trainedLength: 4096 } }).attentionFactor;
  assert.match(basic, /about 1\.347 at s = 32/);
  assert.equal(yarn.toFixed(3), '1.347');
});

test("M-RoPE: Qwen2-VL 7B's sections are [16, 24, 24] over 64 pairs, as the card says", () => {
  const model = preset('qwen2-vl-7b');
  const rope = ropeOf('qwen2-vl-7b');
  assert.deepEqual(Array.from(rope.mropeSection), publishedConfigs['qwen2-vl-7b'].mropeSection);
  const { pairAxis } = engine.ropeFrequencies({ headDim: model.headDim, ...rope });
  assert.deepEqual(
    [0, 1, 2].map((axis) => pairAxis.filter((value) => value === axis).length),
    [16, 24, 24],
  );
  const { question, basic } = card('computed-mrope-axis');
  for (const text of ['Qwen2-VL 7B', '64 frequency pairs', '128-dimension', 'mrope_section [16, 24, 24]']) assert.ok(question.includes(text), text);
  assert.match(basic, /first 16 turn with the frame index t, the next 24 with the patch row h, the last 24 with the patch column w/);
});

test('dynamic NTK: the base stays 10000 up to L; 40,565 at n = 5,000 (d 64, s 2, L 2,048); at 4,096 tokens it is static NTK at s = 3', () => {
  const dynamic = (params) => compute('dynamic-ntk-base', params).answer;
  for (const n of [1, 1024, 2048]) closeTo(dynamic({ d: 64, s: 2, L: 2048, n }), 10000, 1e-12 * 10000, `n = ${n}`);
  assert.ok(dynamic({ d: 64, s: 2, L: 2048, n: 2049 }) > 10000, 'grows from the first token past L');
  assert.match(card('computed-dynamic-ntk-base').basic, /n = 5,000 that is about 40,565/);
  assert.equal(Math.round(dynamic({ d: 64, s: 2, L: 2048, n: 5000 })), 40565);
  // The card's live link: NTK-aware at s = 3 has the base dynamic NTK (s = 2) reaches at 2L tokens, since 2 · 2 − 1 = 3.
  const [link] = card('computed-dynamic-ntk-base').live;
  assert.deepEqual(link.params, { headDim: 64, base: 10000, L: 2048, scaling: 'ntk', s: 3 });
  const staticBase = engine.ropeFrequencies({ headDim: 64, scaling: { kind: 'ntk', factor: 3, trainedLength: 2048 } }).frequencies[1] ** -32;
  closeTo(dynamic({ d: 64, s: 2, L: 2048, n: 4096 }), staticBase, 1e-12 * staticBase, 'dynamic at 4,096 = static at s = 3');
});

test('the model-bound templates refuse a model without their scaling, an unknown model and a pair outside the head', () => {
  assert.throws(() => compute('llama3-band', { model: 'llama-2-7b', pair: 3 }), {
    name: 'RangeError',
    message: /Llama 2 7B has no layers with llama3 scaling/,
  });
  assert.throws(() => compute('mrope-axis', { model: 'llama-3.1-8b', pair: 3 }), { name: 'RangeError', message: /Llama 3.1 8B has no layers with M-RoPE/ });
  assert.throws(() => compute('mrope-axis', { model: 'gpt-5', pair: 3 }), { name: 'RangeError', message: /"gpt-5" is not one of the engine's models/ });
  assert.throws(() => compute('llama3-band', { model: 'llama-3.1-8b', pair: 64 }), { name: 'RangeError', message: /pair 64 is outside pairs 0 … 63/ });
  assert.throws(() => compute('partial-rotary-dims', { headDim: 64, fraction: 0.4 }), { name: 'RangeError', message: /rotaryFraction/ });
  // Llama 4 Scout's llama3 scaling has low = high = 1: no band in between; every pair is kept or divided by 16.
  const scout = Array.from({ length: 64 }, (_, pair) => compute('llama3-band', { model: 'llama-4-scout', pair }).answer);
  assert.ok(scout.every((divisor) => divisor === 1 || divisor === 16));
});
