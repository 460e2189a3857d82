// Computed cards: each template names the parameters it needs, asks the engine, and returns the
// expected answer with a short worked explanation. Adding a template for a new engine function
// is one entry in `computedTemplates` (the validator and the card view read this registry).

import { formatAnswer, formatNumber as format } from './computed-format.js';
import { baseOf, ropeTemplates } from './computed-templates-rope.js';

export { formatAnswer };

/**
 * @typedef {object} ComputedResult
 * @property {number | number[]} answer
 * @property {string} explanation  light markup
 *
 * @typedef {object} ComputedTemplate
 * @property {string} summary                  what the template asks, for authors
 * @property {string[]} params                  parameter names the card must declare
 * @property {(engine: any, params: Record<string, number | string>) => ComputedResult} compute
 */

/** @type {Record<string, ComputedTemplate>} */
export const computedTemplates = {
  'sinusoidal-first-dims': {
    summary: 'PE(p) in dimensions 0-3 for a given d (sin, cos, sin, cos of the two fastest pairs)',
    params: ['p', 'd'],
    compute(engine, { p, d }) {
      const { data } = engine.sinusoidal({ positions: [Number(p)], dModel: Number(d) });
      const answer = Array.from(data.slice(0, 4));
      const slowAngle = Number(p) / 10000 ** (2 / Number(d));
      return {
        answer,
        explanation:
          `Pair 0 has angle $p = ${p}$, so dims 0 and 1 are $\\sin(${p})$ = ${format(answer[0])} and `
          + `$\\cos(${p})$ = ${format(answer[1])}. Pair 1 has angle $p / 10000^{2/${d}}$ = ${format(slowAngle)}, `
          + `so dims 2 and 3 are ${format(answer[2])} and ${format(answer[3])}.`,
      };
    },
  },

  'sinusoidal-value': {
    summary: 'one entry PE(p, 2i) (parity "sin") or PE(p, 2i+1) (parity "cos")',
    params: ['p', 'i', 'd', 'parity'],
    compute(engine, { p, i, d, parity }) {
      const column = 2 * Number(i) + (parity === 'cos' ? 1 : 0);
      if (column >= Number(d)) throw new RangeError(`column ${column} is outside d = ${d}`);
      const { data } = engine.sinusoidal({ positions: [Number(p)], dModel: Number(d) });
      const angle = Number(p) / 10000 ** ((2 * Number(i)) / Number(d));
      return {
        answer: data[column],
        explanation:
          `The angle is $p / 10000^{2i/d}$ = ${p} / 10000^(${2 * Number(i)}/${d}) = ${format(angle)}, `
          + `and $\\${parity === 'cos' ? 'cos' : 'sin'}$ of it is ${format(data[column])}.`,
      };
    },
  },

  'sinusoidal-dot-offset': {
    summary: 'the dot product PE(p)·PE(p + k) for a given d: it depends on the offset k only',
    params: ['p', 'k', 'd'],
    compute(engine, { p, k, d }) {
      const dModel = Number(d);
      const { data } = engine.sinusoidal({ positions: [Number(p), Number(p) + Number(k)], dModel });
      let dot = 0;
      for (let c = 0; c < dModel; c++) dot += data[c] * data[dModel + c];
      return {
        answer: dot,
        explanation:
          `Each pair contributes $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$, so the total is the sum of `
          + `$\\cos(k / 10000^{2i/d})$ over the ${Math.floor(dModel / 2)} pairs = ${format(dot)}, the same for every p.`,
      };
    },
  },

  'alibi-slopes': {
    summary: 'the ALiBi slopes for n heads, in head order (official rule, not sorted)',
    params: ['n'],
    compute(engine, { n }) {
      const answer = Array.from(engine.alibiSlopes(Number(n)));
      const heads = Number(n);
      const powerOfTwo = Number.isInteger(Math.log2(heads));
      const closest = 2 ** Math.floor(Math.log2(heads));
      return {
        answer,
        explanation: powerOfTwo
          ? `For a power of two the slopes are $2^{-8k/n}$ for k = 1 … ${heads}: ${answer.map(format).join(', ')}.`
          : `${heads} is not a power of two: take the ${closest} slopes $2^{-8k/${closest}}$, then every other slope of the `
            + `${2 * closest}-head rule until there are ${heads}: ${answer.map(format).join(', ')}. The list is not sorted.`,
      };
    },
  },

  'alibi-bias-at-distance': {
    summary: 'the ALiBi bias one head adds at a distance (nHeads n, head h counted from 0)',
    params: ['n', 'h', 'distance'],
    compute(engine, { n, h, distance }) {
      const head = Number(h);
      if (head >= Number(n)) throw new RangeError(`head ${head} is outside ${n} heads`);
      const result = engine.beyondTrained({ scheme: 'alibi', nHeads: Number(n), p: Number(distance) });
      return {
        answer: result.biasAtP[head],
        explanation:
          `Head ${head}'s slope is ${format(result.slopes[head])}, so the bias is $-m · (i - j)$ = `
          + `−${format(result.slopes[head])} × ${distance} = ${format(result.biasAtP[head])}.`,
      };
    },
  },

  't5-bucket': {
    summary: 'the T5 bucket of a relative position (key − query), bidirectional, 32 buckets, max distance 128',
    params: ['relative'],
    compute(engine, { relative }) {
      const r = Number(relative);
      const [answer] = engine.t5Bucket({ relativePositions: [r] });
      const distance = Math.abs(r);
      const side = r > 0 ? 'a key after the query adds 16; ' : '';
      const rule =
        distance < 8
          ? `distances below 8 have their own bucket, so it is ${distance}`
          : `from 8 on the bucket is 8 + floor($\\log(d/8) / \\log(16) · 8$), capped at 15, which gives ${answer - (r > 0 ? 16 : 0)}`;
      return { answer, explanation: `${side}${rule}. Bucket ${answer}.` };
    },
  },

  'rope-pairs-without-turn': {
    summary: 'how many RoPE pairs never complete a full turn within L positions (head dim d, base 10000)',
    params: ['d', 'L'],
    compute(engine, { d, L }) {
      const result = engine.beyondTrained({ scheme: 'rope', headDim: Number(d), trainedLength: Number(L), p: Number(L) });
      const answer = result.pairs.completedTurn.reduce((count, done) => count + (done ? 0 : 1), 0);
      return {
        answer,
        explanation:
          `Pair i turns by $\\theta_{i} = 10000^{-2i/d}$ per position; it completes a turn within L when `
          + `$(L − 1) \\theta_{i} ≥ 2\\pi$. Of the ${Number(d) / 2} pairs, ${answer} do not: their wavelengths exceed ${Number(L) - 1}.`,
      };
    },
  },

  'rope-slowest-angle': {
    summary: "the angle (radians) of RoPE's slowest pair at distance p (head dim d, base 10000)",
    params: ['d', 'p'],
    compute(engine, { d, p }) {
      const result = engine.beyondTrained({ scheme: 'rope', headDim: Number(d), p: Number(p), trainedLength: 2048 });
      const last = result.pairs.angleAtP.length - 1;
      return {
        answer: result.pairs.angleAtP[last],
        explanation:
          `The slowest pair has $\\theta = 10000^{-(d-2)/d}$ = ${format(result.frequencies[last])}, so at distance ${p} `
          + `its angle is ${p} × ${format(result.frequencies[last])} = ${format(result.pairs.angleAtP[last])} rad (mod $2\\pi$).`,
      };
    },
  },

  'sinusoidal-long-pairs': {
    summary: 'how many sinusoidal frequency pairs have a wavelength longer than L (d_model d, base 10000)',
    params: ['d', 'L'],
    compute(engine, { d, L }) {
      const result = engine.beyondTrained({ scheme: 'sinusoidal', dModel: Number(d), trainedLength: Number(L), p: Number(L) });
      return {
        answer: result.longWavelengthCount,
        explanation:
          `Pair i has wavelength $2\\pi · 10000^{2i/d}$. It exceeds ${L} for ${result.longWavelengthCount} of the `
          + `${Number(d) / 2} pairs: those never complete a cycle in training.`,
      };
    },
  },

  'ntk-base': {
    summary: 'the NTK-aware RoPE base for scale factor s and head dim d (original base 10000)',
    params: ['d', 's'],
    compute(engine, { d, s }) {
      const { frequencies } = engine.ropeFrequencies({ headDim: Number(d), scaling: { kind: 'ntk', factor: Number(s) } });
      const answer = baseOf(frequencies, Number(d));
      return {
        answer,
        explanation: `NTK-aware scaling sets $b_{ntk} = b · s^{d/(d-2)}$ = 10000 × ${s}^(${d}/${Number(d) - 2}) = ${format(answer)}.`,
      };
    },
  },

  'yarn-attention-factor': {
    summary: "YaRN's attention factor sqrt(1/t) = 0.1 ln(s) + 1 for scale factor s",
    params: ['s'],
    compute(engine, { s }) {
      const { attentionFactor } = engine.ropeFrequencies({ headDim: 64, scaling: { kind: 'yarn', factor: Number(s), trainedLength: 2048 } });
      return {
        answer: attentionFactor,
        explanation: `$\\sqrt{1/t} = 0.1 ln(s) + 1$ = 0.1 × ln(${s}) + 1 = ${format(attentionFactor)}; q and k are each multiplied by it.`,
      };
    },
  },

  'learned-overflow-row': {
    summary: 'the row a learned table of L rows hands over for position p under an overflow policy (clamp or wrap)',
    params: ['policy', 'p', 'L'],
    compute(engine, { policy, p, L }) {
      const result = engine.beyondTrained({ scheme: 'learned', p: Number(p), trainedLength: Number(L) });
      const entry = result.policies.find((candidate) => candidate.policy === policy);
      if (!entry) throw new RangeError(`unknown policy ${policy}`);
      const rule = policy === 'clamp' ? 'clamp hands over the last row, L − 1' : `wrap uses p mod L = ${p} mod ${L}`;
      return {
        answer: entry.sourceRow,
        explanation: `Row ${p} does not exist (rows 0 … ${Number(L) - 1}); ${rule} = ${entry.sourceRow}. The model receives a row trained for another position.`,
      };
    },
  },

  ...ropeTemplates,
};

