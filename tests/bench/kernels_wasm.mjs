// Times posenc's other hot calls beside plain JS in one node process; prints one JSON line.
// RoPE applied to 5001 x 128 (interleaved pairs), the ALiBi bias 8 x 2048 x 2048, the row the
// position view draws: each shipped trained model asked at 5,000 (modelProbe), and the real-model
// presets at p = 2,000,000: beyondTrained per preset, and a preset's attention row over 2,000,001
// keys. (The toy attention rows at 5,000 and their peers: attention_row.mjs.)
// Usage: node kernels_wasm.mjs REPEATS
import { readFile } from 'node:fs/promises';
import { loadBenchModules, timed } from './wasm_modules.mjs';

const { posenc } = await loadBenchModules();
const REPEATS = Number(process.argv[2]);
const maxAbsDiff = (a, b) => a.reduce((worst, v, i) => (v === b[i] ? worst : Math.max(worst, Math.abs(v - b[i]))), 0);

// The position view's rows, timed first: after RoPE and ALiBi the process holds hundreds of MB of
// results the collector has yet to free, which made small results 30-40% slower to allocate here
// (the page never holds such arrays). Each shipped model (web/data, decoded as the page decodes it) at p = 5,000:
const { decodeShipped } = await import(new URL('../../dist/views/trained-models.js', import.meta.url));
const data = (file) => readFile(new URL(`../../web/data/${file}`, import.meta.url));
const shipped = decodeShipped(JSON.parse(await data('trained-models.json')), new Uint8Array(await data('trained-models.bin')));
const trainedRows = { queryPosition: 5000, schemes: {} };
for (const [scheme, { task, parameters }] of shipped.models) {
  trainedRows.schemes[scheme] = timed(() => posenc.modelProbe({ preset: shipped.preset, scheme, task, parameters, queryPosition: 5000 }), REPEATS);
}

// RoPE: x seeded, positions 0..5000, base 10000.
const [ropeN, ropeD] = [5001, 128];
const positions = Int32Array.from({ length: ropeN }, (_, p) => p);
let seed = 1;
const x = Float64Array.from({ length: ropeN * ropeD }, () => {
  seed = (seed * 16807) % 2147483647;
  return (seed / 2147483647) * 2 - 1;
});
function ropePlainJs() {
  const out = new Float64Array(ropeN * ropeD);
  for (let i = 0; i < ropeD; i += 2) {
    const theta = 10000 ** (-i / ropeD);
    for (let p = 0; p < ropeN; p++) {
      const c = Math.cos(p * theta),
        s = Math.sin(p * theta),
        at = p * ropeD + i;
      out[at] = x[at] * c - x[at + 1] * s;
      out[at + 1] = x[at] * s + x[at + 1] * c;
    }
  }
  return out;
}
const rope = {
  shape: `${ropeN} x ${ropeD}`,
  wasm: timed(() => posenc.rope({ x, positions }), REPEATS),
  plainJs: timed(ropePlainJs, REPEATS),
};
rope.wasm.maxError = maxAbsDiff(posenc.rope({ x, positions }).data, ropePlainJs());

// ALiBi: 8 heads, 2048 queries over 2048 keys: -m (i - j), -Infinity for future keys.
const [heads, length] = [8, 2048];
const slopes = posenc.alibiSlopes(heads);
function alibiPlainJs() {
  const out = new Float64Array(heads * length * length);
  for (let h = 0; h < heads; h++)
    for (let i = 0; i < length; i++) for (let j = 0; j < length; j++) out[(h * length + i) * length + j] = j <= i ? -slopes[h] * (i - j) : -Infinity;
  return out;
}
const alibiRepeats = Math.max(5, Math.min(REPEATS, 7)); // 256 MB per result: fewer, still >= 5
const alibi = {
  shape: `${heads} x ${length} x ${length}`,
  wasm: timed(() => posenc.alibiBias({ nHeads: heads, queryLength: length, keyLength: length }), alibiRepeats),
  plainJs: timed(alibiPlainJs, alibiRepeats),
};
alibi.wasm.maxError = maxAbsDiff(posenc.alibiBias({ nHeads: heads, queryLength: length, keyLength: length }).data, alibiPlainJs());

// Presets far past their training (issue 16): what the position view asks of one model per slider
// step, every preset in one pass, and Llama 3.1 8B's toy attention row (head dim 128) over
// 2,000,001 keys (two 16 MB results, so timed last and fewer times).
const far = 2_000_000;
const presets = {
  p: far,
  models: posenc.models.length,
  llama: timed(() => posenc.beyondTrained({ model: 'llama-3.1-8b', p: far }), REPEATS),
  allModels: timed(() => {
    for (const { name } of posenc.models) posenc.beyondTrained({ model: name, p: far });
  }, REPEATS),
  attentionLlama: timed(() => posenc.attention({ model: 'llama-3.1-8b', queryPosition: far }), Math.min(REPEATS, 5)),
};

console.log(JSON.stringify({ rope, alibi, trainedRows, presets }));
