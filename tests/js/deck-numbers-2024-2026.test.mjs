// Every number of the 2024-2026 deck that the engine can compute (bands, wavelengths, pair and layer counts,
// attention factors, the axis of a pair, distances a span allows), computed from the model presets and looked for
// in the card's own words, rounded the way the card writes it. Published figures (RULER scores, paper fits) are
// not the engine's and are not checked here.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const deck = JSON.parse(readFileSync(new URL('../../web/decks/2024-2026.json', import.meta.url), 'utf8'));
const cards = new Map(deck.cards.map((card) => [card.id, card]));
const card = (id) => {
  assert.ok(cards.has(id), `the deck has a card "${id}"`);
  return cards.get(id);
};
/** Every text of a card as one string: a number may sit in any tier. */
const says = (id, text) => assert.ok(JSON.stringify(card(id)).includes(text), `${id} should say "${text}"`);
const grouped = (value) => Math.round(value).toLocaleString('en-US');
const tens = (value) => grouped(Math.round(value / 10) * 10);
const fixed = (value, digits) => value.toFixed(digits);
const model = (name) => posenc.models.find((entry) => entry.name === name);
const group = (name, groupName) => model(name).groups.find((entry) => entry.name === groupName);
const wavelengths = (frequencies) => Array.from(frequencies, (theta) => (2 * Math.PI) / theta);
const plainFrequencies = (headDim, base) => posenc.ropeFrequencies({ headDim, base }).frequencies;
/** A model group's frequencies beside the unscaled ones: how many pairs are kept, divided by `factor`, or in between. */
function bands(name, groupName, factor) {
  const { rope } = group(name, groupName);
  const { headDim } = model(name);
  const plain = plainFrequencies(headDim, rope.base);
  const scaled = posenc.ropeFrequencies({ headDim, ...rope }).frequencies;
  const result = { kept: [], between: [], divided: [] };
  plain.forEach((theta, pair) => {
    const ratio = scaled[pair] / theta;
    if (Math.abs(ratio - 1) < 1e-12) result.kept.push(pair);
    else if (Math.abs(ratio * factor - 1) < 1e-9) result.divided.push(pair);
    else result.between.push(pair);
  });
  return { ...result, wavelength: wavelengths(plain), plain, scaled };
}
const beyond = (name, p) => posenc.beyondTrained({ model: name, p });
const range = (list) => `${list[0]} to ${list.at(-1)}`;