/**
 * Draws one value per declared parameter: an integer in [min, max] when both bounds are
 * integers (else a number rounded to 3 decimals), or one of `choices`.
 * @param {Record<string, { min: number, max: number } | { choices: (number|string)[] }>} specs
 * @param {() => number} random
 */
export function drawParams(specs, random) {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      if ('choices' in spec) return [name, spec.choices[Math.floor(random() * spec.choices.length)]];
      const { min, max } = spec;
      if (Number.isInteger(min) && Number.isInteger(max)) return [name, min + Math.floor(random() * (max - min + 1))];
      return [name, Math.round((min + random() * (max - min)) * 1000) / 1000];
    }),
  );
}

/** Replaces {name} placeholders with drawn values. */
export function fillQuestion(question, params) {
  return question.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The {name} placeholders a question uses. */
export function placeholders(question) {
  return [...question.matchAll(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g)].map((match) => match[1]);
}

/**
 * Draws parameters for one showing of a computed card and computes its answer.
 * @param {{ question: string, computed: { template: string, params: Parameters<typeof drawParams>[0], tolerance: number } }} card
 * @param {any} engine   from loadPosenc()
 * @param {() => number} random
 */
export function prepareComputedCard(card, engine, random) {
  if (!Object.hasOwn(computedTemplates, card.computed.template)) throw new RangeError(`"${card.computed.template}" is not a known template`);
  const template = computedTemplates[card.computed.template];
  const params = drawParams(card.computed.params, random);
  const { answer, explanation } = template.compute(engine, params);
  return { params, question: fillQuestion(card.question, params), answer, explanation, tolerance: card.computed.tolerance };
}

/** A typed number: decimal, a fraction "1/16", or a power "2^-4". */
function parseAnswerNumber(text) {
  const fraction = /^([-+]?[\d.]+)\s*\/\s*([\d.]+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const power = /^([-+]?[\d.]+)\s*(?:\^|\*\*)\s*([-+]?[\d.]+)$/.exec(text);
  if (power) return Number(power[1]) ** Number(power[2]);
  return Number(text);
}

/**
 * Checks a typed answer: one number, or a comma-separated list of the expected length, each
 * within the tolerance. Accepts spaces, a leading "+", "−" for minus, fractions and powers.
 * @param {string} input
 * @param {number | number[]} expected
 * @param {number} tolerance
 * @returns {{ correct: boolean, message: string, values?: number[] }}  values: the answer as numbers, when it reads as numbers
 */
export function checkAnswer(input, expected, tolerance) {
  const wanted = Array.isArray(expected) ? expected : [expected];
  const parts = input
    .replace(/−/g, '-')
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const values = parts.map(parseAnswerNumber);
  const shown = formatAnswer(wanted);
  if (parts.length === 0) return { correct: false, message: `No answer given. The answer is ${shown}.` };
  if (values.some((value) => !Number.isFinite(value)))
    return { correct: false, message: `"${input}" is not a number${wanted.length > 1 ? ' list' : ''}. The answer is ${shown}.` };
  if (values.length !== wanted.length)
    return { correct: false, message: `Expected ${wanted.length} value${wanted.length > 1 ? 's' : ''}, got ${values.length}. The answer is ${shown}.` };
  const correct = values.every((value, index) => Math.abs(value - wanted[index]) <= tolerance);
  return { correct, values, message: `${correct ? 'Correct' : 'Not quite'}: the answer is ${shown} (within ±${tolerance}).` };
}
