// Computed cards: each template names the parameters it needs, asks the engine, and returns the
// expected answer with a short worked explanation. Adding a template for a new engine function
// is one entry in `computedTemplates` (the validator and the card view read this registry).

const format = (value) => Number(value.toPrecision(6)).toString();

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
        explanation: `Pair 0 has angle $p = ${p}$, so dims 0 and 1 are $\\sin(${p})$ = ${format(answer[0])} and `
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
        explanation: `The angle is $p / 10000^{2i/d}$ = ${p} / 10000^(${2 * Number(i)}/${d}) = ${format(angle)}, `
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
        explanation: `Each pair contributes $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$, so the total is the sum of `
          + `$\\cos(k / 10000^{2i/d})$ over the ${Math.floor(dModel / 2)} pairs = ${format(dot)}, the same for every p.`,
      };
    },
  },
};

/**
 * Draws one value per declared parameter: an integer in [min, max] when both bounds are
 * integers (else a number rounded to 3 decimals), or one of `choices`.
 * @param {Record<string, { min: number, max: number } | { choices: (number|string)[] }>} specs
 * @param {() => number} random
 */
export function drawParams(specs, random) {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => {
    if ('choices' in spec) return [name, spec.choices[Math.floor(random() * spec.choices.length)]];
    const { min, max } = spec;
    if (Number.isInteger(min) && Number.isInteger(max)) return [name, min + Math.floor(random() * (max - min + 1))];
    return [name, Math.round((min + random() * (max - min)) * 1000) / 1000];
  }));
}

/** Replaces {name} placeholders with drawn values. */
export function fillQuestion(question, params) {
  return question.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The {name} placeholders a question uses. */
export function placeholders(question) {
  return [...question.matchAll(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g)].map((match) => match[1]);
}

/**
 * Draws parameters for one showing of a computed card and computes its answer.
 * @param {{ question: string, computed: { template: string, params: object, tolerance: number } }} card
 * @param {any} engine   from loadPosenc()
 * @param {() => number} random
 */
export function prepareComputedCard(card, engine, random) {
  const template = computedTemplates[card.computed.template];
  const params = drawParams(card.computed.params, random);
  const { answer, explanation } = template.compute(engine, params);
  return { params, question: fillQuestion(card.question, params), answer, explanation, tolerance: card.computed.tolerance };
}

/**
 * Checks a typed answer: one number, or a comma-separated list of the expected length, each
 * within the tolerance. Accepts spaces, a leading "+", and "−" for minus.
 * @param {string} input
 * @param {number | number[]} expected
 * @param {number} tolerance
 * @returns {{ correct: boolean, message: string }}
 */
export function checkAnswer(input, expected, tolerance) {
  const wanted = Array.isArray(expected) ? expected : [expected];
  const parts = input.replace(/−/g, '-').split(/[,;]/).map((part) => part.trim()).filter((part) => part !== '');
  const values = parts.map(Number);
  const shown = wanted.map(format).join(', ');
  if (parts.length === 0) return { correct: false, message: `No answer given. The answer is ${shown}.` };
  if (values.some((value) => !Number.isFinite(value)))
    return { correct: false, message: `"${input}" is not a number${wanted.length > 1 ? ' list' : ''}. The answer is ${shown}.` };
  if (values.length !== wanted.length)
    return { correct: false, message: `Expected ${wanted.length} value${wanted.length > 1 ? 's' : ''}, got ${values.length}. The answer is ${shown}.` };
  const correct = values.every((value, index) => Math.abs(value - wanted[index]) <= tolerance);
  return { correct, message: `${correct ? 'Correct' : 'Not quite'}: the answer is ${shown} (within ±${tolerance}).` };
}