describe('2024-2026 deck', () => {
  test('Llama 3.1 8B: the llama3 bands, their thresholds and wavelengths, and the base-500,000 ladder', () => {
    const id = 'llama3-rope-scaling-bands';
    const { scaling } = group('llama-3.1-8b', 'all').rope;
    const { kept, between, divided, wavelength, plain, scaled } = bands('llama-3.1-8b', 'all', scaling.factor);
    says(id, `${kept.length} kept, ${between.length} blended and ${divided.length} divided`);
    says(id, `${kept.length} pairs kept, ${between.length} blended, ${divided.length} interpolated`);
    says(id, `Pairs ${range(kept)} (wavelengths up to about ${grouped(wavelength[kept.at(-1)])} tokens)`);
    says(id, `pairs ${range(between)} (about ${grouped(wavelength[between[0]])} to ${grouped(wavelength[between.at(-1)])} tokens)`);
    says(id, `pairs ${range(divided)} (from about ${grouped(wavelength[divided[0]])} tokens up)`);
    const short = scaling.trainedLength / scaling.highFreqFactor;
    const long = scaling.trainedLength / scaling.lowFreqFactor;
    assert.ok(wavelength[kept.at(-1)] < short && wavelength[between[0]] > short && wavelength[between.at(-1)] < long && wavelength[divided[0]] > long);
    says(id, `8,192 / 4 = ${grouped(short)} tokens`);
    says(id, `8,192 / 1 = ${grouped(long)} tokens`);
    says(id, `divided by the factor ${scaling.factor}`);
    // The blend the card writes, weight (8,192 / wavelength − 1) / 3 on the kept frequency, is the engine's.
    for (const pair of between) {
      const weight = (scaling.trainedLength / wavelength[pair] - scaling.lowFreqFactor) / (scaling.highFreqFactor - scaling.lowFreqFactor);
      const blended = weight * plain[pair] + (1 - weight) * (plain[pair] / scaling.factor);
      assert.ok(Math.abs(scaled[pair] / blended - 1) < 1e-12, `pair ${pair}`);
    }
    says(id, 'with weight (8,192 / wavelength − 1) / 3 on the kept value');
    says(id, `offset ${grouped(scaling.factor * scaling.trainedLength)} then lands where ${grouped(scaling.trainedLength)} did`);
    says(id, `Llama 3.1 8B's ${kept.length + between.length + divided.length} pairs`);
    says(id, `from about ${tens(wavelengths(plainFrequencies(128, 10000)).at(-1))} tokens to about ${grouped(wavelength.at(-1))} tokens`);
    const scout = bands('llama-4-scout', 'rope', group('llama-4-scout', 'rope').rope.scaling.factor);
    assert.equal(scout.between.length, 0);
    says(id, `The engine finds ${scout.kept.length} kept and ${scout.divided.length} divided pairs for Scout`);
    assert.equal(beyond('llama-3.1-8b', 5000).groups[0].attentionFactor, 1, 'llama3 scaling has no attention factor');
  });

  test('the slowest wavelengths of the bases and how many pairs outlast 32,768 tokens', () => {
    const id = 'rope-base-bounds-context';
    const slowest = (base) => wavelengths(plainFrequencies(128, base)).at(-1);
    says(id, `about ${tens(slowest(10000))} tokens for 10,000 and about ${grouped(slowest(1e6))} for 1,000,000`);
    says(
      id,
      `about ${tens(slowest(10000))} tokens for base 10,000, about ${grouped(slowest(5e5))} for 500,000 and about ${grouped(slowest(1e6))} for 1,000,000`,
    );
    const over = (base) => wavelengths(plainFrequencies(128, base)).filter((length) => length > 32768).length;
    says(id, `With base 10,000 only ${over(10000)} pairs have a wavelength above 32,768 tokens; with 1,000,000, ${over(1e6)} do`);
    assert.equal(model('qwen2.5-7b').groups[0].rope.base, 1e6);
    assert.equal(group('smollm3-3b', 'rope').rope.base, 5e6);
    says(id, 'SmolLM3 5,000,000');
  });

  test('Phi-3-mini-128k: 48 pairs, the factor lists, the switch at 4,096 and the attention factor', () => {
    const id = 'longrope-searched-factors';
    const phi = model('phi-3-mini-128k');
    const { rope } = phi.groups[0];
    const s = phi.contextLength / phi.trainedLength;
    assert.equal(s, rope.scaling.factor);
    says(id, `so s = ${s}`);
    const at = (length) => posenc.ropeFrequencies({ headDim: phi.headDim, sequenceLength: length, ...rope });
    const shortSet = at(phi.trainedLength);
    const longSet = at(phi.trainedLength + 1);
    assert.equal(shortSet.frequencies.length, 48);
    says(id, `${shortSet.frequencies.length} rotary pairs and two lists of ${shortSet.frequencies.length} factors`);
    const plain = plainFrequencies(phi.headDim, rope.base);
    const divisors = (set) => Array.from(set.frequencies, (theta, pair) => plain[pair] / theta);
    const [shortDivisors, longDivisors] = [divisors(shortSet), divisors(longSet)];
    says(id, `short factors (${fixed(shortDivisors[0], 2)} to about ${fixed(shortDivisors.at(-1), 2)})`);
    says(id, `long ones (about ${fixed(longDivisors[0], 2)} to ${fixed(longDivisors.at(-1), 1)})`);
    says(id, `about ${fixed(longDivisors[0], 2)} on the fastest pair to about ${fixed(longDivisors.at(-1), 1)} on the slowest`);
    says(
      id,
      `pair 0 runs at 1/${fixed(shortDivisors[0], 2)} rad per token up to ${grouped(phi.trainedLength)} tokens\\n# and at about 1/${fixed(longDivisors[0], 2)} beyond`,
    );
    for (const set of [shortSet, longSet]) assert.ok(Math.abs(set.attentionFactor - Math.sqrt(1 + Math.log(s) / Math.log(phi.trainedLength))) < 1e-12);
    says(id, `sqrt(1 + ln 32 / ln 4,096) ≈ ${fixed(longSet.attentionFactor, 4)}`);
    says(id, `about ${fixed(longSet.attentionFactor ** 2, 3)} for Phi-3-mini-128k`);
    assert.ok(posenc.names.scalingKind.find((kind) => kind.name === 'longrope').followsLength);
  });

  test('partial rotary: dimensions that carry position in GPT-NeoX-20B and GPT-J 6B', () => {
    const id = 'partial-rope-and-p-rope';
    const neox = beyond('gpt-neox-20b', 5000).groups[0];
    const gptj = beyond('gpt-j-6b', 5000).groups[0];
    says(id, `GPT-NeoX-20B ${neox.rotaryDims} of ${neox.rotaryDims + neox.unrotatedDims} dimensions (${neox.rotaryDims / 2} pairs)`);
    says(id, `GPT-J 6B ${gptj.rotaryDims} of ${gptj.rotaryDims + gptj.unrotatedDims} (${gptj.rotaryDims / 2} pairs)`);
    says(id, `so ${neox.rotaryDims} dimensions (${neox.rotaryDims / 2} pairs) rotate and ${neox.unrotatedDims} do not`);
    says(id, `rotates ${gptj.rotaryDims} of ${gptj.rotaryDims + gptj.unrotatedDims} (rotary_dim ${gptj.rotaryDims}, ${gptj.rotaryDims / 2} pairs)`);
    says(id, `# ${neox.rotaryDims} rotated dims, ${neox.rotaryDims / 2} pairs, ${neox.unrotatedDims} position-free`);
    says(
      id,
      `The engine finds ${gptj.longWavelengthCount} pairs with wavelengths above 2,048 tokens, of which ${gptj.outOfRangeCount} are past their trained arc at position 5,000`,
    );
  });

  test('Qwen2-VL 7B: which coordinate turns each pair', () => {
    const id = 'mrope-multimodal-positions';
    const { rope } = model('qwen2-vl-7b').groups[0];
    const { pairAxis } = posenc.ropeFrequencies({ headDim: model('qwen2-vl-7b').headDim, ...rope });
    const pairs = (axis) => [...pairAxis.keys()].filter((pair) => pairAxis[pair] === axis);
    const [t, h, w] = [pairs(0), pairs(1), pairs(2)];
    says(id, `the ${pairAxis.length} rotary pairs are split ${t.length} : ${h.length} : ${w.length}`);
    says(id, `pairs ${range(t)} turn with t, ${range(h)} with h, ${range(w)} with w`);
    says(id, `The engine assigns pairs ${range(t)} to t, ${range(h)} to h and ${range(w)} to w`);
    says(id, `Pairs ${range(h)} (${h.length} pairs)`);
    says(id, `# ${pairAxis.length} ${t.length} ${h.length} ${w.length}`);
  });

  test('DeepSeek-V3: rotary and latent dimensions, YaRN factor 40 and the factor on the softmax scale', () => {
    const id = 'mla-decoupled-rope';
    const ds = beyond('deepseek-v3', 100000).groups[0];
    says(id, `the ${ds.unrotatedDims}-dimension latent part carries no position, and a separate ${ds.rotaryDims}-dimension rotary query`);
    says(id, `qk_nope_head_dim ${ds.unrotatedDims}, qk_rope_head_dim ${ds.rotaryDims}`);
    says(id, `each head has ${ds.unrotatedDims} unrotated and ${ds.rotaryDims} rotated query-key dimensions`);
    const { scaling } = group('deepseek-v3', 'all').rope;
    says(id, `stretches the rotary part with YaRN factor ${scaling.factor}`);
    says(id, `trained at ${grouped(scaling.trainedLength)} tokens and stretched with YaRN (factor ${scaling.factor}`);
    assert.equal(ds.attentionFactor, 1);
    says(id, `a logit factor of about ${fixed(ds.logitFactor, 3)}`);
    says('reading-rope-scaling-configs', `(0.1 ln 40 + 1)² ≈ ${fixed(ds.logitFactor, 3)}`);
    says('reading-rope-scaling-configs', `print(on_cos_sin, round(on_softmax, 3))                          # 1.0 ${fixed(ds.logitFactor, 3)}`);
  });

  test('Llama 4 Scout and SmolLM3: NoPE layers, chunk distance and the query temperature', () => {
    const id = 'irope-nope-every-fourth-layer';
    const scoutRope = group('llama-4-scout', 'rope');
    const scoutNope = group('llama-4-scout', 'nope');
    says(
      id,
      `Scout has ${model('llama-4-scout').layers} layers: ${scoutRope.layers.length} RoPE layers attending within chunks of ${grouped(scoutRope.span.size)} tokens and ${scoutNope.layers.length} NoPE layers`,
    );
    says(id, `(0-based ${scoutNope.layers.slice(0, 2).join(', ')}, ..., ${scoutNope.layers.at(-1)})`);
    const scale = (p) => beyond('llama-4-scout', p).groups.find((entry) => entry.name === 'nope').queryScale;
    assert.equal(scale(8189), 1);
    assert.ok(scale(8190) === 1 && scale(8191) > 1, 'the temperature starts at position 8,191');
    says(id, `1 below position 8,191, about ${fixed(scale(100000), 3)} at 100,000, about ${fixed(scale(1000000), 3)} at 1,000,000`);
    says(id, `# 1.0, ${fixed(scale(8191), 3)}, ${fixed(scale(100000), 3)}, ${fixed(scale(1000000), 3)}`);
    const distance = beyond('llama-4-scout', 100000).groups.find((entry) => entry.name === 'rope').distance;
    says(id, `100,000 − 98,304 = ${grouped(distance)}`);
    const smol = model('smollm3-3b');
    says(id, `SmolLM3 3B drops RoPE in ${group('smollm3-3b', 'nope').layers.length} of its ${smol.layers} layers`);
    says(id, `# ${scoutNope.layers.length} NoPE, ${scoutRope.layers.length} RoPE`);
  });

  test('Gemma 3 4B: local and global layers, window, bases and the global factor', () => {
    const id = 'gemma3-local-global-bases';
    const at = beyond('gemma-3-4b', 100000).groups;
    const local = at.find((entry) => entry.name === 'local');
    const global = at.find((entry) => entry.name === 'global');
    says(id, `In Gemma 3 4B that makes ${local.layers.length} local and ${global.layers.length} global layers out of ${model('gemma-3-4b').layers}`);
    says(id, `(0-based ${Array.from(global.layers).join(', ')})`);
    says(id, `its largest offset is ${grouped(local.distance)}`);
    says(id, `a sliding window of ${grouped(local.span.size)} tokens with base ${grouped(group('gemma-3-4b', 'local').rope.base)}`);
    const { rope } = group('gemma-3-4b', 'global');
    says(id, `every 6th layer is global with base ${grouped(rope.base)}`);
    says(id, `rescaling only the global layers’ RoPE by a factor of ${rope.scaling.factor}`);
    says(id, `turns once in about ${tens(wavelengths(plainFrequencies(model('gemma-3-4b').headDim, group('gemma-3-4b', 'local').rope.base)).at(-1))} tokens`);
  });

  test("reading configs: Qwen2.5's YaRN bands and factor, and which kinds follow the sequence length", () => {
    const id = 'reading-rope-scaling-configs';
    const qwen = model('qwen2.5-7b');
    const { rope } = qwen.groups[0];
    says(id, `YaRN with factor ${rope.scaling.factor} from ${grouped(qwen.trainedLength)} to ${grouped(qwen.contextLength)}`);
    const factor = posenc.ropeFrequencies({ headDim: qwen.headDim, ...rope }).attentionFactor;
    says(id, `0.1 ln 4 + 1 ≈ ${fixed(factor, 4)}`);
    const { kept, between, divided } = bands('qwen2.5-7b', 'all', rope.scaling.factor);
    says(id, `the engine finds ${kept.length} kept, ${between.length} blended and ${divided.length} fully interpolated`);
    const follows = new Map(posenc.names.scalingKind.map((kind) => [kind.name, kind.followsLength]));
    for (const kind of ['pi', 'ntk', 'yarn', 'llama3']) assert.equal(follows.get(kind), false, kind);
    for (const kind of ['dynamic', 'longrope']) assert.equal(follows.get(kind), true, kind);
    says(id, 'pi, ntk, yarn and llama3 give each position the same rotation at every length');
    says(id, 'length-dependent (dynamic, longrope)');
  });

  test('model facts the other cards state: context lengths, trained lengths, windows', () => {
    const llama = model('llama-3.1-8b');
    assert.equal(llama.contextLength, 128 * 1024);
    says('effective-vs-claimed-context', 'Llama 3.1 8B claims 128K');
    says('staged-long-context-pretraining', `Llama 3.1 8B: trained at ${grouped(llama.trainedLength)}, context ${grouped(llama.contextLength)}`);
    const qwen = model('qwen2.5-7b');
    says(
      'staged-long-context-pretraining',
      `continued at ${grouped(qwen.trainedLength)} while raising the base from 10,000 to ${grouped(qwen.groups[0].rope.base)}`,
    );
    says('staged-long-context-pretraining', `YaRN factor ${qwen.groups[0].rope.scaling.factor} (and Dual Chunk Attention`);
    says('staged-long-context-pretraining', `inference up to ${grouped(qwen.contextLength)}`);
    const id = 'sliding-window-positions-mistral';
    const mistral = model('mistral-7b');
    const window = mistral.groups[0].span.size;
    const distance = beyond('mistral-7b', 30000).groups[0].distance;
    says(id, `the largest offset any rotation encodes is ${grouped(distance)}`);
    says(id, `a first visible key ${grouped(distance)} positions back`);
    says(id, `print(30_000 - keys[0])          # ${distance}`);
    says(id, `across ${mistral.layers} layers the paper counts a theoretical span of about 131K`);
    says(id, `${mistral.layers} × ${grouped(window)} = ${grouped(mistral.layers * window)}`);
    says(id, `RoPE uses base ${grouped(mistral.groups[0].rope.base)}`);
  });

  test('every card links to the view of the preset it is about, and keeps its 60-second answer within 150 words', () => {
    const presets = {
      'llama3-rope-scaling-bands': ['llama-3.1-8b'],
      'rope-base-bounds-context': ['qwen2.5-7b', 'llama-2-7b'],
      'longrope-searched-factors': ['phi-3-mini-128k'],
      'partial-rope-and-p-rope': ['gpt-neox-20b', 'gpt-j-6b'],
      'mrope-multimodal-positions': ['qwen2-vl-7b'],
      'mla-decoupled-rope': ['deepseek-v3'],
      'irope-nope-every-fourth-layer': ['llama-4-scout', 'smollm3-3b'],
      'gemma3-local-global-bases': ['gemma-3-4b'],
      'reading-rope-scaling-configs': ['qwen2.5-7b', 'deepseek-v3', 'phi-3-mini-128k'],
      'staged-long-context-pretraining': ['llama-3.1-8b', 'qwen2.5-7b'],
      'sliding-window-positions-mistral': ['mistral-7b'],
    };
    for (const [id, names] of Object.entries(presets)) {
      const linked = card(id).live.map((link) => link.params.model);
      for (const name of names) assert.ok(linked.includes(name), `${id} links to ${name}`);
    }
    assert.ok(card('mrope-multimodal-positions').live.some((link) => link.view === 'grid' && link.params.axes === 'mrope'));
    assert.ok(deck.cards.length >= 14);
    for (const { id, solid } of deck.cards) assert.ok(solid.split(/\s+/).length <= 150, `${id}: solid answer of ${solid.split(/\s+/).length} words`);
  });
});
