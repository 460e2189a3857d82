// Times posenc's sinusoidal table (float64 and float32 output; a fresh result per call, and `out`
// reused), a plain JS loop (fresh, and into a reused array), and the wasm fill of the same output
// buffer (tests/bench/fill_wasm.cpp: the same copy out of the heap with no arithmetic, the memory
// limit of a fresh result) in one node process; prints one JSON line.
// Usage: node sinusoidal_wasm.mjs N D REPEATS [DIR]: with DIR, also writes the tables it checked
// (posenc float64 and float32, plain JS) there as raw little-endian arrays for sinusoidal_exact.py.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadBenchModules, timed } from './wasm_modules.mjs';

const { posenc, fillModule } = await loadBenchModules();
const [N, D, REPEATS] = process.argv.slice(2, 5).map(Number);
const tablesDir = process.argv[5];
const positions = Int32Array.from({ length: N }, (_, p) => p);

/** What a JS developer would write: the paper's formula with Math.sin and Math.cos. */
function plainJs(out = new Float64Array(N * D)) {
  for (let i = 0; i < D; i += 2) {
    const scale = 10000 ** (i / D);
    for (let p = 0; p < N; p++) {
      const angle = p / scale;
      out[p * D + i] = Math.sin(angle);
      if (i + 1 < D) out[p * D + i + 1] = Math.cos(angle);
    }
  }
  return out;
}

// The float64 closed form; plainJs computes exactly that.
const reference = plainJs();
const maxError = (data) => data.reduce((worst, v, i) => Math.max(worst, Math.abs(v - reference[i])), 0);
const out64 = new Float64Array(N * D);
const out32 = new Float32Array(N * D);
const jsOut = new Float64Array(N * D);
const result = {
  float64: timed(() => posenc.sinusoidal({ positions, dModel: D }), REPEATS),
  float32: timed(() => posenc.sinusoidal({ positions, dModel: D, precision: 'float32' }), REPEATS),
  float64Out: timed(() => posenc.sinusoidal({ positions, dModel: D, out: out64 }), REPEATS),
  float32Out: timed(() => posenc.sinusoidal({ positions, dModel: D, precision: 'float32', out: out32 }), REPEATS),
  plainJs: timed(() => plainJs(), REPEATS),
  plainJsOut: timed(() => plainJs(jsOut), REPEATS),
  fill64: timed(() => fillModule.fill(N, D, false), REPEATS),
  fill32: timed(() => fillModule.fill(N, D, true), REPEATS),
  fill64Out: timed(() => fillModule.fillInto(out64, N, D, false), REPEATS),
  fill32Out: timed(() => fillModule.fillInto(out32, N, D, true), REPEATS),
};
result.float64.maxError = maxError(posenc.sinusoidal({ positions, dModel: D }).data);
result.float32.maxError = maxError(posenc.sinusoidal({ positions, dModel: D, precision: 'float32' }).data);
// The reused buffers, written once more by posenc (the fills wrote their own values).
result.float64Out.maxError = maxError(posenc.sinusoidal({ positions, dModel: D, out: out64 }).data);
result.float32Out.maxError = maxError(posenc.sinusoidal({ positions, dModel: D, precision: 'float32', out: out32 }).data);
result.plainJs.maxError = 0;
result.plainJsOut.maxError = 0;
if (tablesDir) {
  const write = (name, array) => writeFileSync(path.join(tablesDir, name), new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  write('posenc-float64.bin', out64);
  write('posenc-float32.bin', out32);
  write('plain-js.bin', reference);
}
console.log(JSON.stringify(result));
