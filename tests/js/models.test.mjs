// The real-model presets (posenc.models, from cpp/include/posenc/models.hpp) against the values
// their sources give (tests/reference/model-sources.json): every number is derived here from the
// source's own fields, as the model's code reads them, and must equal the preset's.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

const sources = JSON.parse(readFileSync(new URL('../reference/model-sources.json', import.meta.url))).models;
let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** The values of every record of a model, merged (the records never disagree on a name). */
function recorded(name) {
  const merged = {};
  for (const { values } of sources[name]) {
    for (const [key, value] of Object.entries(values)) {
      assert.ok(!(key in merged) || JSON.stringify(merged[key]) === JSON.stringify(value), `${name}: ${key} recorded twice, differently`);
      merged[key] = value;
    }
  }
  return merged;
}

const none = { kind: 'none' };
const fullSpan = { kind: 'full', size: 0 };
/** A RoPE group as posenc.models lists it. */
const rope = (base, pairing, scaling = none, extra = {}) => ({ base, pairing, rotaryFraction: 1, rotaryAxes: 'sequence', scaling, ...extra });
const llama3 = (factor, low, high, trainedLength) => ({ kind: 'llama3', factor, trainedLength, lowFreqFactor: low, highFreqFactor: high });
const yarn = (factor, trainedLength, more = {}) => ({
  kind: 'yarn',
  factor,
  trainedLength,
  betaFast: 32,
  betaSlow: 1,
  ramp: 'dimension',
  truncate: true,
  ...more,
});

