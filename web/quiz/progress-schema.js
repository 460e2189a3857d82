// The schema of stored progress, checked to the leaf on every read (page start, every grade, every
// import): each field's check (and each setting's default), and the migrations from older versions.
// What is valid is kept; what is not is set aside with its path, for progress-store.js to back up
// and name in one notice.
import { CLAMP_PARAMETERS, Rating, State, W17_W18_Ceiling, default_request_retention } from '../vendor/ts-fsrs.mjs';
import { SCHEMA_VERSION, cardRecord, practiceKinds, progressLimits } from './progress-model.js';

/** @typedef {import('./progress-model.js').Progress} Progress @typedef {import('./progress-model.js').Settings} Settings */

// ---- Checks of one value: each returns null when valid, else what is wrong. ----

/** A bounded, printable description of any JSON value, for messages. */
export function describeValue(value) {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
  return text.replace(/[^\x20-\x7e…]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
export const date = (value) =>
  typeof value === 'string' && isoInstant.test(value) && Number.isFinite(Date.parse(value))
    ? null
    : `must be a date such as "2025-03-01T09:00:00.000Z"; got ${describeValue(value)}`;
const number = (low, high) => (value) =>
  typeof value === 'number' && value >= low && value <= high ? null : `must be a number from ${low} to ${high}; got ${describeValue(value)}`;
const whole = (low, high) => (value) =>
  Number.isInteger(value) && value >= low && value <= high ? null : `must be a whole number from ${low} to ${high}; got ${describeValue(value)}`;
const oneOf = (names) => (value) =>
  Object.values(names).includes(value) && typeof value === 'number'
    ? null
    : `must be one of ${Object.entries(names)
        .map(([name, code]) => `${code} (${name})`)
        .join(', ')}; got ${describeValue(value)}`;
const cardId = (value) =>
  typeof value === 'string' && value.length > 0 && value.length <= progressLimits.maxIdChars
    ? null
    : `must be a card id of 1 to ${progressLimits.maxIdChars} characters; got ${describeValue(value)}`;
const optional = (check) => (value) => (value === undefined ? null : check(value));

const states = { New: State.New, Learning: State.Learning, Review: State.Review, Relearning: State.Relearning };
const ratings = { Again: Rating.Again, Hard: Rating.Hard, Good: Rating.Good, Easy: Rating.Easy };
const days = number(0, 36_500 * 2);

/** Each field of a stored card and its check (ts-fsrs's Card, dates as ISO text). */
const cardFields = {
  due: date,
  stability: number(0, progressLimits.maxStability),
  difficulty: number(0, progressLimits.maxDifficulty),
  elapsed_days: days,
  scheduled_days: days,
  learning_steps: whole(0, 1000),
  reps: whole(0, Number.MAX_SAFE_INTEGER),
  lapses: whole(0, Number.MAX_SAFE_INTEGER),
  state: oneOf(states),
  last_review: optional(date),
};
/** What ts-fsrs accepts as a memory state: none yet (both 0), or difficulty 1-10 with stability at least S_MIN. */
const memoryState = ({ difficulty, stability }) =>
  (difficulty === 0 && stability === 0) || (difficulty >= 1 && stability >= progressLimits.minStability)
    ? null
    : `must be 0 for both (a card never scheduled) or at least 1 and ${progressLimits.minStability}; got ${describeValue(difficulty)} and ${describeValue(stability)}`;
/** Each field of a review (log entry). */
const reviewFields = { cardId, rating: oneOf(ratings), state: oneOf(states), review: date };
const parameterBounds = CLAMP_PARAMETERS(W17_W18_Ceiling, true);
/** FSRS weights: 21 numbers, each within the bounds ts-fsrs clamps it to. */
const parameters = (value) => {
  if (!Array.isArray(value) || value.length !== progressLimits.parameterCount)
    return `must be a list of ${progressLimits.parameterCount} FSRS parameters; got ${describeValue(value)}`;
  const index = value.findIndex((weight, i) => number(...parameterBounds[i])(weight) !== null);
  return index < 0 ? null : `parameter ${index} ${number(...parameterBounds[index])(value[index])}`;
};
const logLoss = number(0, 100);
/** Each field of the last optimisation's record. */
const optimisedFields = { at: date, reviews: whole(1, progressLimits.maxImportReviews), logLossBefore: logLoss, logLossAfter: logLoss };
const record = (fields) => (value) => {
  const checked = checkRecord(value, fields);
  return checked.problem ? `${checked.at.slice(1)} ${checked.problem}`.trim() : null;
};
/**
 * Each setting, its check and its default (undefined: absent unless set). A new setting is one entry here.
 * @type {Record<string, [(value: unknown) => string | null, unknown]>}
 */
const settingFields = {
  newPerDay: [whole(0, progressLimits.maxNewPerDay), progressLimits.defaultNewPerDay],
  desiredRetention: [number(progressLimits.minRetention, progressLimits.maxRetention), default_request_retention],
  parameters: [optional(parameters), undefined],
  optimised: [optional(record(optimisedFields)), undefined],
};
/** The settings of a fresh start. @type {() => Settings} */
const defaultSettings = () =>
  /** @type {Settings} */ (
    Object.fromEntries(
      Object.entries(settingFields)
        .filter(([, [, fallback]]) => fallback !== undefined)
        .map(([name, [, fallback]]) => [name, fallback]),
    )
  );
const literalTrue = (value) => (value === true ? null : `must be true when present; got ${describeValue(value)}`);
/** Each field of a card's marks. */
const markFields = { suspended: optional(literalTrue), buriedUntil: optional(date), leech: optional(literalTrue) };
/** Each field of a drill or mock-interview result. */
const practiceFields = {
  kind: (value) =>
    typeof value === 'string' && Object.hasOwn(practiceKinds, value)
      ? null
      : `must be one of ${Object.keys(practiceKinds).join(', ')}; got ${describeValue(value)}`,
  at: date,
  score: number(0, 100),
  items: whole(1, progressLimits.maxHistoryItems),
};
const topFields = new Set(['version', 'settings', 'cards', 'log', 'marks', 'history']);

/** @param {unknown} value @returns {value is Record<string, any>} */
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The record's fields checked against `fields`: { value } with only known fields, or { at, problem } (at: '.field' or '').
 * @returns {{ value?: any, at?: string, problem?: string }}
 */
function checkRecord(record, fields) {
  if (!isObject(record)) return { at: '', problem: `must be an object; got ${describeValue(record)}` };
  for (const key of Object.keys(record)) if (!Object.hasOwn(fields, key)) return { at: '', problem: `has an unknown field ${describeValue(key)}` };
  const value = {};
  for (const [name, check] of Object.entries(fields)) {
    const problem = check(record[name]);
    if (problem) return { at: `.${name}`, problem };
    if (record[name] !== undefined) value[name] = record[name];
  }
  return { value };
}

/**
 * Checks parsed v1 progress to the leaf. Returns the valid part and what was set aside (one line
 * per entry, with its path). Throws only when nothing can be used (not an object, unknown version).
 * @param {unknown} data
 * @returns {{ progress: Progress, setAside: { path: string, problem: string }[], counts: { cards: number, reviews: number } }}
 */
export function readProgress(data) {
  const upgraded = migrate(data);
  const setAside = [...upgraded.setAside];
  const raw = upgraded.data;
  const aside = (path, problem) => setAside.push({ path, problem });
  for (const key of Object.keys(raw)) if (!topFields.has(key)) aside(`progress.${key}`, 'is not a progress field');

  const settings = /** @type {Settings} */ ({}); // every setting with a default gets a value below
  const rawSettings = isObject(raw.settings) ? raw.settings : {};
  if (!isObject(raw.settings)) aside('progress.settings', `must be an object; got ${describeValue(raw.settings)}`);
  for (const key of Object.keys(rawSettings)) if (!Object.hasOwn(settingFields, key)) aside(`progress.settings.${key}`, 'is not a setting');
  for (const [name, [check, fallback]] of Object.entries(settingFields)) {
    // A setting added after the learner's progress was saved is simply absent: its default, no notice.
    const problem = rawSettings[name] === undefined ? null : check(rawSettings[name]);
    if (problem) aside(`progress.settings.${name}`, problem);
    const value = problem || rawSettings[name] === undefined ? fallback : rawSettings[name];
    if (value !== undefined) settings[name] = value;
  }

  const cards = cardRecord();
  let cardCount = 0;
  if (isObject(raw.cards)) {
    for (const [id, card] of Object.entries(raw.cards)) {
      cardCount++;
      const path = `progress.cards[${describeValue(id)}]`;
      const idProblem = cardId(id);
      let checked = idProblem ? { at: ' id', problem: idProblem } : checkRecord(card, cardFields);
      if (checked.value && memoryState(checked.value)) checked = { at: '.difficulty and .stability', problem: memoryState(checked.value) };
      if (checked.problem) aside(`${path}${checked.at}`, checked.problem);
      else cards[id] = checked.value;
    }
  } else aside('progress.cards', `must be an object of cards by id; got ${describeValue(raw.cards)}`);

  const log = [];
  let reviewCount = 0;
  if (Array.isArray(raw.log)) {
    raw.log.forEach((entry, index) => {
      reviewCount++;
      const checked = checkRecord(entry, reviewFields);
      if (checked.problem) aside(`progress.log[${index}]${checked.at}`, checked.problem);
      else log.push(checked.value);
    });
  } else aside('progress.log', `must be a list of reviews; got ${describeValue(raw.log)}`);

  // Added after v1 was first written: absent means none.
  const marks = cardRecord();
  if (isObject(raw.marks)) {
    for (const [id, mark] of Object.entries(raw.marks)) {
      const path = `progress.marks[${describeValue(id)}]`;
      const checked = cardId(id) ? { at: ' id', problem: cardId(id) } : checkRecord(mark, markFields);
      if (checked.problem) aside(`${path}${checked.at}`, checked.problem);
      else if (Object.keys(checked.value).length > 0) marks[id] = checked.value;
    }
  } else if (raw.marks !== undefined) aside('progress.marks', `must be an object of card marks by id; got ${describeValue(raw.marks)}`);

  const history = [];
  if (Array.isArray(raw.history)) {
    raw.history.slice(-progressLimits.maxHistory).forEach((entry, index, kept) => {
      const checked = checkRecord(entry, practiceFields);
      if (checked.problem) aside(`progress.history[${raw.history.length - kept.length + index}]${checked.at}`, checked.problem);
      else history.push(checked.value);
    });
  } else if (raw.history !== undefined) aside('progress.history', `must be a list of drill and interview results; got ${describeValue(raw.history)}`);

  return { progress: { version: SCHEMA_VERSION, settings, cards, log, marks, history }, setAside, counts: { cards: cardCount, reviews: reviewCount } };
}

/**
 * Brings any known older shape up to the current schema (unchecked; readProgress checks it).
 * v0 (before FSRS, no "version"): { seen: { [cardId]: { due: epoch ms, interval: days, reps } }, newPerDay? }
 * @param {unknown} data
 * @returns {{ data: any, setAside: { path: string, problem: string }[] }}
 */
function migrate(data) {
  if (!isObject(data)) throw new TypeError(`progress must be a JSON object; got ${describeValue(data)}`);
  const version = data.version ?? 0;
  if (version === 0) {
    if (!isObject(data.seen)) throw new TypeError('progress has no "version" and is not the v0 shape');
    return fromV0(data);
  }
  if (version !== SCHEMA_VERSION) throw new RangeError(`progress has schema version ${describeValue(version)}; this page reads up to ${SCHEMA_VERSION}`);
  return { data, setAside: [] };
}

/** v0 -> v1: each seen card becomes an FSRS review card with its interval as stability. */
function fromV0(data) {
  const cards = {};
  const setAside = [];
  for (const [id, old] of Object.entries(data.seen)) {
    const interval = Math.min(progressLimits.maxStability, Math.max(1, Number(old?.interval) || 1));
    const due = new Date(Number(old?.due));
    const lastReview = new Date(due.getTime() - interval * 86400000);
    if (!isObject(old) || !Number.isFinite(lastReview.getTime()) || !isoInstant.test(due.toISOString())) {
      setAside.push({ path: `progress.seen[${describeValue(id)}]`, problem: `is not a v0 card { due, interval, reps }; got ${describeValue(old)}` });
      continue;
    }
    cards[id] = {
      due: due.toISOString(),
      stability: interval,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: interval,
      learning_steps: 0,
      reps: Math.max(1, Math.trunc(Number(old.reps)) || 1),
      lapses: 0,
      state: State.Review,
      last_review: lastReview.toISOString(),
    };
  }
  const settings = { ...defaultSettings(), newPerDay: data.newPerDay ?? progressLimits.defaultNewPerDay };
  return { data: { version: 1, settings, cards, log: [] }, setAside };
}

/** One sentence naming what was set aside: counts and the first few problems. */
export function describeSetAside({ setAside, counts }) {
  const cards = setAside.filter(({ path }) => /^progress\.(cards|seen)\[/.test(path)).length;
  const reviews = setAside.filter(({ path }) => path.startsWith('progress.log[')).length;
  const parts = [];
  if (cards) parts.push(`${cards} of ${counts.cards} card${counts.cards === 1 ? '' : 's'}`);
  if (reviews) parts.push(`${reviews} of ${counts.reviews} review${counts.reviews === 1 ? '' : 's'}`);
  const other = setAside.length - cards - reviews;
  if (other) parts.push(`${other} other entr${other === 1 ? 'y' : 'ies'}`);
  const shown = setAside.slice(0, 3).map(({ path, problem }) => `${path} ${problem}`);
  const more = setAside.length > shown.length ? `; and ${setAside.length - shown.length} more` : '';
  return `${parts.join(', ')} (${shown.join('; ')}${more})`;
}

/** @returns {Progress} */
export function emptyProgress() {
  return { version: SCHEMA_VERSION, settings: defaultSettings(), cards: cardRecord(), log: [], marks: cardRecord(), history: [] };
}
