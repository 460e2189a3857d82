// Where WebAssembly is off (Safari's Lockdown Mode), loadPosenc refuses with a learner's explanation
// (web/engine-support.js) instead of a ReferenceError, and loads as before once it is back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineMissing } from '../../web/engine-support.js';
import { loadForTests } from './load.mjs';

/** Runs `work` with globalThis.WebAssembly removed, and puts it back even if `work` throws. */
async function withoutWebAssembly(work) {
  const saved = globalThis.WebAssembly;
  delete globalThis.WebAssembly;
  try {
    return await work();
  } finally {
    globalThis.WebAssembly = saved;
  }
}

test('with WebAssembly, nothing is missing', () => {
  assert.equal(engineMissing(), null);
});

test('without WebAssembly, loadPosenc rejects with an EngineUnavailableError that says why in plain words', async () => {
  await withoutWebAssembly(async () => {
    assert.match(engineMissing(), /^WebAssembly is turned off in this browser \(Safari's Lockdown Mode turns it off/);
    await assert.rejects(loadForTests(), (error) => error.name === 'EngineUnavailableError' && error.message === engineMissing());
  });
  const engine = await loadForTests();
  assert.equal(engine.sinusoidal({ positions: [0], dModel: 2 }).data[1], 1, 'the engine loads again once WebAssembly is back: PE(0, 1) = cos 0 = 1');
});
