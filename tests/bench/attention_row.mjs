// The attention row at query 5,000 over 5,001 keys (dModel 64) under every scheme, in one node
// process: posenc with a fresh row per call, posenc filling reused buffers (`out`), and the textbook
// computation in plain JS (attention_inputs.mjs): every key's input built and projected, K = X Wk^T,
// RoPE turning q and each key, ALiBi's and T5's biases, softmax. Prints one JSON line: times, and
// each peer row's expected key (sum of j w_j), which attention_numpy.py must reproduce.
// Usage: node attention_row.mjs REPEATS
import { BUCKETS, D, MAX_DISTANCE, P, TRAINED, attentionInputs } from './attention_inputs.mjs';
import { loadBenchModules, timed } from './wasm_modules.mjs';

const { posenc } = await loadBenchModules();
const REPEATS = Number(process.argv[2]);
const { embedding, wq, wk, learned, t5Bias, tokens } = attentionInputs();
const keys = P + 1;

/** T5's causal bucket of distance n >= 0: exact below half the buckets, then logarithmic up to maxDistance. */
function t5Bucket(n) {
  const exact = BUCKETS / 2;
  if (n < exact) return n;
  return Math.min(BUCKETS - 1, exact + Math.floor((Math.log(n / exact) / Math.log(MAX_DISTANCE / exact)) * (BUCKETS - exact)));
}

/** One row as a JS developer would write it from the formulas; returns the weights. */
function textbookRow(scheme) {
  const x = new Float64Array(keys * D);
  for (let j = 0; j < keys; j++) {
    for (let c = 0; c < D; c++) x[j * D + c] = embedding[tokens[j] * D + c];
    if (scheme === 'sinusoidal')
      for (let i = 0; i < D; i += 2) {
        const angle = j / 10000 ** (i / D);
        x[j * D + i] += Math.sin(angle);
        x[j * D + i + 1] += Math.cos(angle);
      }
    if (scheme === 'learned') {
      const row = Math.min(j, TRAINED - 1);
      for (let c = 0; c < D; c++) x[j * D + c] += learned[row * D + c];
    }
  }
  const project = (w, j, out) => {
    for (let o = 0; o < D; o++) {
      let sum = 0;
      for (let c = 0; c < D; c++) sum += w[o * D + c] * x[j * D + c];
      out[o] = sum;
    }
  };
  const rotate = (v, position) => {
    for (let i = 0; i < D; i += 2) {
      const angle = position * 10000 ** (-i / D);
      const [c, s] = [Math.cos(angle), Math.sin(angle)];
      const [a, b] = [v[i], v[i + 1]];
      v[i] = a * c - b * s;
      v[i + 1] = a * s + b * c;
    }
  };
  const q = new Float64Array(D);
  project(wq, P, q);
  if (scheme === 'rope') rotate(q, P);
  const k = new Float64Array(D);
  const logits = new Float64Array(keys);
  for (let j = 0; j < keys; j++) {
    project(wk, j, k);
    if (scheme === 'rope') rotate(k, j);
    let dot = 0;
    for (let c = 0; c < D; c++) dot += q[c] * k[c];
    logits[j] = dot / Math.sqrt(D);
    if (scheme === 'alibi') logits[j] -= 0.5 * (P - j); // head 0 of 8: slope 2^-1
    if (scheme === 't5') logits[j] += t5Bias[t5Bucket(P - j)];
  }
  const top = logits.reduce((a, b) => Math.max(a, b), -Infinity);
  let total = 0;
  for (let j = 0; j < keys; j++) total += logits[j] = Math.exp(logits[j] - top);
  for (let j = 0; j < keys; j++) logits[j] /= total;
  return logits;
}

const schemes = posenc.training.schemes;
const logits = new Float64Array(keys);
const weights = new Float64Array(keys);
const result = { queryPosition: P, dModel: D, schemes: {} };
for (const scheme of schemes) {
  const row = textbookRow(scheme);
  result.schemes[scheme] = {
    fresh: timed(() => posenc.attention({ scheme, queryPosition: P, dModel: D }), REPEATS),
    out: timed(() => posenc.attention({ scheme, queryPosition: P, dModel: D, out: { logits, weights } }), REPEATS),
    plainJs: timed(() => textbookRow(scheme), REPEATS),
    plainJsExpectedKey: row.reduce((sum, w, j) => sum + w * j, 0),
  };
}
// The position view asks for every scheme's row at once.
result.allSchemes = timed(() => {
  for (const scheme of schemes) posenc.attention({ scheme, queryPosition: P, dModel: D });
}, REPEATS);
result.allSchemesOut = timed(() => {
  for (const scheme of schemes) posenc.attention({ scheme, queryPosition: P, dModel: D, out: { logits, weights } });
}, REPEATS);
console.log(JSON.stringify(result));
