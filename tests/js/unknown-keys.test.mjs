// A key a function does not read is an error, never silently dropped. The sweep walks argumentShapes
// itself (the table posenc-arguments.js copies by), so a function or field added there is covered the
// day it is added: at every nesting level, a misspelling of each real key must be met with a TypeError
// naming its path, the keys allowed there and the real key; and each key of another level, put at this
// one, must be sent where it belongs. Each error is thrown before the call enters wasm; a valid call
// after it must still give the right number.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';
import { argumentShapes, shapeLevels } from '../../dist/posenc-arguments.js';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** An options object holding only `key` (value 1), at `path`. */
const placed = (path, key) => path.reduceRight((inner, at) => ({ [at]: inner }), { [key]: 1 });
/** How messages name a key at `path`: top-level keys alone, nested ones with their path. */
const named = (path, key) => [...path, key].join('.');
/** How a suggestion names a key at `path`: always with its path, the top as `options`. */
const home = (path, key) => (path.length === 0 ? `options.${key}` : named(path, key));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A slip of the pen on `key`: its middle letter dropped (a short key's last letter doubled); never another real key. */
function misspelled(key, taken) {
  const candidates = [];
  for (let at = Math.floor(key.length / 2); at < key.length; at++) candidates.push(key.slice(0, at) + key.slice(at + 1));
  candidates.push(key + key.at(-1));
  const slip = candidates.find((candidate) => candidate.length > 1 && !taken.has(candidate));
  assert.ok(slip, `no misspelling of ${key}`);
  return slip;
}

/** Calls posenc[fn](options), which must throw a TypeError; returns its message. Then checks a valid call. */
function rejected(fn, options) {
  let message;
  assert.throws(
    () => posenc[fn](options),
    (error) => {
      assert.equal(error.name, 'TypeError', `${fn} ${JSON.stringify(options)}: ${error.name}: ${error.message}`);
      message = error.message;
      return true;
    },
  );
  closeTo(posenc.sinusoidal({ positions: [5000], dModel: 2 }).data[0], Math.sin(5000), 1e-12, `after ${fn} ${JSON.stringify(options)}`);
  return message;
}

test('argumentShapes lists every function of the API that takes options, and nothing else', () => {
  const takesOptions = Object.entries(posenc)
    .filter(([name, value]) => typeof value === 'function' && name !== 'memoryStats')
    .map(([name]) => name)
    .sort();
  assert.deepEqual(Object.keys(argumentShapes).sort(), takesOptions);
});

test('a misspelled key is named with its path, the keys allowed there and the real one, at every level of every function', () => {
  let swept = 0;
  for (const [fn, shape] of Object.entries(argumentShapes)) {
    const levels = shapeLevels(shape);
    const taken = new Set(levels.flatMap(([, level]) => Object.keys(level)));
    for (const [path, level] of levels) {
      const allowed = `Allowed ${path.length === 0 ? 'at the top level' : `in ${path.join('.')}`}: ${Object.keys(level).join(', ')}.`;
      for (const key of Object.keys(level)) {
        const slip = misspelled(key, taken);
        const message = rejected(fn, placed(path, slip));
        assert.ok(message.startsWith(`${named(path, slip)} is not an option of ${fn}`), message);
        assert.match(message, new RegExp(`did you mean [^?]*'${escape(key)}'`), `${fn}: ${slip} should suggest ${key}`);
        assert.ok(message.endsWith(allowed), `${fn}: ${message}`);
        swept++;
      }
    }
  }
  assert.ok(swept >= 250, `${swept} misspelled keys`);
});

test('a key from another level is sent where it belongs, at every level of every function', () => {
  let swept = 0;
  for (const [fn, shape] of Object.entries(argumentShapes)) {
    const levels = shapeLevels(shape);
    for (const [path, level] of levels) {
      for (const [otherPath, other] of levels) {
        if (otherPath.join('.') === path.join('.')) continue;
        for (const key of Object.keys(other).filter((name) => !Object.hasOwn(level, name))) {
          const message = rejected(fn, placed(path, key));
          assert.ok(message.startsWith(`${named(path, key)} is not an option of ${fn}`), message);
          assert.match(message, new RegExp(`did you mean [^?]*${escape(home(otherPath, key))}[ ?]`), `${fn}: ${named(path, key)}: ${message}`);
          swept++;
        }
      }
    }
  }
  assert.ok(swept >= 250, `${swept} misplaced keys`);
});

test("the issue's cases: a typo beside scaling, and sequenceLength inside it", () => {
  const scaling = { kind: 'dynamic', factor: 2, trainedLength: 4096 };
  assert.throws(() => posenc.ropeFrequencies({ headDim: 128, sequencLength: 8192, scaling }), {
    name: 'TypeError',
    message: /^sequencLength is not an option of ropeFrequencies; did you mean 'sequenceLength'\? Allowed at the top level: headDim, sequenceLength/,
  });
  assert.throws(() => posenc.ropeFrequencies({ headDim: 128, scaling: { ...scaling, sequenceLength: 8192 } }), {
    name: 'TypeError',
    message:
      /^scaling\.sequenceLength is not an option of ropeFrequencies's scaling; did you mean options\.sequenceLength\? It belongs at the top level, not in scaling\./,
  });
  assert.throws(() => posenc.ropeFrequencies({ headDim: 128, factor: 2 }), {
    name: 'TypeError',
    message: /^factor is not an option of ropeFrequencies; did you mean scaling\.factor\? It belongs in scaling, not at the top level\./,
  });
  // Read as it was meant, the call does use the length: dynamic NTK stretches the base past 4,096 tokens.
  const at = (sequenceLength) => posenc.ropeFrequencies({ headDim: 128, sequenceLength, scaling }).frequencies.at(-1);
  assert.ok(at(8192) < at(1), 'frequencies at 8,192 tokens are lower than at 1');
});

test('other near misses: wrong case, a key in two nested objects, a key nothing resembles, a key too long to show', () => {
  const message = (call) => {
    try {
      call();
    } catch (error) {
      return `${error.name}: ${error.message}`;
    }
    return 'no error';
  };
  assert.match(
    message(() => posenc.sinusoidal({ positions: [1], dmodel: 4 })),
    /^TypeError: dmodel is not .*did you mean 'dModel'\? Names are case-sensitive\./,
  );
  assert.match(
    message(() => posenc.attention({ scheme: 'rope', kind: 'window' })),
    /^TypeError: kind is not .*did you mean scaling\.kind or span\.kind\?/,
  );
  assert.match(
    message(() => posenc.sinusoidal({ positions: [1], dModel: 2, zzzz: 1 })),
    /^TypeError: zzzz is not an option of sinusoidal\. Allowed at the top level: /,
  );
  assert.match(
    message(() => posenc.alibiSlopes({ x: 1 })),
    /^TypeError: x is not an option of alibiSlopes\. Allowed/,
    "no hint from 'x' to 'nHeads'",
  );
  const long = message(() => posenc.nope({ positions: [1], dModel: 2, ['k'.repeat(100_000)]: 1 }));
  assert.match(long, /^TypeError: k{37}\.\.\. is not an option of nope\./);
  assert.ok(long.length < 300, 'a long key is cut short in the message');
});

test('only own enumerable string keys count: inherited, hidden and symbol keys are not options', () => {
  const options = Object.assign(Object.create(null), { positions: [3], dModel: 2 });
  Object.defineProperty(options, 'hidden', { value: 1, enumerable: false });
  options[Symbol('tag')] = 1;
  closeTo(posenc.sinusoidal(options).data[0], Math.sin(3), 1e-12, 'PE(3, 0)');
  assert.deepEqual(posenc.sinusoidal({ positions: [3], dModel: 2, base: undefined }).data, posenc.sinusoidal({ positions: [3], dModel: 2 }).data);
  assert.throws(() => posenc.sinusoidal({ positions: [3], dModel: 2, extra: undefined }), { name: 'TypeError', message: /^extra is not an option/ });
});

test('the preset machinery names its own keys: preset, experiment and size are options, their misspellings are not', () => {
  assert.throws(() => posenc.trainerCreate({ presett: 'quick', scheme: 'rope', task: 'copyBack' }), { name: 'TypeError', message: /did you mean 'preset'\?/ });
  assert.throws(() => posenc.finetuneCreate({ experimnt: 'finetune' }), { name: 'TypeError', message: /did you mean 'experiment'\?/ });
  assert.throws(() => posenc.extensionEvaluate({ sise: 'quick' }), { name: 'TypeError', message: /did you mean 'size'\?/ });
  const { id } = posenc.trainerCreate({ preset: 'quick', scheme: 'nope', task: 'copyBack' });
  assert.throws(() => posenc.trainerStep({ id, step: 1 }), { name: 'TypeError', message: /^step is not an option of trainerStep; did you mean 'steps'\?/ });
  assert.equal(posenc.trainerStep({ id, steps: 1 }).step, 1, 'the trainer took no step for the rejected call');
  assert.equal(posenc.trainerDispose({ id }).live >= 0, true);
});

test('thousands of rejected keys leave the stack, heap and handles as they were', () => {
  const before = posenc.memoryStats();
  for (let i = 0; i < 3000; i++) assert.throws(() => posenc.ropeFrequencies({ headDim: 8, scaling: { kind: 'ntk', factr: 2 } }), TypeError);
  const after = posenc.memoryStats();
  assert.equal(after.stackPointer, before.stackPointer);
  assert.equal(after.handles, before.handles);
  assert.equal(after.heapSize, before.heapSize);
});

test('loadPosenc takes only wasmBinary', async () => {
  const { loadPosenc } = await import('../../dist/posenc.js');
  await assert.rejects(loadPosenc({ wasmBinry: new Uint8Array(0) }), {
    name: 'TypeError',
    message: /^wasmBinry is not an option of loadPosenc; did you mean 'wasmBinary'\? Allowed at the top level: wasmBinary\./,
  });
});

test('a Map, a typed array or a class instance where an options object belongs is named as what it is', () => {
  class Settings {
    constructor() {
      this.positions = [1];
      this.dModel = 2;
    }
  }
  const cases = [
    [() => posenc.sinusoidal(new Map([['dModel', 2]])), /^options must be a plain object .*; got a Map$/],
    [() => posenc.sinusoidal(new Float64Array(2)), /^options must be a plain object .*; got a Float64Array$/],
    [() => posenc.sinusoidal(new Settings()), /^options must be a plain object .*; got a Settings$/],
    [() => posenc.ropeFrequencies({ headDim: 8, scaling: new Map([['kind', 'pi']]) }), /^scaling must be a plain object .*; got a Map$/],
    [() => posenc.ropeFrequencies({ headDim: 8, scaling: new Float32Array(2) }), /^scaling must be a plain object .*; got a Float32Array$/],
    [() => posenc.attention({ scheme: 'rope', span: new Settings() }), /^span must be a plain object .*; got a Settings$/],
  ];
  for (const [call, message] of cases) assert.throws(call, { name: 'TypeError', message });
  closeTo(posenc.sinusoidal({ positions: [5000], dModel: 2 }).data[0], Math.sin(5000), 1e-12, 'after the refusals');
});
