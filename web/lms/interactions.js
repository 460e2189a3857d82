// One answer as an interaction record, in each standard's own terms and within its field limits:
// SCORM 1.2 (cmi.interactions.n.*), SCORM 2004 4th edition (the same, renamed and richer) and xAPI
// 1.0.3 (an interaction activity). The shape comes first, common to all: a computed card with one
// number is `numeric` (the right answer and its tolerance as the correct range), one with several
// numbers `fill-in`, a red-flag judgement `true-false`, a mock-interview checklist `performance`
// (scored by the share of key points said), a self-grade `other` (SCORM 1.2 has no `other`:
// `performance` there), its result `neutral`, since nothing judged it.

/** Objectives that keep the two kinds of answer apart in the platform's reports. */
export const OBJECTIVES = { checked: 'checked-answers', selfGraded: 'self-graded-reviews' };

/**
 * @typedef {object} Shape
 * @property {'numeric' | 'fill-in' | 'true-false' | 'performance' | 'other'} type
 * @property {'correct' | 'wrong' | 'neutral' | number} result  number: the answer's score, 0..1
 * @property {{ kind: 'number', value: number } | { kind: 'numbers', value: number[] } | { kind: 'text', value: string }
 *   | { kind: 'boolean', value: boolean } | { kind: 'steps', value: [string, number][] }} response
 * @property {{ kind: 'range', low: number, high: number } | { kind: 'numbers', value: number[] } | { kind: 'boolean', value: boolean } | null} correct
 */

/** One data-model element (name, value) of an interaction. @type {(name: string, value: string) => [string, string]} */
const dataElement = (name, value) => [name, value];

const formatNumber = (value) => value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * @param {import('../quiz/quiz-app.js').Answer} answer
 * @returns {Shape}
 */
export function shapeOf(answer) {
  const judged = answer.correct ? 'correct' : 'wrong';
  switch (answer.kind) {
    case 'computed': {
      const expected = /** @type {number[]} */ (Array.isArray(answer.expected) ? answer.expected : [answer.expected]); // a computed card's are numbers
      if (expected.length === 1 && answer.values?.length === 1) {
        return {
          type: 'numeric',
          result: judged,
          response: { kind: 'number', value: answer.values[0] },
          correct: { kind: 'range', low: expected[0] - answer.tolerance, high: expected[0] + answer.tolerance },
        };
      }
      return {
        type: 'fill-in',
        result: judged,
        response: answer.values ? { kind: 'numbers', value: answer.values } : { kind: 'text', value: answer.response },
        correct: { kind: 'numbers', value: expected },
      };
    }
    case 'red-flag':
      return {
        type: 'true-false',
        result: judged,
        response: { kind: 'boolean', value: answer.response === 'true' },
        correct: { kind: 'boolean', value: /** @type {boolean} */ (answer.expected) },
      };
    case 'mock-interview':
      return { type: 'performance', result: answer.score, response: { kind: 'steps', value: Object.entries(answer.steps) }, correct: null };
    default:
      return { type: 'other', result: 'neutral', response: { kind: 'text', value: answer.response }, correct: null };
  }
}

const pad = (value, width = 2) => String(value).padStart(width, '0');
const clip = (text, limit) => (text.length <= limit ? text : `${text.slice(0, limit - 1)}…`);

/** SCORM 1.2 CMITimespan, HHHH:MM:SS.SS. */
export function scorm12Timespan(ms) {
  const centiseconds = Math.round(Math.max(0, ms) / 10);
  const hours = Math.min(9999, Math.floor(centiseconds / 360000));
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = (centiseconds % 6000) / 100;
  return `${pad(hours, 4)}:${pad(minutes)}:${seconds.toFixed(2).padStart(5, '0')}`;
}