/** Per model: the preset each source's values imply. */
const expected = {
  'gpt-2': (v) => ({
    layers: v.n_layer,
    heads: v.n_head,
    headDim: v.n_embd / v.n_head,
    dModel: v.n_embd,
    trainedLength: v.n_ctx,
    contextLength: v.n_ctx,
    groups: [{ scheme: 'learned' }],
  }),
  'bert-base': (v) => ({
    layers: v.layers,
    heads: v.heads,
    headDim: v.hidden / v.heads,
    dModel: v.hidden,
    trainedLength: v.max_position_embeddings,
    contextLength: v.max_position_embeddings,
    groups: [{ scheme: 'learned' }],
  }),
  t5: (v) => ({
    trainedLength: v.pre_training_input_tokens,
    contextLength: v.pre_training_input_tokens,
    t5: { bidirectional: v.bidirectional, numBuckets: v.num_buckets, maxDistance: v.max_distance },
    groups: [{ scheme: 't5' }],
  }),
  bloom: (v) => ({
    layers: v.NLAYERS,
    heads: v.NHEADS,
    headDim: v.NHIDDEN / v.NHEADS,
    dModel: v.NHIDDEN,
    trainedLength: v.SEQ_LEN,
    contextLength: v.SEQ_LEN,
    groups: [{ scheme: v['position-embedding-type'] }],
  }),
  'mpt-7b': (v) => ({
    layers: v.n_layers,
    heads: v.n_heads,
    headDim: v.d_model / v.n_heads,
    dModel: v.d_model,
    trainedLength: v.max_seq_len,
    contextLength: v.max_seq_len,
    groups: [{ scheme: v['attn_config.alibi'] ? 'alibi' : 'nope' }],
  }),
  'gpt-j-6b': (v) => ({
    layers: v.layers,
    heads: v.n_heads,
    headDim: v.d_model / v.n_heads,
    dModel: v.d_model,
    trainedLength: v.seq,
    contextLength: v.seq,
    groups: [
      { scheme: v.pe === 'rotary' ? 'rope' : v.pe, rope: rope(v.base, v.pairing, none, { rotaryFraction: v.pe_rotary_dims / (v.d_model / v.n_heads) }) },
    ],
  }),
  'gpt-neox-20b': (v) => ({
    layers: v.num_layers,
    heads: v.num_attention_heads,
    headDim: v.hidden_size / v.num_attention_heads,
    dModel: v.hidden_size,
    trainedLength: v.seq_length,
    contextLength: v.seq_length,
    groups: [{ scheme: 'rope', rope: rope(v.rotary_emb_base, v.pairing, none, { rotaryFraction: v.rotary_pct }) }],
  }),
  'llama-2-7b': (v) => ({
    layers: v.n_layers,
    heads: v.n_heads,
    headDim: v.dim / v.n_heads,
    dModel: v.dim,
    trainedLength: v.context_length,
    contextLength: v.context_length,
    groups: [{ scheme: 'rope', rope: rope(v.theta, v.pairing) }],
  }),
  'llama-3.1-8b': (v) => ({
    layers: v.n_layers,
    heads: v.n_heads,
    headDim: v.dim / v.n_heads,
    dModel: v.dim,
    trainedLength: v.old_context_len,
    contextLength: v.max_input_length_llama,
    groups: [{ scheme: 'rope', rope: rope(v.rope_theta, v.pairing, llama3(v.scale_factor, v.low_freq_factor, v.high_freq_factor, v.old_context_len)) }],
  }),
  'mistral-7b': (v) => ({
    layers: v.num_hidden_layers,
    heads: v.num_attention_heads,
    headDim: v.hidden_size / v.num_attention_heads,
    dModel: v.hidden_size,
    trainedLength: v.max_position_embeddings,
    contextLength: v.max_position_embeddings,
    groups: [{ scheme: 'rope', rope: rope(v.theta, v.pairing), span: { kind: 'sliding', size: v.sliding_window } }],
  }),
  'qwen2.5-7b': (v) => ({
    layers: v.num_hidden_layers,
    heads: v.num_attention_heads,
    headDim: v.hidden_size / v.num_attention_heads,
    dModel: v.hidden_size,
    trainedLength: v['rope_scaling.original_max_position_embeddings'],
    contextLength: v.context_length,
    groups: [{ scheme: 'rope', rope: rope(v.rope_theta, v.pairing, yarn(v['rope_scaling.factor'], v['rope_scaling.original_max_position_embeddings'])) }],
  }),
  'gemma-3-4b': (v) => ({
    layers: v.num_layers,
    heads: v.num_heads,
    headDim: v.head_dim,
    dModel: v.embed_dim,
    trainedLength: v.pretraining_length,
    contextLength: v.context_length,
    groups: [
      {
        name: 'local',
        scheme: 'rope',
        rope: rope(v.local_base_frequency, v.pairing),
        span: { kind: 'sliding', size: v.sliding_window_size },
        layers: Array.from({ length: v.num_layers }, (_, i) => i).filter((i) => (i + 1) % (v.local_layers_per_global + 1) !== 0),
      },
      {
        name: 'global',
        scheme: 'rope',
        rope: rope(v.global_base_frequency, v.pairing, { kind: 'pi', factor: v.global_scale_factor }),
        layers: Array.from({ length: v.num_layers }, (_, i) => i).filter((i) => (i + 1) % (v.local_layers_per_global + 1) === 0),
      },
    ],
  }),
  'phi-3-mini-128k': (v) => ({
    layers: v.num_hidden_layers,
    heads: v.num_attention_heads,
    headDim: v.hidden_size / v.num_attention_heads,
    dModel: v.hidden_size,
    trainedLength: v.original_max_position_embeddings,
    contextLength: v.max_position_embeddings,
    groups: [
      {
        scheme: 'rope',
        rope: rope(v.rope_theta, v.pairing, {
          kind: 'longrope',
          factor: v.max_position_embeddings / v.original_max_position_embeddings,
          trainedLength: v.original_max_position_embeddings,
          shortFactor: v['rope_scaling.short_factor'],
          longFactor: v['rope_scaling.long_factor'],
        }),
      },
    ],
  }),
  'deepseek-v3': (v) => ({
    layers: v.n_layers,
    heads: v.n_heads,
    headDim: v.qk_rope_head_dim,
    dModel: v.dim,
    trainedLength: v.original_seq_len,
    contextLength: v.context_length,
    groups: [
      {
        scheme: 'rope',
        latentDims: v.qk_nope_head_dim,
        rope: rope(
          v.rope_theta,
          v.pairing,
          yarn(v.rope_factor, v.original_seq_len, {
            betaFast: v.beta_fast,
            betaSlow: v.beta_slow,
            mscale: v.mscale,
            mscaleAllDim: v['rope_scaling.mscale_all_dim'],
          }),
        ),
      },
    ],
  }),
  'llama-4-scout': (v) => {
    const all = Array.from({ length: v.num_hidden_layers }, (_, i) => i);
    return {
      layers: v.num_hidden_layers,
      heads: v.num_attention_heads,
      headDim: v.head_dim,
      dModel: v.hidden_size,
      trainedLength: v.old_context_len,
      contextLength: v.max_position_embeddings,
      groups: [
        {
          name: 'rope',
          scheme: 'rope',
          span: { kind: 'chunked', size: v.attention_chunk_size },
          rope: rope(v.rope_theta, v.pairing, llama3(v.rope_scaling_factor, v.low_freq_factor, v.rope_high_freq_factor, v.old_context_len)),
          layers: all.filter((i) => (i + 1) % v.no_rope_layer_interval !== 0),
        },
        {
          name: 'nope',
          scheme: 'nope',
          temperature: { floor: v.floor_scale, scale: v.attn_scale },
          layers: all.filter((i) => (i + 1) % v.no_rope_layer_interval === 0),
        },
      ],
    };
  },
  'smollm3-3b': (v) => {
    const all = Array.from({ length: v.num_hidden_layers }, (_, i) => i);
    return {
      layers: v.num_hidden_layers,
      heads: v.num_attention_heads,
      headDim: v.hidden_size / v.num_attention_heads,
      dModel: v.hidden_size,
      trainedLength: v.sequence_length,
      contextLength: v.sequence_length,
      groups: [
        {
          name: 'rope',
          scheme: 'rope',
          rope: rope(v.rope_theta, v.rope_interleaved ? 'interleaved' : 'half'),
          layers: all.filter((i) => (i + 1) % v.no_rope_layer !== 0),
        },
        { name: 'nope', scheme: 'nope', layers: all.filter((i) => (i + 1) % v.no_rope_layer === 0) },
      ],
    };
  },
  'qwen2-vl-7b': (v) => ({
    layers: v.num_hidden_layers,
    heads: v.num_attention_heads,
    headDim: v.hidden_size / v.num_attention_heads,
    dModel: v.hidden_size,
    trainedLength: v.max_position_embeddings,
    contextLength: v.max_position_embeddings,
    groups: [
      { scheme: 'rope', rope: rope(v.rope_theta, v.pairing, none, { rotaryAxes: v['rope_scaling.type'], mropeSection: v['rope_scaling.mrope_section'] }) },
    ],
  }),
};

