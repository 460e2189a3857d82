// Learner progress in localStorage under one key, with a schema version and migrations. Written on
// every grade. Every read (page start, every grade, every import) checks each card and each review
// to the leaf: what is valid is kept, what is not is set aside in a backup (the original text,
// kept with the last few backups) and named in one notice, and the page starts. Several tabs share
// the key: changes are applied to what is stored at the moment of writing (quiz-app.js).
// Cards are held in a null-prototype object, so no card id ("constructor", "__proto__") can reach
// Object.prototype.
import { CLAMP_PARAMETERS, Rating, State, W17_W18_Ceiling, default_request_retention } from '../vendor/ts-fsrs.mjs';

export const STORAGE_KEY = 'posenc.quiz.progress';
export const BACKUPS_KEY = 'posenc.quiz.progress.backups';
/** The single backup slot of earlier versions: read once into the list, then removed. */
const LEGACY_BACKUP_KEY = 'posenc.quiz.progress.backup';
const SCHEMA_VERSION = 1;

export const progressLimits = Object.freeze({
  maxImportBytes: 4 * 1024 * 1024, // localStorage holds about 5 M characters per site in all
  maxImportCards: 20_000, // ten times the largest deck
  maxImportReviews: 200_000,
  maxIdChars: 200,
  maxNewPerDay: 500,
  defaultNewPerDay: 10,
  maxStability: 36_500, // ts-fsrs clamps stability and intervals to 100 years
  minStability: 0.001, // ts-fsrs's S_MIN; it refuses to schedule a card below it (or with difficulty below 1)
  maxDifficulty: 10,
  backups: 5, // the newest backup is always kept; older ones while both bounds hold
  backupChars: 2_000_000,
  minRetention: 0.7, // the desired retention a learner may choose (Anki's FSRS allows 0.70-0.99;
  maxRetention: 0.97, // above 0.97 the workload grows steeply for little gain)
  parameterCount: 21, // FSRS-6, as ts-fsrs 5 and fsrs-browser 5 use
  maxHistory: 500, // drill and mock-interview results kept, newest first
  maxHistoryItems: 1000,
});

/**
 * @typedef {object} Progress
 * @property {1} version
 * @property {Settings} settings
 * @property {Record<string, import('./scheduler.js').StoredCard>} cards  FSRS state per card id (null prototype)
 * @property {{ cardId: string, rating: number, state: number, review: string }[]} log  every grade, oldest first
 * @property {Record<string, CardMarks>} marks  per card id (null prototype): set aside from Review, and the leech tag
 * @property {Practice[]} history  drill and mock-interview results, oldest first (at most maxHistory)
 * @typedef {{ newPerDay: number, desiredRetention: number, parameters?: number[], optimised?: Optimised }} Settings
 *   parameters: FSRS weights optimised from this learner's log (absent: ts-fsrs's defaults)
 * @typedef {{ at: string, reviews: number, logLossBefore: number, logLossAfter: number }} Optimised  the last optimisation
 * @typedef {{ suspended?: true, buriedUntil?: string, leech?: true }} CardMarks
 *   suspended: out of Review until unsuspended; buriedUntil: out of Review until that instant; leech: lapsed 8 times
 * @typedef {{ kind: 'red-flags' | 'mock-interview', at: string, score: number, items: number }} Practice  score 0-100
 * @typedef {{ savedAt: string, reason: string, text: string }} Backup  text: the stored progress exactly as it was
 */

/** An empty null-prototype record, for anything keyed by card id. */
export const cardRecord = (entries = []) => Object.assign(Object.create(null), Object.fromEntries(entries));

/** @returns {Progress} */
export function emptyProgress() {
  return { version: SCHEMA_VERSION, settings: defaultSettings(), cards: cardRecord(), log: [], marks: cardRecord(), history: [] };
}

/** Progress with a drill or mock-interview result added (the oldest dropped past maxHistory). */
export function addPractice(progress, practice) {
  return { ...progress, history: [...(progress.history ?? []), practice].slice(-progressLimits.maxHistory) };
}

/** The marks of a card (suspended, buried, leech); an empty object when it has none. */
export function cardMarks(progress, cardId) {
  return progress.marks && Object.hasOwn(progress.marks, cardId) ? progress.marks[cardId] : {};
}

