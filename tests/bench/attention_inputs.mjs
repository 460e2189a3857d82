// The textbook peers' inputs (attention_row.mjs here, attention_numpy.py in Python): the same numbers
// from the same generator, so the two peers can be checked against each other. posenc's toy head
// draws its own seeded weights; the peers need only the same shapes to do the same work.
export const D = 64; // dModel
export const P = 5000; // the query's position: keys 0 .. P
export const VOCABULARY = 64;
export const TRAINED = 2048; // rows of the learned table; later keys read its last row (clamp)
export const BUCKETS = 32; // T5, causal
export const MAX_DISTANCE = 128;

/** Park and Miller's minimal standard generator, uniform in (-1, 1): integer arithmetic exact in both languages. */
function uniforms(count, state) {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    state.seed = (state.seed * 16807) % 2147483647;
    values[i] = (state.seed / 2147483647) * 2 - 1;
  }
  return values;
}

/** E (vocabulary x d), Wq and Wk (d x d, scaled by 1/sqrt(d)), the learned table (x 0.02), T5's biases, the tokens. */
export function attentionInputs() {
  const state = { seed: 1 };
  const scaled = (count, factor) => uniforms(count, state).map((v) => v * factor);
  const embedding = uniforms(VOCABULARY * D, state);
  const wq = scaled(D * D, 1 / Math.sqrt(D));
  const wk = scaled(D * D, 1 / Math.sqrt(D));
  const learned = scaled(TRAINED * D, 0.02);
  const t5Bias = uniforms(BUCKETS, state);
  const tokens = Int32Array.from(uniforms(P + 1, state), (v) => Math.min(VOCABULARY - 1, Math.floor(((v + 1) / 2) * VOCABULARY)));
  return { embedding, wq, wk, learned, t5Bias, tokens };
}
