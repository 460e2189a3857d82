// Every exported function against bad input: each case must throw a RangeError or TypeError
// whose message names the argument, and the module must still answer correctly afterwards.
// Hand-written cases come first; then batteries give every numeric, enum and required argument
// of every function the same bad values (negative, zero, NaN, Infinity, 1e308, non-integer, wrong
// type, missing, unknown enum strings, above the caps).
// A field a function does not read is an error (unknown-keys.test.mjs sweeps them); cases that share
// one settings object among several functions hand each only the fields it reads.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';
import { argumentShapes } from '../../dist/posenc-arguments.js';
import { handWrittenCases } from './fixtures/bad-input-cases.mjs';

let posenc;
let liveId; // a trainer for the trainerStep/trainerEvaluate cases; 'live' in a case stands for its id
let liveParameters; // its parameters: 'live' as modelProbe's or modelEvaluate's parameters stands for them
let livePasskeyId; // a trainer on the passkey task for passkeyGrid; 'livePasskey' in a case stands for its id
before(async () => {
  posenc = await loadForTests();
  liveId = posenc.trainerCreate({ scheme: 'rope', task: 'copyBack' }).id;
  liveParameters = posenc.trainerParameters({ id: liveId }).parameters;
  livePasskeyId = posenc.trainerCreate({ scheme: 'rope', task: 'passkey' }).id;
});
after(() => {
  posenc.trainerDispose({ id: liveId });
  posenc.trainerDispose({ id: livePasskeyId });
});

/** options with 'live' and 'livePasskey' replaced by the live trainers' ids and parameters. */
function resolved(options) {
  const out = { ...options };
  if (out.id === 'live') out.id = liveId;
  if (out.id === 'livePasskey') out.id = livePasskeyId;
  if (out.parameters === 'live') out.parameters = liveParameters;
  return out;
}

const table = { rows: 4, cols: 2, data: new Float64Array(8) };
const valid = {
  sinusoidal: { positions: [0, 1], dModel: 8 },
  nope: { positions: [0, 1], dModel: 8 },
  learnedTable: { maxLength: 16, dModel: 4 },
  learnedLookup: { table, positions: [0, 1] },
  rope: { x: new Float64Array(8), positions: [0, 1] },
  ropeScore: { q: [1, 0, 0, 1], k: [0, 1, 1, 0], m: 3, n: 1 },
  ropeFrequencies: { headDim: 8 },
  alibiSlopes: { nHeads: 8 },
  alibiBias: { nHeads: 2, queryLength: 2, keyLength: 3 },
  t5Bucket: { relativePositions: [0, -1] },
  attention: { scheme: 'rope', queryPosition: 10, dModel: 8 },
  beyondTrained: { scheme: 'sinusoidal', p: 100, trainedLength: 50, dModel: 1024 },
  offsetSimilarity: { p: 0, maxOffset: 4, dModel: 8 },
  trainerCreate: { scheme: 'rope', task: 'copyBack' },
  trainerStep: { id: 'live', steps: 1 },
  trainerEvaluate: { id: 'live', length: 64, sequences: 1 },
  trainerParameters: { id: 'live' },
  trainerDispose: { id: 'live' },
  modelProbe: { scheme: 'rope', task: 'copyBack', parameters: 'live', queryPosition: 40 },
  modelEvaluate: { scheme: 'rope', task: 'copyBack', parameters: 'live', length: 64, sequences: 1 },
  passkeyGrid: { id: 'livePasskey', depths: [0, 1], lengths: [8, 64], sequences: 1, seed: 7 },
  extensionEvaluate: { parameters: 'live', kind: 'pi', trainedLength: 64, targetLength: 128, length: 128, bucketWidth: 64, sequences: 1 },
  finetuneCreate: { parameters: 'live', kind: 'yarn', trainedLength: 64, targetLength: 128, queriesPerSequence: 16 },
};
const optionFunctions = Object.keys(valid);