/** The stored FSRS state of a card, or undefined (never an inherited property). */
export function storedCard(progress, cardId) {
  return Object.hasOwn(progress.cards, cardId) ? progress.cards[cardId] : undefined;
}

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
const date = (value) =>
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
export const practiceKinds = Object.freeze({ 'red-flags': 'Red-flag drill', 'mock-interview': 'Mock interview' });
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
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

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
function describeSetAside({ setAside, counts }) {
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

// ---- Backups ----

/**
 * The kept backups, newest first. A backups entry that cannot be read is itself kept as a backup
 * of its raw text, so nothing in the list is ever dropped unread.
 * @param {Storage} storage
 * @returns {Backup[]}
 */
export function readBackups(storage) {
  const text = storage.getItem(BACKUPS_KEY);
  const legacy = storage.getItem(LEGACY_BACKUP_KEY);
  let backups = [];
  if (text !== null) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const valid = (entry) => isObject(entry) && date(entry.savedAt) === null && typeof entry.reason === 'string' && typeof entry.text === 'string';
    backups =
      Array.isArray(parsed) && parsed.every(valid)
        ? parsed.map(({ savedAt, reason, text: kept }) => ({ savedAt, reason, text: kept }))
        : [{ savedAt: new Date().toISOString(), reason: 'The list of backups could not be read; this is its text.', text }];
  }
  if (legacy !== null && !backups.some((backup) => backup.text === legacy))
    backups.push({ savedAt: new Date(0).toISOString(), reason: 'Kept by an earlier version of the page (date unknown).', text: legacy });
  return backups;
}

/** Writes `backups` (newest first), dropping the oldest beyond the bounds; returns what was kept. */
function writeBackups(storage, backups) {
  let total = 0;
  const kept = backups.filter((backup, index) => {
    total += backup.text.length;
    return index === 0 || (index < progressLimits.backups && total <= progressLimits.backupChars);
  });
  storage.setItem(BACKUPS_KEY, JSON.stringify(kept));
  storage.removeItem(LEGACY_BACKUP_KEY);
  return kept;
}

/**
 * Adds a backup in front of the kept ones. With storage full it drops older backups, then the
 * progress key itself (whose text is the backup's) to make room. Throws when even that fails.
 * @param {Storage} storage @param {Backup} backup
 */
export function addBackup(storage, backup) {
  const older = readBackups(storage).filter((kept) => kept.text !== backup.text);
  for (let keep = older.length; keep >= 0; keep--) {
    try {
      return writeBackups(storage, [backup, ...older.slice(0, keep)]);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
    }
  }
  if (storage.getItem(STORAGE_KEY) !== backup.text) throw new DOMException('no room for the backup', 'QuotaExceededError');
  storage.removeItem(STORAGE_KEY);
  try {
    return writeBackups(storage, [backup]);
  } catch (error) {
    storage.setItem(STORAGE_KEY, backup.text); // it fitted a moment ago
    throw error;
  }
}

/** Removes the backup saved at `savedAt` (the learner chose to). */
export function removeBackup(storage, savedAt) {
  writeBackups(
    storage,
    readBackups(storage).filter((backup) => backup.savedAt !== savedAt),
  );
}

// ---- Reading and writing progress ----

/**
 * Reads progress. What cannot be used is set aside: the stored text goes to a backup, the valid
 * cards and reviews are kept and saved back, and the notice says what was set aside. When not
 * even the backup can be stored, `heldBackup` holds it for this page (the learner can download
 * it) and the stored text is left as it was.
 * @param {Storage} storage
 * @param {Date} [now]
 * @returns {{ progress: Progress, notice: string | null, heldBackup?: Backup, unsaved?: true }}
 *   unsaved: the repaired progress could not be written (storage full); the caller saves it with the next change
 */