/** ISO 8601 duration as SCORM 2004 and xAPI take it, PT#H#M#.##S. */
export function isoDuration(ms) {
  const centiseconds = Math.round(Math.max(0, ms) / 10);
  const hours = Math.floor(centiseconds / 360000);
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = (centiseconds % 6000) / 100;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${formatNumber(seconds)}S`;
}

/** SCORM 1.2's CMIIdentifier: at most 255 characters, no white space or control characters. */
const scorm12Identifier = (text) => text.replace(/[^\x21-\x7e]/g, '_').slice(0, 255);

/**
 * The cmi.interactions.n.* elements (relative names) for SCORM 1.2, in the order they must be set
 * (id first). CMIFeedback and CMIString fields hold at most 255 characters.
 * @param {import('../quiz/quiz-app.js').Answer} answer
 * @param {Date} at
 * @returns {[string, string][]}
 */
export function scorm12Interaction(answer, at) {
  const shape = shapeOf(answer);
  const response = {
    number: (value) => formatNumber(value),
    numbers: (value) => clip(value.map(formatNumber).join(', '), 255),
    text: (value) => clip(value, 255),
    boolean: (value) => (value ? 't' : 'f'),
    steps: (value) => clip(value.map(([name, count]) => `${name}: ${count}`).join(', '), 255),
  }[shape.response.kind](shape.response.value);
  const { correct } = shape;
  const pattern =
    correct
    && (correct.kind === 'range'
      ? formatNumber((correct.low + correct.high) / 2)
      : correct.kind === 'numbers'
        ? clip(correct.value.map(formatNumber).join(', '), 255)
        : correct.value
          ? 't'
          : 'f');
  return [
    ['id', scorm12Identifier(answer.cardId)],
    ['objectives.0.id', answer.checked ? OBJECTIVES.checked : OBJECTIVES.selfGraded],
    ['time', `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`],
    ['type', shape.type === 'other' ? 'performance' : shape.type],
    ...(pattern ? [dataElement('correct_responses.0.pattern', pattern)] : []),
    ['student_response', response],
    ['result', typeof shape.result === 'number' ? formatNumber(Math.round(shape.result * 100)) : shape.result],
    ['latency', scorm12Timespan(answer.latencyMs)],
  ];
}

/** real(10,7): seven decimals at most. */
const scorm2004Real = (value) => formatNumber(Math.round(value * 1e7) / 1e7);
/** The SCORM 2004 and xAPI encodings of a response (they share the [,] [.] [:] delimiters; a list
 * holds at most 10 entries of 250 characters). */
function responseText(response) {
  return {
    number: (value) => scorm2004Real(value),
    numbers: (value) => value.slice(0, 10).map(scorm2004Real).join('[,]'),
    text: (value) => clip(value, 250),
    boolean: (value) => String(value),
    steps: (value) => value.map(([name, count]) => `${name}[.]${count}`).join('[,]'),
  }[response.kind](response.value);
}
function patternText(correct) {
  return {
    range: () => `${scorm2004Real(correct.low)}[:]${scorm2004Real(correct.high)}`,
    numbers: () => correct.value.slice(0, 10).map(scorm2004Real).join('[,]'),
    boolean: () => String(correct.value),
  }[correct.kind]();
}

/** IRIs of the things posenc reports on, under a base that stays put when the course moves. */
export const activityIri = {
  card: (base, cardId) => `${base}cards/${encodeURIComponent(cardId)}`,
  objective: (base, name) => `${base}objectives/${name}`,
  view: (base, view) => `${base}views/${view}`,
  lesson: (base) => `${base}lesson`,
};

/**
 * The cmi.interactions.n.* elements for SCORM 2004 4th edition, id first.
 * @param {import('../quiz/quiz-app.js').Answer} answer
 * @param {Date} at
 * @param {string} iriBase
 * @returns {[string, string][]}
 */
export function scorm2004Interaction(answer, at, iriBase) {
  const shape = shapeOf(answer);
  return [
    ['id', activityIri.card(iriBase, answer.cardId)],
    ['objectives.0.id', activityIri.objective(iriBase, answer.checked ? OBJECTIVES.checked : OBJECTIVES.selfGraded)],
    ['type', shape.type],
    // time(second,10,0): YYYY-MM-DDThh:mm:ss[.s[TZD]], a zone only after the fraction (two digits at most)
    ['timestamp', at.toISOString().replace(/(\.\d\d)\dZ$/, '$1Z')],
    ['description', `{lang=en}${clip(answer.question, 240)}`],
    ...(shape.correct ? [dataElement('correct_responses.0.pattern', patternText(shape.correct))] : []),
    ['learner_response', responseText(shape.response)],
    ['result', typeof shape.result === 'number' ? scorm2004Real(shape.result) : shape.result === 'wrong' ? 'incorrect' : shape.result],
    ['latency', isoDuration(answer.latencyMs)],
  ];
}

/**
 * The xAPI 1.0.3 pieces of an answered statement: the interaction activity's definition and the result.
 * @param {import('../quiz/quiz-app.js').Answer} answer
 */
export function xapiInteraction(answer) {
  const shape = shapeOf(answer);
  const definition = {
    type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
    name: { en: clip(answer.question, 250) },
    interactionType: shape.type,
    ...(shape.correct ? { correctResponsesPattern: [patternText(shape.correct)] } : {}),
  };
  const result = {
    response: responseText(shape.response),
    duration: isoDuration(answer.latencyMs),
    ...(answer.checked ? { success: answer.correct } : {}),
    ...(typeof shape.result === 'number' ? { score: { scaled: Math.round(shape.result * 1e4) / 1e4 } } : {}),
  };
  return { definition, result };
}