// [function, field, bad value, expected error, argument named in the message]: the hand-written cases, then the batteries.
const R = RangeError,
  T = TypeError;
const cases = [...handWrittenCases];

// Batteries. Integers: [low, high] as the module allows them.
const integers = {
  sinusoidal: { dModel: [1, 4096] },
  nope: { dModel: [1, 4096] },
  learnedTable: { maxLength: [1, 65536], dModel: [1, 4096], seed: [0, 2 ** 53] },
  ropeScore: { m: [0, 2 ** 24], n: [0, 2 ** 24] },
  ropeFrequencies: { headDim: [2, 4096], sequenceLength: [1, 2 ** 24 + 1] },
  alibiBias: { nHeads: [1, 1024], queryLength: [1, 65537], keyLength: [1, 65537] },
  t5Bucket: { numBuckets: [2, 1024], maxDistance: [1, 2 ** 20] },
  attention: {
    queryPosition: [0, 2 ** 24],
    dModel: [2, 256],
    seed: [0, 2 ** 53],
    trainedLength: [1, 2 ** 24],
    nHeads: [1, 1024],
    head: [0, 7],
    latentDims: [0, 256],
  },
  beyondTrained: { p: [0, 2 ** 24], trainedLength: [1, 2 ** 24], dModel: [2, 4096] },
  offsetSimilarity: { p: [0, 65536], maxOffset: [0, 65536], dModel: [2, 4096], seed: [0, 2 ** 53] },
  trainerCreate: {
    seed: [0, 2 ** 53],
    trainedLength: [1, 16384],
    dModel: [2, 128],
    nHeads: [1, 8],
    nLayers: [1, 2],
    mlpHidden: [0, 512],
    offset: [1, 64],
    symbols: [2, 128],
    passkeys: [2, 128],
    markerSpacing: [1, 1024],
    batchSize: [1, 256],
    warmupSteps: [0, 2 ** 30],
    windowSteps: [0, 2 ** 30],
    windowLength: [0, 32],
    windowBatch: [0, 256],
  },
  trainerStep: { id: [1, 2 ** 30], steps: [1, 10000] },
  trainerEvaluate: { id: [1, 2 ** 30], length: [1, 16384], bucketWidth: [1, 16384], sequences: [1, 256], firstSequence: [0, 2 ** 30], seed: [0, 2 ** 53] },
  trainerParameters: { id: [1, 2 ** 30] },
  trainerDispose: { id: [1, 2 ** 30] },
  passkeyGrid: { id: [1, 2 ** 30], sequences: [1, 256], firstSequence: [0, 2 ** 30], seed: [0, 2 ** 53] },
  modelProbe: { queryPosition: [3, 65536], seed: [0, 2 ** 53], trainedLength: [1, 16384], nLayers: [1, 2], offset: [1, 64], markerSpacing: [1, 1024] },
  modelEvaluate: { length: [32, 16384], sequences: [1, 256], firstSequence: [0, 2 ** 30], seed: [0, 2 ** 53], symbols: [2, 128] },
};
for (const [fn, fields] of Object.entries(integers)) {
  for (const [field, [low, high]] of Object.entries(fields)) {
    const above = high >= 2 ** 53 ? 2 ** 54 : high + 1;
    for (const value of [low - 1, -1e9, above, 1e308, low + 0.5, NaN, Infinity, -Infinity]) cases.push([fn, field, value, R, field]);
    for (const value of ['2', true, null, 2n, [2], {}]) cases.push([fn, field, value, T, field]);
  }
}
// Real numbers that must be finite and within a range (1e308 is a valid base: base^(2i/d) <= base).
const reals = {
  sinusoidal: ['base'],
  rope: ['base', 'rotaryFraction'],
  ropeFrequencies: ['base', 'rotaryFraction'],
  attention: ['base'],
  beyondTrained: ['base'],
  offsetSimilarity: ['base', 'rotaryFraction'],
  trainerCreate: ['base', 'learningRate'],
  modelProbe: ['base'],
  modelEvaluate: ['base'],
};
for (const [fn, fields] of Object.entries(reals)) {
  for (const field of fields) {
    for (const value of [0, -1, NaN, Infinity, -Infinity]) cases.push([fn, field, value, R, field]);
    for (const value of ['2', null, false]) cases.push([fn, field, value, T, field]);
  }
}
// Enums: unknown strings (wrong case, empty, padded) are RangeErrors; other types TypeErrors.
const enums = {
  sinusoidal: ['layout', 'precision'],
  learnedLookup: ['overflow'],
  rope: ['pairing', 'rotaryAxes'],
  attention: ['scheme', 'overflow'],
  beyondTrained: ['scheme', 'model'],
  ropeFrequencies: ['rotaryAxes'],
  offsetSimilarity: ['pairing'],
  trainerCreate: ['scheme', 'task', 'layerPositions'],
  trainerEvaluate: ['overflow'],
  passkeyGrid: ['overflow'],
  modelProbe: ['scheme', 'task', 'overflow'],
  modelEvaluate: ['scheme', 'task', 'overflow'],
};
for (const [fn, fields] of Object.entries(enums)) {
  for (const field of fields) {
    for (const value of ['bogus', '', 'CLAMP ', '<script>']) cases.push([fn, field, value, R, field]);
    for (const value of [0, null, {}]) cases.push([fn, field, value, T, field]);
  }
}
for (const fn of ['rope', 'ropeScore', 'ropeFrequencies', 'attention', 'offsetSimilarity']) {
  cases.push(
    [fn, 'scaling', { kind: 'Linear' }, R, 'scaling.kind'],
    [fn, 'scaling', { kind: 'pi', factor: Infinity }, R, 'scaling.factor'],
    [fn, 'scaling', { kind: 'pi', factor: null }, T, 'scaling.factor'],
    [fn, 'scaling', null, T, 'scaling'],
  );
}
// The newer scaling kinds' fields and the rotary layout, on every function that reads RoPE settings (head dim 8: 4 rotary pairs).
const llama3 = { kind: 'llama3', factor: 8, trainedLength: 64 };
const yarn = { kind: 'yarn', factor: 4, trainedLength: 64 };
for (const fn of ['rope', 'ropeScore', 'ropeFrequencies', 'attention', 'beyondTrained', 'offsetSimilarity']) {
  const scheme = fn === 'beyondTrained' ? { scheme: 'rope', headDim: 8 } : {};
  const pairs = fn === 'rope' || fn === 'ropeScore' ? 2 : 4; // valid[fn]'s head dimension / 2
  const longrope = { kind: 'longrope', factor: 4, trainedLength: 64, shortFactor: Array(pairs).fill(1), longFactor: Array(pairs).fill(2) };
  const bad = (field, value, type, argument) => cases.push([fn, null, { ...scheme, [field]: value }, type, argument]);
  bad('scaling', { ...llama3, lowFreqFactor: 0 }, R, 'scaling.lowFreqFactor');
  bad('scaling', { ...llama3, highFreqFactor: 0.5 }, R, 'scaling.highFreqFactor');
  bad('scaling', { ...llama3, lowFreqFactor: '1' }, T, 'scaling.lowFreqFactor');
  bad('scaling', { ...llama3, trainedLength: 0 }, R, 'scaling.trainedLength');
  bad('scaling', { ...yarn, betaFast: 1 }, R, 'scaling.betaFast');
  bad('scaling', { ...yarn, betaSlow: -1 }, R, 'scaling.betaSlow');
  bad('scaling', { ...yarn, betaFast: NaN }, R, 'scaling.betaFast');
  bad('scaling', { ...yarn, ramp: 'paper' }, R, 'scaling.ramp');
  bad('scaling', { ...yarn, ramp: 2 }, T, 'scaling.ramp');
  bad('scaling', { ...yarn, truncate: 'no' }, T, 'scaling.truncate');
  bad('scaling', { ...yarn, attentionFactor: 0 }, R, 'scaling.attentionFactor');
  bad('scaling', { ...yarn, attentionFactor: '1.1' }, T, 'scaling.attentionFactor');
  bad('scaling', { ...yarn, mscale: -1 }, R, 'scaling.mscale');
  bad('scaling', { ...yarn, mscaleAllDim: Infinity }, R, 'scaling.mscaleAllDim');
  bad('scaling', { kind: 'dynamic', factor: 0.5, trainedLength: 64 }, R, 'scaling.factor');
  bad('scaling', { kind: 'dynamic', factor: 2 }, R, 'scaling.trainedLength');
  bad('scaling', { ...longrope, shortFactor: undefined }, T, 'scaling.shortFactor');
  bad('scaling', { ...longrope, shortFactor: [1, 1, 1] }, R, 'scaling.shortFactor.length');
  bad('scaling', { ...longrope, longFactor: [...longrope.longFactor.slice(1), 0] }, R, `scaling.longFactor[${pairs - 1}]`);
  bad('scaling', { ...longrope, longFactor: [NaN, ...longrope.longFactor.slice(1)] }, R, 'scaling.longFactor[0]');
  bad('scaling', { ...longrope, longFactor: new Float64Array(5000) }, R, 'scaling.longFactor.length');
  bad('scaling', { ...longrope, longFactor: 'wide' }, T, 'scaling.longFactor');
  bad('pairing', 'rotate_half', R, 'pairing');
  bad('pairing', 1, T, 'pairing');
  bad('rotaryFraction', 0, R, 'rotaryFraction');
  bad('rotaryFraction', 1.5, R, 'rotaryFraction');
  bad('rotaryFraction', 0.2, R, 'rotaryFraction'); // 1.6 dimensions: none rotate
  bad('rotaryFraction', '1', T, 'rotaryFraction');
  if (fn === 'attention' || fn === 'offsetSimilarity') continue; // positions are token indices: no rotaryAxes is read
  bad('rotaryAxes', 'cube', R, 'rotaryAxes');
  bad('rotaryAxes', 3, T, 'rotaryAxes');
  cases.push([
    fn,
    null,
    {
      ...scheme,
      headDim: 8,
      x: new Float64Array(24),
      positions: [0, 1, 2, 3, 4, 5],
      q: [1, 0, 0, 1, 1, 0, 0, 1],
      k: [0, 1, 1, 0, 0, 1, 1, 0],
      rotaryAxes: 'axial',
      rotaryFraction: 0.75,
    },
    R,
    'rotaryFraction',
  ]); // axial: whole pairs per half
  const mrope = (section, type, argument) =>
    cases.push([
      fn,
      null,
      {
        ...scheme,
        headDim: 8,
        x: new Float64Array(8),
        positions: [0, 1, 2, 3, 4, 5],
        q: [1, 0, 0, 1, 1, 0, 0, 1],
        k: [0, 1, 1, 0, 0, 1, 1, 0],
        rotaryAxes: 'mrope',
        mropeSection: section,
      },
      type,
      argument,
    ]);
  mrope([1, 2], R, 'mropeSection.length');
  mrope([1, 1, 1.5], R, 'mropeSection[2]');
  mrope([-1, 2, 3], R, 'mropeSection[0]');
  mrope([2, 2, 2], R, 'mropeSection');
  mrope('t,h,w', T, 'mropeSection');
}
cases.push(
  ['rope', null, { x: new Float64Array(8), positions: [0, 1, 2, 3], rotaryAxes: 'mrope', mropeSection: [1, 1, 2] }, R, 'positions.length'],
  ['ropeScore', 'n', 2 ** 24 + 0.5, R, 'n'],
  ['rope', 'positions', [0, 2 ** 24 + 1], R, 'positions[1]'],
);
// Required arguments left out.
const required = {
  sinusoidal: ['positions', 'dModel'],
  nope: ['positions', 'dModel'],
  learnedTable: ['maxLength', 'dModel'],
  learnedLookup: ['table', 'positions'],
  rope: ['x', 'positions'],
  ropeScore: ['q', 'k', 'm', 'n'],
  ropeFrequencies: ['headDim'],
  alibiBias: ['nHeads', 'queryLength', 'keyLength'],
  t5Bucket: ['relativePositions'],
  attention: ['scheme', 'queryPosition'],
  beyondTrained: ['scheme'],
  trainerCreate: ['scheme', 'task'],
  trainerStep: ['id'],
  trainerEvaluate: ['id'],
  trainerParameters: ['id'],
  trainerDispose: ['id'],
  modelProbe: ['scheme', 'task', 'parameters', 'queryPosition'],
  modelEvaluate: ['scheme', 'task', 'parameters'],
  passkeyGrid: ['id', 'depths', 'lengths', 'sequences', 'seed'],
};
for (const [fn, fields] of Object.entries(required)) for (const field of fields) cases.push([fn, field, undefined, T, field]);
// Lists past their caps, holes and wrong element types.
// biome-ignore lint/suspicious/noSparseArray: a hole in a list is the bad input under test
const withHole = [0, , 1];
cases.push(
  ['t5Bucket', 'relativePositions', new Int32Array(2 ** 25 + 1), R, 'relativePositions.length'],
  ['ropeScore', 'k', new Float32Array(4098), R, 'k.length'],
  ['rope', null, { positions: withHole, x: new Float64Array(12) }, T, 'positions[1]'],
  ['sinusoidal', 'positions', new Array(2 ** 24), R, 'positions.length x dModel'],
  ['learnedLookup', 'positions', [0, 'one'], T, 'positions[1]'],
);
// Not an options object at all.
// alibiSlopes reads anything but an options object as nHeads (the batteries below).
for (const fn of optionFunctions.filter((name) => name !== 'alibiSlopes'))
  for (const value of [null, undefined, 42, 'options', [1, 2], true]) cases.push([fn, '(options)', value, T, 'options']);