test('every preset has recorded sources and an expectation, and nothing else is recorded', () => {
  const names = posenc.models.map(({ name }) => name);
  assert.deepEqual([...names].sort(), Object.keys(sources).sort());
  assert.deepEqual([...names].sort(), Object.keys(expected).sort());
  assert.deepEqual(
    names,
    posenc.names.model.map(({ name }) => name),
  );
  for (const model of posenc.models) {
    assert.ok(model.sources.length > 0, model.name);
    for (const { covers, where } of model.sources) assert.ok(covers.length > 0 && where.length > 10, model.name);
  }
});

/** The preset's fields that `want` names, compared one by one (groups by the fields each expected group names). */
function matches(model, want) {
  for (const [key, value] of Object.entries(want)) {
    if (key === 'groups') continue;
    assert.deepEqual(model[key], value, `${model.name}.${key}`);
  }
  assert.equal(model.groups.length, want.groups.length, `${model.name}: groups`);
  want.groups.forEach((group, i) => {
    const actual = model.groups[i];
    const defaults = { span: fullSpan, latentDims: 0 };
    for (const [key, value] of Object.entries({ ...defaults, ...group })) {
      assert.deepEqual(key === 'layers' ? [...actual.layers] : actual[key], value, `${model.name}.groups[${i}].${key}`);
    }
  });
}

for (const name of Object.keys(expected)) {
  test(`${name}: the preset is what its sources give`, () => {
    const model = posenc.models.find((entry) => entry.name === name);
    const want = expected[name](recorded(name));
    if (!('layers' in want)) assert.equal(model.layers, 0, `${name}: no source gives layers`);
    matches(model, want);
  });
}

