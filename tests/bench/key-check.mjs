// What rejecting unknown option keys costs: the check posenc-arguments.js runs on every call (the
// options' own keys against the function's table), timed alone and beside the whole 64 x 64
// sinusoidal call that includes it. Both loops run the same number of times per timing, so the
// ratio is the share of a call spent on the check. Prints one JSON line.
// Usage: node key-check.mjs REPEATS
import { readFile } from 'node:fs/promises';
import { timed } from './wasm_modules.mjs';

const dist = new URL('../../dist/', import.meta.url);
const { loadPosenc } = await import(new URL('posenc.js', dist));
const { argumentShapes, rejectUnknownOptions } = await import(new URL('posenc-arguments.js', dist));
const posenc = await loadPosenc({ wasmBinary: await readFile(new URL('posenc.wasm', dist)) });

const REPEATS = Number(process.argv[2]);
const CALLS = 2000; // per timing: one call takes microseconds, below the timer's resolution alone
const options = { positions: Int32Array.from({ length: 64 }, (_, p) => p), dModel: 64, base: 10000, layout: 'interleaved', precision: 'float64' };

const call = timed(() => {
  for (let i = 0; i < CALLS; i++) posenc.sinusoidal(options);
}, REPEATS);
const check = timed(() => {
  for (let i = 0; i < CALLS; i++) rejectUnknownOptions(options, argumentShapes.sinusoidal, 'sinusoidal');
}, REPEATS);
const perCall = (t) => (t.median / CALLS) * 1000; // microseconds
console.log(
  JSON.stringify({
    shape: '64 x 64',
    callMicroseconds: perCall(call),
    checkMicroseconds: perCall(check),
    share: check.median / call.median,
  }),
);