for (const value of [0, -1, 1025, 2.5, NaN, Infinity, 1e308]) cases.push(['alibiSlopes', '(nHeads)', value, R, 'nHeads']);
for (const value of ['8', null, undefined, {}, [8]]) cases.push(['alibiSlopes', '(nHeads)', value, T, 'nHeads']);

/** A short stable label for a value (also what makes two cases the same case). */
function label(value) {
  if (typeof value === 'bigint') return `${value}n`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.length})`;
  if (Array.isArray(value) && value.length > 16) return `Array(${value.length})`;
  if (typeof value === 'object' && value !== null)
    return JSON.stringify(value, (key, inner) =>
      ArrayBuffer.isView(inner) ? `${inner.constructor.name}(${inner.length})` : typeof inner === 'number' && !Number.isFinite(inner) ? String(inner) : inner,
    );
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Calls the function of a case with its bad value in place. */
/** The fields of a settings object shared by several cases that `fn` reads (it rejects any other). */
const readBy = (fn, settings) => Object.fromEntries(Object.entries(settings).filter(([key]) => Object.hasOwn(argumentShapes[fn], key)));

function callCase([fn, field, value]) {
  if (field === '(nHeads)') return posenc[fn](value);
  if (field === '(options)') return posenc[fn](value);
  const options = resolved(field === null ? { ...valid[fn], ...readBy(fn, value) } : { ...valid[fn], [field]: value });
  if (value === undefined) delete options[field];
  if (field === 'table' && fn === 'learnedLookup' && value?.rows === 0) options.positions = [];
  return posenc[fn](options);
}

const distinct = new Map(cases.map((entry) => [`${entry[0]} ${entry[1]} ${label(entry[2])}`, entry]));

for (const [name, entry] of distinct) {
  const [, , , type, argument] = entry;
  test(`${name} is a ${type.name} naming ${argument}`, () => {
    assert.throws(
      () => callCase(entry),
      (error) => {
        assert.ok(error instanceof type, `expected ${type.name}, got ${error.name}: ${error.message}`);
        assert.ok(error.message.startsWith(`${argument} `), `message should name ${argument}: ${error.message}`);
        return true;
      },
    );
  });
}

test('beyondTrained with rope scaling reads its scheme-specific fields', () => {
  assert.throws(() => posenc.beyondTrained({ scheme: 'rope', headDim: 63 }), { name: 'RangeError', message: /^headDim/ });
  assert.throws(() => posenc.beyondTrained({ scheme: 'alibi', nHeads: 0 }), { name: 'RangeError', message: /^nHeads/ });
  assert.throws(() => posenc.beyondTrained({ scheme: 't5', numBuckets: 3 }), { name: 'RangeError', message: /^numBuckets/ });
});

// posenc-arguments.js hands the module only the fields argumentShapes lists, so each listed field must be
// one the module reads: given a value no field accepts, it is named in the error in at least one setting
// where it is read (some fields are read by one scheme, one scaling kind, M-RoPE or a real model only).
test('every field posenc-arguments.js copies is one the module reads', () => {
  const names = (list) => posenc.names[list]?.map((entry) => entry.name) ?? [];
  const nested = {
    table: [table],
    // LongRoPE reads its long factors after its short ones: a base with short ones reaches them.
    scaling: [...names('scalingKind'), 'longrope'].map((kind, i, kinds) => ({
      kind,
      factor: 2,
      trainedLength: 64,
      ...(i === kinds.length - 1 ? { shortFactor: [1, 1] } : {}),
    })),
    span: names('spanKind').map((kind) => ({ kind, size: 16 })),
    search: [{ from: 0, to: 16 }],
    out: [{}],
  };
  const settings = [
    {},
    ...names('scheme').map((scheme) => ({ scheme })),
    { rotaryAxes: 'mrope' },
    { scheme: 'rope', rotaryAxes: 'mrope' },
    ...names('model')
      .slice(0, 1)
      .map((model) => ({ model })),
  ];
  const notRead = [];
  for (const [fn, shape] of Object.entries(argumentShapes)) {
    const fields = Object.entries(shape).flatMap(([field, kind]) =>
      typeof kind === 'object'
        ? Object.keys(kind).map((inner) => [`${field}.${inner}`, nested[field].map((base) => ({ [field]: { ...base, [inner]: () => 1 } }))])
        : [[field, [{ [field]: () => 1 }]]],
    );
    for (const [name, patches] of fields) {
      const named = patches.some((patch) =>
        settings.some((setting) => {
          try {
            callCase([fn, null, { ...setting, ...patch }]);
            return false;
          } catch (error) {
            return error.message.startsWith(`${name} `);
          }
        }),
      );
      if (!named) notRead.push(`${fn} ${name}`);
    }
  }
  assert.deepEqual(notRead, []);
});

test('after all of that, every function still answers correctly', () => {
  for (const [fn, options] of Object.entries(valid)) {
    if (fn === 'trainerDispose') continue;
    assert.doesNotThrow(() => posenc[fn](resolved(options)), fn);
  }
  closeTo(posenc.sinusoidal({ positions: [5000], dModel: 2 }).data[0], Math.sin(5000), 1e-12, 'PE(5000, 0)');
  assert.deepEqual(Array.from(posenc.alibiSlopes(3)), [1 / 16, 1 / 256, 1 / 4]);
  assert.equal(posenc.trainerStep({ id: liveId, steps: 1 }).step, 2, 'the live trainer took one step in the valid cases, now two');
});

test(`${distinct.size} distinct bad-input cases are covered`, () => assert.ok(distinct.size >= 200));
