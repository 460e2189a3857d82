// Times posenc's sinusoidal table (float64 and float32 output), a plain JS loop, and the wasm fill
// of the same output buffer (tests/bench/fill_wasm.cpp: the same copy out of the heap with no
// arithmetic, the memory limit) in one node process; prints one JSON line.
// Usage: node sinusoidal_wasm.mjs N D REPEATS
import { loadBenchModules, timed } from './wasm_modules.mjs';

const { posenc, fillModule } = await loadBenchModules();
const [N, D, REPEATS] = process.argv.slice(2).map(Number);
const positions = Int32Array.from({ length: N }, (_, p) => p);

/** What a JS developer would write: the paper's formula with Math.sin and Math.cos. */
function plainJs() {
  const out = new Float64Array(N * D);
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
const result = {
  float64: timed(() => posenc.sinusoidal({ positions, dModel: D }), REPEATS),
  float32: timed(() => posenc.sinusoidal({ positions, dModel: D, precision: 'float32' }), REPEATS),
  plainJs: timed(plainJs, REPEATS),
  fill64: timed(() => fillModule.fill(N, D, false), REPEATS),
  fill32: timed(() => fillModule.fill(N, D, true), REPEATS),
};
result.float64.maxError = maxError(posenc.sinusoidal({ positions, dModel: D }).data);
result.float32.maxError = maxError(posenc.sinusoidal({ positions, dModel: D, precision: 'float32' }).data);
result.plainJs.maxError = 0;
console.log(JSON.stringify(result));
