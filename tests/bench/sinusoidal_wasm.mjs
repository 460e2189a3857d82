// Times posenc's sinusoidal table (float64 and float32 output) and a plain JS loop in one node
// process; prints one JSON line. Usage: node sinusoidal_wasm.mjs N D REPEATS
import { readFile } from 'node:fs/promises';

const dist = new URL('../../dist/', import.meta.url);
const { loadPosenc } = await import(new URL('posenc.js', dist));
const posenc = await loadPosenc({ wasmBinary: await readFile(new URL('posenc.wasm', dist)) });
const [N, D, REPEATS] = process.argv.slice(2).map(Number);
const positions = Int32Array.from({ length: N }, (_, p) => p);

function timed(run) {
  const times = [];
  for (let r = 0; r < REPEATS; r++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { best: times[0], median: times[times.length >> 1] };
}

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

const reference = plainJs();
const maxError = (data) => data.reduce((worst, v, i) => Math.max(worst, Math.abs(v - reference[i])), 0);
const result = {
  float64: timed(() => posenc.sinusoidal({ positions, dModel: D })),
  float32: timed(() => posenc.sinusoidal({ positions, dModel: D, precision: 'float32' })),
  plainJs: timed(plainJs),
};
result.float64.maxError = maxError(posenc.sinusoidal({ positions, dModel: D }).data);
result.float32.maxError = maxError(posenc.sinusoidal({ positions, dModel: D, precision: 'float32' }).data);
console.log(JSON.stringify(result));