test('Llama 3.1 8B at 200,000: trained to 8,192, extended to 131,072, past both', () => {
  const result = posenc.beyondTrained({ model: 'llama-3.1-8b', p: 200000 });
  assert.equal(result.trainedLength, 8192);
  assert.equal(result.contextLength, 131072);
  assert.ok(result.beyond && result.beyondContext);
  const [group] = result.groups;
  assert.equal(group.scheme, 'rope');
  assert.equal(group.layers.length, 32);
  // 200,000 / 8 = 25,000 > 8,191: the pairs llama3 divides by 8 that never turned within 8,192 positions
  // sit past their trained angles; the fast ones it keeps completed turns.
  assert.ok(group.outOfRangeCount > 0);
  const slowest = group.pairs.wavelength.length - 1;
  assert.equal(group.pairs.outOfRange[slowest], 1);
  assert.equal(group.frequencies[slowest], group.trainedFrequencies[slowest] / 8);
  assert.equal(group.contextOutOfRangeCount > 0, true); // 200,000 is past the context the rescaled model covers, too
  assert.equal(posenc.beyondTrained({ model: 'llama-3.1-8b', p: 100000 }).groups[0].contextOutOfRangeCount, 0);
});

test("a window or a chunk caps the distance RoPE sees; NoPE layers report Llama 4's query scale", () => {
  const mistral = posenc.beyondTrained({ model: 'mistral-7b', p: 200000 }).groups[0];
  assert.equal(mistral.distance, 4095);
  assert.equal(mistral.outOfRangeCount, 0);
  const [rope, nope] = posenc.beyondTrained({ model: 'llama-4-scout', p: 200000 }).groups;
  assert.equal(rope.distance, 200000 % 8192);
  assert.equal(nope.scheme, 'nope');
  assert.equal(nope.layers.length, 12);
  assert.equal(nope.queryScale, Math.log(Math.floor(200001 / 8192) + 1) * 0.1 + 1);
  const gemma = posenc.beyondTrained({ model: 'gemma-3-4b', p: 100000 });
  assert.deepEqual(
    gemma.groups.map(({ name, distance }) => [name, distance]),
    [
      ['local', 1023],
      ['global', 100000],
    ],
  );
});

test('partial and decoupled RoPE say how many dimensions carry no position', () => {
  const neox = posenc.beyondTrained({ model: 'gpt-neox-20b', p: 5000 }).groups[0];
  assert.deepEqual([neox.rotaryDims, neox.unrotatedDims, neox.pairs.wavelength.length], [24, 72, 12]);
  const deepseek = posenc.beyondTrained({ model: 'deepseek-v3', p: 100000 }).groups[0];
  assert.deepEqual([deepseek.rotaryDims, deepseek.unrotatedDims], [64, 128]);
  assert.equal(deepseek.attentionFactor, 1); // mscale / mscaleAllDim = 1: DeepSeek scales the logits instead
  assert.ok(Math.abs(deepseek.logitFactor - (0.1 * Math.log(40) + 1) ** 2) < 1e-15);
});

test("the other schemes' presets analyse as their scheme does", () => {
  const gpt2 = posenc.beyondTrained({ model: 'gpt-2', p: 5000 }).groups[0];
  assert.equal(gpt2.rowExists, false);
  assert.deepEqual(posenc.beyondTrained({ model: 'bloom', p: 5000 }).groups[0].slopes, posenc.alibiSlopes(112));
  const t5 = posenc.beyondTrained({ model: 't5', p: 5000 }).groups[0];
  assert.equal(t5.bucket, posenc.beyondTrained({ scheme: 't5', p: 5000 }).bucket);
});

test("attention runs a preset's layer group, up to 2,000,000 keys", () => {
  const row = posenc.attention({ model: 'llama-3.1-8b', queryPosition: 2_000_000 });
  assert.equal(row.weights.length, 2_000_001);
  const total = row.weights.reduce((sum, w) => sum + w, 0);
  assert.ok(Math.abs(total - 1) < 1e-9);
  const chunked = posenc.attention({ model: 'llama-4-scout', layerGroup: 'rope', queryPosition: 10000 });
  assert.ok(
    chunked.weights.slice(0, 8192).every((w) => w === 0),
    'keys of the earlier chunk get no weight',
  );
  const nope = posenc.attention({ model: 'llama-4-scout', layerGroup: 'nope', queryPosition: 10000 });
  assert.ok(nope.weights[0] > 0);
  assert.throws(() => posenc.attention({ model: 'llama-4-scout', layerGroup: 'global', queryPosition: 10 }), {
    name: 'RangeError',
    message: "layerGroup must be one of 'rope', 'nope'; got the string \"global\"",
  });
});