export function loadProgress(storage, now = new Date()) {
  const text = storage.getItem(STORAGE_KEY);
  if (text === null) return { progress: emptyProgress(), notice: null };
  let read;
  let whole = null;
  try {
    read = readProgress(JSON.parse(text));
  } catch (error) {
    whole = error.message;
    read = { progress: emptyProgress(), setAside: [{ path: 'progress', problem: error.message }], counts: { cards: 0, reviews: 0 } };
  }
  const { progress, setAside } = read;
  if (setAside.length === 0) {
    if (JSON.parse(text).version !== SCHEMA_VERSION) trySave(storage, progress);
    return { progress, notice: null };
  }
  const what =
    whole === null
      ? `Some saved progress could not be read: ${describeSetAside(read)}. Everything else was kept.`
      : `Saved progress could not be read (${whole}), so a fresh start was made.`;
  const backup = { savedAt: now.toISOString(), reason: what, text };
  try {
    addBackup(storage, backup);
  } catch (error) {
    return {
      progress,
      heldBackup: backup,
      notice: `${what} This browser's storage had no room to keep the original as a backup (${error.name}): download it now from "Decks & progress", where it is held until the page closes.`,
    };
  }
  const notice = `${what} The original is kept as a backup under "Decks & progress".`;
  // Storage full even for the repaired progress: the page keeps it, and the next grade saves it.
  return trySave(storage, progress) ? { progress, notice } : { progress, notice, unsaved: true };
}

function trySave(storage, progress) {
  try {
    saveProgress(storage, progress);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes progress. Throws what storage throws (QuotaExceededError when full): the caller tells the learner.
 * @param {Storage} storage @param {Progress} progress
 */
export function saveProgress(storage, progress) {
  storage.setItem(STORAGE_KEY, JSON.stringify(progress));
}

/** Whether an error from storage.setItem means the storage is full (names differ across browsers). */
export function isQuotaError(error) {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/**
 * The page's localStorage, or, where reading it throws (an LMS iframe with storage blocked), a
 * Storage-like object in memory and a notice saying progress will not outlive the page.
 * @returns {{ storage: Storage, notice: string | null }}
 */
export function browserStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem(STORAGE_KEY);
    return { storage, notice: null };
  } catch (error) {
    const items = new Map();
    const storage = /** @type {Storage} */ (
      /** @type {unknown} */ ({
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => {
          items.set(key, String(value));
        },
        removeItem: (key) => {
          items.delete(key);
        },
      })
    );
    return {
      storage,
      notice: `This browser does not let the page keep progress (${error.name}): reviews count until the page is closed. Export them from "Decks & progress" to keep them.`,
    };
  }
}

/** The export file's text. */
export function exportProgress(progress) {
  return JSON.stringify({ ...progress, exportedBy: 'posenc quiz' }, null, 1);
}

/**
 * Parses an exported file (any known schema version): the valid part, what would be left out,
 * and a summary for the confirmation. Throws a readable error when the file is too large, holds
 * too many entries, or holds nothing that can be read as progress.
 * @param {string} text
 * @returns {{ progress: Progress, refused: string | null, kept: string }}
 */
export function importProgress(text) {
  if (text.length > progressLimits.maxImportBytes)
    throw new RangeError(
      `the file holds ${text.length.toLocaleString('en-US')} characters; progress files may hold at most ${progressLimits.maxImportBytes.toLocaleString('en-US')}`,
    );
  const parsed = JSON.parse(text);
  if (!isObject(parsed)) throw new TypeError(`progress must be a JSON object; got ${describeValue(parsed)}`);
  const { exportedBy, ...data } = parsed;
  const cardCount = isObject(data.cards) ? Object.keys(data.cards).length : 0;
  const reviewCount = Array.isArray(data.log) ? data.log.length : 0;
  if (cardCount > progressLimits.maxImportCards || reviewCount > progressLimits.maxImportReviews)
    throw new RangeError(
      `the file holds ${cardCount.toLocaleString('en-US')} cards and ${reviewCount.toLocaleString('en-US')} reviews; at most `
        + `${progressLimits.maxImportCards.toLocaleString('en-US')} cards and ${progressLimits.maxImportReviews.toLocaleString('en-US')} reviews can be imported`,
    );
  const read = readProgress(data);
  const cards = Object.keys(read.progress.cards).length;
  const reviews = read.progress.log.length;
  return {
    progress: read.progress,
    kept: `${cards} card${cards === 1 ? '' : 's'} and ${reviews} review${reviews === 1 ? '' : 's'}`,
    refused: read.setAside.length === 0 ? null : describeSetAside(read),
  };
}
