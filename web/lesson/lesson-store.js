// The lesson's progress in localStorage: the step the learner was last on and the prediction they
// committed to at each step. It is the learner's data, read as untrusted input to the leaf on every
// read, like the quiz's progress: what is valid is kept and saved back, what is not is set aside
// (the stored text goes into the page's list of backups under "Decks & progress") and named in a
// notice; the lesson always starts. Predictions live in a null-prototype record keyed by step id.
import { LESSON_STEPS } from './outline.js';
import { describeValue } from '../quiz/progress-schema.js';
import { addBackup } from '../quiz/progress-store.js';

export const LESSON_KEY = 'posenc.lesson';
const VERSION = 1;
const shapes = new Map(LESSON_STEPS.map((step) => [step.id, step.prediction]));
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * @typedef {{ value: number | string, at: string }} Prediction  at: when it was committed (ISO)
 * @typedef {{ version: 1, step: string | null, predictions: Record<string, Prediction> }} LessonProgress
 *   step: the id of the step last shown; predictions: by step id (null prototype)
 */

/** @returns {LessonProgress} */
function emptyLesson() {
  return { version: VERSION, step: null, predictions: Object.create(null) };
}

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `value` cannot be the prediction of step `id`, or null when it can. */
function predictionProblem(id, value) {
  const shape = shapes.get(id);
  if (shape.kind === 'number') {
    return typeof value === 'number' && Number.isFinite(value) && value >= shape.min && value <= shape.max
      ? null
      : `must be a number from ${shape.min} to ${shape.max}; got ${describeValue(value)}`;
  }
  return shape.choices.includes(value) ? null : `must be one of ${shape.choices.join(', ')}; got ${describeValue(value)}`;
}

/**
 * Checks parsed lesson progress to the leaf: the valid part, and what was set aside (path, problem).
 * @param {unknown} data
 * @returns {{ lesson: LessonProgress, setAside: { path: string, problem: string }[] }}
 */
export function readLessonData(data) {
  const lesson = emptyLesson();
  const setAside = [];
  const aside = (path, problem) => setAside.push({ path, problem });
  if (!isObject(data)) return { lesson, setAside: [{ path: 'lesson', problem: `must be an object; got ${describeValue(data)}` }] };
  if (data.version !== VERSION) return { lesson, setAside: [{ path: 'lesson.version', problem: `must be ${VERSION}; got ${describeValue(data.version)}` }] };
  for (const key of Object.keys(data)) if (!['version', 'step', 'predictions'].includes(key)) aside(`lesson.${key}`, 'is not a lesson field');
  if (data.step === null || (typeof data.step === 'string' && shapes.has(data.step))) lesson.step = data.step;
  else aside('lesson.step', `must be a step id (${[...shapes.keys()].join(', ')}) or null; got ${describeValue(data.step)}`);
  if (!isObject(data.predictions)) {
    aside('lesson.predictions', `must be an object of predictions by step id; got ${describeValue(data.predictions)}`);
    return { lesson, setAside };
  }
  for (const [id, entry] of Object.entries(data.predictions)) {
    const path = `lesson.predictions[${describeValue(id)}]`;
    if (!shapes.has(id)) {
      aside(path, 'is not a step of this lesson');
      continue;
    }
    if (!isObject(entry)) {
      aside(path, `must be an object { value, at }; got ${describeValue(entry)}`);
      continue;
    }
    const unknown = Object.keys(entry).find((key) => key !== 'value' && key !== 'at');
    const valueProblem = predictionProblem(id, entry.value);
    const dated = typeof entry.at === 'string' && isoInstant.test(entry.at) && Number.isFinite(Date.parse(entry.at));
    if (unknown !== undefined) aside(path, `has an unknown field ${describeValue(unknown)}`);
    else if (valueProblem) aside(`${path}.value`, valueProblem);
    else if (!dated) aside(`${path}.at`, `must be a date such as "2026-03-01T09:00:00.000Z"; got ${describeValue(entry.at)}`);
    else lesson.predictions[id] = { value: entry.value, at: entry.at };
  }
  return { lesson, setAside };
}

/**
 * Reads the stored lesson progress. Anything set aside goes, as the stored text, into a backup and
 * a notice; `readOnly` is set when not even the backup could be stored, so the page leaves the
 * stored text alone and keeps this visit's progress in memory.
 * @param {Storage} storage
 * @returns {{ lesson: LessonProgress, notice: string | null, readOnly: boolean }}
 */
export function loadLesson(storage) {
  let text;
  try {
    text = storage.getItem(LESSON_KEY);
  } catch (error) {
    return {
      lesson: emptyLesson(),
      notice: `This browser does not let the page keep the lesson's progress (${error.name}); it lasts until the page closes.`,
      readOnly: true,
    };
  }
  if (text === null) return { lesson: emptyLesson(), notice: null, readOnly: false };
  let read;
  try {
    read = readLessonData(JSON.parse(text));
  } catch (error) {
    read = { lesson: emptyLesson(), setAside: [{ path: 'lesson', problem: `is not JSON (${error.message})` }] };
  }
  if (read.setAside.length === 0) return { lesson: read.lesson, notice: null, readOnly: false };
  const shown = read.setAside
    .slice(0, 3)
    .map(({ path, problem }) => `${path} ${problem}`)
    .join('; ');
  const more = read.setAside.length > 3 ? `; and ${read.setAside.length - 3} more` : '';
  const what = `Some saved lesson progress could not be read (${shown}${more}); the rest was kept.`;
  try {
    addBackup(storage, { savedAt: new Date().toISOString(), reason: what, text });
  } catch (error) {
    return {
      lesson: read.lesson,
      readOnly: true,
      notice: `${what} This browser's storage had no room to keep the original as a backup (${error.name}), so it is left as it was and this visit's predictions are not saved.`,
    };
  }
  try {
    saveLesson(storage, read.lesson);
  } catch {
    /* full storage: the repaired copy is written with the next change */
  }
  return { lesson: read.lesson, notice: `${what} The original is kept as a backup under Flash cards, "Decks & progress".`, readOnly: false };
}

/** Writes lesson progress; throws what storage throws (the caller says so). */
export function saveLesson(storage, lesson) {
  storage.setItem(LESSON_KEY, JSON.stringify({ version: VERSION, step: lesson.step, predictions: lesson.predictions }));
}
