// Closed forms for the RoPE computed-card templates (web/quiz/computed-templates-rope.js), written
// from the published rules and configs, independent of the engine. Not a test file: the computed-card
// tests import it.

/** The settings the cards use, as the models' published configs give them. */
export const publishedConfigs = {
  // meta-llama/llama-models reference_impl/model.py apply_scaling; rope_theta 500000, head dim 4096 / 32
  'llama-3.1-8b': { headDim: 128, base: 500000, factor: 8, lowFreqFactor: 1, highFreqFactor: 4, trainedLength: 8192, contextLength: 131072 },
  // Qwen/Qwen2-VL-7B-Instruct config.json: hidden 3584 / 28 heads, mrope_section
  'qwen2-vl-7b': { headDim: 128, mropeSection: [16, 24, 24] },
};

/** Llama 3's rule (apply_scaling): the number pair i's frequency is divided by. */
export function llama3Divisor({ headDim, base, factor, lowFreqFactor, highFreqFactor, trainedLength }, i) {
  const inv = base ** ((-2 * i) / headDim);
  const wavelength = (2 * Math.PI) / inv;
  if (wavelength < trainedLength / highFreqFactor) return 1;
  if (wavelength > trainedLength / lowFreqFactor) return factor;
  const smooth = (trainedLength / wavelength - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
  return 1 / ((1 - smooth) / factor + smooth);
}

/** The section (0 t, 1 h, 2 w) pair i falls in when the sections split the pairs in order. */
function sectionOf(section, i) {
  let end = 0;
  for (const [axis, count] of section.entries()) {
    end += count;
    if (i < end) return axis;
  }
  throw new RangeError(`pair ${i} is past the sections ${section}`);
}

export const ropeClosedForms = {
  'llama3-band': ({ model, pair }) => llama3Divisor(publishedConfigs[model], pair),
  'partial-rotary-dims': ({ headDim, fraction }) => Math.floor(headDim * fraction),
  'longrope-attention-factor': ({ s, L }) => Math.sqrt(1 + Math.log(s) / Math.log(L)),
  'mrope-axis': ({ model, pair }) => sectionOf(publishedConfigs[model].mropeSection, pair),
  'dynamic-ntk-base': ({ d, s, L, n }) => 10000 * ((s * Math.max(n, L)) / L - (s - 1)) ** (d / (d - 2)),
};
